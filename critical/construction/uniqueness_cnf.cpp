#include "critical/construction/uniqueness_cnf.hpp"

#include <stdexcept>

namespace futolab::critical {
namespace {

// At least one and at most one (pairwise) of the literals.
void exactly_one(Cnf& cnf, const std::vector<int>& lits) {
    cnf.clauses.push_back(lits);
    for (std::size_t i = 0; i < lits.size(); ++i)
        for (std::size_t j = i + 1; j < lits.size(); ++j) cnf.clauses.push_back({-lits[i], -lits[j]});
}

}  // namespace

Cnf uniqueness_cnf(int n, const std::vector<int>& square, const std::vector<LessThan>& lt) {
    if (n < 1 || n > kMaxCnfOrder) throw std::invalid_argument("uniqueness_cnf: order out of range");
    const auto x = [n](int r, int c, int v) { return (r * n + c) * n + v + 1; };
    Cnf cnf;
    cnf.vars = n * n * n;
    std::vector<int> lits(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            for (int v = 0; v < n; ++v) lits[static_cast<std::size_t>(v)] = x(r, c, v);
            exactly_one(cnf, lits);  // the cell
        }
    for (int line = 0; line < n; ++line)
        for (int v = 0; v < n; ++v) {
            for (int i = 0; i < n; ++i) lits[static_cast<std::size_t>(i)] = x(line, i, v);
            exactly_one(cnf, lits);  // value v in row `line`
            for (int i = 0; i < n; ++i) lits[static_cast<std::size_t>(i)] = x(i, line, v);
            exactly_one(cnf, lits);  // value v in column `line`
        }
    for (const LessThan& rel : lt)
        for (int v = 0; v < n; ++v) {
            std::vector<int> up{-x(rel.r1, rel.c1, v)}, down{-x(rel.r2, rel.c2, v)};
            for (int w = v + 1; w < n; ++w) up.push_back(x(rel.r2, rel.c2, w));
            for (int w = 0; w < v; ++w) down.push_back(x(rel.r1, rel.c1, w));
            cnf.clauses.push_back(std::move(up));
            cnf.clauses.push_back(std::move(down));
        }
    std::vector<int> differs;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) differs.push_back(-x(r, c, square[static_cast<std::size_t>(r * n + c)] - 1));
    cnf.clauses.push_back(std::move(differs));
    return cnf;
}

}  // namespace futolab::critical
