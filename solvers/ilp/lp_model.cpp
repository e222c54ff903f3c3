#include "solvers/ilp/lp_model.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>
#include <iterator>

namespace futolab::ilp {
namespace {

void number(std::string& out, int v) {
    char digits[16];
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    out.append(digits, end);
}

// x_R_C_V (1-based), appended in place: a 64x64 model names a variable a million times, and a
// formatted temporary string per name was most of its building time (~130 ms).
void var(std::string& out, int r, int c, int v) {
    out += "x_";
    number(out, r + 1);
    out += '_';
    number(out, c + 1);
    out += '_';
    number(out, v);
}

// One constraint, appended to `out`; terms wrap every 8 so that no line grows with n (CoinLpIO
// reads long lines, but short ones keep the file readable).
class Row {
public:
    Row(std::string& out, std::string_view kind, int a, int b) : out_(out) {
        fmt::format_to(std::back_inserter(out_), " {}_{}{}:", kind, a, b > 0 ? fmt::format("_{}", b) : "");
    }
    void add(int coefficient, int r, int c, int v) {
        if (terms_ > 0 && terms_ % 8 == 0) out_ += "\n   ";
        out_ += coefficient < 0 ? " - " : " + ";
        number(out_, std::abs(coefficient));
        out_ += ' ';
        var(out_, r, c, v);
        ++terms_;
    }
    void end(std::string_view sense, int rhs) { fmt::format_to(std::back_inserter(out_), " {} {}\n", sense, rhs); }

private:
    std::string& out_;
    int terms_ = 0;
};

bool latin_rows(int n, std::string& out, const std::function<bool()>& expired) {
    for (int a = 0; a < n; ++a) {
        if (expired()) return false;
        for (int b = 0; b < n; ++b) {
            Row cell(out, "cell", a + 1, b + 1);  // cell (a, b) holds one value
            for (int k = 0; k < n; ++k) cell.add(1, a, b, k + 1);
            cell.end("=", 1);
            Row row(out, "row", a + 1, b + 1);  // row a holds value b + 1 once
            for (int k = 0; k < n; ++k) row.add(1, a, k, b + 1);
            row.end("=", 1);
            Row col(out, "col", a + 1, b + 1);  // column a holds value b + 1 once
            for (int k = 0; k < n; ++k) col.add(1, k, a, b + 1);
            col.end("=", 1);
        }
    }
    return true;
}

void relation_rows(const Puzzle& p, std::string& out) {
    const int n = p.n();
    for (std::size_t i = 0; i < p.relations().size(); ++i) {
        const Relation& rel = p.relations()[i];
        Row row(out, "lt", static_cast<int>(i + 1), 0);
        for (int v = 1; v <= n; ++v) row.add(v, rel.lo / n, rel.lo % n, v);
        for (int v = 1; v <= n; ++v) row.add(-v, rel.hi / n, rel.hi % n, v);
        row.end("<=", -1);
    }
}

bool nogood_rows(int n, const std::vector<std::vector<int>>& nogoods, std::string& out,
                 const std::function<bool()>& expired) {
    for (std::size_t j = 0; j < nogoods.size(); ++j) {
        if (expired()) return false;
        Row row(out, "nogood", static_cast<int>(j + 1), 0);
        for (int cell = 0; cell < n * n; ++cell) row.add(1, cell / n, cell % n, nogoods[j][cell]);
        row.end("<=", n * n - 1);
    }
    return true;
}

bool binary_section(int n, std::string& out, const std::function<bool()>& expired) {
    out += "Binary\n";
    for (int r = 0; r < n; ++r) {
        if (expired()) return false;
        for (int c = 0; c < n; ++c)
            for (int v = 1; v <= n; ++v) {
                out += ' ';
                var(out, r, c, v);
                if (v == n) out += '\n';
            }
    }
    return true;
}

}  // namespace

std::optional<std::string> lp_model_until(const Puzzle& p, const std::vector<std::vector<int>>& nogoods,
                                          const std::function<bool()>& expired) {
    const int n = p.n();
    std::string out = fmt::format("\\ futolab: Futoshiki n = {} as a 0-1 programme (solvers/ilp/lp_model.hpp)\n", n);
    // About 16 bytes per term, four terms per variable (cell, row, column, Binary): one allocation.
    out.reserve(static_cast<std::size_t>(n) * n * n * 64);
    out += "Minimize\n obj: 0 ";
    var(out, 0, 0, 1);
    out += "\nSubject To\n";
    if (!latin_rows(n, out, expired)) return std::nullopt;
    for (int cell = 0; cell < p.cells(); ++cell)
        if (p.given(cell) != 0) {
            fmt::format_to(std::back_inserter(out), " given_{}_{}: ", cell / n + 1, cell % n + 1);
            var(out, cell / n, cell % n, p.given(cell));
            out += " = 1\n";
        }
    relation_rows(p, out);
    if (!nogood_rows(n, nogoods, out, expired) || !binary_section(n, out, expired)) return std::nullopt;
    return out + "End\n";
}

std::string lp_model(const Puzzle& p, const std::vector<std::vector<int>>& nogoods) {
    return *lp_model_until(p, nogoods, [] { return false; });
}

}  // namespace futolab::ilp
