#include "core/file_kind.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {
namespace {

constexpr std::size_t kSchemaLooked = 512;  // bytes searched for the schema's title
constexpr std::size_t kShown = 40;          // bytes of a YAML line quoted in the message

std::string_view line_at(std::string_view text, std::size_t at) {
    const std::size_t end = std::min(text.find_first_of("\r\n", at), text.size());
    return text.substr(at, end - at);
}

bool is_letter(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }

// `key:` then a space or the line's end, the key a letter and then letters, digits, `_`, `-`:
// a YAML mapping's first line. No puzzle format begins so (a Tatham game id begins with its
// order's digits, Essence with `letting` and no colon), nor JSON.
bool yaml_key_line(std::string_view line) {
    if (line.starts_with("---") || line.starts_with("%YAML")) return true;
    if (line.empty() || !is_letter(line.front())) return false;
    std::size_t i = 1;
    while (i < line.size() && (is_letter(line[i]) || (line[i] >= '0' && line[i] <= '9') || line[i] == '_' || line[i] == '-'))
        ++i;
    return i < line.size() && line[i] == ':' && (i + 1 == line.size() || line[i + 1] == ' ');
}

// The first line that is not blank or a `#` comment, as the puzzle formats skip them too.
std::string_view first_significant_line(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const std::string_view line = line_at(text, at);
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string_view::npos && line[first] != '#') return line;
        at += line.size();
        while (at < text.size() && (text[at] == '\r' || text[at] == '\n')) ++at;
    }
    return {};
}

}  // namespace

std::string other_file_kind(std::string_view text) {
    text = without_byte_order_mark(text);
    const std::string_view first = line_at(text, 0);
    // What futolab writes first into each (records/columns.hpp, SPEC §5; records/sidecar.cpp;
    // records/table_schema.cpp): a test holds these to the writers.
    if (first.starts_with("experiment,instance,")) return "a futolab results CSV";
    if (first.starts_with("experiment: ")) return "a metadata sidecar";
    if (text.substr(0, kSchemaLooked).find("\"title\": \"futolab results CSV\"") != std::string_view::npos)
        return "a results CSV's column schema";
    if (const std::string_view line = first_significant_line(text); yaml_key_line(line))
        return fmt::format("YAML ('{}': an experiment config?)", message_text(line, kShown));
    return "";
}

void refuse_other_file_kind(std::string_view text, const std::string& source, std::string_view wanted) {
    if (const std::string kind = other_file_kind(text); !kind.empty())
        throw InputError(fmt::format("{}: {}, not {}", source, kind, wanted));
}

}  // namespace futolab
