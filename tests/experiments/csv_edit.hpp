// A results CSV written back after a test edited its cells (RFC 4180 quoting, LF line ends,
// as futolab writes it), for the tests of what resume and merge refuse.
#pragma once

#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
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

// The sidecar of `csv` made to say its sweep began at `when` (its run.first_started; UTC to the
// second): rows a test edits into runs that took longer than the sweep here did (a timeout's
// wall clock past a 10 s limit) are then within the span resume and merge hold them to
// (experiments/clock_facts.hpp), as they are in the long sweep such a run belongs to.
inline void sweep_began(const std::filesystem::path& csv, const std::string& when = "2001-01-01T00:00:00Z") {
    const std::filesystem::path sidecar = csv.string() + ".meta.yaml";
    std::ifstream in(sidecar, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string key = "\n  first_started: ";
    const std::size_t at = text.find(key);
    if (at == std::string::npos) throw std::runtime_error(sidecar.string() + ": no run.first_started");
    text.replace(at + key.size(), text.find('\n', at + key.size()) - at - key.size(), when);
    std::ofstream(sidecar, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace futolab::test
