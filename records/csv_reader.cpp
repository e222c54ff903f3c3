#include "records/csv_reader.hpp"

#include "core/binary_data.hpp"
#include "core/counted.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"
#include "core/reader_memory.hpp"
#include "records/header_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <new>
#include <sstream>
#include <string_view>
#include <unordered_map>

namespace futolab {
namespace {

// A cell in a message: at most 40 bytes, left as typed (core/message_text.hpp). main shows
// every message through visible_text, which writes a control byte or a byte that is not UTF-8
// as a marker (<U+0001>, <0xFF>) and a typed marker's '<' as <U+003C>; escaping here too made a
// typed "\x01" and the byte 0x01 print alike.
std::string printable_cell(std::string_view cell) { return message_text(cell, 40); }

// RFC 4180 quotes a whole field: a quote opens it only at its start, and its closing quote is
// followed by a comma or the line end. Read loosely, `"uni"que` was the cell `unique` and
// `un"i"que` too: rows futolab never writes were taken by merge and resume, and analyze
// grouped `"n04:45"x` as an instance of its own. Refused, naming the line and the field.
enum class FieldState { start, unquoted, quoted, closed };

// `opened`: the line the field's quote opened on. A quote closed on a later line with text
// after it is most likely a stray quote that opened there, so that line is named too.
[[noreturn]] void throw_quote_misplaced(FieldState state, const std::vector<std::string>& fields, int line, int opened,
                                        const std::string& source) {
    const int field = static_cast<int>(fields.size());
    const std::string where = opened == line ? "" : fmt::format(" (its quote opened on line {})", opened);
    if (state == FieldState::closed)
        throw_input_error({source, line, field},
                          fmt::format("field {}: text after its closing quote{} ('\"{}\"' then more): RFC 4180 allows "
                                      "only a comma or the line end there: refusing the file",
                                      field, where, printable_cell(fields.back())));
    throw_input_error({source, line, field},
                      fmt::format("field {}: a quote inside a field that does not start with one ('{}\"'): RFC 4180 "
                                  "quotes a whole field, a quote in it doubled: refusing the file",
                                  field, printable_cell(fields.back())));
}

// Splits one record starting at `pos`; returns false if the text ends before its newline.
bool next_record(std::string_view text, std::size_t& pos, std::vector<std::string>& fields, int& lines,
                 const std::string& source) {
    fields.assign(1, "");
    FieldState state = FieldState::start;
    int opened = 0;  // the line the current field's quote opened on
    while (pos < text.size()) {
        const char ch = text[pos++];
        if (state == FieldState::quoted) {
            if (ch == '"' && pos < text.size() && text[pos] == '"') fields.back() += text[pos++];
            else if (ch == '"') state = FieldState::closed;
            else fields.back() += ch;
            if (ch == '\n') ++lines;
        } else if (ch == ',') {
            fields.emplace_back();
            state = FieldState::start;
        } else if (state == FieldState::closed && ch != '\n' && ch != '\r') {
            throw_quote_misplaced(state, fields, lines + 1, opened, source);
        } else if (ch == '"') {
            if (state == FieldState::unquoted) throw_quote_misplaced(state, fields, lines + 1, lines + 1, source);
            state = FieldState::quoted;
            opened = lines + 1;
        } else if (ch == '\n') {
            ++lines;
            return true;
        } else if (ch == '\r' && pos < text.size() && text[pos] == '\n') {
            ++pos;  // CR LF: RFC 4180's own line end (Python's csv module writes it)
            ++lines;
            return true;
        } else if (ch == '\r' && pos < text.size()) {
            // Not a line end of RFC 4180 or of futolab: old Mac line ends, or a cell damaged in
            // transit. Taking it as data would hide it; taking it as a line end would guess.
            throw_input_error({source, lines + 1, static_cast<int>(fields.size())},
                              "a carriage return not followed by a line feed, outside quotes (line ends are LF or CR "
                              "LF; a CR inside a cell must be quoted): refusing the file");
        } else if (ch == '\r') {
            return false;  // the text ends between CR and LF: a line still being written
        } else {
            fields.back() += ch;
            state = FieldState::unquoted;
        }
    }
    return false;
}

// The whole lines after the first line of the record cut short at the end of `text` (from
// `start`) that read alone as records of `width` fields: rows that cutting it would drop, where
// a kill leaves at most a cell's own line ends. The record can only run on past its first line
// through a quote left open, and that first line is where parsing found it (the rows before it
// all ended), so it is the line named.
std::size_t rows_in_cut(std::string_view text, std::size_t start, std::size_t width) {
    std::size_t rows = 0;
    std::vector<std::string> fields;
    for (std::size_t p = text.find('\n', start); p != std::string_view::npos;) {
        const std::size_t end = text.find('\n', p + 1);
        if (end == std::string_view::npos) break;  // the last line, without its line end: no whole row
        const std::string_view line = text.substr(p + 1, end - p);
        std::size_t pos = 0;
        int lines = 0;
        try {
            if (next_record(line, pos, fields, lines, "") && pos == line.size() && fields.size() == width) ++rows;
        } catch (const InputError&) {
            // a stray CR: not a row of this file
        }
        p = end;
    }
    return rows;
}

// Refuses the record cut short at the end of `text`, which starts on `line` at `start`, if
// it holds whole rows (parse_csv's rule, csv_reader.hpp).
void check_cut_holds_no_rows(std::string_view text, std::size_t start, int line, std::size_t width,
                             const std::string& source) {
    const std::size_t rows = rows_in_cut(text, start, width);
    if (rows == 0) return;
    throw_input_error({source, line, 0},
                      fmt::format("a quote on this line is never closed: the {} whole row(s) after it would be read with "
                                  "it as one incomplete last row and left out: refusing the file (close the quote, or "
                                  "remove the line)", rows));
}

// futolab's column names hold no line end, so a header that runs on past its first line was
// opened by a stray quote there (typed, or damaged in). Read on, a quote never closed made the
// whole file one header cut short, which every reader took for an empty file or a header of
// no columns; one closed on a later line read the rows between into a column name. Refused,
// naming the header's line and the field the quote opened in. `end` is where the record ended
// (`closed`), or the end of the text.
void check_header_on_one_line(std::string_view text, std::size_t start, std::size_t end, bool closed, int end_line,
                              const std::string& source) {
    const std::size_t line_end = text.find('\n', start);
    if (line_end == std::string_view::npos || (closed && line_end + 1 == end)) return;
    std::vector<std::string> fields;
    std::size_t pos = 0;
    int lines = 0;
    next_record(text.substr(start, line_end - start), pos, fields, lines, source);  // stops in the open quote
    const int field = static_cast<int>(fields.size());
    if (!closed)
        throw_input_error({source, 1, field}, "a quote in the header is never closed: the whole file would be read as "
                                              "one header cut short, with no columns and no rows: refusing the file "
                                              "(close the quote, or remove it)");
    throw_input_error({source, 1, field},
                      fmt::format("a quote in the header is closed only on line {}: the lines between would be read into "
                                  "a column name: refusing the file (close the quote on this line, or remove it)",
                                  end_line));
}

// next_record, for the header or a row of `width` fields (`width` 0: the header). A quote
// closed on a later line than it opened, with text after it, is most likely a stray quote that
// another cell's opening quote closed: refused as a stray quote is (line 1 and its field in the
// header; in a row, its first line when whole rows follow it), not as the text after a quote on
// the line it happened to close on.
bool next_header_or_record(std::string_view text, std::size_t& pos, std::vector<std::string>& fields, int& lines,
                           std::size_t width, const std::string& source) {
    const std::size_t start = pos;
    const int first_line = lines + 1;
    try {
        return next_record(text, pos, fields, lines, source);
    } catch (const InputError&) {
        if (lines + 1 == first_line) throw;
        if (width == 0) check_header_on_one_line(text, start, text.size(), true, lines + 1, source);
        check_cut_holds_no_rows(text, start, first_line, width, source);
        throw;
    }
}

// A whole record (`record`, starting on `line`) holding binary data (core/binary_data.hpp) is
// refused at its line and column, in the words of every other text reader: a NUL in a row was
// "1 fields, the header has 37" (red-team round 28, C F9). A record cut short at the end of the
// text is not asked: what a killed writer left there is the truncated last line it always was
// (but for a NUL, which no writer leaves: check_cut_has_no_nul).
void check_record_text(std::string_view record, int line, const std::string& source) {
    if (const auto bad = find_binary_byte(record))
        throw_input_error({source, line + static_cast<int>(bad->line) - 1, static_cast<int>(bad->column)},
                          binary_data(bad->byte));
}

// A cut last record holding NUL bytes is no writer's cut row: futolab never writes a NUL, and a
// kill leaves a prefix of a row. A tail of NULs is what a crash leaves where the file system kept
// the file's new length but not its data; read as the partly written row of a live or killed run,
// it was cut by a resume and passed over by merge without a word (red-team round 29, C6).
// Refused at its line, with the length to cut the file to.
void check_cut_has_no_nul(std::string_view tail, int line, std::size_t whole_bytes, const std::string& source) {
    const auto nuls = static_cast<std::size_t>(std::count(tail.begin(), tail.end(), '\0'));
    if (nuls == 0) return;
    const std::string what = nuls == tail.size() ? fmt::format("ends in {} after its last whole line", counted(nuls, "NUL byte"))
                                                 : fmt::format("ends in a cut line holding {}", counted(nuls, "NUL byte"));
    throw_input_error({source, line, 0},
                      fmt::format("the file {}: no futolab writer leaves that (a crash can, where the file system kept "
                                  "the file's length but not its data): refusing the file (cut it to its first {} "
                                  "bytes, the whole lines, to read it)",
                                  what, whole_bytes));
}

}  // namespace

std::size_t CsvTable::column(std::string_view name, const std::string& source) const {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it != header.end()) return static_cast<std::size_t>(it - header.begin());
    // The column as written where it is misspelt (`status ` with a space at its end, `Status`):
    // "no column 'status'" alone sent the reader to look for a column that is there to see.
    if (const auto near = misspelt_column(header, name))
        throw_input_error({source, 1, static_cast<int>(*near + 1)},
                          fmt::format("no column '{}': column {} is {}", name, *near + 1, quoted_name(header[*near])));
    throw_input_error({source, 1, 0}, fmt::format("no column '{}'", name));
}

