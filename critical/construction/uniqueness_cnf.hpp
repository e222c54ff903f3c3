// "This zero-given puzzle has no solution but L" as a CNF formula, so that CaDiCaL can refute
// it with a DRAT proof and the project's RUP checker (critical/exact/rup_check.hpp) can check
// that proof without trusting CaDiCaL.
//
// Variables x(cell, v), 1-based index cell·n + v (v = 0..n−1 stands for the value v + 1).
// Clauses, all plain and each checkable by eye:
//   - every cell takes a value, and at most one (pairwise);
//   - every row and every column takes every value (at least once), and no value twice (pairwise);
//   - each relation a < b in support form: x(a, v) → some x(b, w) with w > v, and
//     x(b, w) → some x(a, v) with v < w (so unit propagation narrows both bounds);
//   - the blocking clause: some cell differs from L.
// A solution of the formula is a Latin square satisfying every relation and differing from L,
// i.e. a second solution of the puzzle; UNSAT means the puzzle determines L (if L solves it).
// With unit propagation alone the formula already infers naked and hidden singles and the
// bounds of every relation, which is all the chain construction needs: CaDiCaL refutes it at
// level 0 and the proof is the empty clause.
//
// Size: n³(n − 1)·3/2 pairwise clauses, 1.2 million at n = 30; kMaxCnfOrder caps it.
#pragma once

#include "core/instance.hpp"
#include "critical/exact/hitting_set.hpp"

#include <vector>

namespace futolab::critical {

inline constexpr int kMaxCnfOrder = 40;  // 7.4 million clauses

// The formula for the relations `lt` over the square L (row-major), n ≤ kMaxCnfOrder.
Cnf uniqueness_cnf(int n, const std::vector<int>& square, const std::vector<LessThan>& lt);

}  // namespace futolab::critical
