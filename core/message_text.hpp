// Text from an input quoted in a one-line error message, cut to a length. It is left as it
// is: the message is shown through visible_text (app/main.cpp), which writes an invisible
// character or a byte that is not UTF-8 as a marker (<U+0001>, <U+FEFF>, <0xEF>) and a typed
// "<U+" so that it never reads as one; escaping here as well would show a marker's '<' as
// <U+003C>. Round 8: bytes shown here as \xNN made a typed `\xef\xbc\x91` and the character
// U+FF11 (a fullwidth 1) print alike.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

// At most `max` bytes of `text`, cut before a UTF-8 sequence, never inside one (the bytes left
// of a character would print as <0x..> markers the input does not have), with "..." if
// something was cut.
std::string message_text(std::string_view text, std::size_t max);

}  // namespace futolab
