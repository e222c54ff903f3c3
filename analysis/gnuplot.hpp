// Line and scatter plots through gnuplot: each plot is written as its data files and a
// gnuplot script (kept, so a reader can restyle it), then rendered to PNG and SVG if gnuplot
// is installed. Legends go below the plot so they never hide data.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace futolab {

struct PlotSeries {
    std::string label;
    std::vector<std::pair<double, double>> points;
    std::string style = "";  // gnuplot "with …" text replacing the plot's default style
    bool y2 = false;         // plotted against the right-hand axis
};

struct PlotSpec {
    std::string name;  // file stem in the plot directory
    std::string title, xlabel, ylabel;
    bool logx = false, logy = false;
    bool lines = true;  // lines with points, or points only
    std::vector<PlotSeries> series;
    std::vector<std::string> extra_commands;  // e.g. a diagonal or a bound line
    std::string y2label = "";  // set: a right-hand axis for the series with y2
};

// True if the data spans more than two decades, so a log axis reads better.
bool spans_decades(const std::vector<PlotSeries>& series, bool y_axis);

// Writes DIR/NAME.gp, DIR/NAME-<i>.dat and, with gnuplot, DIR/NAME.png and DIR/NAME.svg.
// Returns the PNG's path, or "" if gnuplot is missing (the data and script are still written).
std::string render_plot(const PlotSpec& plot, const std::string& dir);

bool gnuplot_available();

}  // namespace futolab
