// Reading results CSVs back (resume, merge, analysis): RFC 4180 fields, quoted or not.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::size_t complete_bytes = 0;  // length of the text up to the last complete line
    bool truncated = false;          // the text ends inside a line (a killed writer)

    // Index of a column, or throws InputError naming `source`.
    std::size_t column(std::string_view name, const std::string& source) const;
};

// Parses `text`; a last line without its newline is reported as truncated and left out.
// Throws InputError (naming `source` and the line) on a row with the wrong number of fields.
CsvTable parse_csv(std::string_view text, const std::string& source);
CsvTable read_csv_file(const std::string& path);

}  // namespace futolab
