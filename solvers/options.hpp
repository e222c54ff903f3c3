// Solver specs "NAME:key=value,…" (SPEC §3). Each backend declares its options as one typed
// table (option_table.hpp), as CaDiCaL's options.hpp does; parsing, validation, help text,
// the canonical CSV form, the spec and the backend's typed config are all generated from it.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab {

// A test of another option's setting, part of when an option has an effect (OptionSpec::
// applies_when): it holds when option `key` has an effect itself and its value is one of
// `values` (with `negate`, none of them).
struct OptionTest {
    std::string_view key;
    std::vector<std::string_view> values;
    bool negate = false;

    static OptionTest is(std::string_view key, std::vector<std::string_view> values) { return {key, std::move(values)}; }
    static OptionTest is_not(std::string_view key, std::vector<std::string_view> values) {
        return {key, std::move(values), true};
    }
    bool passes(std::string_view value) const;
    std::string text() const;  // "sac=all", "sac!=none", "alldiff=regin|binary"
};

// One option as validation and help see it (built by option_table.hpp).
struct OptionSpec {
    std::string_view key;
    std::vector<std::string_view> values;  // the allowed names; empty: a number, whole in [min, max] or real
    std::uint64_t min = 0, max = 0;
    std::string default_value;
    std::string_view help;
    // When the option has an effect: every test of one alternative holds (option_table.hpp's
    // Entry::applies_when). Empty: always. A spec that names an option where it has none is
    // refused (inert_because, option_applies.hpp).
    std::vector<std::vector<OptionTest>> applies_when;
    // A real number in [real_min, real_max] (option_table.hpp's real()) instead of a whole one:
    // read whole and exactly (no sign, nan or infinity), its canonical text the shortest that
    // reads back as the same double ("0.40" -> "0.4"), so the CSV `options` cell is stable.
    bool real = false;
    double real_min = 0, real_max = 0;
    // A real number of seconds kept as limits are (whole_ns_limit, core/numbers.hpp): its
    // canonical text the nearest whole nanosecond, a positive value below 1 ns refused, so the
    // option and the CLI's --time-limit give one options cell (option_table.hpp's limit_seconds()).
    bool nanoseconds = false;

    bool is_whole() const { return values.empty() && !real; }
    bool allows(std::string_view value) const;
    std::string allowed_text() const;  // "static|mrv", "0..64", "1..9223372036854775807"
    std::string applies_text() const;  // "" (always), "sac=all", "restarts=luby or adapt=yes"
};

// A whole number in decimal digits only (no sign, no spaces); -1 if it is not one or does
// not fit in 63 bits.
long long parse_whole(std::string_view text);
// A finite real number, the whole text (digits, '.', an exponent; no sign, no spaces); -1 if
// it is not one. Its canonical text: real_text.
double parse_real(std::string_view text);
std::string real_text(double value);

struct SolverSpec {
    std::string name;
    std::map<std::string, std::string> options;  // every key of the backend, defaults filled in
    std::map<std::string, std::string> given;    // the options the text named, values canonical

    // "key=value,…" sorted by key (the CSV `options` column); empty if the backend has none.
    std::string canonical_options() const;
    // "name" or "name:key=value,…" with every option (the full canonical form).
    std::string text() const;
    // SPEC §3: the name and only the options the config or command line gave, keys sorted
    // ("gac", "gac:sac=none", "fc:var=static"). Never compared with the defaults, so the label
    // keeps meaning what was asked for when a default changes; `options` shows what it ran.
    std::string spec() const;
};

// "NAME:key=value,…" split into the name and the options as given (InputError if an item is
// empty or not key=value, or a key repeats; `what` names the kind of spec in messages). Shared by solver specs and experiment methods.
struct SpecText {
    std::string name;
    std::map<std::string, std::string> options;
};
SpecText split_spec(std::string_view text, std::string_view what);

// Validates `given` against a table and fills defaults (used by parse_solver_spec,
// solvers/registry/registry.hpp).
std::map<std::string, std::string> resolve_options(std::string_view backend, std::span<const OptionSpec> table,
                                                   const std::map<std::string, std::string>& given);

// A validated spec of `name` from the options as given: `options` resolved against `table`,
// `given` the same keys with their canonical values ("007" → "7").
SolverSpec resolve_spec_text(std::string name, std::span<const OptionSpec> table,
                             const std::map<std::string, std::string>& given);

}  // namespace futolab
