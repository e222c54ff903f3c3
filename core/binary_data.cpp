#include "core/binary_data.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {

bool is_binary_byte(char byte) {
    const auto b = static_cast<unsigned char>(byte);
    return b < 0x20 && b != '\t' && b != '\n' && b != '\v' && b != '\f' && b != '\r';
}

std::size_t utf8_sequence_length(std::string_view text) {
    if (text.empty()) return 0;
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(0);
    // The length a well-formed sequence starting with this byte has (RFC 3629 table), 0 if none.
    const std::size_t len = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    if (len <= 1) return len;
    const unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;  // no overlong forms
    const unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;  // no surrogates, nothing past U+10FFFF
    if (len > text.size() || byte(1) < lo || byte(1) > hi) return 0;
    for (std::size_t k = 2; k < len; ++k)
        if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
    return len;
}

namespace {

// The first byte of `text` from which `length` (the bytes a good character there has; 0: none)
// answers 0, with its line and column.
template <class Length>
std::optional<BinaryByte> find_byte(std::string_view text, Length length) {
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t good = length(text.substr(i));
        if (good == 0) return BinaryByte{line, i - line_start + 1, static_cast<unsigned char>(text[i])};
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
        i += good;
    }
    return std::nullopt;
}

}  // namespace

std::optional<BinaryByte> find_binary_byte(std::string_view text) {
    return find_byte(text, [](std::string_view rest) -> std::size_t { return is_binary_byte(rest.front()) ? 0 : 1; });
}

std::optional<BinaryByte> find_non_utf8_byte(std::string_view text) {
    return find_byte(text, utf8_sequence_length);
}

std::optional<BinaryByte> find_lone_carriage_return(std::string_view text) {
    for (std::size_t at = text.find('\r'); at != std::string_view::npos; at = text.find('\r', at + 1)) {
        if (at + 1 < text.size() && text[at + 1] == '\n') continue;
        const std::size_t line_start = text.rfind('\n', at);  // npos: the first line
        const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        return BinaryByte{line, line_start == std::string_view::npos ? at + 1 : at - line_start, '\r'};
    }
    return std::nullopt;
}

std::string lone_carriage_return() {
    return "a carriage return not followed by a line feed (old Mac line ends): line ends are LF or CR LF (save the file "
           "with Unix or Windows line ends)";
}

std::string not_utf8(unsigned char byte) {
    return fmt::format("byte 0x{:02x} is not UTF-8: futolab reads UTF-8 text (save the file as UTF-8)", byte);
}

std::string unwritable_name(std::string_view name) {
    if (const auto at = find_non_utf8_byte(name)) return fmt::format("byte 0x{:02x} is not UTF-8", at->byte);
    if (const auto at = find_binary_byte(name)) return fmt::format("byte 0x{:02x} is binary data", at->byte);
    return "";
}

std::string binary_data(unsigned char byte, std::string_view kind) {
    return fmt::format("binary data (byte 0x{:02x}): not {}", byte, kind);
}

std::string escaped_binary_data(unsigned char byte) {
    return fmt::format("binary data (byte 0x{:02x}) made by an escape such as \\0 or \\x1b in a quoted value: not text", byte);
}

}  // namespace futolab
