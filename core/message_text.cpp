#include "core/message_text.hpp"

#include <algorithm>

namespace futolab {

std::string message_text(std::string_view text, std::size_t max) {
    std::size_t cut = std::min(text.size(), max);
    // A cut inside a character would show its first bytes as <0x..> markers the input does
    // not have: step back over at most 3 continuation bytes (10xxxxxx) to the character's
    // start; a longer run of them is no character, and is cut where it is.
    const auto continuation = [&](std::size_t i) { return (static_cast<unsigned char>(text[i]) & 0xc0) == 0x80; };
    std::size_t start = cut;
    while (start > 0 && start < text.size() && cut - start < 3 && continuation(start)) --start;
    if (start < text.size() && !continuation(start)) cut = start;
    return std::string(text.substr(0, cut)) + (cut < text.size() ? "..." : "");
}

}  // namespace futolab
