#include "analysis/gnuplot.hpp"

#include "analysis/gnuplot_run.hpp"
#include "analysis/gnuplot_text.hpp"
#include "analysis/text_table.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace futolab {
namespace {

// Every text from data (titles, labels, legend entries, file names) reaches the script
// through gnuplot_string: single-quoted, never run (analysis/gnuplot_text.hpp).
// Every text from data (titles, legends) shown and kept well-formed in SVG (gnuplot_label).
std::string quoted(const std::string& text) { return gnuplot_label(text); }

void write_data(const PlotSeries& s, const std::string& path) {
    std::string text;
    if (s.rows.empty())
        for (const auto& [x, y] : s.points) text += exact_text(x) + ' ' + exact_text(y) + '\n';
    for (const auto& row : s.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) text += (c ? " " : "") + exact_text(row[c]);
        text += '\n';
    }
    write_file_atomically(path, text);
}

// The folder of the script, from gnuplot's ARG0 (the script's path as it was called):
// everything up to the last '/', or "" when called from its own folder.
const char* kHere =
    "here = \"\"\n"
    "do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq \"/\") { here = ARG0[1:i] } }\n";

// One plot: its settings, then `plot`; `first` numbers its series' data files.
std::string plot_commands(const PlotSpec& p, const std::string& stem, std::size_t& first) {
    std::string s = "reset\nset encoding utf8\n";
    s += fmt::format("set title {} noenhanced\nset xlabel {} noenhanced\nset ylabel {} noenhanced\n", quoted(p.title),
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
                         gnuplot_string(fmt::format("{}-{}.dat", stem, first + i)), series.columns, series.y2 ? "x1y2" : "x1y1",
                         style, series.label.empty() ? "''" : quoted(series.label));
    }
    first += p.series.size();
    return s + "\n";
}

std::string figure_commands(const PlotSpec& p, const std::string& stem) {
    std::size_t first = 0;
    if (p.panels.empty()) return plot_commands(p, stem, first);
    std::string s = fmt::format("set multiplot layout {},{} title {} noenhanced\n", p.rows, p.cols, quoted(p.title));
    for (const PlotSpec& panel : p.panels) s += plot_commands(panel, stem, first);
    return s + "unset multiplot\n";
}

}  // namespace

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

bool gnuplot_available() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

std::vector<std::string> plot_files(const PlotSpec& plot, const std::string& dir) {
    const std::string base = (std::filesystem::path(dir) / safe_file_stem(plot.name)).string();
    std::vector<std::string> files{base + ".gp"};
    for (std::size_t i = 0; i < all_series(plot).size(); ++i) files.push_back(fmt::format("{}-{}.dat", base, i));
    for (const char* ext : {".png", ".svg", ".pdf", ".log"}) files.push_back(base + ext);
    return files;
}

std::string render_plot(const PlotSpec& plot, const std::string& dir) {
    namespace fs = std::filesystem;
    create_output_folder(dir, "--plots");
    // The name comes from data (a metric, a spec): one plain, bounded file name per figure.
    const std::string stem = safe_file_stem(plot.name);
    const auto series = all_series(plot);
    for (std::size_t i = 0; i < series.size(); ++i)
        write_data(*series[i], (fs::path(dir) / fmt::format("{}-{}.dat", stem, i)).string());
    const std::string base = (fs::path(dir) / stem).string();
    const std::string gp = base + ".gp";
    std::string script = "# " + stem + ": written by futolab analyze; run `gnuplot PATH/" + stem +
                         ".gp` from anywhere\n# (data and outputs are named relative to this file).\n" + kHere;
    const std::string size = fmt::format("{},{}", plot.width, plot.height);
    const std::string inches = fmt::format("{:.2f}in,{:.2f}in", plot.width / 96.0, plot.height / 96.0);
    for (const auto& [terminal, ext] :
         std::vector<std::pair<std::string, std::string>>{{"pngcairo size " + size + " font 'Sans,12'", "png"},
                                                          {"svg size " + size + " font 'Sans,12'", "svg"},
                                                          {"pdfcairo size " + inches + " font 'Sans,9'", "pdf"}})
        script += fmt::format("set terminal {}\nset output here.{}\n", terminal, gnuplot_string(stem + "." + ext)) +
                  figure_commands(plot, stem) + "unset output\n";
    write_file_atomically(gp, script);
    if (!gnuplot_available()) return "";
    for (const char* ext : {".png", ".svg", ".pdf", ".log"}) {  // a FIFO there would hang gnuplot, and us waiting for it
        if (const std::string why = output_kind_problem(base + ext); !why.empty()) throw InputError(base + ext + ": " + why);
        // gnuplot opens its outputs as they are: through a symlink, or into another name of an
        // input (a hard link). Its figures are made anew, so the old name goes first: the file
        // it pointed to, or shared, keeps its bytes.
        if (fs::is_symlink(base + ext) || fs::exists(base + ext)) fs::remove(base + ext);
    }
    std::size_t points = 0;
    for (const PlotSeries* s : series) points += s->rows.empty() ? s->points.size() : s->rows.size();
    run_gnuplot(plot.name, gp, base + ".log", gnuplot_seconds(points));
    fs::remove(base + ".log");
    return base + ".png";
}

}  // namespace futolab
