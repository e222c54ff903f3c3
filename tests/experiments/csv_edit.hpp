// A results CSV written back after a test edited its cells (RFC 4180 quoting, LF line ends,
// as futolab writes it), for the tests of what resume and merge refuse.
#pragma once

#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace futolab::test {

inline void write_csv_table(const std::filesystem::path& csv, const CsvTable& t) {
    std::ofstream out(csv, std::ios::binary | std::ios::trunc);
    const auto line = [&out](const std::vector<std::string>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << csv_quote(cells[i]);
        out << "\n";
    };
    line(t.header);
    for (const auto& row : t.rows) line(row);
}

}  // namespace futolab::test
