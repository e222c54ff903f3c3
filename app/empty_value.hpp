// The one rule for empty values on the command line (round 10): an empty text was read as "not
// given" (`check --solution ""` exit 0 with nothing verified; `--out ""` meant standard output).
// No option or argument of futolab means anything by an empty text, so each refuses it while the
// command line is parsed: app/commands.cpp adds this check to every option that takes a value,
// and app/vocabulary_option.hpp adds it before the list of names (whose own refusal of "" read
// "--table: <U+0020>not in {…}").
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace futolab::app {

inline CLI::Validator non_empty_value(bool positional) {
    const std::string why = positional ? "an empty argument names nothing"
                                       : "an empty value is not accepted (leave the option out for its default)";
    return CLI::Validator([why](std::string& value) { return value.empty() ? why : std::string(); }, "", "non-empty");
}

}  // namespace futolab::app
