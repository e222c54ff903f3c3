#include "analysis/gnuplot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace futolab {
namespace {

std::string quoted(const std::string& text) {  // a gnuplot double-quoted string; '\n' breaks the line
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '\n') out += "\\n";
        else out += (ch == '"' || ch == '\\') ? std::string("\\") + ch : std::string(1, ch);
    }
    return out + "\"";
}

void write_data(const PlotSeries& s, const std::string& path) {
    std::ofstream out(path);
    for (const auto& [x, y] : s.points) out << fmt::format("{} {}\n", x, y);
    if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

std::string script(const PlotSpec& p, const std::string& dir, const std::string& terminal, const std::string& out) {
    std::string s = fmt::format("set terminal {}\nset output {}\n", terminal, quoted(out));
    s += fmt::format("set title {} noenhanced\nset xlabel {} noenhanced\nset ylabel {} noenhanced\n", quoted(p.title),
                     quoted(p.xlabel), quoted(p.ylabel));
    s += "set key below noenhanced\nset grid\nset tics nomirror\n";
    if (!p.y2label.empty()) s += fmt::format("set y2label {} noenhanced\nset y2tics\n", quoted(p.y2label));
    if (p.logx) s += "set logscale x\n";
    if (p.logy) s += "set logscale y\n";
    for (const std::string& c : p.extra_commands) s += c + "\n";
    s += "plot ";
    for (std::size_t i = 0; i < p.series.size(); ++i) {
        const std::string data = (std::filesystem::path(dir) / fmt::format("{}-{}.dat", p.name, i)).string();
        const PlotSeries& series = p.series[i];
        const std::string style = !series.style.empty() ? series.style
                                  : p.lines             ? "linespoints pt 7 ps 0.6 lw 2"
                                                        : "points pt 7 ps 0.5";
        s += fmt::format("{}{} using 1:2 axes {} with {} title {}", i ? ", \\\n     " : "", quoted(data),
                         series.y2 ? "x1y2" : "x1y1", style, series.label.empty() ? "''" : quoted(series.label));
    }
    return s + "\n";
}

}  // namespace

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

std::string render_plot(const PlotSpec& plot, const std::string& dir) {
    namespace fs = std::filesystem;
    fs::create_directories(dir);
    for (std::size_t i = 0; i < plot.series.size(); ++i)
        write_data(plot.series[i], (fs::path(dir) / fmt::format("{}-{}.dat", plot.name, i)).string());
    const std::string base = (fs::path(dir) / plot.name).string();
    const std::string gp = base + ".gp";
    {
        std::ofstream out(gp);
        out << script(plot, dir, "pngcairo size 960,640 font 'Sans,12'", base + ".png");
        out << script(plot, dir, "svg size 960,640 font 'Sans,12' dynamic", base + ".svg");
        if (!out.flush()) throw std::runtime_error("cannot write " + gp);
    }
    if (!gnuplot_available()) return "";
    if (std::system(("gnuplot '" + gp + "' 2>'" + base + ".log'").c_str()) != 0)
        throw std::runtime_error("gnuplot failed on " + gp + " (see " + base + ".log)");
    fs::remove(base + ".log");
    return base + ".png";
}

}  // namespace futolab
