#include "solvers/sat/encode.hpp"

namespace futolab::sat {
namespace {

void at_most_one_pairwise(Cnf& cnf, const std::vector<int>& lits) {
    for (std::size_t i = 0; i < lits.size(); ++i)
        for (std::size_t j = i + 1; j < lits.size(); ++j) cnf.add({-lits[i], -lits[j]});
}

// Sinz 2005, k = 1: s_i means "one of l_1..l_i is true".
void at_most_one_sequential(Cnf& cnf, const std::vector<int>& lits) {
    const std::size_t m = lits.size();
    if (m < 2) return;
    const int first = cnf.variables + 1;  // s_i = first + i - 1, i = 1..m-1
    cnf.variables += static_cast<int>(m - 1);
    const auto s = [first](std::size_t i) { return first + static_cast<int>(i) - 1; };
    cnf.add({-lits[0], s(1)});
    for (std::size_t i = 2; i < m; ++i) {
        cnf.add({-lits[i - 1], s(i)});
        cnf.add({-s(i - 1), s(i)});
        cnf.add({-lits[i - 1], -s(i - 1)});
    }
    cnf.add({-lits[m - 1], -s(m - 1)});
}

void exactly_one(Cnf& cnf, const std::vector<int>& lits, Amo amo) {
    cnf.add(lits);
    if (amo == Amo::pairwise)
        at_most_one_pairwise(cnf, lits);
    else
        at_most_one_sequential(cnf, lits);
}

void domains(Cnf& cnf, const Puzzle& p) {
    const int n = p.n();
    for (int cell = 0; cell < p.cells(); ++cell) {
        if (p.given(cell) != 0) cnf.add({cell_var(n, cell, p.given(cell))});
        for (int v = 1; v <= n; ++v)
            if (v < p.min_value(cell) || v > p.max_value(cell)) cnf.add({-cell_var(n, cell, v)});
    }
}

// Order variables of the cells in the puzzle's relations, in order of first appearance.
OrderVars order_vars(Cnf& cnf, const Puzzle& p) {
    OrderVars order(p.n(), p.cells());
    for (const Relation& r : p.relations())
        for (const int cell : {r.lo, r.hi}) order.add(cnf, cell);
    return order;
}

}  // namespace

void encode_latin_square(Cnf& cnf, int n, Amo amo, const std::function<bool()>& out_of_time) {
    std::vector<int> group(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a) {
        if (out_of_time && out_of_time()) return;  // issue #25 §6: a 64x64 encoding takes seconds
        for (int b = 0; b < n; ++b) {
            for (int k = 0; k < n; ++k) group[k] = cell_var(n, a * n + b, k + 1);  // cell (a, b)
            exactly_one(cnf, group, amo);
            for (int k = 0; k < n; ++k) group[k] = cell_var(n, a * n + k, b + 1);  // row a, value b+1
            exactly_one(cnf, group, amo);
            for (int k = 0; k < n; ++k) group[k] = cell_var(n, k * n + a, b + 1);  // column a, value b+1
            exactly_one(cnf, group, amo);
        }
    }
}

OrderVars::OrderVars(int n, int cells) : n_(n), first_(static_cast<std::size_t>(cells), 0) {}

void OrderVars::add(Cnf& cnf, int cell) {
    if (first_[static_cast<std::size_t>(cell)] != 0) return;
    first_[static_cast<std::size_t>(cell)] = cnf.variables + 1;
    cnf.variables += n_ - 1;
    channel(cnf, cell);
}

// Ladder and channelling clauses of one cell (see encode.hpp).
void OrderVars::channel(Cnf& cnf, int cell) const {
    for (int v = 2; v < n_; ++v) cnf.add({-at_least(cell, v + 1), at_least(cell, v)});
    for (int v = 1; v <= n_; ++v) {
        const int x = cell_var(n_, cell, v);
        if (v >= 2) cnf.add({-x, at_least(cell, v)});
        if (v < n_) cnf.add({-x, -at_least(cell, v + 1)});
        std::vector<int> clause{x};  // o(c, v) ∧ ¬o(c, v + 1) → x(c, v)
        if (v >= 2) clause.push_back(-at_least(cell, v));
        if (v < n_) clause.push_back(at_least(cell, v + 1));
        cnf.add(clause);
    }
}

// lo < hi: o(lo, v) → o(hi, v + 1) for v = 1..n, each clause with ¬guard when guarded.
void encode_less_than(Cnf& cnf, const OrderVars& o, int n, int lo, int hi, int guard) {
    const auto add = [&](std::initializer_list<int> lits) {
        std::vector<int> clause(lits);
        if (guard != 0) clause.insert(clause.begin(), -guard);
        cnf.add(clause);
    };
    add({o.at_least(hi, 2)});
    for (int v = 2; v < n; ++v) add({-o.at_least(lo, v), o.at_least(hi, v + 1)});
    add({-o.at_least(lo, n)});
}

void Cnf::add(std::initializer_list<int> clause) {
    literals.insert(literals.end(), clause.begin(), clause.end());
    literals.push_back(0);
    ++clauses;
}

void Cnf::add(const std::vector<int>& clause) {
    literals.insert(literals.end(), clause.begin(), clause.end());
    literals.push_back(0);
    ++clauses;
}

Cnf encode(const Puzzle& p, Amo amo, const std::function<bool()>& out_of_time) {
    const int n = p.n();
    Cnf cnf;
    cnf.variables = n * n * n;
    encode_latin_square(cnf, n, amo, out_of_time);
    if (out_of_time && out_of_time()) return cnf;  // cut short: the caller sees its clock expired
    domains(cnf, p);
    const OrderVars order = order_vars(cnf, p);
    for (const Relation& r : p.relations()) encode_less_than(cnf, order, n, r.lo, r.hi);
    return cnf;
}

std::vector<int> blocking_clause(const Puzzle& p, const std::vector<int>& solution) {
    std::vector<int> clause;
    for (int cell = 0; cell < p.cells(); ++cell)
        if (p.given(cell) == 0) clause.push_back(-cell_var(p.n(), cell, solution[cell]));
    return clause;
}

}  // namespace futolab::sat
