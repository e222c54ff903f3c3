// Tables as Markdown or CSV: the one renderer behind every table `futolab analyze` and
// `futolab report` print, so all of them format numbers the same way. A cell holds a number
// or text; Markdown shows numbers to three significant digits (and a median that is only a
// lower bound as "≥ x"), CSV at full precision in plain decimal notation (never 3e+06), so
// that a script reading it gets exactly the value that was computed.
#pragma once

#include "core/vocabulary.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct Cell {
    std::string text;              // used when there is no number
    std::optional<double> number;  // nan: no value ("-" in Markdown, empty in CSV)
    bool at_least = false;         // a lower bound (a median of runs that hit a limit)

    Cell(std::string t) : text(std::move(t)) {}
    Cell(const char* t) : text(t) {}
    Cell(double v, bool lower_bound = false) : number(v), at_least(lower_bound) {}
    Cell(std::size_t v) : number(static_cast<double>(v)) {}
};

struct TextTable {
    std::string name;  // summary, paired, fits, instances: the --table name and the CSV file stem
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;
    std::size_t text_columns = 0;  // the first ones, left-aligned in Markdown; the rest are numbers
};

// |v| (finite, > 0) rounded to `digits` significant digits, the one rounding of every table
// (Markdown, the HTML report, LaTeX): whole numbers whole (5, 1234) and the digits before the
// point never rounded away below 10^6 (1234.5678 -> 1235, 12345.6 -> 12346); other values to
// `digits` significant digits with their trailing zeros (93.6, 0.00309, 1.50); from 10^6 on
// (after rounding) and below 10^-3 a mantissa and a power of ten (1.14, 6), which each writer
// spells its own way.
struct SignificantDigits {
    std::string digits;          // "1235", "0.00309", or the mantissa "1.14"
    std::optional<int> power;    // set: digits × 10^power
};
SignificantDigits significant_digits(double magnitude, int digits);
// Markdown's and the HTML report's form of significant_digits(|v|, 3): "93.6", "0.00309",
// "12346", "1.14e+06", "4.91e-04", with a '-' for a negative number; not finite: "-".
std::string number_text(double v);
// Every digit needed to read the same double back, in plain decimal notation (3000417.59).
std::string exact_text(double v);
// Text from data as a Markdown (GFM) table cell that prints literally: invisible characters
// and line breaks shown (core/visible_text.hpp), '|' and the backslash escaped (so no cell
// splits), and the characters that start inline markup (* ` ~ < > [ ] &, and _ unless
// between letters or digits, where GFM never reads it) escaped with a backslash; so are those
// GitHub gives a meaning: $ (math), the ':' of "://" and the '.' of "www." (autolinks), and an
// '@' that could start an email link or a mention (every one but "name@3f2a", no '.' after).
// An emoji shortcode (":x:") GitHub replaces after the Markdown is read: no escape stops it.
std::string markdown_text(std::string_view text);
// How a text made of prose and data (compare's lists, a disagreement's answers) writes its
// data: markdown_text where the text is Markdown; as_is where the text becomes a table cell,
// which the table's own writer escapes (escaped twice, it would show the backslashes).
using DataText = std::string (*)(std::string_view);
std::string as_is(std::string_view text);
// A cell as Markdown or as CSV shows it. CSV keeps the data as it is but for what no output
// writes raw: invisible characters and bytes that are not UTF-8 shown as everywhere
// (csv_text); line breaks, tabs and spaces kept (RFC 4180 quoting keeps the cell whole); a text
// starting with = + - @, a tab or a carriage return, which a spreadsheet would run as a formula,
// with a leading ' (header cells too; numbers never), as a text starting with ' (one leading '
// taken off gives the text back).
std::string csv_text(std::string_view text);
std::string cell_markdown(const Cell& c);
std::string cell_csv(const Cell& c);

std::string table_markdown(const TextTable& table);
std::string table_csv(const TextTable& table);  // RFC 4180 quoting
// The formats a table is printed in (`futolab analyze --format`); latex is
// analysis/latex_table.hpp's, which adds a caption.
enum class TableFormat { md, csv, latex };
inline constexpr HelpedVocabulary<TableFormat, 3> kTableFormats{{
    {TableFormat::md, "md", "Markdown"},
    {TableFormat::csv, "csv", "full precision, one table"},
    {TableFormat::latex, "latex", "booktabs; needs \\usepackage{booktabs}"},
}};
std::string render_table(const TextTable& table, TableFormat format);  // md or csv (latex: table_latex)

}  // namespace futolab
