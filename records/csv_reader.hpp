// Reading results CSVs back (resume, merge, analysis): RFC 4180 fields, quoted or not.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<int> lines;          // the line each row starts on (1-based; the header is line 1)
    std::size_t complete_bytes = 0;  // length of the text up to the last complete line
    bool truncated = false;          // the text ends inside a line (a killed writer)
    // When truncated: the line the cut record starts on, and how many whole lines after that
    // line read alone as rows of the header's width (rows, not a torn cell: a quote typed or
    // damaged into a cell and never closed makes everything after it one record).
    int cut_line = 0;
    std::size_t rows_in_cut = 0;

    // Index of a column, or throws InputError naming `source`.
    std::size_t column(std::string_view name, const std::string& source) const;
};

// Parses `text`; a last line without its newline is reported as truncated and left out.
// Line ends (SPEC §5): futolab writes LF; LF and CR LF (RFC 4180, as Python's csv module and
// spreadsheets write) are both read, also mixed in one file (a CR LF file resumed by futolab
// goes on with LF). Inside quotes every byte is the cell's, CR and LF included. A CR outside
// quotes that does not end a line (old Mac line ends, a damaged cell) is refused: InputError
// naming `source`, the line and the field. A file re-saved by another program is judged by its
// cells instead: check_whole_number_columns refuses the integers it mangled (5.17E+18, 1,234).
// Also throws on a row with the wrong number of fields.
CsvTable parse_csv(std::string_view text, const std::string& source);
CsvTable read_csv_file(const std::string& path);

// Before a writer cuts the truncated end of `t` (resume, --redo): a kill leaves one record cut
// short, its last line without a line end or a quoted cell cut inside. A quote never closed
// makes everything after it that record, and cutting it dropped every whole row after it
// without a word (resume ran them again). Throws InputError "SOURCE:LINE: a quote on this line
// is never closed: the N whole row(s) after it would be cut with it as an incomplete last row:
// refusing to cut them (…)" when the part to cut holds whole rows.
void check_cut_holds_no_rows(const CsvTable& t, const std::string& source);

// A cell that must read back exactly as futolab wrote it: a whole number in plain decimal
// digits from `min` to `max` (no sign, exponent, fraction, spaces or leading zero: `5.17E+18`,
// `1.5` or `022` are refused, never rounded). Throws InputError "FILE:LINE: column 'NAME': 'TEXT' is not …",
// or "… is out of range (MIN to MAX)": the range the cell really has (a repeat counts from 1).
std::uint64_t whole_number_cell(const CsvTable& t, std::size_t row, std::size_t column, const std::string& source,
                                std::uint64_t max = UINT64_MAX, std::uint64_t min = 0);
// Every cell of these columns (those the table has) empty or whole_number_cell; throws as it.
void check_whole_number_columns(const CsvTable& t, const std::vector<std::string>& columns, const std::string& source);

}  // namespace futolab
