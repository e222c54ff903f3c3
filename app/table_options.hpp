// The options `futolab analyze` and `futolab report` share: which results CSVs, which rows
// (--where), how they are grouped and summarised (--by, --metric, --no-vbs, --pool), compared
// (--baseline), fitted (--fit) and drawn (--plot, --solver), what --force may replace, and
// the disagreement gate. Registered once here so both commands spell and explain them alike;
// a default shown in --help is the value the field holds when the options are added, and the
// texts that really differ between the two commands are passed in.
#pragma once

#include "analysis/plot_types.hpp"
#include "analysis/study.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace futolab::app {

// What the shared options fill; AnalyzeArgs and ReportArgs extend it.
struct TableArgs {
    StudyRequest request;
    std::vector<std::string> where;  // --where, as typed; parse_where turns it into request.filters
    bool force = false;
    bool fail_on_disagreement = false;
};

// The help of the options whose meaning depends on the command.
struct TableOptionTexts {
    std::string baseline;  // what --baseline adds
    std::string force;     // what --force lets the command replace
    std::string plot;      // --plot: which plots, with the names (the default is appended)
};

// Registers the shared options; `plot_types` (which must outlive `cmd`) are the --plot
// choices, and args.request's by, metrics and plot_types at this call are the defaults shown.
// Returns --plot, for a command that ties it to another option.
CLI::Option* add_table_options(CLI::App* cmd, TableArgs& args, const std::vector<Word<PlotType>>& plot_types,
                               const TableOptionTexts& texts);

// --where's expressions into request.filters (InputError for a bad one).
void parse_where(TableArgs& args);

// "" if --pool applies: with several inputs; else why not, in the words both commands refuse it
// with (analyze refused `--pool` of one input while report took it and read the one file:
// red-team round 25, C F1). For their option-rules tables (app/option_rules.hpp).
std::string pool_unused(const TableArgs& args);

}  // namespace futolab::app
