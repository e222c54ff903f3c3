// `--shard I/N` as every command reads it: shard I of N, counted from 0 (0 <= I < N), one range
// and one wording for `run` and `critical`. From 0 because the committed results number shards
// so: the certificates' `shard: {index, count}` and the checkpoint files `…-shard-000-of-256`
// of `critical`, whose commands must keep working; `run` had no committed shards to renumber.
#pragma once

#include <cstdint>
#include <string_view>

namespace futolab::app {

// The most shards a job is cut into: far more than any cluster job array.
inline constexpr std::uint64_t kMaxShards = 1000000;

struct ShardText {
    std::uint64_t index = 0;  // from 0
    std::uint64_t count = 1;
};

// "I/N" with N in 1..kMaxShards and 0 <= I < N, both in plain digits (no sign, space, point or
// exponent). Throws InputError, one line starting "COMMAND: --shard TEXT: ", naming a missing
// '/', a part that is not a whole number, N out of its range or I out of its range, each with
// the range.
ShardText parse_shard_text(std::string_view text, std::string_view command);

}  // namespace futolab::app
