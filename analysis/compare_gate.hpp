// The CI gate of `futolab compare` (SPEC §3): exit 1 when a threshold given is violated.
//   --fail-if-slower PCT   a (spec, mode) whose whole 95 % interval of the geometric-mean ratio
//                          NEW / BASE lies above 1 + PCT/100: slower beyond noise, not merely
//                          a point estimate above the line (a noisy machine must not fail CI,
//                          a real slow-down must);
//   --fail-on-change LIST  any change of the kinds listed: `status`, a counter name (`nodes`,
//                          `fails`, …) or `missing` (runs or specs in one file only).
#pragma once

#include "analysis/compare.hpp"

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

// One line per violation; empty: within the thresholds.
std::vector<std::string> gate_violations(const RunComparison& comparison, const CompareThresholds& thresholds);

}  // namespace futolab
