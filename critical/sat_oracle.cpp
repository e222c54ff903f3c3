#include "critical/sat_oracle.hpp"

#include <cadical.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace futolab::critical {
namespace {

constexpr int kSat = 10, kUnsat = 20;  // CaDiCaL's solve() results

}  // namespace

SatUniquenessOracle::SatUniquenessOracle(const ClueUniverse& u)
    : u_(u), n_(u.n()), numbers_(u.n() * u.n()), solver_(std::make_unique<CaDiCaL::Solver>()) {
    const int cells = n_ * n_;
    selector0_ = cells * n_ + cells * (n_ - 1) + 1;  // after x(·, ·) and o(·, 2..n)
    encode_latin();
    encode_order();
    encode_relations();
    exclude_square();
    prefer_square();
}

SatUniquenessOracle::~SatUniquenessOracle() = default;

int SatUniquenessOracle::o(int cell, int value) const { return n_ * n_ * n_ + cell * (n_ - 1) + (value - 1); }

void SatUniquenessOracle::add(std::initializer_list<int> clause) {
    for (const int lit : clause) solver_->add(lit);
    solver_->add(0);
}

// Exactly one per cell, per (row, value) and per (column, value): pairwise AMO.
void SatUniquenessOracle::encode_latin() {
    std::vector<int> group(static_cast<std::size_t>(n_));
    const auto exactly_one = [&] {
        for (const int lit : group) solver_->add(lit);
        solver_->add(0);
        for (std::size_t i = 0; i < group.size(); ++i)
            for (std::size_t j = i + 1; j < group.size(); ++j) add({-group[i], -group[j]});
    };
    for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c) {
            for (int v = 1; v <= n_; ++v) group[static_cast<std::size_t>(v - 1)] = x(r * n_ + c, v);
            exactly_one();
        }
    for (int v = 1; v <= n_; ++v)
        for (int line = 0; line < n_; ++line) {
            for (int i = 0; i < n_; ++i) group[static_cast<std::size_t>(i)] = x(line * n_ + i, v);  // row `line`
            exactly_one();
            for (int i = 0; i < n_; ++i) group[static_cast<std::size_t>(i)] = x(i * n_ + line, v);  // column `line`
            exactly_one();
        }
}

// o(c, v) ⇔ value(c) ≥ v, for v = 2..n (o(c, 1) is true, o(c, n+1) false: no variables).
void SatUniquenessOracle::encode_order() {
    for (int cell = 0; cell < n_ * n_; ++cell)
        for (int v = 1; v <= n_; ++v) {
            if (v + 1 <= n_ && v >= 2) add({-o(cell, v + 1), o(cell, v)});  // the ladder
            if (v >= 2) add({-x(cell, v), o(cell, v)});
            if (v + 1 <= n_) add({-x(cell, v), -o(cell, v + 1)});
            // o(c, v) ∧ ¬o(c, v + 1) → x(c, v), with the constant ends left out
            if (v >= 2 && v + 1 <= n_) add({-o(cell, v), o(cell, v + 1), x(cell, v)});
            if (v == 1) add({o(cell, 2), x(cell, 1)});
            if (v == n_ && v >= 2) add({-o(cell, n_), x(cell, n_)});
        }
}

// Relation j (a < b) under its selector: value(b) ≥ value(a) + 1, i.e. o(a, v) → o(b, v + 1).
void SatUniquenessOracle::encode_relations() {
    for (int i = numbers_; i < u_.size(); ++i) {
        const Clue& clue = u_.clue(i);
        const int s = selector(i - numbers_), a = clue.cell, b = clue.other;
        add({-s, o(b, 2)});      // v = 1: o(a, 1) is true
        add({-s, -o(a, n_)});    // v = n: o(b, n + 1) is false
        for (int v = 2; v < n_; ++v) add({-s, -o(a, v), o(b, v + 1)});
    }
}

void SatUniquenessOracle::exclude_square() {
    for (int cell = 0; cell < n_ * n_; ++cell) solver_->add(-x(cell, u_.square()[static_cast<std::size_t>(cell)]));
    solver_->add(0);
}

// Decide towards L: a second solution of a clue set usually differs from L in a small trade,
// so starting from L's values finds it after few conflicts.
void SatUniquenessOracle::prefer_square() {
    for (int cell = 0; cell < n_ * n_; ++cell) {
        const int value = u_.square()[static_cast<std::size_t>(cell)];
        for (int v = 1; v <= n_; ++v) solver_->phase(v == value ? x(cell, v) : -x(cell, v));
        for (int v = 2; v <= n_; ++v) solver_->phase(value >= v ? o(cell, v) : -o(cell, v));
    }
}

bool SatUniquenessOracle::unique(const ClueSet& set) {
    ++checks_;
    for (int i = 0; i < u_.size(); ++i) {
        if (!set[static_cast<std::size_t>(i)]) continue;
        const Clue& clue = u_.clue(i);
        solver_->assume(clue.is_number ? x(clue.cell, u_.square()[static_cast<std::size_t>(clue.cell)])
                                       : selector(i - numbers_));
    }
    const int result = solver_->solve();
    if (result == kUnsat) return true;
    if (result != kSat) throw std::runtime_error("sat verifier: CaDiCaL gave no answer");
    check_second_solution(set);
    return false;
}

// The model must be a Latin square other than L that satisfies every clue of the set.
void SatUniquenessOracle::check_second_solution(const ClueSet& set) const {
    const int cells = n_ * n_;
    std::vector<int> m(static_cast<std::size_t>(cells), 0);
    for (int cell = 0; cell < cells; ++cell)
        for (int v = 1; v <= n_; ++v)
            if (solver_->val(x(cell, v)) > 0) {
                if (m[static_cast<std::size_t>(cell)] != 0) throw std::runtime_error("sat verifier: a cell with two values");
                m[static_cast<std::size_t>(cell)] = v;
            }
    std::vector<int> row_seen(static_cast<std::size_t>(n_ * (n_ + 1)), 0), col_seen(row_seen);
    for (int cell = 0; cell < cells; ++cell) {
        const int v = m[static_cast<std::size_t>(cell)];
        if (v == 0) throw std::runtime_error("sat verifier: a cell without a value");
        if (row_seen[static_cast<std::size_t>((cell / n_) * (n_ + 1) + v)]++ ||
            col_seen[static_cast<std::size_t>((cell % n_) * (n_ + 1) + v)]++)
            throw std::runtime_error("sat verifier: the second solution is not a Latin square");
    }
    if (m == u_.square()) throw std::runtime_error("sat verifier: the second solution is the square itself");
    for (int i = 0; i < u_.size(); ++i) {
        if (!set[static_cast<std::size_t>(i)]) continue;
        const Clue& clue = u_.clue(i);
        const bool holds = clue.is_number ? m[static_cast<std::size_t>(clue.cell)] == u_.square()[static_cast<std::size_t>(clue.cell)]
                                          : m[static_cast<std::size_t>(clue.cell)] < m[static_cast<std::size_t>(clue.other)];
        if (!holds) throw std::runtime_error("sat verifier: the second solution breaks clue " + std::to_string(i));
    }
}

}  // namespace futolab::critical