CsvTable parse_csv(std::string_view text, const std::string& source) {
    CsvTable table;
    // A UTF-8 byte-order mark at the start (a spreadsheet's "CSV UTF-8" writes one) is not
    // data: skipped, or the first column would be named "\uFEFFexperiment" and "not found".
    // Offsets (complete_bytes) stay those of the file.
    std::size_t pos = text.size() - without_byte_order_mark(text).size();
    int lines = 0;
    std::vector<std::string> fields;
    while (pos < text.size()) {
        const int first_line = lines + 1;
        const std::size_t start = pos;
        if (!next_header_or_record(text, pos, fields, lines, table.header.size(), source)) {
            if (table.header.empty()) check_header_on_one_line(text, start, pos, false, lines, source);
            else check_cut_holds_no_rows(text, start, first_line, table.header.size(), source);
            check_cut_has_no_nul(text.substr(start), first_line, start, source);
            table.truncated = true;
            break;
        }
        table.complete_bytes = pos;
        check_record_text(text.substr(start, pos - start), first_line, source);
        if (table.header.empty()) {
            check_header_on_one_line(text, start, pos, true, lines, source);
            // A name twice: which one a reader takes is an accident of its code (the last one
            // won here), so the file is refused, naming both fields (SPEC §5).
            // Names looked up in a hash map: a pairwise check took n² steps (160 000 columns,
            // 14 s; red-team round 11, F14).
            std::unordered_map<std::string_view, std::size_t> first;
            for (std::size_t i = 0; i < fields.size(); ++i)
                if (const auto [at, added] = first.emplace(fields[i], i); !added)
                    throw_input_error({source, first_line, static_cast<int>(i + 1)},
                                      fmt::format("column '{}' twice in the header (fields {} and {})",
                                                  printable_cell(fields[i]), at->second + 1, i + 1));
            table.header = fields;
        } else if (fields.size() != table.header.size()) {
            // A blank line was "1 fields, the header has 37" (red-team round 28, C F9).
            const std::string_view record = text.substr(start, pos - start);
            if (record == "\n" || record == "\r\n")
                throw_input_error({source, first_line, 0},
                                  fmt::format("a blank line, where a row has the header's {}: refusing the file (remove it)",
                                              counted(table.header.size(), "field")));
            throw_input_error({source, first_line, 0}, fmt::format("{}, the header has {}", counted(fields.size(), "field"),
                                                                  table.header.size()));
        } else {
            table.rows.push_back(fields);
            table.lines.push_back(first_line);
        }
    }
    return table;
}

