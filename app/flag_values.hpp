// A flag takes no value (red-team round 13, F5): CLI11 reads `--flag=VALUE` as an override, so
// `critical --exact=no` and `--free-square=false` entered their modes (a mode is chosen by the
// flag's presence) while `--force=false` and `--resume=false` were read as false. One rule for
// every flag of every command, checked on the command line before CLI11 parses it: a value
// written to a flag, even `=true`, is refused in one line naming the flag.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace futolab::app {

// Throws InputError "critical: --exact takes no value (given '--exact=no'): give --exact alone
// to ask for it, or leave it out" for the first `--flag=…` or `-f=…` of `app` or of the
// subcommand the words select, and "solve: -s takes its value after a space or joined to it,
// not after '=' (given '-s=gac'): give '-s gac'" for a short option given `-o=VALUE`. `words` is the command line without the program name; values of options that
// take one, and anything after "--", are not looked at.
void refuse_flag_values(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace futolab::app
