#include "analysis/gnuplot.hpp"

#include "analysis/figure_check.hpp"
#include "analysis/gnuplot_run.hpp"
#include "analysis/gnuplot_text.hpp"
#include "analysis/text_table.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_names.hpp"
#include "core/live_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace futolab {
namespace {

// Every text from data (titles, labels, legend entries, file names) reaches the script
// through gnuplot_string: single-quoted, never run (analysis/gnuplot_text.hpp).
// Every text from data (titles, legends) shown and kept well-formed in SVG (gnuplot_label).
std::string quoted(const std::string& text) { return gnuplot_label(text); }
std::string quoted_title(const PlotSpec& p) { return gnuplot_label_lines(title_lines(p)); }

std::string data_text(const PlotSeries& s) {
    std::string text;
    if (s.rows.empty())
        for (const auto& [x, y] : s.points) text += exact_text(x) + ' ' + exact_text(y) + '\n';
    for (const auto& row : s.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) text += (c ? " " : "") + exact_text(row[c]);
        text += '\n';
    }
    return text;
}

// The folder of the script, from gnuplot's ARG0 (the script's path as it was called):
// everything up to the last '/', or "" when called from its own folder.
const char* kHere =
    "here = \"\"\n"
    "do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq \"/\") { here = ARG0[1:i] } }\n";

// One plot: its settings, then `plot`; its series' data files are `data` from `first` on (file
// names in the script's folder: NAME-<i>.dat, or their temporary names while the figure is made).
std::string plot_commands(const PlotSpec& p, const std::vector<std::string>& data, std::size_t& first) {
    std::string s = "reset\nset encoding utf8\n";
    s += fmt::format("set title {} noenhanced\nset xlabel {} noenhanced\nset ylabel {} noenhanced\n", quoted_title(p),
                     quoted(p.xlabel), quoted(p.ylabel));
    s += "set key below noenhanced\nset grid lc rgb '#dddddd'\nset tics nomirror\nset border 3\n";
    if (!p.y2label.empty()) s += fmt::format("set y2label {} noenhanced\nset y2tics\nset border 11\n", quoted(p.y2label));
    if (p.logx) s += "set logscale x\n";
    if (p.logy) s += "set logscale y\n";
    for (const std::string& c : p.extra_commands) s += c + "\n";
    s += "plot ";
    for (std::size_t i = 0; i < p.series.size(); ++i) {
        const PlotSeries& series = p.series[i];
        const std::string style = !series.style.empty() ? series.style
                                  : p.lines             ? "linespoints pt 7 ps 0.6 lw 2"
                                                        : "points pt 7 ps 0.5";
        if (series.key_only) {
            s += fmt::format("{}keyentry with {} title {}", i ? ", \\\n     " : "", style, quoted(series.label));
            continue;
        }
        s += fmt::format("{}here.{} using {} axes {} with {} title {}", i ? ", \\\n     " : "",
                         gnuplot_string(data.at(first + i)), series.columns, series.y2 ? "x1y2" : "x1y1",
                         style, series.label.empty() ? "''" : quoted(series.label));
    }
    first += p.series.size();
    return s + "\n";
}

std::string figure_commands(const PlotSpec& p, const std::vector<std::string>& data) {
    std::size_t first = 0;
    if (p.panels.empty()) return plot_commands(p, data, first);
    std::string s = fmt::format("set multiplot layout {},{} title {} noenhanced\n", p.rows, p.cols, quoted_title(p));
    for (const PlotSpec& panel : p.panels) s += plot_commands(panel, data, first);
    return s + "unset multiplot\n";
}

}  // namespace

std::vector<std::string> title_lines(const PlotSpec& plot) {
    if (plot.subtitle.empty()) return {plot.title};
    return {plot.title, plot.subtitle};
}

std::vector<const PlotSeries*> all_series(const PlotSpec& plot) {
    std::vector<const PlotSeries*> out;
    for (const PlotSeries& s : plot.series) out.push_back(&s);
    for (const PlotSpec& panel : plot.panels)
        for (const PlotSeries* s : all_series(panel)) out.push_back(s);
    return out;
}

bool spans_decades(const std::vector<PlotSeries>& series, bool y_axis) {
    double lo = 0, hi = 0;
    bool any = false;
    for (const PlotSeries& s : series)
        for (const auto& [x, y] : s.points) {
            const double v = y_axis ? y : x;
            if (v <= 0) return false;  // a log axis cannot show it
            lo = any ? std::min(lo, v) : v;
            hi = any ? std::max(hi, v) : v;
            any = true;
        }
    return any && hi / lo > 100.0;
}

