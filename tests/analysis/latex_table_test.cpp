#include "analysis/latex_table.hpp"
#include "core/error.hpp"

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

TEST_CASE("latex_number: significant digits, never an exponent in e form", "[latex]") {
    CHECK(latex_number(2.0) == "2");                // whole numbers stay whole
    CHECK(latex_number(1234.5678) == "1235");       // digits before the point are not rounded away
    CHECK(latex_number(1.5) == "1.50");             // three significant digits, trailing zero kept
    CHECK(latex_number(0.0078125) == "0.00781");
    CHECK(latex_number(0.001) == "0.00100");
    CHECK(latex_number(9.996) == "10.0");           // rounding carries into the next decade
    CHECK(latex_number(999.6) == "1000");
    CHECK(latex_number(45.5) == "45.5");
    CHECK(latex_number(12345.0) == "12\\,345");     // five digits and more: thin-space groups
    CHECK(latex_number(999999.4) == "999\\,999");
    CHECK(latex_number(1140000.0) == "$1.14\\times10^{6}$");
    CHECK(latex_number(3.5e7) == "$3.50\\times10^{7}$");
    CHECK(latex_number(999999.6) == "$1.00\\times10^{6}$");
    CHECK(latex_number(8.99e-33) == "$8.99\\times10^{-33}$");
    CHECK(latex_number(0.0009876) == "$9.88\\times10^{-4}$");
    CHECK(latex_number(-2.5) == "$-$2.50");
    CHECK(latex_number(-2e7) == "$-2.00\\times10^{7}$");
    CHECK(latex_number(0.0) == "0");
    CHECK(latex_number(std::nan("")) == "--");
    CHECK(latex_number(1.23456, 5) == "1.2346");
    CHECK(latex_number(1.23456, 1) == "1");
    CHECK(latex_number(0.0078125, 2) == "0.0078");
    CHECK(latex_number(1140000.0, 4) == "$1.140\\times10^{6}$");
}

TEST_CASE("cell_latex: rounded numbers, lower bounds, no value", "[latex]") {
    CHECK(cell_latex(Cell(2.0)) == "2");
    CHECK(cell_latex(Cell(1234.5678)) == "1235");
    CHECK(cell_latex(Cell(3.5e7)) == "$3.50\\times10^{7}$");
    CHECK(cell_latex(Cell(12.0, true)) == "$\\geq$\\,12");
    CHECK(cell_latex(Cell(std::nan(""))) == "--");
    CHECK(cell_latex(Cell(std::nan(""), true)) == "--");  // no value is no bound
    CHECK(cell_latex(Cell("fc_1")) == "fc\\_1");
    CHECK(cell_latex(Cell(0.123456), 2) == "0.12");
}

TEST_CASE("table_latex: a booktabs tabular, in a float when captioned", "[latex]") {
    const TextTable t{"summary", {"spec", "median_ms"}, {{Cell("a&b"), Cell(1.5)}, {Cell("c"), Cell(2.0)}}, 1};
    CHECK(table_latex(t) ==
          "\\begin{tabular}{lr}\n"
          "\\toprule\n"
          "spec & median\\_ms \\\\\n"
          "\\midrule\n"
          "a\\&b & 1.50 \\\\\n"
          "c & 2 \\\\\n"
          "\\bottomrule\n"
          "\\end{tabular}\n");
    const std::string captioned = table_latex(t, {"Summary of 50% runs", "tab:summary", 3});
    CHECK(captioned.find("\\begin{table}[htbp]\n\\centering\n\\caption{Summary of 50\\% runs}\n\\label{tab:summary}\n"
                         "\\begin{tabular}{lr}\n") == 0);
    CHECK(captioned.find("\\end{tabular}\n\\end{table}\n") != std::string::npos);
    CHECK(table_latex(t, {"x", "", 3}).find("\\label") == std::string::npos);
}

TEST_CASE("table_latex: a lower bound is marked and explained under the table", "[latex]") {
    const TextTable t{"summary", {"spec", "median"}, {{Cell("a"), Cell(1.5)}, {Cell("b"), Cell(10000.2, true)}}, 1};
    const std::string tex = table_latex(t);
    CHECK(tex.find("b & $\\geq$\\,10\\,000 \\\\\n") != std::string::npos);
    const std::size_t note = tex.find("\\noindent{\\footnotesize $\\geq$\\,$x$: a lower bound.");
    REQUIRE(note != std::string::npos);
    CHECK(note > tex.find("\\end{tabular}"));
    // No mark, no note.
    const TextTable exact{"summary", {"spec", "median"}, {{Cell("a"), Cell(1.5)}}, 1};
    CHECK(table_latex(exact).find("footnotesize") == std::string::npos);
}

TEST_CASE("check_latex_label: a key of safe characters only", "[latex]") {
    CHECK_NOTHROW(check_latex_label("tab:summary-n_6.v2"));
    for (const char* bad : {"", "tab summary", "tab}{x", "a\\b", "x#1", "%", "tab~1", "é"}) {
        INFO(bad);
        CHECK_THROWS_AS(check_latex_label(bad), InputError);
    }
    CHECK_THROWS_AS(check_latex_label(std::string(101, 'a')), InputError);
}
