#include "core/numbers.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <system_error>

namespace futolab {
namespace {

// The text as typed, for a message: control bytes escaped, long texts cut.
std::string shown(std::string_view text) {
    std::string out;
    for (char ch : text.substr(0, 40)) {
        const auto u = static_cast<unsigned char>(ch);
        out += u < 0x20 || u == 0x7f ? fmt::format("\\x{:02x}", u) : std::string(1, ch);
    }
    return text.size() > 40 ? out + "..." : out;
}

std::string accepted(const WholeRange& r) {
    return fmt::format("(accepted: {} to {}{}{})", r.min, r.max, r.note.empty() ? "" : "; ", r.note);
}

std::string accepted(const RealRange& r) {
    const std::string unit = r.unit.empty() ? "" : " " + std::string(r.unit);
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

}  // namespace

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

double parse_double_in(std::string_view text, std::string_view what, const RealRange& range) {
    const Real r = read_real(text);
    if (!r.ok) reject(what, "'" + shown(text) + "'", "is not a number", accepted(range));
    const bool tiny = r.out_of_range && r.value == 0;
    if (tiny || !(r.value >= range.min && r.value <= range.max))
        reject(what, shown(text), real_problem(r.value, tiny, range.min, range.max), accepted(range));
    return r.value;
}

double parse_duration(std::string_view text, std::string_view what) {
    static constexpr std::pair<std::string_view, double> kUnits[]{
        {"us", 1e-6}, {"ms", 1e-3}, {"s", 1.0}, {"m", 60.0}, {"h", 3600.0}};  // two-letter units first
    const RealRange range{0, kMaxSeconds, "s", "0 = none"};
    std::string_view number = text;
    double scale = 1.0;
    for (const auto& [unit, factor] : kUnits) {
        if (text.size() > unit.size() && text.ends_with(unit)) {
            number = text.substr(0, text.size() - unit.size());
            scale = factor;
            break;
        }
    }
    const Real r = read_real(number);
    if (!r.ok)
        reject(what, "'" + shown(text) + "'", "is not a duration",
               fmt::format("(accepted: 0 to {} s, as seconds or with a unit: 10s, 500ms, 2m, 1h; 0 = none)",
                           short_number(kMaxSeconds)));
    const bool plain = number.size() == text.size() && !std::isnan(r.value);
    const std::string value = shown(text) + (plain ? " s" : "");
    const double seconds = r.value * scale;
    const bool tiny = r.out_of_range && r.value == 0;
    if (tiny || !(seconds >= 0 && seconds <= kMaxSeconds))
        reject(what, value, real_problem(seconds, tiny, 0, kMaxSeconds), accepted(range));
    return seconds;
}

}  // namespace futolab
