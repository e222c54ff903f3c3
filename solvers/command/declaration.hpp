// A command backend's declaration: one entry of `commands:` in a config (or in the file given
// to `futolab solve --commands`), docs/solvers.md "Any solver by a command line":
//   name      letters, digits, '_', '.', '-': the spec is command:name=NAME
//   argv      the argument vector, each element a template (argv_template.hpp); argv[0] is
//             the program (looked up on PATH unless it holds a '/'); some element names
//             {instance}
//   format    the instance file's format (SPEC §2: futo, jsonl, tatham, essence, dzn, usp)
//   counters  counter → regex (counter_rules.hpp)
// The spec of a declared command carries the whole declaration in its options (a Solver is
// made from its spec alone, in any worker, with no table of commands anywhere): the CSV
// `options` column reads argv=[...] (JSON),counter_nodes=REGEX,format=futo,name=NAME, so a
// row says what ran, and a changed declaration is a different run key; the `spec` column is
// command:name=NAME.
#pragma once

#include "core/formats/formats.hpp"
#include "solvers/options.hpp"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::command {

// The backend's registry name: `command:name=NAME` specs are resolved against declarations.
inline constexpr std::string_view kBackend = "command";

struct Declaration {
    std::string name;
    std::vector<std::string> argv;
    Format format = Format::futo;
    std::map<std::string, std::string> counters;  // counter name → regex
};

// Why the name, the argument vector as a whole, or a format name is not acceptable ("" if it
// is). Single elements: argv_template.hpp's template_problem; counters: counter_rule_problem.
std::string name_problem(std::string_view name);
std::string argv_problem(const std::vector<std::string>& argv);
std::string format_problem(std::string_view format);

// The spec "command:name=NAME" (split by split_spec) resolved against the declared commands
// (InputError: an option other than name, no name, an undeclared name). The registry's
// parse_solver_spec(text, declared) sends the command specs here.
SolverSpec parse_spec(const SpecText& parts, std::span<const Declaration> declared);

// The declaration a spec carries; nullopt for the bare `command` (nothing declared).
std::optional<Declaration> declaration_of(const SolverSpec& spec);

// Declarations as JSON text and back, for the worker plan (experiments/worker_protocol.hpp:
// workers started from the binary resolve command:name=NAME as the config did). Reading
// checks every field again (InputError naming `source`).
std::string declarations_json(std::span<const Declaration> declared);
std::vector<Declaration> declarations_from_json(std::string_view text, const std::string& source);

}  // namespace futolab::command
