// Running gnuplot on a figure's script (analysis/gnuplot.hpp) with a bounded wall time (issue
// #45, "hangs"): a gnuplot that never ends (a broken one, or another program first on PATH)
// once held `analyze --plots` and `report` for good, while the solver tools were always
// bounded (solvers/external/process.hpp). gnuplot runs in a process group of its own; past its
// time the whole group is killed and the command fails with one line naming the figure.
#pragma once

#include <cstddef>
#include <string>

namespace futolab {

// The base of gnuplot's time per figure (FUTOLAB_GNUPLOT_WAIT replaces it), and what each data
// point adds: a figure of 1000 points takes 0.06 s for its PNG, SVG and PDF, one of 10^6 points
// 22 s (22 µs a point, quiet core): the limit allows ~5x that, so only a gnuplot that hangs
// reaches it.
inline constexpr double kGnuplotBaseSeconds = 20;
inline constexpr double kGnuplotSecondsPerPoint = 1e-4;

// kGnuplotBaseSeconds, or FUTOLAB_GNUPLOT_WAIT where it is set.
double gnuplot_base_seconds();

// How long gnuplot may take on a figure of `points` data points in all (every series, every
// panel): the base plus kGnuplotSecondsPerPoint a point.
double gnuplot_seconds(std::size_t points);

// Runs `gnuplot SCRIPT` (found on PATH; no shell, so no file name is interpreted) with its
// output and errors going to LOG, its input /dev/null. Throws std::runtime_error naming
// `figure` if gnuplot cannot be started or fails (see LOG), or runs past `seconds`: then its
// whole process group is killed first, and no process of it is left.
void run_gnuplot(const std::string& figure, const std::string& script, const std::string& log, double seconds);

}  // namespace futolab
