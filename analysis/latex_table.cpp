#include "analysis/latex_table.hpp"

#include <cmath>

namespace futolab {

std::string latex_escape(std::string_view text) {
    std::string out;
    for (const char ch : text) {
        switch (ch) {
            case '\\': out += "\\textbackslash{}"; break;
            case '{': out += "\\{"; break;
            case '}': out += "\\}"; break;
            case '$': out += "\\$"; break;
            case '&': out += "\\&"; break;
            case '#': out += "\\#"; break;
            case '_': out += "\\_"; break;
            case '%': out += "\\%"; break;
            case '^': out += "\\textasciicircum{}"; break;
            case '~': out += "\\textasciitilde{}"; break;
            case '<': out += "\\textless{}"; break;
            case '>': out += "\\textgreater{}"; break;
            case '|': out += "\\textbar{}"; break;
            default: out += static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f ? ' ' : ch;
        }
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
