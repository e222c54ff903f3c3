#include "core/file_kind.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

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

// `text` past its leading spaces, tabs and line breaks.
std::string_view skip_space(std::string_view text) {
    const std::size_t at = text.find_first_not_of(" \t\r\n");
    return at == std::string_view::npos ? std::string_view{} : text.substr(at);
}

// `text` past `{`, its first member's name `key` and the colon after it, white space allowed
// between them (within the first line if `one_line`: a JSON Lines record is one line); nullopt
// if `text` does not open so.
std::optional<std::string_view> past_first_key(std::string_view text, std::string_view key, bool one_line) {
    if (one_line) text = line_at(text, 0);
    if (!text.starts_with('{')) return std::nullopt;
    text = skip_space(text.substr(1));
    if (!text.starts_with(key)) return std::nullopt;
    text = skip_space(text.substr(key.size()));
    if (!text.starts_with(':')) return std::nullopt;
    return skip_space(text.substr(1));
}

// The kinds, in the order they are asked; each answers "" if `text` (past a byte-order mark) is
// not of its kind. `taken_by` is the reader that takes the kind (its `wanted`), "" for none.
struct KindRow {
    std::string_view taken_by;
    std::string (*kind)(std::string_view text);
};

// What futolab writes first into each (records/columns.hpp, SPEC §5; records/sidecar.cpp;
// records/table_schema.cpp; critical/exact/certificate.cpp and the other certificate writers;
// scripts/bench_manifest.py; core/formats/jsonl.cpp): a test holds these to the writers.
constexpr KindRow kKinds[]{
    {"", [](std::string_view text) -> std::string {
         return line_at(text, 0).starts_with("experiment,instance,") ? "a futolab results CSV" : "";
     }},
    {"", [](std::string_view text) -> std::string {
         return line_at(text, 0).starts_with("experiment: ") ? "a metadata sidecar" : "";
     }},
    {"", [](std::string_view text) -> std::string {
         return text.substr(0, kSchemaLooked).find("\"title\": \"futolab results CSV\"") != std::string_view::npos
                    ? "a results CSV's column schema"
                    : "";
     }},
    {"a futolab certificate", [](std::string_view text) -> std::string {
         return text.starts_with("{\"certificate\":\"futolab-") ? "a futolab certificate" : "";
     }},
    {"a futolab-bench manifest", [](std::string_view text) -> std::string {
         const auto value = past_first_key(skip_space(text), "\"name\"", false);
         return value && value->starts_with("\"futolab-bench\"") ? "a futolab-bench manifest" : "";
     }},
    {"a puzzle file", [](std::string_view text) -> std::string {
         const std::string_view line = first_significant_line(text);
         return past_first_key(line, "\"id\"", true) || past_first_key(line, "\"n\"", true) ? "a puzzle file (JSON Lines)" : "";
     }},
    {"", [](std::string_view text) -> std::string {
         const std::string_view line = first_significant_line(text);
         return yaml_key_line(line) ? fmt::format("YAML ('{}': an experiment config?)", message_text(line, kShown)) : "";
     }},
};

// The first row that tells `text`, or nullptr.
const KindRow* row_of(std::string_view text) {
    text = without_byte_order_mark(text);
    for (const KindRow& row : kKinds)
        if (!row.kind(text).empty()) return &row;
    return nullptr;
}

}  // namespace

std::string file_kind(std::string_view text) {
    const KindRow* row = row_of(text);
    return row ? row->kind(without_byte_order_mark(text)) : "";
}

std::string other_file_kind(std::string_view text) {
    const KindRow* row = row_of(text);
    return row && row->taken_by.empty() ? row->kind(without_byte_order_mark(text)) : "";
}

void refuse_other_file_kind(std::string_view text, const std::string& source, std::string_view wanted) {
    const KindRow* row = row_of(text);
    if (row == nullptr || row->taken_by == wanted) return;
    throw InputError(fmt::format("{}: {}, not {}", source, row->kind(without_byte_order_mark(text)), wanted));
}

}  // namespace futolab
