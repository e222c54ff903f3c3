// How far the machine, not the code, may explain a time ratio between two results CSVs
// (issue #41 §2, SPEC §5a). Two sweeps of one build run back to back on a shared machine can
// differ by 15 % or more: another process took a core, the caches were shared, the clock
// slowed. Resampling instances cannot see that (every instance of one sweep shares it), so
// without this a Wilcoxon p of 1e-29 "proves" a regression the code never made.
//
// Three cases:
//   same sweep     the builds of one A/B sweep (compare --base): their runs were interleaved
//                  in one shuffled order on the same cores, so the machine's drift fell on both
//                  alike.
//   comparable     two sweeps whose calibration workload (experiments/calibration.hpp, timed
//                  between the runs of every sweep) took the same time within kDriftTolerance,
//                  with other processes' load within kLoadTolerance cores: the machine ran at
//                  the same speed, and what is left is how much whole sessions (or replicate
//                  sweeps) differ, which the interval holds (sessions.hpp).
//   refused        anything else: a side without calibration (a futolab before it), a drift
//                  beyond the tolerance, loads that differ. The ratio is shown; a gate on it is
//                  refused (compare_gate.hpp), naming why.
// The calibration is a detector, not a divisor: measured on the 2-core AMD EPYC VM (results/
// verdicts/REPORT.md), its own time varies by up to 7 % from sweep to sweep while gac's and
// fc's vary by 2-4 %, so dividing the runs by it made A/A verdicts worse; a machine that ran
// 20-40 % slower shows in it at once. Whatever the case, each side's busy runs (CPU below
// kBusyCpuWall of wall: the run waited for a core) and the load are shown: they say why.
#pragma once

#include "analysis/results_table.hpp"
#include "records/machine.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace futolab {

// The calibration drift two sweeps may show and still be compared: the workload's own
// sweep-to-sweep variation at a steady machine (results/verdicts/REPORT.md).
inline constexpr double kDriftTolerance = 0.10;
// The difference in other processes' load (cores) two sweeps may show and still be compared.
inline constexpr double kLoadTolerance = 0.5;

// What one side of a comparison says about the machine it ran on.
struct SideMachine {
    std::size_t runs = 0, busy = 0;            // timed in-process runs; of them busy (cpu_wall < 0.8)
    std::size_t calibrated_runs = 0;           // timed runs with a calibration_ns
    std::optional<double> calibration_ns;      // the median calibration_ns of its timed runs
    std::optional<LoadFigure> load;            // the sidecar's run.load_* (none: older or no sidecar)
};

// The machine facts of `table`'s rows (and the load its sidecar gives).
SideMachine side_machine(const ResultsTable& table, const std::optional<LoadFigure>& load);

enum class DriftKind { same_sweep, comparable, refused };

struct Drift {
    DriftKind kind = DriftKind::refused;
    std::optional<double> factor;  // NEW's median calibration / BASE's, where both have one
    std::string why;               // refused: why (names the side)
    SideMachine base, next;
};

// `same_sweep`: the two sides are builds of one A/B sweep.
Drift estimate_drift(const SideMachine& base, const SideMachine& next, const std::string& base_label,
                     const std::string& new_label, bool same_sweep);

// "drift: …; busy runs: …; machine load: …", one fact a line of compare's Markdown text. The
// labels come escaped (markdown_text, analysis/text_table.hpp); the reason, made from the raw
// labels, is escaped here.
std::string drift_text(const Drift& drift, const std::string& base_label, const std::string& new_label);

}  // namespace futolab
