// The standard plots of solver comparisons, built from a results table. Every series of a
// spec has that spec's look in every figure (palette.hpp). Runs that hit a limit are never
// drawn as if they had finished:
//  cactus  runs finished (x) within a budget of the metric (y), one line per spec (the
//          virtual best solver too, if the table has its rows) — the plot of SAT/CP
//          competitions: further right and lower is better; a dashed line at the cap;
//  ecdf    the fraction of each spec's runs finished (y) within a budget (x): the cactus
//          normalised by runs, so specs with different run counts compare;
//  growth  the median of a metric against n, one line per spec; a median that is only a
//          lower bound (runs at the limit) is an open circle and not joined to the line;
//          series are shifted a little sideways so that equal medians stay visible;
//  scatter one point per instance (the median over its repeats), baseline (x) against
//          another spec (y), log–log over one range on both axes with the diagonal y = x and
//          the caps as dotted lines: points below the diagonal are instances where the other
//          spec used less; an instance with a limited median is ringed. One plot per spec.
// Axis labels say what is measured in words with the unit (metric_words.hpp): "wall time per
// run (ms)". A value at a limit keeps its spec's marker and gets a ring (palette.hpp
// kLimitRing), so no marker means both a spec and "at a limit".
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/paired.hpp"
#include "analysis/palette.hpp"
#include "analysis/results_table.hpp"

#include <optional>

#include <string>
#include <vector>

namespace futolab {

// `looks`: the backends' fixed looks (palette.hpp), the same in every figure.
PlotSpec cactus_plot(const ResultsTable& table, const std::string& metric, const BackendLooks& looks);
PlotSpec ecdf_plot(const ResultsTable& table, const std::string& metric, const BackendLooks& looks);
PlotSpec growth_plot(const ResultsTable& table, const std::string& metric, const BackendLooks& looks);
// One plot per spec other than the baseline and the virtual best (pairing as in paired.hpp;
// counts shifted by 1). Named `scatter-<metric>-<spec>`; render_plot makes that a safe file
// name (core/file_names.hpp: a spec with other characters than [A-Za-z0-9._-] gets a hash).
std::vector<PlotSpec> scatter_plots(const ResultsTable& table, const std::string& baseline, const std::string& metric,
                                    const BackendLooks& looks);

// The texts of one scatter figure.
struct ScatterText {
    std::string name, title, subtitle, xlabel, ylabel;  // title and subtitle: the title's two lines
};
// One scatter figure in a spec's look: the pairs' x = base, y = other (shifted values), log–log,
// the diagonal and the cap (shifted) as dotted lines. Used by scatter_plots and `compare`'s.
PlotSpec scatter_figure(const ScatterText& text, const SeriesLook& look, const std::vector<PairedInstance>& pairs,
                        std::optional<double> cap);
// A scatter axis label: "gac: wall time per instance (ms)" (counts: "+ 1").
std::string scatter_axis(const std::string& metric, const std::string& who);

// "Wall time …" for a title that starts with metric_words().
std::string capitalised(std::string text);

}  // namespace futolab
