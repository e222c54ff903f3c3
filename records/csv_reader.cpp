#include "records/csv_reader.hpp"

#include "core/error.hpp"
#include "core/files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace futolab {
namespace {

// Splits one record starting at `pos`; returns false if the text ends before its newline.
bool next_record(std::string_view text, std::size_t& pos, std::vector<std::string>& fields, int& lines) {
    fields.assign(1, "");
    bool quoted = false;
    while (pos < text.size()) {
        const char ch = text[pos++];
        if (quoted) {
            if (ch == '"' && pos < text.size() && text[pos] == '"') fields.back() += text[pos++];
            else if (ch == '"') quoted = false;
            else fields.back() += ch;
            if (ch == '\n') ++lines;
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            fields.emplace_back();
        } else if (ch == '\n') {
            ++lines;
            return true;
        } else if (ch != '\r') {
            fields.back() += ch;
        }
    }
    return false;
}

}  // namespace

std::size_t CsvTable::column(std::string_view name, const std::string& source) const {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) throw_input_error({source, 1, 0}, fmt::format("no column '{}'", name));
    return static_cast<std::size_t>(it - header.begin());
}

CsvTable parse_csv(std::string_view text, const std::string& source) {
    CsvTable table;
    std::size_t pos = 0;
    int lines = 0;
    std::vector<std::string> fields;
    while (pos < text.size()) {
        const int first_line = lines + 1;
        if (!next_record(text, pos, fields, lines)) {
            table.truncated = true;
            break;
        }
        table.complete_bytes = pos;
        if (table.header.empty()) {
            table.header = fields;
        } else if (fields.size() != table.header.size()) {
            throw_input_error({source, first_line, 0}, fmt::format("{} fields, the header has {}", fields.size(),
                                                                  table.header.size()));
        } else {
            table.rows.push_back(fields);
        }
    }
    return table;
}

CsvTable read_csv_file(const std::string& path) { return parse_csv(read_text_file(path), path); }

}  // namespace futolab
