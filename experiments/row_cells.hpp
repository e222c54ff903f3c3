// One row of a results CSV as resume and merge check it (row_facts, status_facts,
// output_facts): its cells by column name, and the one-line refusal that names the file, the
// line, the column and the cell as typed, ending with what the caller refuses.
#pragma once

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "records/csv_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace futolab {

struct RowCells {
    const CsvTable& t;
    std::size_t r;
    const std::string& path;
    std::string_view refusing;  // "refusing to resume; use a new --out", "refusing to merge it"

    bool has(std::string_view column) const { return std::find(t.header.begin(), t.header.end(), column) != t.header.end(); }
    const std::string& cell(std::string_view column) const { return t.rows[r][t.column(column, path)]; }
    std::uint64_t whole(std::string_view column) const { return whole_number_cell(t, r, t.column(column, path), path); }

    // "PATH:LINE:COLUMN: column 'C' is 'X', WHY: REFUSING"
    [[noreturn]] void refuse(std::string_view column, std::string_view why) const {
        const std::size_t c = t.column(column, path);
        throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                          fmt::format("column '{}' is '{}', {}: {}", column, message_text(t.rows[r][c], 200), why, refusing));
    }
};

}  // namespace futolab
