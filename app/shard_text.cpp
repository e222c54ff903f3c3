#include "app/shard_text.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string>

namespace futolab::app {

namespace {

// The range of I/N in a command's numbering, as every refusal states it.
std::string shard_range(std::uint64_t first) {
    return first == 0 ? fmt::format("I/N with 0 <= I < N <= {}", kMaxShards)
                      : fmt::format("I/N with 1 <= I <= N <= {}", kMaxShards);
}

// One part of I/N: plain digits (sscanf's %lu once took "-1" as 2^64 - 1), a value past 64 bits
// kept as the largest, which every range refuses.
std::uint64_t shard_part(std::string_view part, std::string_view name, const std::string& refused, std::uint64_t first) {
    if (part.empty() || part.find_first_not_of("0123456789") != std::string_view::npos)
        throw InputError(fmt::format("{}{} '{}' is not a whole number in plain digits ({})", refused, name, part,
                                     shard_range(first)));
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    return ec == std::errc::result_out_of_range ? UINT64_MAX : value;
}

}  // namespace

ShardText parse_shard_text(std::string_view text, std::string_view command, std::uint64_t first) {
    const std::string refused = fmt::format("{}: --shard {}: ", command, text);
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        throw InputError(fmt::format("{}is not I/N ({}, e.g. {}/4)", refused, shard_range(first), first + 1));
    const ShardText shard{.index = shard_part(text.substr(0, slash), "I", refused, first),
                          .count = shard_part(text.substr(slash + 1), "N", refused, first)};
    if (shard.count == 0 || shard.count > kMaxShards)
        throw InputError(fmt::format("{}N {} is too {} ({})", refused, text.substr(slash + 1),
                                     shard.count == 0 ? "small" : "large", shard_range(first)));
    // The two commands count I differently: a refused I says how this one counts, and the other.
    if (shard.index < first || shard.index - first >= shard.count)
        throw InputError(fmt::format("{}I counts from {} here: {} ({} --shard counts from {})", refused, first,
                                     shard_range(first), first == 0 ? "run" : "critical", first == 0 ? 1 : 0));
    return shard;
}

}  // namespace futolab::app
