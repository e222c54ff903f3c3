#include "app/whole_milliseconds.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace futolab::app {

namespace {

// A unit as a factor F and a power of ten P: one of it is F x 10^P ms.
struct MsUnit {
    std::string_view name;
    int factor;
    int power;
};

// Two-letter units first, as parse_duration reads them.
constexpr std::array<MsUnit, 5> kMsUnits{{{"us", 1, -3}, {"ms", 1, 0}, {"s", 1, 3}, {"m", 6, 4}, {"h", 36, 5}}};

// The exponent after 'e', saturated far beyond any that matters (a duration parse_duration took
// has a value from 1 ns to 9.2e9 s, or is zero).
long long exponent_value(std::string_view text) {
    const bool minus = text.starts_with('-');
    if (minus || text.starts_with('+')) text.remove_prefix(1);
    long long e = 0;
    for (const char d : text) e = std::min(e * 10 + (d - '0'), 1'000'000'000LL);
    return minus ? -e : e;
}

}  // namespace

bool is_whole_milliseconds(std::string_view duration) {
    MsUnit unit{"s", 1, 3};
    for (const MsUnit& u : kMsUnits)
        if (duration.size() > u.name.size() && duration.ends_with(u.name)) {
            unit = u;
            duration.remove_suffix(u.name.size());
            break;
        }
    if (duration.starts_with('-')) duration.remove_prefix(1);
    const std::size_t e = duration.find_first_of("eE");
    const std::string_view mantissa = duration.substr(0, e);
    long long power = e == std::string_view::npos ? 0 : exponent_value(duration.substr(e + 1));
    // The value as DIGITS x 10^power, DIGITS a whole number without leading or trailing zeros.
    std::string digits;
    for (const char c : mantissa)
        if (c == '.')
            power -= static_cast<long long>(mantissa.size() - mantissa.find('.') - 1);
        else
            digits += c;
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    if (digits.empty()) return true;  // zero: no limit
    const std::size_t last = digits.find_last_not_of('0');
    power += static_cast<long long>(digits.size() - last - 1);
    digits.erase(last + 1);
    // In ms: DIGITS x F x 10^(power + P). DIGITS ends in no 0, so it is not both even and a
    // multiple of 5; with F one of 1, 6 = 2 x 3 and 36 = 2^2 x 3^2, DIGITS x F is a multiple of
    // 10^k only for k <= 2, and then the last two digits of DIGITS decide it.
    const long long places = -(power + unit.power);
    if (places <= 0) return true;
    if (places > 2) return false;
    const int tail = std::stoi(digits.substr(digits.size() - std::min<std::size_t>(digits.size(), 2)));
    return tail * unit.factor % (places == 1 ? 10 : 100) == 0;
}

}  // namespace futolab::app
