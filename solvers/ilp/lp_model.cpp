#include "solvers/ilp/lp_model.hpp"

#include <fmt/format.h>

#include <cstdlib>

namespace futolab::ilp {
namespace {

std::string var(int r, int c, int v) { return fmt::format("x_{}_{}_{}", r + 1, c + 1, v); }

// One constraint; terms wrap every 8 so that no line grows with n (CoinLpIO reads long lines,
// but short ones keep the file readable).
struct Row {
    std::string text;
    int terms = 0;
    explicit Row(std::string name) : text(" " + std::move(name) + ":") {}
    void add(int coefficient, const std::string& x) {
        if (terms > 0 && terms % 8 == 0) text += "\n   ";
        text += fmt::format(" {} {} {}", coefficient < 0 ? "-" : "+", std::abs(coefficient), x);
        ++terms;
    }
    std::string end(std::string_view sense, int rhs) { return text + fmt::format(" {} {}\n", sense, rhs); }
};

void latin_rows(int n, std::string& out) {
    for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
            Row cell(fmt::format("cell_{}_{}", a + 1, b + 1)), row(fmt::format("row_{}_{}", a + 1, b + 1)),
                col(fmt::format("col_{}_{}", a + 1, b + 1));
            for (int k = 0; k < n; ++k) {
                cell.add(1, var(a, b, k + 1));  // cell (a, b) holds one value k + 1
                row.add(1, var(a, k, b + 1));   // row a holds value b + 1 once
                col.add(1, var(k, a, b + 1));   // column a holds value b + 1 once
            }
            out += cell.end("=", 1) + row.end("=", 1) + col.end("=", 1);
        }
    }
}

void relation_rows(const Puzzle& p, std::string& out) {
    const int n = p.n();
    for (std::size_t i = 0; i < p.relations().size(); ++i) {
        const Relation& rel = p.relations()[i];
        Row row(fmt::format("lt_{}", i + 1));
        for (int v = 1; v <= n; ++v) row.add(v, var(rel.lo / n, rel.lo % n, v));
        for (int v = 1; v <= n; ++v) row.add(-v, var(rel.hi / n, rel.hi % n, v));
        out += row.end("<=", -1);
    }
}

void nogood_rows(int n, const std::vector<std::vector<int>>& nogoods, std::string& out) {
    for (std::size_t j = 0; j < nogoods.size(); ++j) {
        Row row(fmt::format("nogood_{}", j + 1));
        for (int cell = 0; cell < n * n; ++cell) row.add(1, var(cell / n, cell % n, nogoods[j][cell]));
        out += row.end("<=", n * n - 1);
    }
}

}  // namespace

std::string lp_model(const Puzzle& p, const std::vector<std::vector<int>>& nogoods) {
    const int n = p.n();
    std::string out = fmt::format("\\ futolab: Futoshiki n = {} as a 0-1 programme (solvers/ilp/lp_model.hpp)\n", n);
    out += "Minimize\n obj: 0 " + var(0, 0, 1) + "\nSubject To\n";
    latin_rows(n, out);
    for (int cell = 0; cell < p.cells(); ++cell)
        if (p.given(cell) != 0)
            out += fmt::format(" given_{}_{}: {} = 1\n", cell / n + 1, cell % n + 1, var(cell / n, cell % n, p.given(cell)));
    relation_rows(p, out);
    nogood_rows(n, nogoods, out);
    out += "Binary\n";
    for (int cell = 0; cell < p.cells(); ++cell)
        for (int v = 1; v <= n; ++v) out += " " + var(cell / n, cell % n, v) + (v == n ? "\n" : "");
    return out + "End\n";
}

}  // namespace futolab::ilp
