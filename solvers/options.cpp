#include "solvers/options.hpp"

#include "core/error.hpp"
#include "core/numbers.hpp"
#include "solvers/option_applies.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace futolab {
namespace {

std::string keys_of(std::span<const OptionSpec> table) {
    std::vector<std::string_view> keys;
    for (const OptionSpec& o : table) keys.push_back(o.key);
    return keys.empty() ? "none" : fmt::format("{}", fmt::join(keys, ", "));
}

// Why a whole-number option refuses `value`, the bound it misses named (round 8: 2^64 was
// "invalid (valid: 0 or more)" although the real bound is 2^63 - 1).
std::string whole_problem(const OptionSpec& o, std::string_view value) {
    const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string_view::npos;
    if (!digits) return fmt::format("is invalid (valid: {})", o.allowed_text());
    std::uint64_t x = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), x);
    if (ec == std::errc::result_out_of_range || x > o.max) return fmt::format("is too large (at most {})", o.max);
    return fmt::format("is too small (at least {})", o.min);
}

// A real number `value` (parse_real took it) above real_max or below real_min as typed, not
// only as its nearest double: temperature=1000000000.0000000001 is above 1e9, its double is not.
bool above_max(const OptionSpec& o, std::string_view value) {
    const auto order = compare_decimals(value, real_text(o.real_max));
    return parse_real(value) > o.real_max || (order && *order > 0);
}

bool below_min(const OptionSpec& o, std::string_view value) {
    const auto order = compare_decimals(value, real_text(o.real_min));
    return parse_real(value) < o.real_min || (order && *order < 0);
}

// Why a real-number option refuses `value`.
std::string real_problem(const OptionSpec& o, std::string_view value) {
    if (parse_real(value) < 0) return fmt::format("is invalid (valid: a number {})", o.allowed_text());
    if (above_max(o, value)) return fmt::format("is too large (at most {})", real_text(o.real_max));
    if (below_min(o, value)) return fmt::format("is too small (at least {})", real_text(o.real_min));
    return "is too small (at least 1 ns)";  // in range: only a limit in nanoseconds refuses it
}

// A value of an option with named values as its names are matched: a whole number in digits
// as futolab writes it ("05" -> "5", construct's split), read as whole options and every whole
// number of the command line and configs are (leading zeros taken); any other text as it is.
std::string name_of_value(std::string_view value) {
    const long long x = parse_whole(value);
    return x >= 0 ? std::to_string(x) : std::string(value);
}

// The value as the canonical options hold it: "007" -> "7", "0.40" -> "0.4", a name as it is.
std::string canonical_value(const OptionSpec& o, const std::string& value) {
    if (o.real) return real_text(o.nanoseconds ? whole_ns_limit(value) : parse_real(value));
    return o.is_whole() ? std::to_string(parse_whole(value)) : name_of_value(value);
}

}  // namespace

double parse_real(std::string_view text) {
    // from_chars takes a leading '-', "inf" and "nan": none is a value an option may take.
    if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string_view::npos || text.front() == '-' ||
        text.front() == '+')
        return -1;
    double x = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
    return ec == std::errc() && end == text.data() + text.size() && std::isfinite(x) ? x : -1;
}

std::string real_text(double value) { return fmt::format("{}", value == 0 ? 0.0 : value); }

long long parse_whole(std::string_view text) {
    long long x = 0;
    if (text.empty() || text.front() < '0' || text.front() > '9') return -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
    return ec == std::errc() && end == text.data() + text.size() ? x : -1;
}

bool OptionSpec::allows(std::string_view value) const {
    if (real)
        return parse_real(value) >= 0 && !above_max(*this, value) && !below_min(*this, value) &&
               (!nanoseconds || whole_ns_limit(value) >= 0);
    if (!is_whole()) return std::find(values.begin(), values.end(), name_of_value(value)) != values.end();
    const long long x = parse_whole(value);
    return x >= 0 && static_cast<std::uint64_t>(x) >= min && static_cast<std::uint64_t>(x) <= max;
}

std::string OptionSpec::allowed_text() const {
    if (real) return fmt::format("{}..{}", real_text(real_min), real_text(real_max));
    if (!is_whole()) return fmt::format("{}", fmt::join(values, "|"));
    return fmt::format("{}..{}", min, max);  // the real bound, 9223372036854775807 where parse_whole sets it
}

std::string SolverSpec::canonical_options() const {
    std::string out;
    for (const auto& [key, value] : options) out += (out.empty() ? "" : ",") + key + "=" + value;
    return out;
}

std::string SolverSpec::text() const {
    const std::string opts = canonical_options();
    return opts.empty() ? name : name + ":" + opts;
}

std::string SolverSpec::spec() const {
    std::string opts;
    for (const auto& [key, value] : given) opts += (opts.empty() ? "" : ",") + key + "=" + value;
    return opts.empty() ? name : name + ":" + opts;
}

std::map<std::string, std::string> resolve_options(std::string_view backend, std::span<const OptionSpec> table,
                                                   const std::map<std::string, std::string>& given) {
    std::map<std::string, std::string> out;
    for (const OptionSpec& o : table) out[std::string(o.key)] = std::string(o.default_value);
    for (const auto& [key, value] : given) {
        // An init-capture: clang 14 (the fuzz preset) cannot capture a structured binding.
        const auto it = std::find_if(table.begin(), table.end(), [&key = key](const OptionSpec& o) { return o.key == key; });
        if (it == table.end())
            throw InputError(fmt::format("solver '{}' has no option '{}' (valid: {})", backend, key, keys_of(table)));
        if (!it->allows(value))
            throw InputError(fmt::format("solver '{}': option {}={} {}", backend, key, value,
                                         it->real       ? real_problem(*it, value)
                                         : it->is_whole() ? whole_problem(*it, value)
                                                          : fmt::format("is invalid (valid: {})", it->allowed_text())));
        out[key] = canonical_value(*it, value);  // "007" → "7": one canonical form
    }
    return out;
}

SpecText split_spec(std::string_view text, std::string_view what) {
    const std::size_t colon = text.find(':');
    SpecText out{std::string(text.substr(0, colon)), {}};
    if (colon == std::string_view::npos) return out;
    // Every item between ':' and the end, the empty ones too: "gac:" and "gac:var=mrv," were
    // read as if the ':' or the last ',' were not there, while "gac:var=mrv,," was refused (a
    // list takes no empty item, round 14 B F10).
    std::string_view rest = text.substr(colon + 1);
    for (;;) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        if (item.empty())
            throw InputError(fmt::format("{} '{}' has an empty option (no key=value after a ':' or ','; drop that separator)",
                                         what, text));
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos || eq == 0)
            throw InputError(fmt::format("{} '{}': '{}' is not key=value", what, text, item));
        if (!out.options.emplace(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1))).second)
            throw InputError(fmt::format("{} '{}': option '{}' is given twice", what, text, item.substr(0, eq)));
        if (comma == std::string_view::npos) return out;
        rest = rest.substr(comma + 1);
    }
}

SolverSpec resolve_spec_text(std::string name, std::span<const OptionSpec> table,
                             const std::map<std::string, std::string>& given) {
    SolverSpec spec;
    spec.name = std::move(name);
    spec.options = resolve_options(spec.name, table, given);
    for (const auto& [key, value] : given) spec.given[key] = spec.options.at(key);
    refuse_inert_options(spec.name, table, spec.given, spec.options);
    return spec;
}

}  // namespace futolab