CsvTable read_csv_file(const std::string& path) {
    const std::string text = read_text_file(path);
    try {
        return parse_csv(text, path);
    } catch (const std::bad_alloc&) {  // the cells take several times the file's bytes
        refuse_out_of_memory_reading(path, text.size());
    }
}

std::string whole_number_form_problem(std::string_view cell) {
    if (cell.empty() || !std::all_of(cell.begin(), cell.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return "is not a whole number in plain digits, as futolab writes it (re-saved by a spreadsheet?)";
    // futolab writes no leading zero (fmt, std::to_string): `022` or `0922…` reads as 22 and
    // 922…, so a resume kept the typed text as a done run's, merge compared its seed as text
    // (red-team round 12, F6), and analyze grouped n `04` apart from 4. "0" itself is the only
    // whole number that starts with 0.
    if (cell.size() > 1 && cell.front() == '0') return "has a leading zero, where futolab writes none";
    return "";
}

namespace {

// whole_number_cell; `capped`: a number past 2^64 − 1 reads as 2^64 − 1 (capped_whole_number_cell).
std::uint64_t read_whole_number(const CsvTable& t, std::size_t row, std::size_t column, const std::string& source,
                                std::uint64_t max, std::uint64_t min, bool capped) {
    const std::string& cell = t.rows.at(row).at(column);
    const auto fail = [&](std::string_view problem) {  // the column by its name
        throw_input_error({source, t.lines.at(row), 0},
                          fmt::format("column '{}': '{}' {}", t.header.at(column), printable_cell(cell), problem));
    };
    if (const std::string problem = whole_number_form_problem(cell); !problem.empty()) fail(problem);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (capped && ec == std::errc::result_out_of_range) return UINT64_MAX;  // plain digits, more than 64 bits hold
    // "too large", as every other reader of whole numbers says (red-team round 30, F8: "is out of range").
    if (ec == std::errc::result_out_of_range || v > max) fail(fmt::format("is too large (at most {})", max));
    if (v < min) fail(fmt::format("is too small (at least {})", min));
    if (ec != std::errc() || end != cell.data() + cell.size()) fail(whole_number_form_problem("x"));  // not reached: digits only
    return v;
}

}  // namespace

std::uint64_t whole_number_cell(const CsvTable& t, std::size_t row, std::size_t column, const std::string& source,
                                std::uint64_t max, std::uint64_t min) {
    return read_whole_number(t, row, column, source, max, min, false);
}

std::uint64_t capped_whole_number_cell(const CsvTable& t, std::size_t row, std::size_t column, const std::string& source) {
    return read_whole_number(t, row, column, source, UINT64_MAX, 0, true);
}

}  // namespace futolab

namespace futolab {

void check_whole_number_columns(const CsvTable& t, const std::vector<std::string>& columns, const std::string& source,
                                const std::vector<std::string>& own_range) {
    for (const std::string& name : columns) {
        const auto it = std::find(t.header.begin(), t.header.end(), name);
        if (it == t.header.end()) continue;
        const std::size_t c = static_cast<std::size_t>(it - t.header.begin());
        const bool capped = std::find(own_range.begin(), own_range.end(), name) != own_range.end();
        for (std::size_t r = 0; r < t.rows.size(); ++r)
            if (!t.rows[r][c].empty()) read_whole_number(t, r, c, source, UINT64_MAX, 0, capped);
    }
}

}  // namespace futolab
