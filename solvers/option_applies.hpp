// When an option has an effect (OptionSpec::applies_when, declared in each backend's option
// table): an option that another option's value makes inert would give a new spec label to a
// run whose counters are those of the spec without it (red-team round 10, finding 10), so a
// spec that names one is refused, naming the setting that decides.
#pragma once

#include "solvers/options.hpp"

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// The settings that keep option `key` of `table` from having an effect under `options` (every
// key of the table resolved), e.g. {"restarts=none", "sac=none"}; empty if it has one. One
// setting per alternative of its applies_when: the first test that fails, named by its
// option's value or, when that option is inert itself, by what makes it so.
std::vector<std::string> inert_because(std::span<const OptionSpec> table, std::string_view key,
                                       const std::map<std::string, std::string>& options);

// InputError if `given` (canonical values) names an option that has no effect under `options`:
// "solver 'gac': option sac_after=3 has no effect with sac=none (only with sac=all)".
// A full form — every option named, as SolverSpec::text() and the CSV `options` column write
// it — also names the inert ones at their defaults: those are read back, not refused.
void refuse_inert_options(std::string_view backend, std::span<const OptionSpec> table,
                          const std::map<std::string, std::string>& given,
                          const std::map<std::string, std::string>& options);

}  // namespace futolab
