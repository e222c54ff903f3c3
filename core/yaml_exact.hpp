// YAML that futolab writes and reads back (sidecars, the configs `futolab critical` renders), with
// every string as it was given. yaml-cpp's emitter writes a Unicode noncharacter (U+FDD0 to
// U+FDEF, U+xFFFE and U+xFFFF in every plane) as U+FFFD wherever it quotes a string, so a name
// holding one (a file a config or `critical --input` names, a word of the command line, the id
// of a skipped input) came back from the written file as another name: `critical --input` then
// read a file that is not there, and `run --resume` refused its own run, "made by input file
// #in<U+FFFD>.jsonl" (red-team round 25). Such a string is written here as a double-quoted
// scalar with escapes instead (the form the sidecar's config text falls back to: red-team round
// 24, B F5), which every YAML reader reads back byte for byte.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// A code point a double-quoted YAML scalar holds only as an escape: the C1 controls and the line
// and paragraph separators (which a reader may take for line breaks), the byte-order mark, and
// the noncharacters (which yaml-cpp's emitter writes as U+FFFD).
bool escaped_code_point(std::uint32_t cp);

// Whether `text` holds an escaped_code_point: the emitter would not write it as it is.
bool needs_exact_quotes(std::string_view text);

// Whether `text`, written as a plain YAML scalar, is read as something other than this string by
// a YAML 1.1 reader (PyYAML: yes, no, on, off, y, n in any case, 010 octal, 0x1F, 0b101, 1_000,
// 1:20 sexagesimal, 1.5, .inf, .nan, a date 2001-12-14 or a time, = and <<) or a YAML 1.2 one
// (true, false, null, ~ and the empty text, 0o7, 1e3). An experiment named 010 was written
// `experiment: 010`, which PyYAML reads as 8, a build named yes as True (red-team round 28, C F10).
// Wider than the resolvers at the edges (1.2.3, 1:99, Yes to a 1.2 reader): quoting a string
// never changes what it reads as.
bool plain_reads_as_non_string(std::string_view text);

// `text` (UTF-8 without NUL) as a YAML double-quoted scalar that reads back byte for byte: ASCII
// controls, quote and backslash escaped, the escaped_code_point ones as \uXXXX or \UXXXXXXXX,
// every other character as it is.
std::string exactly_quoted(std::string_view text);

// A number or a time futolab writes as text and reads back by its form (a load "1.206", a time
// "2026-11-30T21:22:31Z", a config's limit "1.5"): ExactEmitter writes it plain, as yaml-cpp
// does, where a string of data that reads as a number would be quoted.
struct PlainScalar {
    std::string text;
};

// A yaml-cpp emitter whose strings read back as given, to futolab and to every other YAML reader:
// each string that needs_exact_quotes or plain_reads_as_non_string goes to the emitter as a
// placeholder (a plain word with a random part no other text holds), and str() writes
// exactly_quoted text in its place (the one writer of every YAML file futolab writes: sidecars,
// merged sidecars, rendered configs). Everything else goes to the emitter as it is,
// so the text is the emitter's own wherever no such string is written. A string in a block
// style (YAML::Literal) cannot take a quoted scalar's place: write it through raw().
class ExactEmitter {
public:
    ExactEmitter();

    template <class T>
    ExactEmitter& operator<<(const T& value) {
        out_ << value;
        return *this;
    }
    ExactEmitter& operator<<(const std::string& text);
    ExactEmitter& operator<<(const std::vector<std::string>& list);
    ExactEmitter& operator<<(const PlainScalar& scalar) {
        out_ << scalar.text;
        return *this;
    }

    YAML::Emitter& raw() { return out_; }
    bool good() const { return out_.good(); }
    std::string last_error() const { return out_.GetLastError(); }

    // The emitted text, each placeholder replaced by its string exactly_quoted.
    std::string str() const;

private:
    YAML::Emitter out_;
    std::string stem_;                // "futolab-exact-<random hex>-"
    std::vector<std::string> texts_;  // placeholder i stands for texts_[i]
};

}  // namespace futolab
