// futolab analyze CSV… [--by COLS] [--metric COLS] [--format md|csv] [--plots DIR]
// Prints a summary table per group; with --plots, writes a cactus plot and a growth plot of
// the first metric (PNG + SVG via gnuplot, with their data and scripts).
#include "analysis/plots.hpp"
#include "analysis/summary.hpp"
#include "app/commands.hpp"
#include "core/error.hpp"

#include <iostream>

namespace futolab::app {
namespace {

struct AnalyzeArgs {
    std::vector<std::string> inputs;
    std::vector<std::string> by{"spec", "n"};
    std::vector<std::string> metrics{"wall_ms", "nodes"};
    std::string format = "md";
    std::string plots;
};

void check_columns(const ResultsTable& t, const std::vector<std::string>& columns) {
    for (const std::string& c : columns)
        if (!t.has_column(c)) throw InputError("no column '" + c + "' in the results (see README: analyze)");
}

int analyze(const AnalyzeArgs& args) {
    const ResultsTable table = ResultsTable::load(args.inputs);
    check_columns(table, args.by);
    check_columns(table, args.metrics);
    const auto groups = summarize(table, args.by, args.metrics);
    std::cout << (args.format == "csv" ? summary_csv(groups, args.by, args.metrics)
                                       : summary_markdown(groups, args.by, args.metrics));
    if (args.plots.empty()) return 0;
    for (const PlotSpec& plot : {cactus_plot(table, args.metrics.front()), growth_plot(table, args.metrics.front())}) {
        const std::string png = render_plot(plot, args.plots);
        std::cout << (png.empty() ? "gnuplot not found: wrote the data and script of " + plot.name + " to " + args.plots
                                  : "plot: " + png)
                  << "\n";
    }
    return 0;
}

}  // namespace

void add_analyze(CLI::App& app, Action& run) {
    auto args = std::make_shared<AnalyzeArgs>();
    CLI::App* cmd = app.add_subcommand("analyze", "Summary tables and plots from results CSVs");
    cmd->add_option("inputs", args->inputs, "Results CSVs (same columns)")->required();
    cmd->add_option("--by", args->by, "Group by these columns (default: spec n)")->delimiter(',');
    cmd->add_option("--metric", args->metrics, "Summarise these numeric columns (default: wall_ms nodes)")
        ->delimiter(',');
    cmd->add_option("--format", args->format, "Table format: md or csv")->check(CLI::IsMember({"md", "csv"}));
    cmd->add_option("--plots", args->plots, "Write cactus and growth plots (PNG, SVG, data, script) here");
    cmd->callback([args, &run] { run = [args] { return analyze(*args); }; });
}

}  // namespace futolab::app
