#include "analysis/latex_table.hpp"

#include "core/visible_text.hpp"

#include <cmath>

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

std::string cell_latex(const Cell& c) {
    if (!c.number) return latex_escape(c.text);
    if (!std::isfinite(*c.number)) return "--";
    return (c.at_least ? "$\\geq$ " : "") + latex_escape(number_text(*c.number));
}

std::string table_latex(const TextTable& table, const std::string& caption) {
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
        for (const Cell& c : row) cells.push_back(cell_latex(c));
        out += line(cells);
    }
    out += "\\bottomrule\n\\end{tabular}\n";
    if (caption.empty()) return out;
    return "\\begin{table}[htbp]\n\\centering\n\\caption{" + latex_escape(caption) + "}\n" + out + "\\end{table}\n";
}

}  // namespace futolab
