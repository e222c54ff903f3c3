// The modes of `futolab critical` as one table (issue #27 item 5): each row names the mode, the
// flag that selects it (and the option that picks a variant of that flag, as --sample does for
// --exact), every option it reads, the options that only refine another one, and the function
// that runs it. The parser, the refusals (two modes, an option the mode does not read) and the
// --help epilog all read the table; the rows are defined beside their run functions in
// app/cmd_critical.cpp. The flags are the contract: there are no subcommands.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab::app {

struct CriticalArgs;  // the parsed options (app/cmd_critical.cpp)

struct CriticalMode {
    std::string_view name;                // "exact-sample": the mode as --help names it
    std::string_view flag;                // the flag that selects it; "" for the default search
    std::vector<std::string_view> with;   // with `flag`, one of these selects this row; none: `flag` alone
    std::vector<std::string_view> takes;  // every other option it reads (--help: any mode; --force: one with a file output)
    std::vector<std::pair<std::string_view, std::string_view>> needs;  // {A, B}: A refines B, so A needs B
    // {A, what to give}: options it cannot run without (its default is no value of it). Left out,
    // the command is refused naming A as missing, "critical --exact: give --objective (h+k, …)",
    // never with the default's value as if typed ("got 'greedy'", "got 0"). Where one of several
    // options will do (--free-square: --n or --input), the mode says so itself.
    std::vector<std::pair<std::string_view, std::string>> required;
    std::string_view summary;             // one line for --help
    int (*run)(const CriticalArgs&);
    // Runs through the experiment driver (app/critical_experiment.hpp): its results CSV, sidecar,
    // schema and lock lie beside --out, and --resume, --force take them.
    bool experiment = false;
};

// The rows; the default search (flag "") is one of them.
const std::vector<CriticalMode>& critical_modes();

// The row that `given` (the long names of the options on the command line, as typed) selects.
// InputError, one line, for two modes' flags, an option the mode does not read, or a
// refinement without the option it refines.
const CriticalMode& critical_mode_for(const std::vector<std::string>& given);

// InputError, one line, for the first of the mode's required options not in `given`: "critical
// --exact: give the order with --n (2 to 5; n = 6: --sample S)". Checked as the mode runs,
// before the values' rules and any work.
void check_required(const CriticalMode& mode, const std::vector<std::string>& given);

// "--exact --sample", "--exact --square/--input", "" for the default search: how messages name a mode.
std::string critical_mode_flags(const CriticalMode& mode);

// The --help epilog: every mode, its options, and the rule for the others.
std::string critical_modes_help();

}  // namespace futolab::app
