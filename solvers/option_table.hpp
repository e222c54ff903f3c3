// Typed option tables, after CaDiCaL's options.hpp: each option of a backend (or of a
// generate/critical method) is declared once, bound to the field of the typed config it
// sets, with its allowed names or its range and its help. The default is the config's own
// member initialiser. From this one table come
//   - the OptionSpec rows: validation, `futolab list`, `--help` text, the canonical options
//     and the spec (SPEC §3);
//   - decode(): the typed config a backend reads;
//   - when an option has an effect (Entry::applies_when): a spec that names an option another
//     option's value makes inert is refused (option_applies.hpp), and `futolab list` says when
//     each applies.
// A value cannot be accepted by validation but unknown to the decoder (the silent-default bug
// of hand-written decoders), because both read the same entry.
#pragma once

#include "core/numbers.hpp"
#include "core/vocabulary.hpp"
#include "solvers/options.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace futolab {

// The upper end of a whole-number option without one (parse_whole reads up to 2^63 − 1): shown
// as such by `futolab list` and named by the refusal of a larger value.
inline constexpr std::uint64_t kNoUpperBound = std::numeric_limits<long long>::max();

template <class Config>
class OptionTable {
public:
    struct Entry {
        OptionSpec spec;
        std::function<void(Config&, std::string_view)> set;  // from a validated value

        // The option has an effect only where every one of `tests` holds, e.g.
        // whole<C>("sac_after", …).applies_when({OptionTest::is("sac", {"all"})}); or_when adds an
        // alternative. A test of an option that is inert itself fails, so a chain is declared
        // one link at a time; a test of the option itself reads its own value (a value that
        // agrees with what another option forces). What each backend really reads under which
        // settings decides it.
        Entry applies_when(std::vector<OptionTest> tests) && {
            spec.applies_when.push_back(std::move(tests));
            return std::move(*this);
        }
        Entry or_when(std::vector<OptionTest> tests) && { return std::move(*this).applies_when(std::move(tests)); }
    };

    OptionTable(std::initializer_list<Entry> entries) : entries_(entries) {
        for (const Entry& e : entries_) specs_.push_back(e.spec);
    }

    std::span<const OptionSpec> specs() const { return specs_; }

    // The typed config of a validated spec (parse_solver_spec / parse_method_spec filled every
    // key). Options the spec lacks keep their defaults.
    Config decode(const SolverSpec& spec) const {
        Config config{};
        for (const Entry& e : entries_) {
            const auto it = spec.options.find(std::string(e.spec.key));
            if (it != spec.options.end()) e.set(config, it->second);
        }
        return config;
    }

private:
    std::vector<Entry> entries_;
    std::vector<OptionSpec> specs_;
};

// An option with named values, e.g. choice<Config>("var", [](Config& c) -> auto& { return c.var; },
// {{"static", Var::static_order}, {"mrv", Var::mrv}}, "help"). Its default is the name of
// Config{}'s value, which must be one of the names.
template <class Config, class Field, class E = std::remove_reference_t<std::invoke_result_t<Field, Config&>>>
typename OptionTable<Config>::Entry choice(std::string_view key, Field field,
                                           std::vector<std::pair<std::string_view, E>> names, std::string_view help) {
    OptionSpec spec{key, {}, 0, 0, {}, help, {}, false, 0, 0, false};
    Config defaults{};
    for (const auto& [name, value] : names) {
        spec.values.push_back(name);
        if (value == field(defaults)) spec.default_value = std::string(name);
    }
    auto set = [field, names](Config& c, std::string_view text) {
        for (const auto& [name, value] : names)
            if (name == text) field(c) = value;
    };
    return {std::move(spec), std::move(set)};
}

// An option whose names are a vocabulary (core/vocabulary.hpp: a table, or the rows_where of
// one), e.g. the clue uses.
template <class Config, class Field, class Words, class E = ValueOf<RowOf<Words>>>
typename OptionTable<Config>::Entry choice(std::string_view key, Field field, const Words& words,
                                           std::string_view help) {
    std::vector<std::pair<std::string_view, E>> names;
    for (const auto& w : words) names.emplace_back(w.name, w.value);
    return choice<Config>(key, field, std::move(names), help);
}

// A whole-number option in [lo, hi]; the field may be any integer type that holds hi.
template <class Config, class Field, class T = std::remove_reference_t<std::invoke_result_t<Field, Config&>>>
typename OptionTable<Config>::Entry whole(std::string_view key, Field field, std::uint64_t lo, std::uint64_t hi,
                                          std::string_view help) {
    static_assert(std::is_integral_v<T>);
    Config defaults{};
    OptionSpec spec{key, {}, lo, hi, std::to_string(field(defaults)), help, {}, false, 0, 0, false};
    auto set = [field](Config& c, std::string_view text) { field(c) = static_cast<T>(parse_whole(text)); };
    return {std::move(spec), std::move(set)};
}

// A real-number option in [lo, hi] (0 <= lo): a double field, its value read exactly as typed
// and kept in the canonical options as the shortest text of the same double (real_text), so
// the field gets the very double the text names, on every resume.
template <class Config, class Field>
typename OptionTable<Config>::Entry real(std::string_view key, Field field, double lo, double hi, std::string_view help) {
    static_assert(std::is_same_v<std::remove_reference_t<std::invoke_result_t<Field, Config&>>, double>);
    Config defaults{};
    OptionSpec spec{key, {}, 0, 0, real_text(field(defaults)), help, {}, true, lo, hi, false};
    auto set = [field](Config& c, std::string_view text) { field(c) = parse_real(text); };
    return {std::move(spec), std::move(set)};
}

// Seconds, 0 to hi, kept as limits are (OptionSpec::nanoseconds): a real option whose canonical
// text is its nearest whole nanosecond, a positive value below 1 ns refused.
template <class Config, class Field>
typename OptionTable<Config>::Entry limit_seconds(std::string_view key, Field field, double hi, std::string_view help) {
    typename OptionTable<Config>::Entry entry = real<Config>(key, field, 0, hi, help);
    entry.spec.nanoseconds = true;
    return entry;
}

}  // namespace futolab
