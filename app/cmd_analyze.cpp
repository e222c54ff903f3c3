// futolab analyze CSV… [--by COLS] [--metric COLS] [--format md|csv] [--baseline SPEC]
//                      [--fit exp,power] [--plots DIR] [--plot TYPES] [--solver SPEC]
// Prints a summary table per group; with --baseline a paired comparison of every other spec
// against it; with --fit growth fits per spec; with --plots the plots chosen by --plot (PNG +
// SVG via gnuplot, with their data and scripts). docs/analysis.md explains every number.
#include "analysis/critical_plot.hpp"
#include "analysis/filter.hpp"
#include "analysis/fits.hpp"
#include "analysis/paired.hpp"
#include "analysis/phase.hpp"
#include "analysis/plots.hpp"
#include "analysis/summary.hpp"
#include "app/commands.hpp"
#include "core/error.hpp"

#include <algorithm>
#include <iostream>

namespace futolab::app {
namespace {

struct AnalyzeArgs {
    std::vector<std::string> inputs;
    std::vector<std::string> by{"spec", "n"};
    std::vector<std::string> metrics{"wall_ms", "nodes"};
    std::string format = "md";
    std::string baseline;
    std::vector<std::string> fits;
    std::string plots;
    std::vector<std::string> plot_types{"cactus", "growth"};
    std::string solver;  // the spec of the phase plot
    std::vector<std::string> where;  // row filters
};

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

void check_columns(const ResultsTable& t, const std::vector<std::string>& columns) {
    for (const std::string& c : columns)
        if (!t.has_column(c)) throw InputError("no column '" + c + "' in the results (see docs/analysis.md)");
}

// Usage errors that need no data, so nothing is printed before them.
void check_args(const AnalyzeArgs& args) {
    if (contains(args.plot_types, "scatter") && args.baseline.empty())
        throw InputError("--plot scatter needs --baseline SPEC");
}

// A spec named on the command line, resolved against the results ("" stays "").
std::string resolved(const ResultsTable& table, const std::string& option, const std::string& text) {
    return text.empty() ? text : resolve_spec(solver_specs(table), text, option);
}

// A second or later table: a heading in Markdown, a blank line in CSV.
void print_section(const std::string& format, const std::string& heading, const TextTable& table) {
    std::cout << "\n" << (format == "csv" ? "" : "## " + heading + "\n\n") << render_table(table, format);
}

std::string phase_spec(const ResultsTable& table, const AnalyzeArgs& args) {
    if (!args.solver.empty()) return args.solver;
    if (!args.baseline.empty()) return args.baseline;
    const auto specs = solver_specs(table);
    if (specs.empty()) throw InputError("--plot phase: no solver runs in the results");
    return specs.front();
}

std::vector<PlotSpec> plots_of(const ResultsTable& table, const AnalyzeArgs& args, const std::string& type) {
    const std::string& metric = args.metrics.front();
    if (type == "cactus") return {cactus_plot(table, metric)};
    if (type == "growth") return {growth_plot(table, metric)};
    if (type == "scatter") return scatter_plots(table, args.baseline, metric);
    if (type == "phase") return {phase_plot(table, phase_spec(table, args), contains(args.metrics, "nodes") ? "nodes" : metric)};
    return {critical_plot(table)};
}

// Built before anything is printed: a data error (no critical rows, say) stops with one line.
std::vector<PlotSpec> build_plots(const ResultsTable& table, const AnalyzeArgs& args) {
    std::vector<PlotSpec> all;
    if (args.plots.empty()) return all;
    for (const std::string& type : args.plot_types)
        for (PlotSpec& p : plots_of(table, args, type)) all.push_back(std::move(p));
    return all;
}

void write_plots(const std::vector<PlotSpec>& plots, const std::string& dir) {
    for (const PlotSpec& plot : plots) {
        const std::string png = render_plot(plot, dir);
        std::cout << (png.empty() ? "gnuplot not found: wrote the data and script of " + plot.name + " to " + dir
                                  : "plot: " + png)
                  << "\n";
    }
}

int analyze(AnalyzeArgs args) {
    check_args(args);
    std::vector<FitModel> models;
    for (const std::string& f : args.fits) models.push_back(parse_fit_model(f));
    std::vector<RowFilter> filters;
    for (const std::string& w : args.where) filters.push_back(parse_row_filter(w));
    const ResultsTable table = filter_rows(ResultsTable::load(args.inputs), filters);
    if (table.size() == 0) throw InputError("no rows left to analyze (check the inputs and --where)");
    check_columns(table, args.by);
    check_columns(table, args.metrics);
    args.baseline = resolved(table, "--baseline", args.baseline);
    args.solver = resolved(table, "--solver", args.solver);
    const std::vector<PlotSpec> plots = build_plots(table, args);
    const auto groups = summarize(table, args.by, args.metrics);
    std::cout << render_table(summary_table(groups, args.by, args.metrics), args.format);
    if (!args.baseline.empty())
        print_section(args.format, "Paired comparison against " + args.baseline + " (ratio baseline / spec, > 1: spec used less)",
                      paired_table(compare_to_baseline(table, args.baseline, args.metrics)));
    if (!models.empty())
        print_section(args.format, "Growth fits of the median per n", fits_table(growth_fits(table, args.metrics, models)));
    write_plots(plots, args.plots);
    return 0;
}

}  // namespace

void add_analyze(CLI::App& app, Action& run) {
    auto args = std::make_shared<AnalyzeArgs>();
    CLI::App* cmd = app.add_subcommand("analyze", "Summary tables, paired comparisons, growth fits and plots from results CSVs");
    cmd->footer("Details of every table and plot: docs/analysis.md");
    cmd->add_option("inputs", args->inputs, "Results CSVs (columns matched by name)")->required();
    cmd->add_option("--by", args->by, "Group by these columns (default: spec,n)")->delimiter(',');
    cmd->add_option("--metric", args->metrics, "Summarise these numeric columns (default: wall_ms,nodes); plots use the first")
        ->delimiter(',');
    cmd->add_option("--format", args->format, "Table format: md or csv")->check(CLI::IsMember({"md", "csv"}));
    cmd->add_option("--baseline", args->baseline,
                    "Compare every other spec with this one on shared instances: geometric-mean ratio with a 95% "
                    "bootstrap CI, wins/ties/losses");
    cmd->add_option("--fit", args->fits, "Growth fits of the median per n: exp (base per n), power (exponent)")
        ->delimiter(',')
        ->check(CLI::IsMember({"exp", "power"}));
    CLI::Option* plots =
        cmd->add_option("--plots", args->plots, "Write the plots (PNG, SVG, data, gnuplot script) into this directory");
    cmd->add_option("--plot", args->plot_types,
                    "Plot types for --plots: cactus, growth, scatter (needs --baseline), phase, critical "
                    "(default: cactus,growth)")
        ->delimiter(',')
        ->check(CLI::IsMember({"cactus", "growth", "scatter", "phase", "critical"}))
        ->needs(plots);
    cmd->add_option("--where", args->where, "Keep only rows where COLUMN OP VALUE holds (OP: = != < <= > >=), e.g. k=0; repeatable");
    cmd->add_option("--solver", args->solver, "The spec of the phase plot (default: --baseline, else the first spec)");
    cmd->callback([args, &run] { run = [args] { return analyze(*args); }; });
}

}  // namespace futolab::app
