#include "app/table_options.hpp"

#include "analysis/filter.hpp"
#include "app/agreement_gate.hpp"
#include "app/backend_looks.hpp"
#include "app/vocabulary_option.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace futolab::app {

CLI::Option* add_table_options(CLI::App* cmd, TableArgs& args, const std::vector<Word<PlotType>>& plot_types,
                               const TableOptionTexts& texts) {
    StudyRequest& r = args.request;
    r.looks = backend_looks();
    cmd->add_option("inputs", r.inputs,
                    "Results CSVs (columns matched by name; their <csv>.meta.yaml sidecars give the provenance)")
        ->required();
    cmd->add_option("--by", r.by,
                    fmt::format("Group the summary by these columns (default: {}; any column, e.g. spec,param_givens)",
                                fmt::join(r.by, ",")))
        ->delimiter(',');
    cmd->add_option("--metric", r.metrics,
                    fmt::format("Summarise these numeric columns (default: {}); the virtual best and the plots use the first",
                                fmt::join(r.metrics, ",")))
        ->delimiter(',');
    cmd->add_option("--where", args.where,
                    "Keep only rows where COLUMN OP VALUE holds (OP: = != < <= > >=), e.g. \"n>=12\"; repeatable");
    cmd->add_option("--baseline", r.baseline, texts.baseline);
    add_words(cmd, "--fit", r.fits, kFitModels, "Growth fits of the median per n: " + word_help(kFitModels));
    CLI::Option* plot = add_words(cmd, "--plot", r.plot_types, plot_types, texts.plot);
    cmd->add_option("--solver", r.solver, "The spec of the phase and uniqueness plots (default: --baseline, else the first spec)");
    cmd->add_flag("!--no-vbs", r.virtual_best, "Leave out the virtual best solver (per instance the best spec)");
    cmd->add_flag("--pool", r.pool,
                  "Pool inputs from different commits or configs, or holding the same runs (refused without it; "
                  "see also futolab compare)");
    cmd->add_flag("--force", args.force, texts.force);
    add_fail_on_disagreement(cmd, args.fail_on_disagreement);
    return plot;
}

void parse_where(TableArgs& args) {
    for (const std::string& w : args.where) args.request.filters.push_back(parse_row_filter(w));
}

std::string pool_unused(const TableArgs& args) {
    return args.request.inputs.size() < 2 ? "does not apply with one input (it lets several inputs be read as one)" : "";
}

}  // namespace futolab::app
