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

// `--` ends the options (POSIX): every word after it is an argument of the command, whatever it
// looks like. CLI11 2.1 ends the command itself at a `--` once its arguments have the least
// number they take: `solve a -- b` handed b to futolab, which refused it ("solve takes the
// argument INPUTS"), `convert a -- --help` printed futolab's help, and `convert -- a --to jsonl`
// kept the `--` as a word nothing took ("-- is not an option of convert": red-team round 28, C
// F1). When `words` (the command line without the program name) hold a `--`, every command gets a
// hidden last argument that takes any number of words and never has enough, which keeps CLI11 in
// the command and in arguments-only mode; the words no argument of the command takes land there
// and are refused as CLI11 refuses a word left over (a CLI::ExtrasError: app/parse_errors.hpp
// names the first, "convert: '--to' was not expected (convert takes the argument INPUT, then
// options)"). Called after add_commands, before parsing.
void end_options_at_separator(CLI::App& app, const std::vector<std::string>& words);
// The words the hidden argument of `command` took (none when the command line holds no `--`).
std::vector<std::string> surplus_arguments(const CLI::App& command);
// Whether `option` is that hidden argument (no message or listing names it).
bool is_surplus_slot(const CLI::Option& option);
// Removes the hidden arguments again, before a help text is printed: its usage line lists every
// argument of the command.
void drop_surplus_slots(CLI::App& app);

// After parsing: throws InputError when the command writes its command line and the names of
// its files into a sidecar (run, critical but --check-certificate, merge) and a word of `words` (the command line
// without the program name) is a name a sidecar cannot hold (core/binary_data.hpp,
// unwritable_name): "critical: argument 5 'o<0xFF>.jsonl': byte 0xff is not UTF-8 (…)".
// Refused before anything is made: the run's own sidecar was refused by its resume and merge.
void refuse_unwritable_words(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace futolab::app
