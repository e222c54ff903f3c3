// Is a duration, as typed, a whole number of milliseconds? The default search of `critical`
// keeps its time limit in whole ms (the method's time_ms) and refuses any other limit; the
// double parse_duration returns cannot tell 1.0000000000000001 s from 1 s, so the typed
// decimal is checked itself, digit by digit (red-team round 14, B F9).
#pragma once

#include <string_view>

namespace futolab::app {

// `duration` is a text parse_duration (core/numbers.hpp) accepted: a decimal number (digits,
// an optional '.', an optional exponent; "-0" at most as a sign) with an optional unit us, ms,
// s, m or h.
bool is_whole_milliseconds(std::string_view duration);

}  // namespace futolab::app
