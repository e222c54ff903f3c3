#include "core/binary_data.hpp"

#include <fmt/format.h>

namespace futolab {

bool is_binary_byte(char byte) {
    const auto b = static_cast<unsigned char>(byte);
    return b < 0x20 && b != '\t' && b != '\n' && b != '\v' && b != '\f' && b != '\r';
}

std::optional<BinaryByte> find_binary_byte(std::string_view text) {
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        } else if (is_binary_byte(text[i])) {
            return BinaryByte{line, i - line_start + 1, static_cast<unsigned char>(text[i])};
        }
    }
    return std::nullopt;
}

std::string binary_data(unsigned char byte, std::string_view kind) {
    return fmt::format("binary data (byte 0x{:02x}): not {}", byte, kind);
}

}  // namespace futolab
