// Numeric command-line options read through core/numbers.hpp. The option takes its text and
// parses it itself, so CLI11's own conversion (which accepts nan, and reports overflow without
// the accepted range) never sees it. A bad value throws NumberError while CLI11 parses; main
// turns it into exit 2 with the message, e.g.
//   futolab: --time-limit: 1e10 s is too large (accepted: 0 to 9.2e9 s; 0 = none)
#pragma once

#include "core/numbers.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>

namespace futolab::app {

// "--jobs,-j" → "--jobs": the name messages use.
inline std::string long_name(const std::string& names) { return names.substr(0, names.find(',')); }

// A whole number in `range`, stored into `target` (an unsigned or a non-negative int); the
// range is cut to what `target` can hold, so nothing is ever truncated.
template <class T>
CLI::Option* add_whole(CLI::App* cmd, const std::string& names, T& target, WholeRange range, const std::string& help) {
    static_assert(std::is_integral_v<T>);
    range.max = std::min<std::uint64_t>(range.max, static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
    const std::string what = long_name(names);
    return cmd
        ->add_option_function<std::string>(
            names, [&target, range, what](const std::string& text) { target = static_cast<T>(parse_uint_in(text, what, range)); },
            help)
        ->type_name("N");
}

inline CLI::Option* add_real(CLI::App* cmd, const std::string& names, double& target, RealRange range,
                             const std::string& help) {
    const std::string what = long_name(names);
    return cmd
        ->add_option_function<std::string>(
            names, [&target, range, what](const std::string& text) { target = parse_double_in(text, what, range); }, help)
        ->type_name("X");
}

// Seconds, or a number with a unit (us, ms, s, m, h), 0 to kMaxSeconds; 0 = none. `typed`, if
// given, gets the text as typed: a caller that keeps coarser units than the nanoseconds of
// `target` checks that text, not the double (app/whole_milliseconds.hpp).
inline CLI::Option* add_duration(CLI::App* cmd, const std::string& names, double& target, const std::string& help,
                                 std::string* typed = nullptr) {
    const std::string what = long_name(names);
    return cmd
        ->add_option_function<std::string>(
            names,
            [&target, what, typed](const std::string& text) {
                target = parse_duration(text, what);
                if (typed) *typed = text;
            },
            help)
        ->type_name("SEC");
}

}  // namespace futolab::app
