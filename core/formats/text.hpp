// Small text helpers shared by the format readers (internal to core/formats). Readers work on
// string_views into the whole input, so a token's column is its offset in its line + 1.
#pragma once

#include "core/error.hpp"
#include "core/instance.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::formats_internal {

struct Line {
    std::string_view text;  // without the line break (and without a trailing '\r')
    int number = 0;         // 1-based
};

struct Token {
    std::string_view text;
    int column = 0;  // 1-based
};

std::vector<Line> split_lines(std::string_view text);
std::string_view trim(std::string_view text);
// Whitespace-separated tokens of one line, with their columns.
std::vector<Token> split_tokens(std::string_view line);
// 1-based column of `part` inside `line` (part must be a view into line).
int column_of(std::string_view line, std::string_view part);

bool is_digits(std::string_view text);
// A non-negative decimal number made only of digits; nullopt if empty, not digits or too big.
std::optional<int> parse_count(std::string_view digits);

// Text quoted in an error message: message_text (core/message_text.hpp), at most `max` bytes,
// left as typed for the message's visible_text to show what is invisible, so that two inputs
// never print alike (bytes escaped here as \xNN did).
std::string printable(std::string_view text, std::size_t max);
// A token made printable and put in single quotes.
std::string quoted(std::string_view token, std::size_t max = 24);
// An id or other free text made safe for a one-line comment in a written file: every line break
// and every invisible character (core/visible_text.hpp is_invisible) a space, bytes that are
// not UTF-8 U+FFFD.
std::string one_line(std::string_view text);

// A control character in text: a C0 control (U+0000–U+001F), DEL (U+007F) or a C1 control
// (U+0080–U+009F, in UTF-8 the bytes C2 80 to C2 9F: NEL, the 8-bit CSI …), with its byte
// offset (from 0). Each breaks a CSV cell, a message line or a terminal as the others do.
struct ControlCharacter {
    char32_t code_point = 0;
    std::size_t byte = 0;
};
std::optional<ControlCharacter> find_control(std::string_view text);

// The file name without folder and last extension; "stdin" for "-". It becomes the id of the
// file's instances: a control character in it becomes '_', and a name whose stem holds a byte
// that is not UTF-8 is refused (InputError naming the file): such a byte cannot be written into
// a CSV cell or a JSONL id, and made U+FFFD it gave two files one id (red-team round 26, C F5).
std::string file_stem(const std::string& source);

// `text` with every byte that does not start a well-formed UTF-8 sequence (core/binary_data.hpp
// utf8_sequence_length) replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

// Ids of SPEC §2 for formats without an id field: the stem when the file holds one
// instance (one record, counting records a lenient read skipped), else "<stem>:<line>"
// (the line where the instance starts).
void assign_ids(std::vector<Instance>& instances, const std::string& source);
void assign_ids(std::vector<Instance>& instances, const std::string& source, std::size_t records);
// The id of the record at `line` of a file of `records` records, by that rule.
std::string record_id(const std::string& source, int line, std::size_t records);

[[noreturn]] inline void fail(const std::string& source, int line, int column, std::string_view problem) {
    throw_input_error(SourceLoc{source, line, column}, problem);
}

}  // namespace futolab::formats_internal
