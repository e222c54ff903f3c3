// JSON read for one-line messages that quote what the file says (red-team round 8), shared by
// the JSONL reader, the certificate readers and the futolab-bench manifest. nlohmann keeps a
// number with a fraction, an exponent or more than 64 bits as a double and forgets its text, so
// `18446744073709551616` was quoted as '1.8446744073709552e+19' and `1e0` as '1.0'; its
// exceptions read "[json.exception.parse_error.101] parse error at line 2, column 1: …". Here a
// SAX handler builds the value and keeps the text of each such number as the parser read it, a
// syntax error is a line, a column and a reason, and a key given twice in one object (the parser
// would keep the last in silence) or nesting past a bound stops the read.
#pragma once

#include "core/instance.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// The text as typed of every number the parser kept as a double, by the address of its value
// inside the parsed Json (valid while that Json lives unchanged; the top value itself is not
// in it, since it moves when the result is returned).
using TypedNumbers = std::map<const Json*, std::string>;

struct JsonRead {
    Json value;
    TypedNumbers typed;
    std::string problem;              // "" if the text was read; else why not, e.g. "malformed JSON: …"
    std::size_t line = 0, column = 0;  // where, 1-based in the text (a key given twice: its second one)
};

// A JSON Lines line that holds only whitespace (space, tab, CR, LF, FF, VT; none at all too):
// an empty line, which every JSON Lines reader (instances, certificates) skips wherever it is.
// One rule for all of them: a certificate's trailing "  " or "\r" line was read as one more
// record (red-team round 12, F8).
bool is_blank_line(std::string_view line);

// The first line of `text` that is not blank, without its line break ("" if there is none): the
// line that tells which kind of JSON Lines file (which certificate) `text` is.
std::string_view first_record_line(std::string_view text);

// Walks `text` as JSON and calls `visit(i)` with the offset of each byte outside its strings, the
// quote that opens a string included: what follows that quote up to the one that closes it is
// skipped, a backslash with the byte it escapes ('"' and '\\' too); a string left open runs to the
// end. Returns the offset of the first call that returned true, else text.size(). The one scan
// of quotes and escapes behind every position read_json and the JSON Lines reader compute from
// the text (nlohmann tells no position of a value it took).
template <class Visit>
std::size_t find_outside_strings(std::string_view text, Visit&& visit) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (visit(i)) return i;
        if (text[i] != '"') continue;
        for (++i; i < text.size() && text[i] != '"'; ++i)
            if (text[i] == '\\') ++i;  // the escaped byte, '"' too
    }
    return text.size();
}

// Parses `text` (one JSON value); nesting deeper than `max_depth` levels is refused as it is
// read (0: no bound), at the line and column of the bracket that opens the level too many, and
// so is a key given twice in one object, at the line and column of its second occurrence, and
// so is binary data (core/binary_data.hpp: "binary data (byte 0x00):
// not a text file" at its line and column). A UTF-8 byte-order mark at the start of `text` is
// refused at line 1, column 1 ("… skipped only at the start of a file"): nlohmann skips one
// there, so a JSONL line or a certificate line starting with a mark (line 2, or a second mark
// after the file's own) was read in silence where the futo, tatham and essence readers refuse
// it. A reader of a whole file skips the file's own mark (core/files.hpp) before it calls this.
JsonRead read_json(std::string_view text, std::size_t max_depth = 0);

// Appends `key` to `object` (an object) without ordered_json's linear search for it, which made
// building an object of n keys take n² steps: the caller knows `key` is not there yet.
void append_new_member(Json& object, std::string key, Json value);

// `value` as its file typed it, for a message: a double-kept number as its text, arrays and
// objects with such numbers inside likewise; at most `max` bytes (then "..."), invisible
// characters shown (core/message_text.hpp).
std::string typed_json(const Json& value, const TypedNumbers& typed, std::size_t max = 40);

// A number that would change if written back: nlohmann keeps a number with a fraction, an
// exponent or more than 64 bits as a double, and writes that double in its shortest form.
// That form denotes the same decimal value as typed for 1E2 (100.0), 0.1 or -0.0, but not for
// 18446744073709551617 (1.8446744073709552e+19), 1.00000000000000000001 (1.0) or 1e-400 (0.0).
struct ChangedNumber {
    std::string path;     // where, e.g. "x" or "a[2].b" (relative to the value searched)
    std::string typed;    // as the file typed it (cut and made visible for a message)
    std::string written;  // what the writer would write instead
};

// The first number inside `value` (depth first, in key order) whose written form would denote
// another value than its typed text; nullopt if every number survives a rewrite.
std::optional<ChangedNumber> changed_number(const Json& value, const TypedNumbers& typed);

// `got` is `want` as a writer writes it: equal, and every number inside of the same kind, a whole
// number where `want` holds one. nlohmann's == compares numbers by value, so a record's `10.0`
// equalled the `10` its run writes, and resume and merge kept the edited form.
bool written_alike(const Json& got, const Json& want);

}  // namespace futolab
