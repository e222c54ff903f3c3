// Binary data in a text file: the one rule of every reader of futolab's text files (instances,
// JSON Lines certificates, configs, sidecars, manifests, checkpoint tables). nlohmann's JSON
// parser takes a NUL for the end of its input, so a certificate line `{…header…}\0garbage` was
// read as its header alone and a NUL inside a line cut a record off in silence (red-team
// round 13, F8), while the instance reader refused the same byte. Each reader now asks this
// one predicate and names the file, line, column and byte, as the instance reader always did.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// A control character other than tab, line feed, vertical tab, form feed and carriage return:
// a byte that no text futolab reads or writes holds (NUL, the bytes of a binary file).
bool is_binary_byte(char byte);

// Where the first such byte of `text` is: 1-based line ('\n' ends a line) and column (bytes).
struct BinaryByte {
    std::size_t line = 0, column = 0;
    unsigned char byte = 0;
};
std::optional<BinaryByte> find_binary_byte(std::string_view text);

// "binary data (byte 0x00): not a text file": the words of every such refusal (`kind` names the
// file where the reader knows better, e.g. "a text puzzle file").
std::string binary_data(unsigned char byte, std::string_view kind = "a text file");

}  // namespace futolab
