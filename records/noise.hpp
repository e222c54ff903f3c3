// The noise figure of a timing experiment (SPEC §6): for each spec, the median over the
// (instance, spec) pairs of the coefficient of variation of wall time across repeats. A CV of
// 0.02 says repeats of one run typically differ by about 2 %: differences between solvers
// smaller than that are not measured by this experiment. Computed from a run matrix by
// `futolab run` (experiments/noise.hpp, printed at the end) and from results rows by `analyze`
// (analysis/noise_table.hpp): here, below both, so analysis needs nothing of the driver.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace futolab {

// Sample standard deviation (n − 1) over the mean; nullopt with fewer than two values or a
// mean that is not positive.
std::optional<double> coefficient_of_variation(std::span<const double> values);

// The repeated measurements of one (instance, spec) pair.
struct RepeatGroup {
    std::string spec;
    std::vector<double> values;
};

struct NoiseFigure {
    std::string spec;
    double median_cv = 0;    // the median of the pairs' CVs (the mean of the middle two if even)
    std::size_t pairs = 0;   // pairs with a CV (two or more repeats)
};

// One figure per spec that has a pair with a CV, sorted by spec.
std::vector<NoiseFigure> noise_by_spec(const std::vector<RepeatGroup>& groups);

// "fc:var=mrv 2.1 % (60 pairs), gac 3.4 % (60 pairs)"; empty if there are no figures.
std::string format_noise(const std::vector<NoiseFigure>& figures);

// Overload (issue #23 §4): an in-process run whose CPU time is below this share of its wall
// time waited for a core (another process, a busy machine) and its wall time says so; its
// row keeps both figures (analysis's `cpu_wall`), and the end of a sweep counts such runs.
inline constexpr double kBusyCpuWall = 0.8;

struct BusyFigure {
    std::string spec;
    std::size_t busy = 0, runs = 0;  // in-process runs below kBusyCpuWall, of all in-process runs
};

// "fc 12 of 300 runs, gac 3 of 300 runs"; only specs with busy runs; empty if none.
std::string format_busy(const std::vector<BusyFigure>& figures);

}  // namespace futolab