// As execvp looks for it: the first executable regular file named gnuplot in a folder of PATH
// (an empty entry is the working folder). No shell is started: a shell that could not start
// (no process left, a full /tmp) made "gnuplot not found" of a gnuplot that was there.
bool gnuplot_available() {
    const char* path = std::getenv("PATH");
    const std::string_view dirs = path ? path : "/bin:/usr/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        const std::size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string dir(dirs.substr(start, end - start));
        const std::string file = (dir.empty() ? std::string(".") : dir) + "/gnuplot";
        struct stat st {};
        if (::stat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(file.c_str(), X_OK) == 0) return true;
        start = end + 1;
    }
    return false;
}

std::vector<std::string> plot_files(const PlotSpec& plot, const std::string& dir) {
    const std::string base = (std::filesystem::path(dir) / safe_file_stem(plot.name)).string();
    std::vector<std::string> files{base + ".gp"};
    for (std::size_t i = 0; i < all_series(plot).size(); ++i) files.push_back(fmt::format("{}-{}.dat", base, i));
    for (const char* ext : {".png", ".svg", ".pdf", ".log", kFailedScript}) files.push_back(base + ext);
    return files;
}

namespace {

const std::vector<std::string> kFigureFormats{"png", "svg", "pdf"};

// The figure's script; `outputs` names its PNG, SVG and PDF (kFigureFormats), `data` its data
// files, in its folder.
std::string figure_script(const PlotSpec& plot, const std::string& stem, const std::vector<std::string>& outputs,
                          const std::vector<std::string>& data) {
    std::string script = "# " + stem + ": written by futolab analyze; run `gnuplot PATH/" + stem +
                         ".gp` from anywhere\n# (data and outputs are named relative to this file).\n" + kHere;
    const std::string size = fmt::format("{},{}", plot.width, plot.height);
    const std::string inches = fmt::format("{:.2f}in,{:.2f}in", plot.width / 96.0, plot.height / 96.0);
    const std::vector<std::string> terminals{"pngcairo size " + size + " font 'Sans,12'", "svg size " + size + " font 'Sans,12'",
                                             "pdfcairo size " + inches + " font 'Sans,9'"};
    for (std::size_t i = 0; i < terminals.size(); ++i)
        script += fmt::format("set terminal {}\nset output here.{}\n", terminals[i], gnuplot_string(outputs[i])) +
                  figure_commands(plot, data) + "unset output\n";
    return script;
}

// Files removed when this goes: gnuplot's temporary script, and a figure's files if not staged.
class TempFiles {
public:
    TempFiles() = default;
    TempFiles(const TempFiles&) = delete;
    TempFiles& operator=(const TempFiles&) = delete;
    ~TempFiles() {
        for (const std::string& f : files_) ::unlink(f.c_str());
    }
    std::string add(std::string path) { return files_.emplace_back(std::move(path)); }  // a copy: a later add moves the names
    void keep(const std::string& path) { std::erase(files_, path); }  // handed on: no longer removed here

private:
    std::vector<std::string> files_;
};

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// The folder's entry is durable once the folder is synced; best effort, as AtomicFile does it.
void sync_folder_of(const std::string& path) {
    const std::string parent = std::filesystem::path(path).parent_path().string();
    const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)::fsync(fd);
    ::close(fd);
}

}  // namespace

StagedFigure::StagedFigure(StagedFigure&& other) noexcept
    : files_(std::exchange(other.files_, {})), png_(std::exchange(other.png_, {})),
      stale_(std::exchange(other.stale_, {})) {}

StagedFigure& StagedFigure::operator=(StagedFigure&& other) noexcept {
    if (this != &other) {
        discard();
        files_ = std::exchange(other.files_, {});
        png_ = std::exchange(other.png_, {});
        stale_ = std::exchange(other.stale_, {});
    }
    return *this;
}

StagedFigure::~StagedFigure() { discard(); }

void StagedFigure::discard() {
    for (const auto& [temp, target] : files_) ::unlink(temp.c_str());
    files_.clear();
}

void StagedFigure::add(std::string temp, std::string target) { files_.emplace_back(std::move(temp), std::move(target)); }

