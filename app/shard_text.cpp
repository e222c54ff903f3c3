#include "app/shard_text.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string>

namespace futolab::app {

namespace {

// The range of I/N, as every refusal states it.
std::string shard_range() {
    return fmt::format("I/N with 0 <= I < N <= {}: shard I of N, counted from 0", kMaxShards);
}

// One part of I/N: plain digits (sscanf's %lu once took "-1" as 2^64 - 1), a value past 64 bits
// kept as the largest, which every range refuses.
std::uint64_t shard_part(std::string_view part, std::string_view name, const std::string& refused) {
    if (part.empty() || part.find_first_not_of("0123456789") != std::string_view::npos)
        throw InputError(fmt::format("{}{} '{}' is not a whole number in plain digits ({})", refused, name, part,
                                     shard_range()));
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    return ec == std::errc::result_out_of_range ? UINT64_MAX : value;
}

}  // namespace

ShardText parse_shard_text(std::string_view text, std::string_view command) {
    const std::string refused = fmt::format("{}: --shard {}: ", command, text);
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        throw InputError(fmt::format("{}is not I/N ({}, e.g. 0/4)", refused, shard_range()));
    const ShardText shard{.index = shard_part(text.substr(0, slash), "I", refused),
                          .count = shard_part(text.substr(slash + 1), "N", refused)};
    if (shard.count == 0 || shard.count > kMaxShards)
        throw InputError(fmt::format("{}N {} is too {} ({})", refused, text.substr(slash + 1),
                                     shard.count == 0 ? "small" : "large", shard_range()));
    // The last shard is N-1: `2/2` was run's last shard when it counted from 1, so say the range.
    if (shard.index >= shard.count)
        throw InputError(fmt::format("{}I {} is not below N {} ({}; the last is {}/{})", refused, text.substr(0, slash),
                                     shard.count, shard_range(), shard.count - 1, shard.count));
    return shard;
}

}  // namespace futolab::app
