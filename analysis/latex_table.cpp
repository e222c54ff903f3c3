#include "analysis/latex_table.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace futolab {

namespace {

// The LaTeX for one ASCII character of data, or nullptr to print it as it is.
const char* latex_special(char ch) {
    switch (ch) {
        case '\\': return "\\textbackslash{}";
        case '{': return "\\{";
        case '}': return "\\}";
        case '$': return "\\$";
        case '&': return "\\&";
        case '#': return "\\#";
        case '_': return "\\_";
        case '%': return "\\%";
        case '^': return "\\textasciicircum{}";
        case '~': return "\\textasciitilde{}";
        case '<': return "\\textless{}";
        case '>': return "\\textgreater{}";
        case '|': return "\\textbar{}";
        // After \\ (a row's end) or \toprule/\midrule, '[' and '*' would be read as their
        // optional argument or star (`\\[10cm]` is a skip); braced they are plain text.
        case '[': return "{[}";
        case ']': return "{]}";
        case '*': return "{*}";
        // The font's quote glyphs and ligatures ('' ` `` "): the typed character instead.
        case '\'': return "\\textquotesingle{}";
        case '`': return "\\textasciigrave{}";
        // \textquotedbl is missing from OT1, LaTeX's default font encoding; \string prints the
        // font's own '"' (and defeats a babel shorthand).
        case '"': return "\\string\"";
        default: return nullptr;
    }
}

}  // namespace

std::string latex_escape(std::string_view text) {
    const std::string shown = visible_text(text);
    std::string out;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const char ch = shown[i];
        const char* special = latex_special(ch);
        out += special ? special : std::string(1, ch);
        // "--", "---", ",," (T1) and "!`"-style pairs are ligatures: an empty group keeps the
        // characters apart.
        if ((ch == '-' || ch == ',') && i + 1 < shown.size() && shown[i + 1] == ch) out += "{}";
    }
    return out;
}

namespace {

// "1234567" → "1\,234\,567" for five or more digits (a four-digit number stays whole).
std::string grouped(const std::string& digits) {
    if (digits.size() < 5) return digits;
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += "\\,";
        out += digits[i];
    }
    return out;
}

// The integer part of a plain decimal grouped, the rest as it is.
std::string grouped_decimal(const std::string& text) {
    const std::size_t point = text.find('.');
    if (point == std::string::npos) return grouped(text);
    return grouped(text.substr(0, point)) + text.substr(point);
}

// |v| (finite, > 0) as LaTeX, `digits` significant digits (significant_digits: the rounding
// Markdown and the HTML report share).
std::string magnitude_latex(double a, int digits) {
    const SignificantDigits s = significant_digits(a, digits);
    if (s.power) return fmt::format("${}\\times10^{{{}}}$", s.digits, *s.power);
    return grouped_decimal(s.digits);
}

}  // namespace

std::string latex_number(double v, int digits) {
    if (!std::isfinite(v)) return "--";
    if (v == 0) return "0";
    digits = std::clamp(digits, 1, kMaxLatexDigits);
    std::string text = magnitude_latex(std::fabs(v), digits);
    if (v > 0) return text;
    // A minus sign in math mode; a number already in math mode takes it inside.
    return text.front() == '$' ? text.insert(1, "-") : "$-$" + text;
}

std::string cell_latex(const Cell& c, int digits) {
    if (!c.number) return latex_escape(c.text);
    if (!std::isfinite(*c.number)) return "--";
    return (c.at_least ? "$\\geq$\\," : "") + latex_number(*c.number, digits);
}

void check_latex_label(const std::string& label) {
    const bool safe = !label.empty() && label.size() <= 100 && std::all_of(label.begin(), label.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == ':' ||
               ch == '.' || ch == '_' || ch == '-';
    });
    if (!safe)
        throw InputError("--label: '" + message_text(label, 200) +
                         "' is not a LaTeX label here: use 1 to 100 of the letters A-Z a-z, digits and : . _ -");
}

namespace {

bool has_lower_bound(const TextTable& table) {
    for (const auto& row : table.rows)
        for (const Cell& c : row)
            if (c.number && std::isfinite(*c.number) && c.at_least) return true;
    return false;
}

// What "$\geq$" means, under the table: a paper's reader has no docs/analysis.md.
constexpr const char* kLowerBoundNote =
    "\\par\\smallskip\n\\noindent{\\footnotesize $\\geq$\\,$x$: a lower bound. Some runs hit a limit (time, nodes or "
    "memory) and count with the value they reached, so the true value is at least $x$.\\par}\n";

}  // namespace

std::string table_latex(const TextTable& table, const LatexOptions& options) {
    auto line = [](const std::vector<std::string>& cells) {
        std::string s;
        for (std::size_t i = 0; i < cells.size(); ++i) s += (i ? " & " : "") + cells[i];
        return s + " \\\\\n";
    };
    std::string columns;
    for (std::size_t i = 0; i < table.header.size(); ++i) columns += i < table.text_columns ? 'l' : 'r';
    std::vector<std::string> header;
    for (const std::string& h : table.header) header.push_back(latex_escape(h));
    std::string out = "\\begin{tabular}{" + columns + "}\n\\toprule\n" + line(header) + "\\midrule\n";
    for (const auto& row : table.rows) {
        std::vector<std::string> cells;
        for (const Cell& c : row) cells.push_back(cell_latex(c, options.digits));
        out += line(cells);
    }
    out += "\\bottomrule\n\\end{tabular}\n";
    if (has_lower_bound(table)) out += kLowerBoundNote;
    if (options.caption.empty()) return out;
    const std::string label = options.label.empty() ? "" : "\\label{" + options.label + "}\n";
    return "\\begin{table}[htbp]\n\\centering\n\\caption{" + latex_escape(options.caption) + "}\n" + label + out +
           "\\end{table}\n";
}

}  // namespace futolab
