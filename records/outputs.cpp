#include "records/outputs.hpp"

#include "core/atomic_file.hpp"
#include "core/files.hpp"
#include "core/live_writer.hpp"
#include "records/csv_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string_view>
#include <unordered_set>

namespace futolab {

namespace {

// Each line of `text` without its newline (a last line without one included).
template <typename Each>
void for_each_line(std::string_view text, Each each) {
    for (std::size_t at = 0, n = 1; at < text.size(); ++n) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        each(text.substr(at, end - at), n);
        at = end + 1;
    }
}

}  // namespace

std::string outputs_path(const std::string& csv_path) { return outputs_file_of(csv_path); }

std::size_t export_outputs(const std::string& csv_path, const std::set<std::string>& leaving) {
    const CsvTable t = read_csv_file(csv_path);
    const std::size_t run = t.column("run", csv_path), output = t.column("output", csv_path);
    const std::size_t status = leaving.empty() ? 0 : t.column("status", csv_path);
    std::map<std::size_t, const std::string*> lines;
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        if (!t.rows[r][output].empty() && (leaving.empty() || !leaving.count(t.rows[r][status])))
            lines.emplace(whole_number_cell(t, r, run, csv_path), &t.rows[r][output]);
    if (lines.empty()) return 0;
    // Written beside and renamed over: a reader never sees half a corpus.
    write_file_atomically(outputs_path(csv_path), outputs_text(lines));
    return lines.size();
}

std::string outputs_text(const std::map<std::size_t, const std::string*>& cells) {
    std::string text;
    for (const auto& [run, cell] : cells) text += *cell + '\n';
    return text;
}

std::string not_an_export(const std::string& csv_path) {
    const std::string path = outputs_path(csv_path);
    const CsvTable t = read_csv_file(csv_path);
    const std::size_t output = t.column("output", csv_path);
    std::unordered_set<std::string_view> records;
    std::uintmax_t bytes = 0;  // the largest export: every record once, each line with its newline
    for (const std::vector<std::string>& row : t.rows) {
        const std::string& cell = row[output];
        if (cell.empty()) continue;
        bytes += cell.size() + 1;
        for_each_line(cell, [&](std::string_view line, std::size_t) { records.insert(line); });
    }
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return "it cannot be read: " + ec.message();
    if (size == 0) return "it is empty, and an export never is";
    // Bounds what is read: a user's file may be of any size (3 more: a byte-order mark).
    if (size > bytes + 3) return fmt::format("{} bytes, more than the {} of all the records its rows hold", size, bytes);
    const std::string read = read_text_file(path);
    // A JSONL file re-saved with a mark is read past it by every reader (docs/formats.md): still an export.
    const std::string_view text = without_byte_order_mark(read);
    if (!text.ends_with('\n')) return "its last line has no newline, as every line of an export has";
    std::string why;
    for_each_line(text, [&](std::string_view line, std::size_t n) {
        if (why.empty() && !records.count(line)) why = fmt::format("its line {} is no record of its rows", n);
    });
    return why;
}

}  // namespace futolab
