// The CNF encoding of a Futoshiki puzzle used by the `sat` backend.
//
// Variables (DIMACS numbering, 1-based):
//   x(c, v)  "cell c holds value v", c = 0..n²−1 row-major, v = 1..n: the direct encoding
//            (de Kleer 1989; Walsh, "SAT v CSP", CP 2000), variable c·n + v.
//   o(c, v)  "value(c) ≥ v", v = 2..n, only for cells that take part in a relation: the order
//            encoding (Crawford & Baker 1994; Tamura, Taga, Kitagawa, Banbara, "Compiling
//            finite linear CSP into SAT", Constraints 2009). o(c, 1) is true and o(c, n+1)
//            false, so they need no variable.
//   auxiliary variables of the sequential at-most-one (amo=sequential only).
//
// Clauses: the "extended encoding" of Latin squares (Lynce & Ouaknine, "Sudoku as a SAT
// problem", ISAIM 2006; Kwon & Jain 2006), which states at-least-one (ALO) and at-most-one
// (AMO) for each of the three ways of looking at the square:
//   per cell c:            exactly one value v of x(c, ·)
//   per row r, value v:    exactly one column c of x((r, c), v)
//   per column c, value v: exactly one row r of x((r, c), v)
// Any two of the three families already define a Latin square; the third is redundant but
// makes unit propagation see naked and hidden singles in both directions (Lynce & Ouaknine
// measure that the extended encoding lets unit propagation alone solve far more puzzles).
// AMO encodings (option amo):
//   pairwise    (default) ¬a ∨ ¬b for every pair: m(m−1)/2 binary clauses, no new variable;
//               binary clauses are CaDiCaL's cheapest (kept in its watch lists inline).
//               At n = 35 this is 3·n²·n(n−1)/2 ≈ 2.2 M clauses, still well inside memory.
//   sequential  Sinz's sequential counter for k = 1 ("Towards an optimal CNF encoding of
//               Boolean cardinality constraints", CP 2005): 3m − 4 clauses and m − 1
//               auxiliary variables per group. Both make unit propagation enforce the AMO
//               fully (one true literal falsifies the others).
// Initial domains: x(c, v) is false (a unit) for v outside [Puzzle::min_value(c),
// Puzzle::max_value(c)] (the chain bounds); a given v is the unit x(c, v).
// Relations a < b: in the order encoding, value(b) ≥ value(a) + 1 is the binary clauses
//   o(a, v) → o(b, v + 1) for v = 1..n   (v = 1: the unit o(b, 2); v = n: the unit ¬o(a, n))
// channelled to the direct variables of both cells by
//   o(c, v + 1) → o(c, v)                 (the ladder: the order is monotone)
//   x(c, v) → o(c, v),  x(c, v) → ¬o(c, v + 1)
//   o(c, v) ∧ ¬o(c, v + 1) → x(c, v)
// Why the order encoding rather than the support clauses x(a, v) → ∨_{w > v} x(b, w): unit
// propagation on it maintains bounds consistency of <, which is what arc consistency means
// for < (Tamura et al. 2009), with binary clauses only, and a chain a < b < c … propagates as a
// chain of binary implications between bounds. The clauses CaDiCaL learns then speak of
// bounds (value(c) ≥ v), which generalise over many values at once.
#pragma once

#include "core/puzzle.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace futolab::sat {

enum class Amo { pairwise, sequential };

// A formula as DIMACS literals, each clause terminated by 0.
struct Cnf {
    int variables = 0;
    std::vector<int> literals;
    std::uint64_t clauses = 0;

    void add(std::initializer_list<int> clause);
    void add(const std::vector<int>& clause);
};

// x(c, v): the direct variable of cell c (row-major) and value v (1..n).
inline int cell_var(int n, int cell, int value) { return cell * n + value; }

// The pieces of encode(), also used by the incremental clue kernel (clue_kernel.hpp), which
// states the same square and relations with every clue switched by an assumption.
// The three exactly-one families over the direct variables (cnf.variables ≥ n³). `out_of_time`
// as in encode().
void encode_latin_square(Cnf& cnf, int n, Amo amo, const std::function<bool()>& out_of_time = {});

// Order variables o(c, 2..n), n − 1 per cell added (numbered from cnf.variables + 1, in the
// order of add()), with their ladder and channelling clauses.
class OrderVars {
public:
    OrderVars(int n, int cells);
    void add(Cnf& cnf, int cell);  // once per cell; again: nothing
    int at_least(int cell, int v) const { return first_[static_cast<std::size_t>(cell)] + v - 2; }  // o(c, v), v = 2..n

private:
    void channel(Cnf& cnf, int cell) const;
    int n_;
    std::vector<int> first_;  // o(c, 2), 0 if the cell has none
};

// value(lo) < value(hi) in the order encoding (both cells added to `o`). guard ≠ 0: every
// clause also holds ¬guard, so the relation holds only when guard is assumed true.
void encode_less_than(Cnf& cnf, const OrderVars& o, int n, int lo, int hi, int guard = 0);

// `out_of_time` (optional) is asked once per row of the Latin-square part: when it says true the
// encoding stops early and is incomplete (the caller, whose clock said so, reports timeout).
Cnf encode(const Puzzle& puzzle, Amo amo, const std::function<bool()>& out_of_time = {});

// The clause that excludes `solution` (n² values, row-major): one of its non-given cells must
// take another value. Empty when every cell is given.
std::vector<int> blocking_clause(const Puzzle& puzzle, const std::vector<int>& solution);

}  // namespace futolab::sat
