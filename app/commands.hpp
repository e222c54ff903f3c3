// The subcommands of `futolab` (SPEC §3), one file each. Each add_* registers its options on
// the CLI11 app and sets `run` to the action, which returns the exit code. Errors are thrown:
// InputError → exit 2 (bad input or usage), anything else → exit 1 (run-time failure).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace futolab::app {

using Action = std::function<int()>;

void add_convert(CLI::App& app, Action& run);
void add_list(CLI::App& app, Action& run);
void add_check(CLI::App& app, Action& run);
void add_solve(CLI::App& app, Action& run);
void add_run(CLI::App& app, Action& run, const std::string& command_line);  // for the sidecar
void add_merge(CLI::App& app, Action& run, const std::string& command_line = "");  // for the sidecar
void add_analyze(CLI::App& app, Action& run);
void add_report(CLI::App& app, Action& run);
void add_compare(CLI::App& app, Action& run);
void add_generate(CLI::App& app, Action& run);
void add_grade(CLI::App& app, Action& run);
void add_critical(CLI::App& app, Action& run, const std::string& command_line = "");  // for the sidecar
void add_worker(CLI::App& app, Action& run);  // hidden: an A/B sweep's warm worker
void add_schema(CLI::App& app, Action& run);

// Every subcommand above on `app`, then the habits all of them share (app/commands.cpp): the
// examples of their --help (app/help_examples.hpp), one value per use of an option, and no
// empty value (refused, never read as "not given").
void add_commands(CLI::App& app, Action& run, const std::string& command_line);

// After parsing: throws InputError when the command writes its command line and the names of
// its files into a sidecar (run, critical but --check-certificate, merge) and a word of `words` (the command line
// without the program name) is a name a sidecar cannot hold (core/binary_data.hpp,
// unwritable_name): "critical: argument 5 'o<0xFF>.jsonl': byte 0xff is not UTF-8 (…)".
// Refused before anything is made: the run's own sidecar was refused by its resume and merge.
void refuse_unwritable_words(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace futolab::app
