// Solver specs "NAME:key=value,…" (SPEC §3). Each backend declares its options as one table
// (key, allowed values, default, help), as CaDiCaL's options.hpp does; parsing, validation,
// help text and the canonical CSV form are all generated from it.
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct OptionSpec {
    std::string_view key;
    // Allowed values; the single entry "<uint>" means any whole number >= 0.
    std::vector<std::string_view> values;
    std::string_view default_value;
    std::string_view help;
};

struct SolverSpec {
    std::string name;
    std::map<std::string, std::string> options;  // every key of the backend, defaults filled in

    // "key=value,…" sorted by key (the CSV `options` column); empty if the backend has none.
    std::string canonical_options() const;
    // "name" or "name:key=value,…" with every option (the full canonical form).
    std::string text() const;
    // SPEC §3: the name and only the options that differ from their defaults ("gac",
    // "gac:sac=all"), stable when an option with a default is added.
    std::string spec() const;
    const std::string& get(const std::string& key) const { return options.at(key); }
    unsigned long long get_uint(const std::string& key) const;
};

// "NAME:key=value,…" split into the name and the options as given (InputError if an item is
// not key=value or a key repeats; `what` names the kind of spec in messages). Shared by solver specs and experiment methods.
struct SpecText {
    std::string name;
    std::map<std::string, std::string> options;
};
SpecText split_spec(std::string_view text, std::string_view what);

// Parses and validates against the registry: unknown backend, key or value → InputError
// listing the valid ones. Fills defaults.
SolverSpec parse_solver_spec(std::string_view text);

// The spec (SPEC §3) of a full or partial spec text "name:key=value,…", e.g. the
// solver:options of a CSV row written by any version: options equal to the backend's current
// defaults are dropped, others kept sorted (also keys the backend no longer has, so old rows
// stay distinguishable). Text whose name is not a backend (a critical-set method) stays whole.
std::string short_spec(const std::string& text);

// Validates `given` against a table and fills defaults (used by parse_solver_spec).
std::map<std::string, std::string> resolve_options(std::string_view backend, std::span<const OptionSpec> table,
                                                   const std::map<std::string, std::string>& given);

}  // namespace futolab
