// The items of a list option (`--by spec,n`, `--redo timeout,error`): none of them empty, none
// given twice (`--by spec,spec` printed two spec columns).
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

// Throws InputError naming the command and the option when a value of a list option of `app`
// (or of the subcommand the words select) has an empty item: "analyze: --by: ',' has an empty
// item (…)", or an item an earlier value of the option, or this one, has: "analyze: --by has
// spec twice (…)". Also refuses an empty value attached with '=' to any option that takes a value
// ("generate: --out: an empty value is not accepted …"): CLI11 took the next word for it
// (`--out= --force` wrote a file named "--force"). `words` is the command line without the
// program name. Values of other
// options, and anything after "--", are not looked at.
void refuse_bad_list_items(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace futolab::app
