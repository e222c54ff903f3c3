// Numbers typed by a person (command-line options, YAML config keys) read into their real
// range. Every parser accepts the whole text or nothing, rejects nan and infinities, detects
// overflow instead of wrapping or saturating, and says what was wrong together with the
// accepted range in plain units:
//   "--time-limit: 1e10 s is too large (accepted: 0 to 9.2e9 s; 0 = none)"
// The message carries no file position: the command line has none, and the config reader
// (experiments/config.cpp) adds the YAML line and column of the value itself.
#pragma once

#include "core/error.hpp"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// A number out of its range or not a number at all. An InputError (exit 2); a separate type
// so that a caller that knows the position can catch exactly these and add it once.
class NumberError : public InputError {
public:
    using InputError::InputError;
};

// The largest time limit, in seconds: just under 2^63 ns, the range of a std::chrono
// nanosecond clock. Any larger limit could not be turned into a deadline.
inline constexpr double kMaxSeconds = 9.2e9;

// The largest whole number any option takes: 2^64 - 1.
inline constexpr std::uint64_t kMaxWhole = std::numeric_limits<std::uint64_t>::max();

// What a number is and which values it may take; `note` is appended to the range, e.g.
// "0 = none".
struct WholeRange {
    std::uint64_t min = 0;
    std::uint64_t max = kMaxWhole;
    std::string_view note = {};
};

struct RealRange {
    double min = 0;
    double max = std::numeric_limits<double>::max();
    std::string_view unit = {};  // printed after each bound, e.g. "s"
    std::string_view note = {};
};

// Decimal digits only (no sign, no exponent, no spaces), as a value in [min, max].
// `what` names the input in messages: "--node-limit", "limits.nodes".
std::uint64_t parse_uint_in(std::string_view text, std::string_view what, const WholeRange& range);

// A finite decimal number (e.g. 0.25, 1e-3) in [min, max]. A zero written with a minus sign
// ("-0", "-0.0", "-0e5") is refused, whatever the range (negative_zero).
double parse_double_in(std::string_view text, std::string_view what, const RealRange& range);

// Whether `number` is a zero written with a minus sign: "-0", "-0.000", "-0e5", "-.0". futolab
// writes none, and every number it reads refuses one (parse_uint_in as no whole number in digits,
// parse_double_in and parse_duration by this): read as 0, `limits: { time: -0s }` ran with no
// limit where `-1s` was "negative", and a checkpoint's `seconds: -0.000` passed where `+0.000` did
// not (red-team round 26, B F2).
bool negative_zero(std::string_view number);

// Whether `text` is a fixed-point number as "{:.Nf}" writes a value from 0 up: plain digits with
// no leading zero but a lone "0", a point and exactly `places` digits ("1.206", "0.000" for 3).
// No sign, exponent, space or quote: the one form the sidecars' loads and the few-relations
// checkpoint's seconds are read in.
bool is_fixed_point(std::string_view text, std::size_t places);

// A duration in seconds: a number with an optional unit us, ms, s (default), m or h, from 0
// to kMaxSeconds; 0 means "no limit" ("-0", "-0s": refused, negative_zero). "10s", "500ms",
// "1.5m", "2h", "3". Returned as
// whole_ns_limit keeps it: the nearest nanosecond (what a run records); a positive duration
// below 1 ns as typed is refused.
// `zero` says what 0 is: no limit (a time limit), or refused (a wait: FUTOLAB_WORKER_WAIT), and
// the accepted range printed says the same.
enum class ZeroDuration { none, refused };
double parse_duration(std::string_view text, std::string_view what, ZeroDuration zero = ZeroDuration::none);

inline constexpr std::uint64_t kNsPerSecond = 1'000'000'000;

// A limit typed as `number` units of `unit_ns` nanoseconds each (a decimal from 0 to
// kMaxSeconds, e.g. "1.5e-9" s, "0.5" ms) as it is kept, enforced and written: in whole
// nanoseconds (records limit_ms), the nearest one (a half up: 1.5e-9 s is 2 ns), in seconds; -1
// for a positive limit below 1 ns (it would be enforced but written as none). Read from the
// digits exactly, never through a double (0.9e-9 s times 1e9 rounds to 1). parse_duration and
// a method's limit_seconds option (a real option kept in nanoseconds, solvers/option_table.hpp)
// both keep their limits by it.
double whole_ns_limit(std::string_view number, std::uint64_t unit_ns = kNsPerSecond);

// A limit given in seconds as its `time_limit_ms` / `cpu_limit_ms` cell: rounded to the
// nanosecond, the resolution a limit is read in, so that `400us` is written 0.4 and not
// 0.39999999999999997 (seconds × 1000 in binary floating point). 0 stays 0 (none).
double limit_ms(double seconds);

// `v` in fixed notation in the fewest digits that read back as the same double (C++17
// [charconv.to.chars]): never an exponent ("0.000000001", not "1e-09"); "" for inf or nan.
std::string shortest_fixed(double v);

// The largest memory size: 1 EiB (2^60 bytes), far above any machine; 1 MiB is the least
// (less cannot hold a run).
inline constexpr std::uint64_t kMaxMemoryBytes = std::uint64_t{1} << 60;
inline constexpr std::uint64_t kMinMemoryBytes = std::uint64_t{1} << 20;

// A memory size: decimal digits with an optional fraction and a unit, no sign, no exponent,
// no space: "2GiB", "512MiB", "1.5GiB", "2GB", "102400kB", "1EiB". Units B, kB, MB, GB, TB, PB,
// EB (powers of 1000) and KiB, MiB, GiB, TiB, PiB, EiB (powers of 1024), case as written. Read
// exactly (no floating point): the result must be a whole number of KiB (the unit the CSV
// records a limit in: 1GB, 976562.5 KiB, is refused) from 1 MiB to 1 EiB, else a NumberError
// saying which rule the text breaks.
std::uint64_t parse_memory_size(std::string_view text, std::string_view what);

// A bound for messages in short plain form: 9.2e9, 0.001, 64.
std::string short_number(double value);

// Two decimal numbers compared exactly as written, never through a double (a 64-bit seed and
// the same seed written "N.0" or "N.5" are told apart): digits with an optional leading '-', an
// optional '.' and an optional exponent ("6163107194635030920", "2.5", "-0", "1.5e3"). nullopt
// if either is not such a number (inf, nan, hex, a '+' sign, an exponent of 16 digits or more).
std::optional<std::strong_ordering> compare_decimals(std::string_view a, std::string_view b);

}  // namespace futolab
