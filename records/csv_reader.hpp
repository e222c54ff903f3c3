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

    // Index of a column, or throws InputError naming `source`.
    std::size_t column(std::string_view name, const std::string& source) const;
};

// Parses `text`; a last line without its newline is reported as truncated and left out.
// A kill leaves one record cut short: its last line without a line end, or a quoted cell cut
// inside. A quote never closed (typed or damaged into a cell) makes everything after it that
// record, and every reader left out the whole rows after it as "the last line is incomplete"
// (resume cut them and ran them again; analyze, report and compare tabled the rest; merge wrote
// a CSV without them). So a cut record holding whole rows (lines that read alone as rows of the
// header's width) is refused by every reader alike: InputError "SOURCE:LINE: a quote on this
// line is never closed: the N whole row(s) after it would be read with it as one incomplete
// last row and left out: refusing the file (…)", LINE the record's first line. A quote left open on
// the header line is refused too, naming line 1 and its field (futolab's column names hold no
// line end): "… a quote in the header is never closed: …" (it read as an empty file), or "… is
// closed only on line M: …".
// Line ends (SPEC §5): futolab writes LF; LF and CR LF (RFC 4180, as Python's csv module and
// spreadsheets write) are both read, also mixed in one file (a CR LF file resumed by futolab
// goes on with LF). Inside quotes every byte is the cell's, CR and LF included. A CR outside
// quotes that does not end a line (old Mac line ends, a damaged cell) is refused: InputError
// naming `source`, the line and the field. So is text after a field's closing quote, or a quote
// inside a field that does not start with one (RFC 4180 quotes a whole field): InputError
// "SOURCE:LINE:FIELD: field FIELD: text after its closing quote …" or "… a quote inside a field
// that does not start with one …" (a stray quote closed lines later is refused as one, above).
// A file re-saved by another program is judged by its
// cells instead: check_whole_number_columns refuses the integers it mangled (5.17E+18, 1,234).
// Also throws on a row with the wrong number of fields.
CsvTable parse_csv(std::string_view text, const std::string& source);
CsvTable read_csv_file(const std::string& path);

// How `cell` differs from a whole number as futolab writes it (plain decimal digits, no sign,
// exponent, fraction, spaces or leading zero), "" if it does not: "is not a whole number in plain
// digits, …" or "has a leading zero, …". The one test of that form, for every reader of those
// columns (whole_number_cell here, analysis/results_table.cpp for analyze, report and compare).
std::string whole_number_form_problem(std::string_view cell);

// A cell that must read back exactly as futolab wrote it: a whole number in plain decimal
// digits from `min` to `max` (no sign, exponent, fraction, spaces or leading zero: `5.17E+18`,
// `1.5` or `022` are refused, never rounded). Throws InputError "FILE:LINE: column 'NAME': 'TEXT' is not …",
// or "… is out of range (MIN to MAX)": the range the cell really has (a repeat counts from 1).
std::uint64_t whole_number_cell(const CsvTable& t, std::size_t row, std::size_t column, const std::string& source,
                                std::uint64_t max = UINT64_MAX, std::uint64_t min = 0);
// whole_number_cell for a column whose reader checks a range of its own and states it (a side n
// from 2 to 64, a repeat from 1 to the config's repeats): plain digits past 2^64 − 1 read as
// 2^64 − 1, past every such range, so the refusal states the column's range, not this reader's
// "(0 to 18446744073709551615)" before it.
std::uint64_t capped_whole_number_cell(const CsvTable& t, std::size_t row, std::size_t column, const std::string& source);
// Every cell of these columns (those the table has) empty or whole_number_cell; throws as it.
// The `own_range` columns are held to the form only (capped_whole_number_cell): their reader
// checks their range after.
void check_whole_number_columns(const CsvTable& t, const std::vector<std::string>& columns, const std::string& source,
                                const std::vector<std::string>& own_range = {});

}  // namespace futolab
