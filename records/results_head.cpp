#include "records/results_head.hpp"

#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"
#include "records/columns.hpp"
#include "records/header_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace futolab {
namespace {

constexpr std::size_t kShown = 40;         // bytes of the line quoted in the message
constexpr std::size_t kLookedAt = 4096;    // bytes of the line searched for binary data

// The first line up to its line end: LF, CR LF, or a lone CR (a file with old Mac line ends
// shows its header so too, and the CSV reader names that CR).
std::string_view first_line(std::string_view text) {
    return text.substr(0, std::min(text.find_first_of("\r\n"), text.size()));
}

// The names on `line` split at its commas, each without the quotes around it. Not RFC 4180's
// reading on purpose: a header with a stray quote still shows its names, so it is taken for the
// damaged header it is and the CSV reader, asked next, names the quote's line and field.
std::vector<std::string_view> names_on(std::string_view line) {
    std::vector<std::string_view> names;
    for (std::size_t at = 0;;) {
        const std::size_t comma = std::min(line.find(',', at), line.size());
        std::string_view name = line.substr(at, comma - at);
        while (!name.empty() && name.front() == '"') name.remove_prefix(1);
        while (!name.empty() && name.back() == '"') name.remove_suffix(1);
        names.push_back(name);
        if (comma == line.size()) return names;
        at = comma + 1;
    }
}

bool names_a_column(const std::vector<std::string_view>& names) {
    return std::any_of(names.begin(), names.end(), [](std::string_view n) { return column_named(n) != nullptr; });
}

// The first byte of `line` no text holds (a control byte, or one that starts no UTF-8
// sequence), said as the other readers of text files say it; "" if there is none.
std::string binary_byte_problem(std::string_view line) {
    line = line.substr(0, std::min(line.size(), kLookedAt));
    for (std::size_t at = 0; at < line.size();) {
        const auto byte = static_cast<unsigned char>(line[at]);
        if (is_binary_byte(line[at])) return binary_data(byte);
        const std::size_t length = utf8_sequence_length(line.substr(at));
        if (length == 0) return fmt::format("byte 0x{:02x} is not UTF-8: not a text file", byte);
        at += length;
    }
    return "";
}

// A YAML document's first line: a directive, a document start, a comment or `key: value`
// (a colon before any comma, followed by a space or the line end).
bool looks_like_yaml(std::string_view line) {
    if (line.starts_with("---") || line.starts_with("%YAML") || line.starts_with('#')) return true;
    const std::size_t colon = line.find(':');
    return colon != std::string_view::npos && colon > 0 && colon < line.find(',') &&
           (colon + 1 == line.size() || line[colon + 1] == ' ');
}

// What the first line is instead, for the message.
std::string what_it_is(std::string_view text, std::string_view line) {
    if (text.empty()) return "the file is empty";
    if (std::string why = binary_byte_problem(text.substr(0, std::min(text.find('\n'), text.size()))); !why.empty())
        return why;
    if (line.empty()) return "the first line is empty";
    const std::string shown = message_text(line, kShown);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && (line[first] == '{' || line[first] == '['))
        return fmt::format("it is JSON ('{}'): JSON Lines, a puzzle or outputs file?", shown);
    if (looks_like_yaml(line)) return fmt::format("it reads as YAML ('{}'): a config or a sidecar?", shown);
    return fmt::format("it names no futolab column ('{}')", shown);
}

}  // namespace

std::string results_head_problem(std::string_view text) {
    text = without_byte_order_mark(text);  // as every CSV reader skips it
    const std::string_view line = first_line(text);
    return names_a_column(names_on(line)) ? "" : what_it_is(text, line);
}

void check_results_head(std::string_view text, const std::string& source) {
    if (const std::string why = results_head_problem(text); !why.empty())
        throw InputError(fmt::format("{}: not a futolab results CSV (its first line is not the results header: {})", source,
                                     why));
}

void check_results_file_head(const std::string& path) {
    check_results_head(read_first_line(path), path);
}

void check_futolab_results_file_head(const std::string& path) {
    const std::string text = read_first_line(path);
    check_results_head(text, path);
    const std::vector<std::string_view> names = names_on(first_line(without_byte_order_mark(text)));
    check_looks_like_results_header(std::vector<std::string>(names.begin(), names.end()), path);
}

}  // namespace futolab
