// Figures through gnuplot: each figure is written as its data files and a gnuplot script
// (kept, so a reader can restyle it), then rendered to PNG, SVG and PDF if gnuplot is
// installed. The script names its data and outputs relative to its own folder (through
// gnuplot's ARG0), so `gnuplot DIR/NAME.gp` works from any directory. Legends go below the
// plot so they never hide data. A figure is one plot or a grid of panels (multiplot).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace futolab {

struct PlotSeries {
    std::string label;
    std::vector<std::pair<double, double>> points;  // columns 1:2
    std::string style = "";  // gnuplot "with …" text replacing the plot's default style
    bool y2 = false;         // plotted against the right-hand axis
    std::vector<std::vector<double>> rows = {};  // set: written instead of points (more columns)
    std::string columns = "1:2";  // the `using` clause
    bool key_only = false;        // a legend entry without data (gnuplot's `keyentry`)
};

struct PlotSpec {
    std::string name;  // file stem in the plot directory
    std::string title, xlabel, ylabel;
    bool logx = false, logy = false;
    bool lines = true;  // lines with points, or points only
    std::vector<PlotSeries> series = {};
    std::vector<std::string> extra_commands = {};  // e.g. a diagonal or a bound line
    std::string y2label = "";  // set: a right-hand axis for the series with y2
    std::vector<PlotSpec> panels = {};  // set: a grid of these (their names unused), rows × cols
    int rows = 1, cols = 1;
    int width = 960, height = 640;
    std::string subtitle = "";  // set: a second line of the title (each line is shown as data)
};

// The title's lines: the title, and the subtitle where there is one.
std::vector<std::string> title_lines(const PlotSpec& plot);

// True if the data spans more than two decades, so a log axis reads better.
bool spans_decades(const std::vector<PlotSeries>& series, bool y_axis);

// The suffix of the script a failed figure's gnuplot ran, kept beside its NAME.log
// (analysis/figure_check.hpp): NAME.failed.gp. Removed when the figure is next placed.
inline constexpr const char* kFailedScript = ".failed.gp";

// Where render_plot writes: a folder the user keeps (`analyze --plots`), or a scratch folder
// that goes when the command ends (`report`'s), whose files its messages therefore never name.
enum class PlotFolder { kept, scratch };

// A figure made and not yet in place: its files written whole under temporary names beside
// their targets (core/atomic_file.hpp's names, reaped after a kill -9), which place() renames
// over the targets; whatever is not placed is removed when this goes. So a command with several
// figures makes them all before it replaces any (`analyze --plots`: a figure gnuplot failed on
// left the figures before it new and those after it old, and its own new data and script
// beside its old pictures: red-team round 26, A F3).
class StagedFigure {
public:
    StagedFigure() = default;
    StagedFigure(StagedFigure&& other) noexcept;
    StagedFigure& operator=(StagedFigure&& other) noexcept;
    StagedFigure(const StagedFigure&) = delete;
    StagedFigure& operator=(const StagedFigure&) = delete;
    ~StagedFigure();

    // Syncs each file and renames it over its target (data, script, then PNG, SVG and PDF), then
    // removes an earlier failure's NAME.log, which no longer describes the figure;
    // returns the PNG's path, or "" if gnuplot is missing (data and script only). Throws
    // InputError if another live futolab holds a target (core/live_writer.hpp, asked again at
    // the rename as every whole-file write asks it), std::runtime_error "cannot write TARGET:
    // REASON" if a rename fails; the files placed before stay placed.
    std::string place();

private:
    friend StagedFigure stage_plot(const PlotSpec& plot, const std::string& dir, PlotFolder folder, int stop_fd);
    void add(std::string temp, std::string target);
    void discard();
    std::vector<std::pair<std::string, std::string>> files_;  // (temporary file, target), in placing order
    std::string png_;
    std::vector<std::string> stale_;  // an earlier failure's NAME.log and NAME.failed.gp: removed once the figure is placed
};

// Makes DIR/NAME-<i>.dat, DIR/NAME.gp and, with gnuplot, DIR/NAME.png, .svg and .pdf under
// temporary names (StagedFigure), nothing replaced yet. gnuplot renders from the temporary data;
// the figures it writes are taken only when all three are whole (analysis/figure_check.hpp),
// else this throws std::runtime_error naming the figure, the file and the cause (a full disk, a
// file-size limit, gnuplot's failure) and every file of the figure stays as it was. gnuplot gets
// gnuplot_seconds(the figure's points) (analysis/gnuplot_run.hpp): past that it is killed and
// this throws std::runtime_error naming the figure. A FIFO or folder at a picture's or the log's
// name is refused (InputError) before gnuplot starts; callers that check every file first
// (analyze: check_plots_keep_inputs) never reach that. `stop_fd`: the command's Interrupt, which
// ends gnuplot at once (run_gnuplot: "interrupted").
StagedFigure stage_plot(const PlotSpec& plot, const std::string& dir, PlotFolder folder = PlotFolder::kept, int stop_fd = -1);

// stage_plot, then place(): one figure made and put in place (report's scratch figures).
std::string render_plot(const PlotSpec& plot, const std::string& dir, PlotFolder folder = PlotFolder::kept, int stop_fd = -1);

// Every file render_plot may write or replace for `plot` in `dir` (script, data, figures, log):
// for the output guard, before any is written (an input named cactus-wall_ms-0.dat in the
// plot folder would be replaced).
std::vector<std::string> plot_files(const PlotSpec& plot, const std::string& dir);

// The data files of a figure, in the order the script numbers them.
std::vector<const PlotSeries*> all_series(const PlotSpec& plot);

// Whether an executable gnuplot is on PATH (looked for as execvp does, with no shell).
bool gnuplot_available();

}  // namespace futolab
