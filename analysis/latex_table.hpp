// Tables as LaTeX for a paper (`analyze --format latex`, issue #44): booktabs rules (\toprule,
// \midrule, \bottomrule; the document needs \usepackage{booktabs} and nothing else), text
// columns left-aligned, numbers right-aligned to N significant digits (latex_number), a
// statistic that is only a lower bound (runs hit a limit: summary.hpp) as "$\geq$ x" with a
// note under the table saying so, no value as "--". Every string from data (specs, instance
// ids, column names, captions) goes through latex_escape: it cannot become LaTeX code; a label
// is checked against a safe character set instead (it is a key, not text).
#pragma once

#include "analysis/text_table.hpp"

#include <string>
#include <string_view>

namespace futolab {

// Text that LaTeX's text mode prints literally: the ten special characters \ { } $ & # ^ _ % ~
// and < > | (which the default OT1 font encoding would print as other glyphs) as commands;
// [ ] * braced (after \\ or a booktabs rule they would be an optional argument or a star);
// ' ` " as the typed characters, and -- ,, kept apart (not ligatures); invisible characters
// and line breaks shown as <U+XXXX> (core/visible_text.hpp). Anything else (letters, digits,
// UTF-8 text) as it is: the document's inputenc reads it.
std::string latex_escape(std::string_view text);

// `digits` significant digits (1 to 17), plain LaTeX without siunitx:
//   - whole numbers below 10^6 whole (5, 1234), the fractional digits a count never has;
//   - a number with `digits` or more digits before the point rounded to a whole number
//     (1234.5678 → 1235: digits before the point are never rounded away below 10^6);
//   - others rounded to `digits` significant digits, trailing zeros kept (1.50, 0.00781);
//   - 10^6 or more, or below 10^-3: "$1.14\times10^{6}$", never "1.14e+06";
//   - five or more digits before the point grouped by thin spaces (12\,345, ISO 80000-1);
//   - a negative number in math mode ("$-2.50$": a minus sign, not a hyphen); not finite: "--".
std::string latex_number(double v, int digits = 3);
std::string cell_latex(const Cell& cell, int digits = 3);

struct LatexOptions {
    std::string caption{};  // non-empty: a table float with this caption (escaped)
    std::string label{};    // \label{...} after the caption; check_latex_label's charset
    int digits = 3;
};
inline constexpr int kMaxLatexDigits = 17;  // a double's digits

// Throws InputError unless `label` is 1 to 100 of A–Z a–z 0–9 : . _ - (what \label and \ref
// take as they are under every package: no active characters, no spaces).
void check_latex_label(const std::string& label);

// A tabular, and under it, when a cell is marked "$\geq$", a note on what that means; with
// a caption, both in a table float with that caption and label.
std::string table_latex(const TextTable& table, const LatexOptions& options = {});

}  // namespace futolab
