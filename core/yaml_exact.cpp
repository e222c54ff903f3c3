#include "core/yaml_exact.hpp"

#include "core/binary_data.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <random>
#include <stdexcept>

namespace futolab {
namespace {

// The character at byte `i` of `text`: its length in bytes (1 for a byte that starts no UTF-8
// sequence) and its code point (that byte then).
struct CodePoint {
    std::size_t length = 1;
    std::uint32_t value = 0;
};

CodePoint code_point_at(std::string_view text, std::size_t i) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t len = b < 0x80 ? 1 : std::max<std::size_t>(1, utf8_sequence_length(text.substr(i)));
    std::uint32_t cp = len == 1 ? b : b & (0xFFu >> (len + 1));  // the lead byte's bits, then 6 per byte
    for (std::size_t k = 1; k < len; ++k) cp = cp << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    return {len, cp};
}

// The escape a double-quoted YAML scalar holds the ASCII byte `b` as ("" if it holds it as it is).
std::string ascii_escape(unsigned char b) {
    if (b == '"' || b == '\\') return {'\\', static_cast<char>(b)};
    if (b == '\n') return "\\n";
    if (b == '\r') return "\\r";
    if (b == '\t') return "\\t";
    return b < 0x20 || b == 0x7F ? fmt::format("\\x{:02x}", b) : "";
}

// Where `placeholder` stands in `text` as a whole scalar: the placeholder and the quotes the
// emitter put around it (a string emitted YAML::DoubleQuoted or YAML::SingleQuoted).
std::pair<std::size_t, std::size_t> scalar_span(const std::string& text, std::size_t at, std::size_t size) {
    const bool quoted = at > 0 && at + size < text.size() && (text[at - 1] == '"' || text[at - 1] == '\'') &&
                        text[at + size] == text[at - 1];
    return quoted ? std::pair{at - 1, size + 2} : std::pair{at, size};
}

}  // namespace

bool escaped_code_point(std::uint32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
           (cp & 0xFFFE) == 0xFFFE;
}

bool needs_exact_quotes(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const CodePoint c = code_point_at(text, i);
        if (c.length > 1 && escaped_code_point(c.value)) return true;
        i += c.length;
    }
    return false;
}

namespace {

bool all_in(std::string_view text, std::string_view set) {
    return !text.empty() && text.find_first_not_of(set) == std::string_view::npos;
}

bool digit(char ch) { return ch >= '0' && ch <= '9'; }

}  // namespace

bool plain_reads_as_non_string(std::string_view text) {
    std::string lower(text);
    for (char& ch : lower) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    // Booleans and null of YAML 1.1 and 1.2, the empty text (null), 1.1's value and merge keys.
    for (const std::string_view word : {"", "y", "n", "yes", "no", "true", "false", "on", "off", "null", "~", "=", "<<"})
        if (lower == word) return true;
    std::string_view t = lower;
    if (t.starts_with('+') || t.starts_with('-')) t.remove_prefix(1);
    if (t == ".inf" || t == ".nan") return true;
    if (t.size() > 2 && t[0] == '0' &&
        ((t[1] == 'x' && all_in(t.substr(2), "0123456789abcdef_")) || (t[1] == 'o' && all_in(t.substr(2), "01234567_")) ||
         (t[1] == 'b' && all_in(t.substr(2), "01_"))))
        return true;
    // A date or a time of YAML 1.1: 2001-12-14, 2001-12-14t21:59:43.10-05:00, 2001-12-14 21:59:43.10 -5.
    if (lower.size() >= 8 && all_in(std::string_view(lower).substr(0, 4), "0123456789") && lower[4] == '-' &&
        all_in(lower, "0123456789-:.tz +	"))
        return true;
    if (t.empty() || !(digit(t[0]) || (t[0] == '.' && t.size() > 1 && digit(t[1])))) return false;
    // Integers (010 is 1.1's octal 8, 1_000), decimals (1.5, 1., .5), sexagesimals (1:20, 1:20.5),
    // and 1.2's exponent form (1e3, 1.5e-3).
    const std::size_t e = t.find('e');
    const std::string_view mantissa = t.substr(0, e);
    if (!all_in(mantissa, "0123456789_.:")) return false;
    if (e == std::string_view::npos) return true;
    std::string_view exponent = t.substr(e + 1);
    if (exponent.starts_with('+') || exponent.starts_with('-')) exponent.remove_prefix(1);
    return all_in(exponent, "0123456789") && mantissa.find(':') == std::string_view::npos;
}

std::string exactly_quoted(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        const CodePoint c = code_point_at(text, i);
        if (const std::string escape = b < 0x80 ? ascii_escape(b) : ""; !escape.empty())
            out += escape;
        else if (c.length > 1 && escaped_code_point(c.value))
            out += c.value > 0xFFFF ? fmt::format("\\U{:08x}", c.value) : fmt::format("\\u{:04x}", c.value);
        else
            out.append(text.substr(i, c.length));
        i += c.length;
    }
    return out + "\"";
}

// The random part keeps a placeholder out of every other text the emitter writes (a file name
// could be "futolab-exact-0z"); str() checks that each stands once all the same.
ExactEmitter::ExactEmitter() {
    std::random_device random;
    stem_ = fmt::format("futolab-exact-{:08x}{:08x}-", random(), random());
}

ExactEmitter& ExactEmitter::operator<<(const std::string& text) {
    if (!needs_exact_quotes(text) && !plain_reads_as_non_string(text)) {
        out_ << text;
        return *this;
    }
    out_ << fmt::format("{}{}z", stem_, texts_.size());  // 'z' ends it: placeholder 1 is no part of 10
    texts_.push_back(text);
    return *this;
}

ExactEmitter& ExactEmitter::operator<<(const std::vector<std::string>& list) {
    out_ << YAML::BeginSeq;
    for (const std::string& text : list) *this << text;
    out_ << YAML::EndSeq;
    return *this;
}

// One pass over the emitted text (a sidecar may list a million skipped inputs).
std::string ExactEmitter::str() const {
    const std::string text = out_.c_str();
    std::string out;
    std::vector<bool> seen(texts_.size(), false);
    std::size_t done = 0;
    for (std::size_t at = text.find(stem_); at != std::string::npos; at = text.find(stem_, done)) {
        const std::size_t end = text.find('z', at + stem_.size());
        std::size_t i = texts_.size();
        const char* digits = text.data() + at + stem_.size();
        const char* digits_end = text.data() + (end == std::string::npos ? at + stem_.size() : end);
        if (const auto read = std::from_chars(digits, digits_end, i); read.ec != std::errc() || read.ptr != digits_end) i = texts_.size();
        if (i >= texts_.size() || seen[i]) throw std::logic_error("ExactEmitter: a placeholder is written twice or unknown");
        seen[i] = true;
        const auto [from, size] = scalar_span(text, at, end + 1 - at);
        out.append(text, done, from - done);
        out += exactly_quoted(texts_[i]);
        done = from + size;
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) throw std::logic_error("ExactEmitter: a placeholder is not written");
    return out.append(text, done);
}

}  // namespace futolab
