// Seeds derived as --seed + i: item i of a run (a random square of `critical`, an instance of
// `generate`, a sampled square of `critical --exact --sample`) has seed --seed + i, written
// into its record and id. The last one must stay within 63 bits, the seeds a results CSV holds
// (signed 64-bit readers read them), and is never wrapped past 2^64: --seed 2^64-1 with
// --count 2 gave item 1 the seed 0, byte for byte the record of --seed 0 (red-team round 12,
// F7). experiments/config.cpp bounds critical_squares' seed and count the same way.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

namespace futolab {

inline constexpr std::uint64_t kMaxDerivedSeed = std::numeric_limits<std::int64_t>::max();

// Whether seeds S..S + C - 1 all stay within kMaxDerivedSeed (S itself when C is 0): the one
// rule check_seed_range and the config reader (experiments/config.cpp) apply.
bool seed_range_fits(std::uint64_t seed, std::uint64_t count);

// Throws InputError "<command>: --seed S with <count_option> C: too large (<item> i has seed
// --seed + i, at most 9223372036854775807)" unless S + C - 1 <= kMaxDerivedSeed (S itself
// when C is 0). An empty `count_option` (every item has seed S: the runs of given inputs) is
// left out of the message.
void check_seed_range(std::string_view command, std::uint64_t seed, std::uint64_t count, std::string_view count_option,
                      std::string_view item);

}  // namespace futolab
