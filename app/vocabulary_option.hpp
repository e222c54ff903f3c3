// Command-line options whose values are a vocabulary (core/vocabulary.hpp): the one adaptor
// between a table and CLI11. The accepted names (CLI::IsMember), the value stored (the row's
// enum value, never a string the command compares again), the choices in --help (NAME:{a,b,c})
// and the default shown all come from the table, so no value is spelt in app/. The YAML side
// reads the same tables through value_in/name_list (experiments/config.cpp).
#pragma once

#include "app/empty_value.hpp"
#include "core/vocabulary.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace futolab::app {

// An option taking one name of `words` into `target` (its value); the help text ends with
// the default, `target`'s name when the option is added. `words` must outlive the command
// (a table, or a static rows_where of one).
template <class Words>
CLI::Option* add_word(CLI::App* cmd, const std::string& names, ValueOf<RowOf<Words>>& target, const Words& words,
                      const std::string& help) {
    const std::string with_default = help + " (default " + std::string(name_in(words, target)) + ")";
    return cmd
        ->add_option_function<std::string>(
            names, [&target, &words](const std::string& text) { target = value_in(words, text, "value"); }, with_default)
        ->check(non_empty_value(names.front() != '-'))  // before the names: its message says what is wrong
        ->check(CLI::IsMember(name_list(words)))
        ->type_name("NAME");
}

// The same for an optional value: none until the option is given (`--grade`: no target).
template <class Words>
CLI::Option* add_optional_word(CLI::App* cmd, const std::string& names, std::optional<ValueOf<RowOf<Words>>>& target,
                               const Words& words, const std::string& help) {
    return cmd
        ->add_option_function<std::string>(
            names, [&target, &words](const std::string& text) { target = value_in(words, text, "value"); }, help)
        ->check(non_empty_value(names.front() != '-'))  // before the names: its message says what is wrong
        ->check(CLI::IsMember(name_list(words)))
        ->type_name("NAME");
}

// A comma-separated list of names of `words` into `targets` (replaced when the option is
// given; its values when added are the default shown: `--fit exp,power`, `--plot cactus,growth`).
template <class Words>
CLI::Option* add_words(CLI::App* cmd, const std::string& names, std::vector<ValueOf<RowOf<Words>>>& targets,
                       const Words& words, const std::string& help) {
    std::string defaults;
    for (const auto& value : targets) defaults += (defaults.empty() ? "" : ",") + std::string(name_in(words, value));
    return cmd
        ->add_option_function<std::vector<std::string>>(
            names,
            [&targets, &words](const std::vector<std::string>& texts) {
                targets.clear();
                for (const std::string& text : texts) targets.push_back(value_in(words, text, "value"));
            },
            defaults.empty() ? help : help + " (default " + defaults + ")")
        ->delimiter(',')
        ->check(non_empty_value(names.front() != '-'))  // before the names: its message says what is wrong
        ->check(CLI::IsMember(name_list(words)))
        ->type_name("NAME");
}

// "a (what a is), b (what b is)": the help text of a table whose rows have a `help`.
template <class Words>
std::string word_help(const Words& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + std::string(w.name) + " (" + std::string(w.help) + ")";
    return out;
}

}  // namespace futolab::app