// Each file synced, asked as every whole-file write asks before its rename (a live futolab's
// file, a lock: core/live_writer.hpp), and renamed over its target: taken off the list as it goes.
std::string StagedFigure::place() {
    while (!files_.empty()) {
        const auto& [temp, target] = files_.front();
        if (const std::string why = lock_problem(target); !why.empty()) throw InputError(target + ": " + why);
        const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        const bool synced = fd >= 0 && ::fsync(fd) == 0;
        const int error = errno;
        if (fd >= 0) ::close(fd);
        if (!synced || std::rename(temp.c_str(), target.c_str()) != 0)
            throw std::runtime_error(fmt::format("cannot write {}: {}", target, write_failure_reason(synced ? errno : error)));
        sync_folder_of(target);
        files_.erase(files_.begin());
    }
    for (const std::string& file : stale_) ::unlink(file.c_str());  // not a symlink's target: unlink takes the name
    return png_;
}

StagedFigure stage_plot(const PlotSpec& plot, const std::string& dir, PlotFolder folder, int stop_fd) {
    namespace fs = std::filesystem;
    create_output_folder(dir, "--plots");
    StagedFigure staged;
    // The name comes from data (a metric, a spec): one plain, bounded file name per figure.
    const std::string stem = safe_file_stem(plot.name);
    const std::string base = (fs::path(dir) / stem).string();
    // Its data and script under temporary names too (red-team round 26, A F3: they replaced the
    // old ones before gnuplot ran, and a figure gnuplot then failed on kept old pictures beside
    // new data and a new script).
    const auto series = all_series(plot);
    std::vector<std::string> data, staged_data;
    for (std::size_t i = 0; i < series.size(); ++i) {
        const std::string target = fmt::format("{}-{}.dat", base, i);
        const std::string temp = create_temp_beside(target, data_text(*series[i]));
        staged.add(temp, target);
        data.push_back(file_name(target));
        staged_data.push_back(file_name(temp));
    }
    const std::string gp = base + ".gp";
    std::vector<std::string> targets, names;
    for (const std::string& ext : kFigureFormats) targets.push_back(base + "." + ext);
    for (const std::string& t : targets) names.push_back(file_name(t));
    staged.add(create_temp_beside(gp, figure_script(plot, stem, names, data)), gp);
    if (!gnuplot_available()) return staged;
    for (const std::string& file : {targets[0], targets[1], targets[2], base + ".log", base + kFailedScript})  // a FIFO or folder is no figure
        if (const std::string why = output_kind_problem(file); !why.empty()) throw InputError(file + ": " + why);
    // gnuplot writes each figure under a temporary name beside it, through a script naming
    // those and the data's temporary names; a figure replaces its target (a symlink there as a
    // name: the file it pointed to, or shared as a hard link, keeps its bytes) only once all
    // three are whole, and only when the figure is placed.
    TempFiles temps;
    std::vector<std::string> written;
    for (const std::string& t : targets) written.push_back(temps.add(create_temp_beside(t)));
    std::vector<std::string> written_names;
    for (const std::string& w : written) written_names.push_back(file_name(w));
    const std::string render = temps.add(create_temp_beside(gp, figure_script(plot, stem, written_names, staged_data)));
    // gnuplot's log under a temporary name too: it takes the name NAME.log only when a failure
    // names it (check_figure), and an earlier NAME.log goes only when this figure is placed.
    const std::string log = temps.add(create_temp_beside(base + ".log"));
    std::size_t points = 0;
    for (const PlotSeries* s : series) points += s->rows.empty() ? s->points.size() : s->rows.size();
    const int status = run_gnuplot(plot.name, render, log, gnuplot_seconds(points), stop_fd);
    check_figure({.figure = plot.name,
                  .status = status,
                  .written = written,
                  .targets = targets,
                  .script = gp,
                  .log = log,
                  .kept_log = base + ".log",
                  .ran_script = render,
                  .kept_script = base + kFailedScript,
                  .scratch = folder == PlotFolder::scratch});
    for (std::size_t i = 0; i < written.size(); ++i) {
        temps.keep(written[i]);
        staged.add(written[i], targets[i]);
    }
    staged.stale_ = {base + ".log", base + kFailedScript};
    staged.png_ = targets[0];
    return staged;
}

std::string render_plot(const PlotSpec& plot, const std::string& dir, PlotFolder folder, int stop_fd) {
    return stage_plot(plot, dir, folder, stop_fd).place();
}

}  // namespace futolab
