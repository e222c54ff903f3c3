// An option given more times than it takes (`--jobs 1 --jobs 2`): CLI11 refuses it as
// "--jobs: At Most 1 required but received 2", its own words, which say neither what is wrong
// nor what to do (red-team round 12, F19). repeated_option names the option, the command and
// the values given, for every option of every command at once: it looks at what CLI11 parsed.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace futolab::app {

// After app.parse threw CLI::ArgumentMismatch: "generate: --seed given twice (1 and 2): give it
// once" for the first option (in the order CLI11 checks them) given more often than it takes a
// value; "" if there is none (another mismatch: CLI11's own text is kept). Values are cut to a
// few dozen bytes; main prints the line with its invisible characters shown.
std::string repeated_option(const CLI::App& app);

}  // namespace futolab::app
