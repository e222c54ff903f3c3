// A figure gnuplot wrote is taken only whole. gnuplot ends with 0 after writes that a full disk
// cut (an <svg> without </svg>, an empty PDF: `analyze --plots` printed "plot: …" and `report`
// inlined the cut picture, or showed "gnuplot not found" for an empty one), and a file-size limit
// ends it with SIGXFSZ. So gnuplot writes each figure under a temporary name
// (analysis/gnuplot.hpp), and each is checked here before it replaces anything: not empty and
// ending as its format ends (PNG with its IEND chunk, SVG with </svg>, PDF with %%EOF). A figure
// that is not whole fails the command with one line naming the figure, the file and the cause
// the machine gives.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Why the file at `path` is not a whole figure of `format` ("png", "svg" or "pdf"): "it is
// empty", "it does not end with </svg> (it was cut off)", …; "" if it is whole.
std::string figure_cut_problem(const std::string& path, std::string_view format);

// The error (errno) the machine gives a write of 64 KiB (less under a lower file-size limit) into
// a new, unnamed file in the folder `dir`: ENOSPC on a full disk, EDQUOT past a quota; 0 if it
// took them. Asked after gnuplot cut a figure, while its cut files still hold their space: the
// cause of the cut that gnuplot does not report.
int write_error_in(const std::string& dir);

// One run of gnuplot on a figure: what check_figure judges, and how its messages name files.
struct FigureRun {
    std::string figure;                // the figure's name
    int status = 0;                    // gnuplot's wait status (run_gnuplot)
    std::vector<std::string> written;  // the temporary files gnuplot wrote the figure into
    std::vector<std::string> targets;  // the names they take, in the same order (NAME.png, .svg, .pdf)
    std::string script, log;           // the figure's script as kept (NAME.gp), and gnuplot's log (a temporary file)
    std::string kept_log;              // the name that log takes when a failure names it (NAME.log)
    std::string ran_script;            // the script gnuplot ran (a temporary file)
    std::string kept_script;           // the name it takes beside a kept log (NAME.failed.gp); "": not kept
    bool scratch = false;              // the folder goes when the command ends (report's): none of its files is named
};

// Returns if gnuplot ended with 0 and every file written is a whole figure of its target's
// format. Else throws std::runtime_error, one line: "figure NAME: " and the first cause that
// applies: a file that reached the file-size limit (gnuplot_file_limit_words: futolab's cap or
// `ulimit -f`'s hard limit), the machine's refusal of a write in the folder (write_error_in:
// "No space left on device"), gnuplot's failure (its log named, or quoted when it goes with a
// scratch folder), or a figure it left cut. A log that is empty or is gnuplot's words past the
// limit is removed or cut to its first kGnuplotLogKeptBytes. A log a failure names is renamed to
// `kept_log` then, and only then: an earlier NAME.log stays until this figure has one to replace
// it (red-team round 29, A5: it was removed before gnuplot ran and rewritten in place, so a stop
// or a failure lost it); the script that ran is named "its script", never NAME.gp, which a
// failed figure does not write. With the log, the script that ran is kept as `kept_script`, and
// the log's mentions of its temporary name name that file instead (red-team round 30 spot check:
// the log quoted `"NAME.gp.tmp-…", line 63`, a file gone when it was read); the line numbers are
// the same. Its data and picture names are still the temporary ones, gone with the failure.
void check_figure(const FigureRun& run);

}  // namespace futolab
