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

// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
// nothing past U+10FFFF) at the start of `text`; 0 if its first byte starts none (or it is empty).
std::size_t utf8_sequence_length(std::string_view text);

// Where the first byte of `text` that does not start a well-formed UTF-8 sequence is (a Latin-1
// 'é' typed in a config). YAML is UTF-8 text: yaml-cpp would read such a byte, and the sidecar's
// emitter write it back as U+FFFD, so the config text the sidecar keeps no longer hashes to its
// config_hash and a run that finished could never be resumed or merged (red-team round 14, B F4).
std::optional<BinaryByte> find_non_utf8_byte(std::string_view text);

// "byte 0xe9 is not UTF-8: ..." — the refusal of such a byte.
std::string not_utf8(unsigned char byte);

// Why the file name `name` cannot be written into a sidecar ("" if it can): "byte 0xff is not
// UTF-8", or "byte 0x01 is binary data" (its first such byte). A sidecar is UTF-8 text, and its reader
// refuses binary data even where the YAML emitter escaped it, so a run that wrote such a name (an
// input a glob matched, the config's path, `critical --out`) could not be resumed or merged
// (red-team round 23, C F5). Such a name is refused before anything is made (docs/reliability.md).
std::string unwritable_name(std::string_view name);

// Where the first carriage return of `text` that no line feed follows is (1-based line, '\n'
// ending a line, and column in bytes): the line end of an old Mac file, a CR CR LF of a file
// converted twice, a CR at the very end. Every text reader takes LF and CR LF line ends; such a
// CR was read as part of a value (a config's `output: o.csv<CR>` made a file of that name, a
// puzzle file of them read as one long line: red-team round 28, C F3 and F9), so it is refused
// where it is, in words that name it (lone_carriage_return), before anything else is read.
std::optional<BinaryByte> find_lone_carriage_return(std::string_view text);

// "a carriage return not followed by a line feed (old Mac line ends): line ends are LF or CR LF
// (save the file with Unix or Windows line ends)".
std::string lone_carriage_return();

// "binary data (byte 0x00): not a text file": the words of every such refusal (`kind` names the
// file where the reader knows better, e.g. "a text puzzle file").
std::string binary_data(unsigned char byte, std::string_view kind = "a text file");

// "binary data (byte 0x00) made by an escape such as \0 or \x1b in a quoted value: not text": a
// YAML scalar's, whose file holds no such byte (core/yaml_bounds.hpp, experiments/config.cpp).
std::string escaped_binary_data(unsigned char byte);

}  // namespace futolab
