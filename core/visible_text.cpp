#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <utility>

namespace futolab {
namespace {

struct Decoded {
    char32_t code_point = 0;
    std::size_t length = 0;  // 0: the byte at the start is not valid UTF-8
};

// One UTF-8 sequence at the start of `text`, strictly (RFC 3629): no overlong forms, no
// surrogates, nothing above U+10FFFF.
Decoded decode(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return {lead, 1};
    const std::size_t length = lead >= 0xf8 ? 0 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    if (length == 0 || length > text.size()) return {};
    char32_t cp = lead & (0x7f >> length);
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xc0) != 0x80) return {};
        cp = (cp << 6) | (byte(i) & 0x3f);
    }
    constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kLeast[length] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return {};
    return {cp, length};
}

}  // namespace

bool is_invisible(char32_t c) {
    constexpr std::pair<char32_t, char32_t> kRanges[] = {
        {0x00, 0x1f},     {0x7f, 0x9f},     {0xad, 0xad},     {0x61c, 0x61c},   {0x180e, 0x180e}, {0x200b, 0x200f},
        {0x2028, 0x202e}, {0x2060, 0x2064}, {0x2066, 0x206f}, {0xfeff, 0xfeff}, {0xfff9, 0xfffb}};
    for (const auto& [low, high] : kRanges)
        if (c >= low && c <= high) return true;
    return false;
}

std::string visible_text(std::string_view text, LineBreaks breaks) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Decoded d = decode(text.substr(i));
        if (d.length == 0) {
            out += fmt::format("<0x{:02X}>", static_cast<unsigned>(static_cast<unsigned char>(text[i])));
            ++i;
            continue;
        }
        const bool kept = breaks == LineBreaks::kept && (d.code_point == '\n' || d.code_point == '\t');
        if (is_invisible(d.code_point) && !kept)
            out += fmt::format("<U+{:04X}>", static_cast<std::uint32_t>(d.code_point));
        else
            out.append(text.substr(i, d.length));
        i += d.length;
    }
    return out;
}

}  // namespace futolab
