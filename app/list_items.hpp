// The items of a list option (`--by spec,n`, `--redo timeout,error`): none of them empty.
// CLI11 splits a value at the option's delimiter and drops empty items without a word, so
// `--by a,,b` was `--by a,b`, and `--by ,` gave the option no value at all, so it took the next
// argument (`analyze --by , out/base.csv`: "inputs is required"; `--redo , -q`: "'-q' is not a
// run status"). The command line is read once, before CLI11 parses it, by the options futolab
// registered (their names, whether they take a value, their delimiter), so every list option of
// every command follows this one rule.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace futolab::app {

// Throws CLI::ValidationError naming the option when a value of a list option of `app` (or of
// the subcommand the words select) is empty or has an empty item: "--by: ',' has an empty item
// (…)". `words` is the command line without the program name. Values of other options, and
// anything after "--", are not looked at.
void refuse_empty_list_items(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace futolab::app
