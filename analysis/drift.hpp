// How far the machine, not the code, may explain a time ratio between two results CSVs
// (issue #41 §2, SPEC §5a). Two sweeps of one build run back to back on a shared machine can
// differ by 15 % or more: another process took a core, the caches were shared, the clock
// slowed. Resampling instances cannot see that (every instance of one sweep shares it), so
// without this a Wilcoxon p of 1e-29 "proves" a regression the code never made.
//
// Three cases:
//   same sweep     the builds of one A/B sweep (compare --base): their runs were interleaved
//                  in one shuffled order on the same cores, so the machine's drift fell on both
//                  alike; nothing to correct.
//   calibrated     both sweeps timed the calibration workload (experiments/calibration.hpp)
//                  near every run: each run's time is divided by the workload's time around it
//                  (the metrics wall_cal and cpu_cal: ms at a reference speed), so the ratio
//                  compares the code at equal machine speed. The drift is the ratio of the two
//                  sweeps' median calibration times (> 1: NEW's machine was slower).
//   uncalibrated   one side has no calibration (made by a futolab before it, or rows without
//                  it): the ratio is shown, but a gate on it is refused (compare_gate.hpp).
// Whatever the case, each side's busy runs (CPU below kBusyCpuWall of wall: the run waited for
// a core) and the machine's load during the sweep (its sidecar's run.load_*) are shown: they
// say why a drift happened.
#pragma once

#include "analysis/results_table.hpp"
#include "records/machine.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace futolab {

// What one side of a comparison says about the machine it ran on.
struct SideMachine {
    std::size_t runs = 0, busy = 0;            // timed in-process runs; of them busy (cpu_wall < 0.8)
    std::size_t calibrated_runs = 0;           // timed runs with a calibration_ns
    std::optional<double> calibration_ns;      // the median calibration_ns of its timed runs
    std::optional<LoadFigure> load;            // the sidecar's run.load_* (none: older or no sidecar)
};

// The machine facts of `table`'s rows (and the load its sidecar gives).
SideMachine side_machine(const ResultsTable& table, const std::optional<LoadFigure>& load);

enum class DriftKind { same_sweep, calibrated, uncalibrated };

struct Drift {
    DriftKind kind = DriftKind::uncalibrated;
    double factor = 1;  // NEW's median calibration / BASE's (calibrated only)
    std::string why;    // uncalibrated: why (names the side)
    SideMachine base, next;
};

// `same_sweep`: the two sides are builds of one A/B sweep. A side calibrates when all its
// timed runs carry a calibration_ns.
Drift estimate_drift(const SideMachine& base, const SideMachine& next, const std::string& base_label,
                     const std::string& new_label, bool same_sweep);

// The metric a verdict on `metric` uses under `drift`: wall_ms → wall_cal, cpu_ms → cpu_cal
// when calibrated; else `metric`.
std::string verdict_metric(const std::string& metric, const Drift& drift);

// "drift (NEW / BASE calibration) 1.17; busy runs: BASE 0 of 2226, NEW 312 of 2226; load: …".
std::string drift_text(const Drift& drift, const std::string& base_label, const std::string& new_label);

}  // namespace futolab
