#include "core/seed_range.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <string>

namespace futolab {

bool seed_range_fits(std::uint64_t seed, std::uint64_t count) {
    // Compared without computing seed + count - 1, which is what wraps.
    return seed <= kMaxDerivedSeed && (count == 0 || count - 1 <= kMaxDerivedSeed - seed);
}

void check_seed_range(std::string_view command, std::uint64_t seed, std::uint64_t count, std::string_view count_option,
                      std::string_view item) {
    if (seed_range_fits(seed, count)) return;
    const std::string with = count_option.empty() ? "" : fmt::format(" with {} {}", count_option, count);
    throw InputError(fmt::format("{}: --seed {}{}: too large ({} i has seed --seed + i, at most {})", command, seed, with, item,
                                 kMaxDerivedSeed));
}

}  // namespace futolab
