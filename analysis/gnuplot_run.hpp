// Running gnuplot on a figure's script (analysis/gnuplot.hpp) with a bounded wall time (issue
// #45, "hangs"): a gnuplot that never ends (a broken one, or another program first on PATH)
// once held `analyze --plots` and `report` for good, while the solver tools were always
// bounded (solvers/external/process.hpp). gnuplot runs in a session of its own; past its time
// the whole group is killed and the command fails with one line naming the figure.
//
// And as a solver tool (red-team round 11, F7 and F15): every file it writes is capped (its
// log grew to 3.6 GB in 3 s under a gnuplot that printed without end); it runs under a guard
// and a mark (core/tool_guard.hpp), so a kill -9 or SIGTERM of analyze or report leaves none of
// its processes, a daemon it started included, and what outlives both futolab and the guard is
// killed at the next start (its folder, core/temp_dir.hpp, names its dead owner).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace futolab {

// The base of gnuplot's time per figure (FUTOLAB_GNUPLOT_WAIT replaces it), and what each data
// point adds: a figure of 1000 points takes 0.06 s for its PNG, SVG and PDF, one of 10^6 points
// 22 s (22 µs a point, quiet core): the limit allows ~5x that, so only a gnuplot that hangs
// reaches it.
inline constexpr double kGnuplotBaseSeconds = 20;
inline constexpr double kGnuplotSecondsPerPoint = 1e-4;

// The size of any file gnuplot writes (RLIMIT_FSIZE), as a solver tool's output
// (external::kMaxOutputBytes): a figure of 10^6 points is tens of MB. Past it gnuplot is stopped
// and its log, kept for the message, is cut to its first kGnuplotLogKeptBytes.
inline constexpr std::uint64_t kGnuplotMaxFileBytes = std::uint64_t{256} << 20;
inline constexpr std::uint64_t kGnuplotLogKeptBytes = std::uint64_t{1} << 20;

// The size gnuplot's files are held to: kGnuplotMaxFileBytes, or the hard file-size limit
// (`ulimit -f`, RLIMIT_FSIZE) futolab runs under where that is lower (no process can raise it).
std::uint64_t gnuplot_file_limit();

// That limit in words, for "… reached LIMIT": "futolab's cap of 256 MiB on a file gnuplot
// writes", or "the file-size limit (ulimit -f) of 20480 bytes" when the hard limit was lower.
std::string gnuplot_file_limit_words(std::uint64_t limit);

// kGnuplotBaseSeconds, or FUTOLAB_GNUPLOT_WAIT where it is set.
double gnuplot_base_seconds();

// How long gnuplot may take on a figure of `points` data points in all (every series, every
// panel): the base plus kGnuplotSecondsPerPoint a point.
double gnuplot_seconds(std::size_t points);

// Runs `gnuplot SCRIPT` (found on PATH; no shell, so no file name is interpreted) with its
// output and errors going to LOG, its input /dev/null, TMPDIR a folder of its own, every file
// it writes held to gnuplot_file_limit() (past it SIGXFSZ ends it). Returns its wait status:
// whether it did its work is the caller's to judge (analysis/figure_check.hpp), as gnuplot
// ends with 0 after writes that a full disk cut. Throws std::runtime_error naming `figure` if
// it cannot be started or runs past `seconds`: then its whole process group is killed first.
// With `stop_fd` (the command's Interrupt: a SIGINT, SIGTERM or SIGHUP) it is killed as soon as
// that is readable too, and this throws "interrupted" (red-team round 30 spot check: a SIGTERM
// was taken only when gnuplot's time limit ended it, 19 s later). However it ends, no process
// it started is left.
int run_gnuplot(const std::string& figure, const std::string& script, const std::string& log, double seconds,
                int stop_fd = -1);

}  // namespace futolab
