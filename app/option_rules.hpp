// Options that do not apply together (issue #45): one row per option that some other option,
// or another option's value, makes unused or overrides. Checked once the command line is
// parsed, before any work; a row that fires is exit 2 with one line naming both options
// ("report: --pool does not apply with --compare (…)"). Silently ignoring the option would
// make a run look like something it was not. `futolab critical` checks its mode table first
// (app/critical_modes.hpp): which options a mode reads at all; these rows are the finer,
// value-dependent rules inside a mode, and the same for `report` and `analyze`.
#pragma once

#include "core/error.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::app {

template <class Args>
struct OptionRule {
    std::string_view option;            // as typed: "--pool"
    std::string_view help;              // when it does not apply, for --help: "not with --compare"
    std::string (*clash)(const Args&);  // "" if it applies; else "does not apply with --compare (…)"
};

// The long names of the options given on the command line, in the order CLI11 lists them.
inline std::vector<std::string> given_options(const CLI::App& cmd) {
    std::vector<std::string> given;
    for (const CLI::Option* o : cmd.get_options())
        if (o->count() > 0) given.push_back(o->get_name());
    return given;
}

// InputError for the first row whose option is given and does not apply.
template <class Args>
void refuse_clashes(std::string_view command, const std::vector<OptionRule<Args>>& rules, const Args& args,
                    const std::vector<std::string>& given) {
    for (const OptionRule<Args>& rule : rules) {
        if (std::find(given.begin(), given.end(), rule.option) == given.end()) continue;
        if (const std::string why = rule.clash(args); !why.empty())
            throw InputError(fmt::format("{}: {} {}", command, rule.option, why));
    }
}

// The rules as a --help paragraph: "Refused (exit 2): --pool not with --compare; …".
template <class Args>
std::string option_rules_help(const std::vector<OptionRule<Args>>& rules) {
    std::string out = "Refused (exit 2), as they would be ignored or overridden:";
    for (std::size_t i = 0; i < rules.size(); ++i) out += fmt::format("{} {} {}", i ? ";" : "", rules[i].option, rules[i].help);
    return out + ".";
}

}  // namespace futolab::app
