// Unavoidable sets read off L alone (issue #15, n = 6, where no table of squares exists):
// the cycle switches of L (Wanless, "Cycle switches in Latin squares", Graphs and
// Combinatorics 20, 2004), the simplest Latin trades (Bean's smallest critical sets are
// built from trades).
//
// Fix two rows r1, r2. Start at a column c; the symbol of (r2, c) sits in r1 at some column
// c'; the symbol of (r2, c') sits in r1 at c''; ... back to c. Exchanging the entries of r1
// and r2 on the columns of this cycle gives another Latin square (every column keeps its
// symbols, each row receives the symbols it gave). The same with two columns, or with two
// symbols a, b (the cells holding a or b split into cycles alternating along rows and
// columns; exchanging a and b on one cycle keeps every line Latin). Intercalates (2×2
// subsquares) are the cycles of length 2; a swap of two whole rows, or of two values
// everywhere, is the union of their cycles — so a single cycle gives a smaller, stronger set.
#pragma once

#include "critical/oracle/counterexample.hpp"

#include <optional>
#include <vector>

namespace futolab::critical {

// Every cycle switch of L (rows, columns and symbols), as counterexamples M with their
// violated sets, duplicates and supersets of other switches' sets removed, smallest first.
std::vector<Counterexample> cycle_switches(int n, const std::vector<int>& L);
// The same in a mask of either width (ClueMask: n ≤ 6, WideClueMask: n ≤ 9).
template <class Mask>
std::vector<BasicCounterexample<Mask>> cycle_switches_as(int n, const std::vector<int>& L);

// The cycles of the symbol pair (a, b), 1 ≤ a < b ≤ n: each switched square.
std::vector<std::vector<int>> symbol_cycle_switches(int n, const std::vector<int>& L, int a, int b);

// A lower bound on the relations of any zero-given (h = 0) uniquely completable set of L:
// the number of cycles of the symbol pairs (v, v+1), v = 1..n−1 (docs/critical.md, "n = 6":
// their relation sets are pairwise disjoint and each must be hit). nullopt if one of those
// cycles has no relation in its set: then L's comparisons do not determine L at all. n ≤ 9.
std::optional<int> adjacent_symbol_cycle_bound(int n, const std::vector<int>& L);

}  // namespace futolab::critical
