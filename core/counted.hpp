// A count and its noun in agreement, for the messages that count things: "1 class", "2 classes"
// ("1 classes", "1 relations", "DRUP proof, 1 lines" were printed: red-team round 26; "1 runs in
// this shard", "from 1 files", "1/1 classes": round 27). In core/ so that experiments/ (the
// progress line) and app/ count with one helper.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

// "1 line", "2 lines": `plural` is the ending of more than one (and of none): "es" for "class".
inline std::string counted(std::size_t count, std::string_view noun, std::string_view plural = "s") {
    return fmt::format("{} {}{}", count, noun, count == 1 ? "" : plural);
}

}  // namespace futolab
