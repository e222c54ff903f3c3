// CLI11's parse errors in futolab's words (red-team round 13, F13): "A subcommand is required"
// for `futolab nosuchcommand`, "The following argument was not expected: extra", "kind is
// required", "--n: 1 required N missing", "--sampler: xyz not in {jm,shuffle}" named neither the
// command nor what it accepts. Each becomes one line that names the command, the option or
// argument, and what is accepted:
//   'nosuchcommand' is not a futolab command (the commands: analyze, check, …)
//   generate: 'extra' was not expected (generate takes the argument KIND, then options)
//   generate: KIND is missing (valid: unique, random, …)
//   generate: --n needs a value (N): …
//   generate: --sampler: unknown value 'xyz' (valid: jm, shuffle)
// An option given twice keeps app/repeated_options.hpp's line; an error of another kind (one of
// futolab's own checks run by CLI11) keeps its text.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace futolab::app {

// The line (without "futolab: ") for `e`, thrown by app.parse of `words` (the command line
// without the program name).
std::string parse_error_text(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& words);

}  // namespace futolab::app
