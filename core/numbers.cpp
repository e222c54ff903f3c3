#include "core/numbers.hpp"

#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <compare>
#include <iterator>
#include <limits>
#include <optional>
#include <system_error>
#include <utility>

namespace futolab {
namespace {

// The text as typed, for a message: cut, invisible characters shown (core/message_text.hpp).
std::string shown(std::string_view text) { return message_text(text, 40); }

std::string accepted(const WholeRange& r) {
    return fmt::format("(accepted: {} to {}{}{})", r.min, r.max, r.note.empty() ? "" : "; ", r.note);
}

std::string accepted(const RealRange& r) {
    // One space before the unit however the caller wrote it (" %" once printed "1e9  %").
    std::string_view bare = r.unit;
    while (bare.starts_with(' ')) bare.remove_prefix(1);
    const std::string unit = bare.empty() ? "" : " " + std::string(bare);
    return fmt::format("(accepted: {} to {}{}{}{})", short_number(r.min), short_number(r.max), unit,
                       r.note.empty() ? "" : "; ", r.note);
}

[[noreturn]] void reject(std::string_view what, const std::string& value, std::string_view problem,
                         const std::string& range) {
    throw NumberError(fmt::format("{}: {} {} {}", what, value, problem, range));
}

// The whole text as a double; nullopt if it is not one. from_chars reads "nan", "inf" and
// "-inf" too, which the callers reject with their own words.
struct Real {
    bool ok = false;
    bool out_of_range = false;  // beyond the range of a double (1e400) or below its smallest (1e-400)
    double value = 0;
};

Real read_real(std::string_view text) {
    Real r;
    if (text.empty()) return r;
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, r.value);
    if (stop != end) return r;
    r.ok = ec == std::errc() || ec == std::errc::result_out_of_range;
    r.out_of_range = ec == std::errc::result_out_of_range;
    if (r.out_of_range) {
        // libstdc++ leaves the value unspecified: tell overflow from underflow by the exponent.
        const bool negative = text.front() == '-';
        const bool tiny = text.find("e-") != std::string_view::npos || text.find("E-") != std::string_view::npos;
        r.value = tiny ? 0.0 : (negative ? -HUGE_VAL : HUGE_VAL);
    }
    return r;
}

// Why a real number `v` (typed as `text`) is outside [min, max], in words.
std::string_view real_problem(double v, bool tiny, double min, double max) {
    if (std::isnan(v)) return "is not a number";
    if (tiny) return "is too close to 0 to be represented";
    if (v > max) return "is too large";
    if (v < 0 && min >= 0) return "is negative";
    return "is too small";
}

// Memory units: the text after the number must be one of them exactly.
constexpr std::pair<std::string_view, std::uint64_t> kMemoryUnits[]{
    {"KiB", 1ULL << 10}, {"MiB", 1ULL << 20}, {"GiB", 1ULL << 30}, {"TiB", 1ULL << 40}, {"PiB", 1ULL << 50},
    {"EiB", 1ULL << 60}, {"kB", 1'000ULL}, {"MB", 1'000'000ULL}, {"GB", 1'000'000'000ULL},
    {"TB", 1'000'000'000'000ULL}, {"PB", 1'000'000'000'000'000ULL}, {"EB", 1'000'000'000'000'000'000ULL}, {"B", 1}};

constexpr std::string_view kMemoryRange = "(accepted: 1 MiB to 1 EiB, a whole number of KiB)";

// 128 bits: a memory size times its unit is computed exactly (GCC and Clang have it; the
// extension keyword keeps -Wpedantic quiet).
__extension__ typedef unsigned __int128 U128;

// Digits only, as a 128-bit value; nullopt when empty, not digits, or above 2^64 (every
// caller treats that as too large).
std::optional<U128> digits_value(std::string_view digits) {
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    U128 v = 0;
    for (const char d : digits) {
        v = v * 10 + static_cast<unsigned>(d - '0');
        if (v > static_cast<U128>(kMaxWhole)) return static_cast<U128>(kMaxWhole) + 1;
    }
    return v;
}

// A decimal number as 0.DIGITS x 10^point, DIGITS without leading or trailing zeros (none for
// zero), so that two of them compare by sign, then point, then digits as text.
struct Decimal {
    bool negative = false;
    std::string digits;
    long long point = 0;
};

std::optional<long long> exponent_of(std::string_view text) {
    const bool minus = text.starts_with('-');
    if (minus || text.starts_with('+')) text.remove_prefix(1);
    text.remove_prefix(std::min(text.find_first_not_of('0'), text.size()));
    if (text.size() > 15 || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    long long e = 0;
    for (const char d : text) e = e * 10 + (d - '0');
    return minus ? -e : e;
}

std::optional<Decimal> read_decimal(std::string_view text) {
    Decimal d;
    d.negative = text.starts_with('-');
    if (d.negative) text.remove_prefix(1);
    const std::size_t e = text.find_first_of("eE");
    const auto exponent = e == std::string_view::npos ? std::optional<long long>(0) : exponent_of(text.substr(e + 1));
    const std::string_view mantissa = text.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    const std::string_view whole = mantissa.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : mantissa.substr(dot + 1);
    const auto digits = [](std::string_view t) { return t.find_first_not_of("0123456789") == std::string_view::npos; };
    if (!exponent || whole.size() + fraction.size() == 0 || !digits(whole) || !digits(fraction) ||
        (e != std::string_view::npos && e + 1 == text.size()))
        return std::nullopt;
    d.digits = std::string(whole) + std::string(fraction);
    d.point = static_cast<long long>(whole.size()) + *exponent;
    const std::size_t first = std::min(d.digits.find_first_not_of('0'), d.digits.size());
    d.digits.erase(0, first);
    d.point -= static_cast<long long>(first);
    d.digits.erase(d.digits.find_last_not_of('0') + 1);  // npos + 1 == 0: all zeros
    if (d.digits.empty()) d = Decimal{};                 // -0 is 0
    return d;
}

// The ordering of two magnitudes: more places before the point is larger, then digit by digit.
std::strong_ordering magnitude_order(const Decimal& a, const Decimal& b) {
    if (a.digits.empty() || b.digits.empty()) return !a.digits.empty() <=> !b.digits.empty();  // zero is the least
    if (a.point != b.point) return a.point <=> b.point;
    return a.digits.compare(b.digits) <=> 0;
}

// `d` times `factor`, exactly: the digits multiplied from the last one, the point moved by
// the places the product gained. (Each step is below 10 x factor: no overflow for any factor
// below 2^60.)
Decimal times(Decimal d, std::uint64_t factor) {
    if (d.digits.empty()) return d;
    std::string product;  // least significant digit first
    std::uint64_t carry = 0;
    for (auto digit = d.digits.rbegin(); digit != d.digits.rend(); ++digit) {
        const std::uint64_t v = static_cast<std::uint64_t>(*digit - '0') * factor + carry;
        product += static_cast<char>('0' + v % 10);
        carry = v / 10;
    }
    for (; carry > 0; carry /= 10) product += static_cast<char>('0' + carry % 10);
    std::reverse(product.begin(), product.end());
    d.point += static_cast<long long>(product.size() - d.digits.size());
    d.digits = std::move(product);
    return d;
}

}  // namespace

std::optional<std::strong_ordering> compare_decimals(std::string_view a, std::string_view b) {
    const auto x = read_decimal(a), y = read_decimal(b);
    if (!x || !y) return std::nullopt;
    if (x->negative != y->negative) return x->negative ? std::strong_ordering::less : std::strong_ordering::greater;
    const std::strong_ordering m = magnitude_order(*x, *y);
    return x->negative ? 0 <=> m : m;  // among negatives the larger magnitude is the smaller number
}

std::uint64_t parse_memory_size(std::string_view text, std::string_view what) {
    const std::size_t split = std::min(text.find_first_not_of("0123456789."), text.size());
    const std::string_view number = text.substr(0, split), suffix = text.substr(split);
    const std::size_t dot = number.find('.');
    const std::string_view whole = number.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view() : number.substr(dot + 1);
    while (fraction.ends_with('0')) fraction.remove_suffix(1);
    const auto int_part = digits_value(whole);
    const auto frac_part = fraction.empty() ? std::optional<U128>(0) : digits_value(fraction);
    const bool letters = suffix.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string_view::npos;
    if (!int_part || !frac_part || number.ends_with('.') || !letters)
        reject(what, "'" + shown(text) + "'", "is not a memory size", "(e.g. 2GiB, 512MiB, 1.5GiB)");
    const auto unit = std::find_if(std::begin(kMemoryUnits), std::end(kMemoryUnits),
                                   [&](const auto& u) { return suffix == u.first; });
    if (unit == std::end(kMemoryUnits))  // "1gib": a unit in the wrong case is not "no unit"
        reject(what, "'" + shown(text) + "'", suffix.empty() ? "needs a unit:" : "has an unknown unit (units are case-sensitive):",
               "B, kB, KiB, MB, MiB, GB, GiB, TB, TiB, PB, PiB, EB or EiB (e.g. 2GiB)");
    // 18 decimals: 10^18 * 2^60 still fits in 128 bits; a finer fraction is never a whole byte
    // in the accepted range's units but the smallest ones, which nobody writes that way.
    if (fraction.size() > 18) reject(what, shown(text), "has too many decimals", std::string(kMemoryRange));
    U128 scale = 1;
    for (std::size_t i = 0; i < fraction.size(); ++i) scale *= 10;
    const U128 fraction_bytes = *frac_part * unit->second;
    const U128 bytes = *int_part * unit->second + fraction_bytes / scale;
    if (bytes > kMaxMemoryBytes) reject(what, shown(text), "is too large", std::string(kMemoryRange));
    if (fraction_bytes % scale != 0) reject(what, shown(text), "is not a whole number of bytes", std::string(kMemoryRange));
    if (bytes < kMinMemoryBytes) reject(what, shown(text), "is too small", std::string(kMemoryRange));
    // The limit is written as memory_limit_kb (SPEC §5): 12MB (11718.75 KiB) and 12000001B were
    // both written 11718, two limits as one cell (red-team round 14, B F20). So it must be whole
    // KiB, as the cell can say it exactly; the two nearest are named.
    if (const auto kib = static_cast<std::uint64_t>(bytes / 1024); bytes % 1024 != 0)
        reject(what, shown(text), fmt::format("is {} bytes, not a whole number of KiB (as memory_limit_kb records it): "
                                              "use {}KiB or {}KiB", static_cast<std::uint64_t>(bytes), kib, kib + 1),
               std::string(kMemoryRange));
    return static_cast<std::uint64_t>(bytes);
}

std::string short_number(double value) {
    if (value == std::floor(value) && std::fabs(value) < 1e7) return fmt::format("{}", static_cast<long long>(value));
    std::string s = fmt::format("{:.3g}", value);  // e.g. 9.2e+09
    const std::size_t e = s.find('e');
    if (e == std::string::npos) return s;
    std::string exponent = s.substr(e + 1);
    const bool negative = exponent.front() == '-';
    exponent.erase(0, exponent.find_first_not_of("+-0"));
    return s.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

std::uint64_t parse_uint_in(std::string_view text, std::string_view what, const WholeRange& range) {
    const char* end = text.data() + text.size();
    std::uint64_t v = 0;
    const auto [stop, ec] = std::from_chars(text.data(), end, v);
    if (!text.empty() && stop == end && ec == std::errc()) {
        if (v > range.max) reject(what, shown(text), "is too large", accepted(range));
        if (v < range.min) reject(what, shown(text), "is too small", accepted(range));
        return v;
    }
    if (!text.empty() && stop == end && ec == std::errc::result_out_of_range)  // 2^64 and above
        reject(what, shown(text), "is too large", accepted(range));
    // Not plain digits: name the problem of a number written otherwise (-1, 2.5, 1e300, nan).
    const Real r = read_real(text);
    if (!r.ok) reject(what, "'" + shown(text) + "'", "is not a whole number", accepted(range));
    if (std::isnan(r.value)) reject(what, shown(text), "is not a number", accepted(range));
    if (r.value < 0) reject(what, shown(text), "is negative", accepted(range));
    if (r.value > static_cast<double>(range.max)) reject(what, shown(text), "is too large", accepted(range));
    reject(what, shown(text), "is not a whole number written in digits", accepted(range));
}

// The one refusal of a zero with a minus sign, in every reader's words but the range.
constexpr std::string_view kNegativeZero = "is zero with a minus sign, which futolab never writes (write 0)";

bool negative_zero(std::string_view number) {
    if (!number.starts_with('-')) return false;
    const Real r = read_real(number);
    return r.ok && !r.out_of_range && r.value == 0;  // -1e-400 is a tiny number, refused as one
}

bool is_fixed_point(std::string_view text, std::size_t places) {
    const std::size_t point = text.find('.');
    if (point == std::string_view::npos || point == 0 || text.size() - point - 1 != places) return false;
    const auto digits = [](std::string_view part) { return part.find_first_not_of("0123456789") == std::string_view::npos; };
    return digits(text.substr(0, point)) && digits(text.substr(point + 1)) && (point == 1 || text.front() != '0');
}

double parse_double_in(std::string_view text, std::string_view what, const RealRange& range) {
    const Real r = read_real(text);
    if (!r.ok) reject(what, "'" + shown(text) + "'", "is not a number", accepted(range));
    if (negative_zero(text)) reject(what, shown(text), kNegativeZero, accepted(range));
    const bool tiny = r.out_of_range && r.value == 0;
    if (tiny || !(r.value >= range.min && r.value <= range.max))
        reject(what, shown(text), real_problem(r.value, tiny, range.min, range.max), accepted(range));
    // The range holds for the number as typed, not only for the double nearest to it:
    // `--givens 1.0000000000000001` (above 1) rounds to 1.0 and was accepted (round 11).
    if (const auto above = compare_decimals(text, shortest_fixed(range.max)); above && *above > 0)
        reject(what, shown(text), "is too large", accepted(range));
    if (const auto below = compare_decimals(text, shortest_fixed(range.min)); below && *below < 0)
        reject(what, shown(text), range.min == 0 ? "is negative" : "is too small", accepted(range));
    return r.value + 0.0;  // never a negative zero (an underflow, -1e-400, is refused above as tiny)
}

// The accepted range of a duration, in the words of its kind: a limit takes 0 as "none", a
// wait starts at 1 ns (round 11: the wait variables said "accepted: 0 to …; 0 = none" and then
// refused 0).
namespace {

// The largest limit in whole nanoseconds: kMaxSeconds, exactly.
constexpr std::uint64_t kMaxNs = 9'200'000'000'000'000'000u;

// A limit typed as `number` units of `unit_ns` nanoseconds each, read from its digits exactly:
// the nearest whole nanosecond (a half up), whether the typed value is a positive one below
// 1 ns, and whether it is above kMaxSeconds (compared before any rounding: 9200000000.0000001 s
// is above it, where the double it reads as is not; red-team round 29, B3).
struct TypedNs {
    std::uint64_t whole = 0;
    bool below_one = false;
    bool above_max = false;
};

TypedNs typed_ns(std::string_view number, std::uint64_t unit_ns) {
    TypedNs t;
    const std::optional<Decimal> typed = read_decimal(number);
    // An exponent read_decimal cannot hold: zero with any exponent, else tiny or huge.
    if (!typed) {
        const double v = read_real(number).value;
        t.below_one = v != 0 && std::fabs(v) < 1;
        t.above_max = std::fabs(v) >= 1;
        return t;
    }
    const Decimal ns = times(*typed, unit_ns);
    if (ns.digits.empty()) return t;  // -0 is 0
    // A positive limit below 1 ns would be enforced but written as none (an empty cell), and
    // clocks that count whole ns would treat it as none. Refused, never raised to 1 ns: read
    // through a double, 0.5e-9 s and 0.9e-9 s rounded up to 1 ns and were kept.
    if (ns.point <= 0) {
        t.below_one = true;
        return t;
    }
    if (ns.point > 19) {  // 10^19 ns and more
        t.above_max = true;
        return t;
    }
    for (long long i = 0; i < ns.point; ++i)  // at most 19 digits: below 2^64
        t.whole = t.whole * 10 + (i < std::ssize(ns.digits) ? static_cast<unsigned>(ns.digits[i] - '0') : 0);
    const bool fraction = ns.point < std::ssize(ns.digits);  // the digits hold no trailing zero
    t.above_max = t.whole > kMaxNs || (t.whole == kMaxNs && fraction);
    if (fraction && ns.digits[ns.point] >= '5') ++t.whole;  // the nearest ns, a half up
    return t;
}

// `whole` nanoseconds as milliseconds in the fewest digits: the cell a limit of that many
// nanoseconds should have.
std::string ns_as_ms(std::uint64_t whole) {
    std::string text = std::to_string(whole / 1'000'000);
    if (const std::uint64_t rest = whole % 1'000'000; rest != 0) {
        std::string fraction = fmt::format("{:06}", rest);
        fraction.erase(fraction.find_last_not_of('0') + 1);
        text += "." + fraction;
    }
    return text;
}

}  // namespace

std::string accepted_duration(ZeroDuration zero, bool with_units) {
    const std::string units = with_units ? ", as seconds or with a unit: 10s, 500ms, 2m, 1h" : "";
    return zero == ZeroDuration::none ? fmt::format("(accepted: 0 to {} s{}; 0 = none)", short_number(kMaxSeconds), units)
                                      : fmt::format("(accepted: 1 ns to {} s{})", short_number(kMaxSeconds), units);
}

double parse_duration(std::string_view text, std::string_view what, ZeroDuration zero) {
    // Each unit in whole nanoseconds (the limit is kept from the digits as typed times it),
    // two-letter units first.
    static constexpr std::pair<std::string_view, std::uint64_t> kUnits[]{
        {"us", 1'000}, {"ms", 1'000'000}, {"s", kNsPerSecond}, {"m", 60 * kNsPerSecond}, {"h", 3600 * kNsPerSecond}};
    std::string_view number = text;
    std::uint64_t unit_ns = kNsPerSecond;
    for (const auto& [unit, ns] : kUnits) {
        if (text.size() > unit.size() && text.ends_with(unit)) {
            number = text.substr(0, text.size() - unit.size());
            unit_ns = ns;
            break;
        }
    }
    const double scale = static_cast<double>(unit_ns) / 1e9;  // 1e-6 for us: the same double as the literal
    const Real r = read_real(number);
    if (!r.ok) reject(what, "'" + shown(text) + "'", "is not a duration", accepted_duration(zero, true));
    const bool plain = number.size() == text.size() && !std::isnan(r.value);
    const std::string value = shown(text) + (plain ? " s" : "");
    if (negative_zero(number)) reject(what, value, kNegativeZero, accepted_duration(zero, false));
    const double seconds = r.value * scale;
    const bool tiny = r.out_of_range && r.value == 0;
    if (tiny || !(seconds >= 0 && seconds <= kMaxSeconds))
        reject(what, value, real_problem(seconds, tiny, 0, kMaxSeconds), accepted_duration(zero, false));
    if (seconds == 0 && zero == ZeroDuration::refused)
        reject(what, value, "is no wait (give a positive duration)", accepted_duration(zero, true));
    const TypedNs typed = typed_ns(number, unit_ns);
    if (typed.above_max) reject(what, value, "is too large", accepted_duration(zero, false));
    if (typed.below_one) reject(what, value, "is too small (at least 1 ns)", accepted_duration(zero, false));
    const double kept = static_cast<double>(typed.whole) / 1e9;
    // A limit is kept in seconds as a double, which holds every nanosecond only up to about
    // 2^52 ns (52 days): beyond, one typed to the nanosecond (or a whole second above 4.6e9 s)
    // would be enforced and recorded as a neighbour. Refused, naming what it would become
    // (red-team round 29, B3: limits above about 2^53 ns lost nanoseconds silently).
    const std::string kept_ms = shortest_fixed(limit_ms(kept));
    if (kept_ms != ns_as_ms(typed.whole))
        reject(what, value,
               fmt::format("cannot be kept exactly: a limit is held in seconds as a double, and this one would be "
                           "enforced and recorded as {} ms", kept_ms),
               "(give a shorter limit or a rounder one; 0 = none)");
    return kept;
}


double whole_ns_limit(std::string_view number, std::uint64_t unit_ns) {
    const TypedNs t = typed_ns(number, unit_ns);
    if (t.below_one) return -1;
    if (t.above_max) return std::numeric_limits<double>::infinity();  // beyond the clock; callers refuse it first
    return static_cast<double>(t.whole) / 1e9;
}

double limit_ms(double seconds) { return std::round(seconds * 1e9) / 1e6; }

std::string shortest_fixed(double v) {
    char text[400];  // the longest fixed form of a finite double (about 330 characters)
    const auto [end, ec] = std::to_chars(text, text + sizeof text, v, std::chars_format::fixed);
    return ec == std::errc() ? std::string(text, end) : std::string();
}

}  // namespace futolab
