// `--shard I/N` as `run` and `critical` read it: one reader, each command passing where its I
// counts from (run from 1, as its CSV names shards; critical from 0, as its certificates and
// checkpoints number them). A text that is not two whole numbers was once blamed on the
// numbering ("I counts from 1 here" for `a/2`); now each refusal names what is wrong.
#pragma once

#include <cstdint>
#include <string_view>

namespace futolab::app {

// The most shards a job is cut into: far more than any cluster job array.
inline constexpr std::uint64_t kMaxShards = 1000000;

struct ShardText {
    std::uint64_t index = 0;  // as typed: from `first`
    std::uint64_t count = 1;
};

// "I/N" with N in 1..kMaxShards and first <= I < first + N, both in plain digits (no sign,
// space, point or exponent). Throws InputError, one line starting "COMMAND: --shard TEXT: ",
// naming a missing '/', a part that is not a whole number, N out of its range, or an I out of
// its range together with where I counts from (and how the other command counts).
ShardText parse_shard_text(std::string_view text, std::string_view command, std::uint64_t first);

}  // namespace futolab::app
