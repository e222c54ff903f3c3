#include "analysis/latex_table.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace futolab;

TEST_CASE("latex_escape: every special character becomes text", "[latex]") {
    CHECK(latex_escape("gac:sac=none") == "gac:sac=none");
    CHECK(latex_escape("limit_hit") == "limit\\_hit");
    CHECK(latex_escape("a&b%c$d#e") == "a\\&b\\%c\\$d\\#e");
    CHECK(latex_escape("{x}") == "\\{x\\}");
    CHECK(latex_escape("\\input{/etc/passwd}") == "\\textbackslash{}input\\{/etc/passwd\\}");
    CHECK(latex_escape("^~") == "\\textasciicircum{}\\textasciitilde{}");
    CHECK(latex_escape("n<5>|") == "n\\textless{}5\\textgreater{}\\textbar{}");
    CHECK(latex_escape("two\nlines\r\t") == "two\\textless{}U+000A\\textgreater{}lines\\textless{}U+000D\\textgreater{}\\textless{}U+0009\\textgreater{}");
    CHECK(latex_escape("n − 1 ≥ 0") == "n − 1 ≥ 0");  // UTF-8 passes (inputenc / LuaLaTeX read it)
}

TEST_CASE("cell_latex: rounded numbers, lower bounds, no value", "[latex]") {
    CHECK(cell_latex(Cell(2.0)) == "2");
    CHECK(cell_latex(Cell(1234.5678)) == "1234.568");
    CHECK(cell_latex(Cell(3.5e7)) == "3.5e+07");
    CHECK(cell_latex(Cell(12.0, true)) == "$\\geq$ 12");
    CHECK(cell_latex(Cell(std::nan(""))) == "--");
    CHECK(cell_latex(Cell("fc_1")) == "fc\\_1");
}

TEST_CASE("table_latex: a booktabs tabular, in a float when captioned", "[latex]") {
    const TextTable t{"summary", {"spec", "median_ms"}, {{Cell("a&b"), Cell(1.5)}, {Cell("c"), Cell(2.0, true)}}, 1};
    CHECK(table_latex(t) ==
          "\\begin{tabular}{lr}\n"
          "\\toprule\n"
          "spec & median\\_ms \\\\\n"
          "\\midrule\n"
          "a\\&b & 1.500 \\\\\n"
          "c & $\\geq$ 2 \\\\\n"
          "\\bottomrule\n"
          "\\end{tabular}\n");
    const std::string captioned = table_latex(t, "Summary of 50% runs");
    CHECK(captioned.find("\\begin{table}[htbp]\n\\centering\n\\caption{Summary of 50\\% runs}\n\\begin{tabular}{lr}\n") == 0);
    CHECK(captioned.find("\\end{tabular}\n\\end{table}\n") != std::string::npos);
}
