// The CI gate of `futolab compare` (SPEC §3, §5a): exit 1 when a threshold given is violated
// by a measured change, 2 when what a gate asks about was not measured, else 0.
//   --fail-if-slower PCT   a (spec, mode) whose whole 95 % interval of the geometric-mean ratio
//                          NEW / BASE lies above 1 + PCT/100: slower beyond noise, not merely
//                          a point estimate above the line; the interval holds the variance
//                          between worker sessions (sessions.hpp), so each side needs two
//                          sessions or more. Across two separate sweeps the machine must have
//                          run at the same speed (drift.hpp: the calibration within its
//                          tolerance, the load alike), or the gate is refused: the machine's
//                          drift would pass for the code's;
//   --fail-on-change LIST  any change of the kinds listed: `status`, a counter name (`nodes`,
//                          `fails`, …) or `missing` (runs or specs in one file only). A spec
//                          whose counters are not deterministic (a racing portfolio) is named,
//                          not gated.
// Fails closed: nothing paired, a side whose every run failed, a (spec, mode) with no instance
// timed on both sides or fewer than two sessions on a side, a counter no paired run reports on
// both sides (a column missing), or sweeps that are not comparable is "not measured" (exit 2),
// never a pass.
#pragma once

#include "analysis/compare_report.hpp"

#include <optional>
#include <string>
#include <vector>

namespace futolab {

struct CompareThresholds {
    std::optional<double> slower_percent;  // none: times never fail
    std::vector<std::string> fail_on;      // status, missing, counter names
};

// The change kinds --fail-on-change accepts: status, missing, then the counters.
std::vector<std::string> change_kinds();

struct GateVerdict {
    std::vector<std::string> violations;  // measured changes beyond the thresholds (exit 1)
    std::vector<std::string> unmeasured;  // gates that had nothing to measure (exit 2)
    std::vector<std::string> notes;       // said, not gated
};

GateVerdict gate_verdict(const ComparedInputs& comparison, const CompareThresholds& thresholds);

}  // namespace futolab
