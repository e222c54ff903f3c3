#include "core/formats/text.hpp"

#include "core/binary_data.hpp"
#include "core/message_text.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>

namespace futolab::formats_internal {

std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> lines;
    int number = 1;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // files from Windows
        lines.push_back({line, number++});
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

namespace {
bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v'; }
}  // namespace

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

std::vector<Token> split_tokens(std::string_view line) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        if (is_space(line[i])) {
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        tokens.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
    }
    return tokens;
}

int column_of(std::string_view line, std::string_view part) {
    return static_cast<int>(part.data() - line.data()) + 1;
}

bool is_digits(std::string_view text) {
    if (text.empty()) return false;
    for (char ch : text)
        if (ch < '0' || ch > '9') return false;
    return true;
}

std::optional<int> parse_count(std::string_view digits) {
    if (!is_digits(digits)) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;  // overflow
    return value;
}

std::string printable(std::string_view text, std::size_t max) { return message_text(text, max); }

std::string quoted(std::string_view token, std::size_t max) {
    // A byte-order mark is invisible in an editor: say what it is (it is skipped only at the
    // very start of a file, where editors write it).
    const bool bom = token.find("\xEF\xBB\xBF") != std::string_view::npos;
    return "'" + printable(token, max) + "'" + (bom ? " (U+FEFF is a UTF-8 byte-order mark: skipped only at the start "
                                                      "of a file)" : "");
}

// Every line break a reader of the written file might honour ends the comment early, so the
// rest of the id would be read as code: control bytes (CR, VT, FF, NUL…), DEL, and the Unicode
// breaks NEL (U+0085), LINE and PARAGRAPH SEPARATOR (U+2028, U+2029) become spaces. So does
// every other character that prints as nothing yet changes what a reader sees (round 9: bidi
// controls such as U+202E reorder the rest of the line in an editor, U+FEFF, U+200F and tag
// characters hide; core/visible_text.hpp is_invisible), and a byte that is not UTF-8 becomes
// U+FFFD, so the written file is valid UTF-8 for the tool that reads it.
std::string one_line(std::string_view text) {
    const std::string valid = valid_utf8(text);
    std::string out;
    out.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size();) {
        const auto lead = static_cast<unsigned char>(valid[i]);
        const std::size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;  // well-formed now
        char32_t cp = len == 1 ? lead : lead & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(valid[i + k]) & 0x3F);
        if (is_invisible(cp)) out += ' ';
        else out.append(valid, i, len);
        i += len;
    }
    return out;
}

std::string valid_utf8(std::string_view text) {
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t len = utf8_sequence_length(text.substr(i)); len == 0) {
            out += kReplacement;
            ++i;
        } else {
            out.append(text.substr(i, len));
            i += len;
        }
    }
    return out;
}

std::optional<ControlCharacter> find_control(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7f) return ControlCharacter{char32_t{byte}, i};
        // C2 is only ever the lead byte of U+0080–U+00BF; followed by 80–9F it is a C1 control.
        const unsigned char next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (byte == 0xC2 && next >= 0x80 && next <= 0x9F) return ControlCharacter{char32_t{next}, i};
    }
    return std::nullopt;
}

std::string file_stem(const std::string& source) {
    if (source == "-" || source.empty()) return "stdin";
    // The stem becomes an id (CSV cells, JSONL, messages). A byte that is not UTF-8 was made
    // U+FFFD, so u<0xFF>x and u<0xFE>x were one id: refused, as run refuses such a name.
    std::string stem = std::filesystem::path(source).stem().string();
    if (const auto at = find_non_utf8_byte(stem))
        fail(source, 0, 0,
             fmt::format("the file name's byte 0x{:02x} is not UTF-8: its stem would be the id of its instances, which "
                         "CSV and JSONL hold as UTF-8 text (give the file a UTF-8 name)",
                         at->byte));
    // A control character is replaced, as JSONL rejects one in an explicit id (docs/formats.md).
    while (const auto at = find_control(stem)) stem.replace(at->byte, at->code_point < 0x80 ? 1 : 2, "_");
    // A stem that shows as nothing (` .futo`, a no-break space) made an id no reader can see or
    // tell from another, as an explicit JSONL id "" or "   " is refused (red-team round 26):
    // refused too, named by its code points, since quoted it would show as nothing again.
    if (shows_nothing(stem))
        fail(source, 0, 0,
             fmt::format("the file name's stem ({}) shows as nothing: it would be the id of the file's instances, and an id "
                         "must show (give the file a name with a visible character before its extension)",
                         stem.empty() ? std::string("empty") : code_points(stem)));
    return stem;
}

void assign_ids(std::vector<Instance>& instances, const std::string& source) {
    assign_ids(instances, source, instances.size());
}

void assign_ids(std::vector<Instance>& instances, const std::string& source, std::size_t records) {
    for (Instance& in : instances) in.id = record_id(source, in.line, records);
}

std::string record_id(const std::string& source, int line, std::size_t records) {
    return records == 1 ? file_stem(source) : fmt::format("{}:{}", file_stem(source), line);
}

}  // namespace futolab::formats_internal
