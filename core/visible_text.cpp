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

// Controls and separators; Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt:
// bidi and zero-width controls, fillers that draw nothing such as U+3164, variation selectors,
// tags); the space separators (Zs) other than U+0020, which print as a plain space; the
// interlinear annotation controls; and U+2800, the Braille pattern with no dots, a symbol
// that draws a blank (an id of it alone showed as an empty cell: red-team round 29, C5).
bool is_invisible(char32_t c) {
    constexpr std::pair<char32_t, char32_t> kRanges[] = {
        {0x00, 0x1f},       {0x7f, 0xa0},       {0xad, 0xad},       {0x34f, 0x34f},     {0x61c, 0x61c},
        {0x115f, 0x1160},   {0x1680, 0x1680},   {0x17b4, 0x17b5},   {0x180b, 0x180f},   {0x2000, 0x200f},
        {0x2028, 0x202f},   {0x205f, 0x206f},   {0x2800, 0x2800},   {0x3000, 0x3000},   {0x3164, 0x3164},   {0xfe00, 0xfe0f},
        {0xfeff, 0xfeff},   {0xffa0, 0xffa0},   {0xfff0, 0xfffb},   {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a},
        {0xe0000, 0xe0fff}};
    for (const auto& [low, high] : kRanges)
        if (c >= low && c <= high) return true;
    return false;
}

bool shows_nothing(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const Decoded d = decode(text.substr(i));
        if (d.length == 0 || (d.code_point != ' ' && !is_invisible(d.code_point))) return false;  // a bad byte shows as <0x..>
        i += d.length;
    }
    return true;
}

std::string code_points(std::string_view text, std::size_t max) {
    std::string out;
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++count) {
        if (count == max) return out + " ...";
        const Decoded d = decode(text.substr(i));
        out += (count ? " " : "") + (d.length ? fmt::format("U+{:04X}", static_cast<std::uint32_t>(d.code_point))
                                              : fmt::format("0x{:02X}", static_cast<unsigned>(static_cast<unsigned char>(text[i]))));
        i += d.length ? d.length : 1;
    }
    return out;
}

namespace {

// A literal '<' that would read as the start of a marker.
bool starts_marker(std::string_view text) {
    return text.size() >= 3 && text[0] == '<' && (text.substr(1, 2) == "U+" || text.substr(1, 2) == "0x");
}

// On one line (a cell, a label), a space that HTML, LaTeX and Markdown would drop or merge:
// at the start, at the end, or after another space ("gac " and "gac", "a  b" and "a b").
bool lost_space(std::string_view text, std::size_t i) {
    return text[i] == ' ' && (i == 0 || i + 1 == text.size() || text[i - 1] == ' ');
}

std::string shown(std::string_view text, LineBreaks breaks, bool escape_markers) {
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
        const bool space = breaks == LineBreaks::shown && lost_space(text, i);
        if ((is_invisible(d.code_point) && !kept) || space || (escape_markers && starts_marker(text.substr(i))))
            out += fmt::format("<U+{:04X}>", static_cast<std::uint32_t>(d.code_point));
        else
            out.append(text.substr(i, d.length));
        i += d.length;
    }
    return out;
}

}  // namespace

std::string visible_text(std::string_view text, LineBreaks breaks) { return shown(text, breaks, true); }

std::string visible_text_keeping_markers(std::string_view text, LineBreaks breaks) { return shown(text, breaks, false); }

std::string visible_message(std::string_view message) {
    std::string text(message);
    for (std::size_t at = text.find("\xC0\x80"); at != std::string::npos; at = text.find("\xC0\x80", at + 1))
        text.replace(at, 2, 1, '\0');
    return visible_text(text, LineBreaks::shown);
}

}  // namespace futolab
