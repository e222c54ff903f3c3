// The chain construction (docs/critical.md, "The chain construction"): for every order n ≥ 1
// and split m in [0, n − 1], a zero-given Futoshiki puzzle that is uniquely completable and
// critical (every relation necessary), with m(m + 1)/2 + p(p + 1)/2 relations, p = n − 1 − m.
// Balanced (m = ⌊(n − 1)/2⌋) that is ⌊n²/4⌋, the value of the law the exact and greedy
// searches found for the fewest relations (results/critical/REPORT.md).
//
// The square is the shifted cyclic square L(r, c) = (r + c + m + 1) mod n + 1 (0-based r, c).
// The relations are strict chains along which L rises by one:
//   - into n, along rows: for each length l = 1..p, the row (p − 1 − l) mod n, whose n sits in
//     column l, gets (r, 0) < (r, 1) < … < (r, l) (values n − l .. n);
//   - from 1, down columns: for each length l = 1..m, the column (l − m) mod n, whose 1 sits in
//     row n − 1 − l, gets (n − 1 − l, c) < … < (n − 1, c) (values 1 .. l + 1).
// Uniqueness (proved in the doc): the two longest chains meet at (n − 1, 0) and form one chain of
// n cells, which fixes column 0 and row n − 1; the shorter chains then fix the two corner
// triangles; a staircase induction fixes the anti-diagonals between them one at a time.
// Criticality (proved in the doc, and carried here as data): without the relation
// (r, c) < (r, c + 1), swapping rows r and (p − 1 − c) mod n gives a Latin square that keeps
// every other relation and breaks only that one; for (r, c) < (r + 1, c), swapping columns c
// and (p − 1 − r) mod n does the same.
#pragma once

#include "core/instance.hpp"

#include <vector>

namespace futolab::critical {

// Exchanging two rows (or two columns) of L: the square that shows one relation necessary.
struct Transposition {
    bool rows = true;
    int a = 0, b = 0;
};

struct ChainConstruction {
    int n = 0, split = 0;                  // split m: the chains from 1; n − 1 − m chains into n
    std::vector<int> square;               // L, row-major
    std::vector<LessThan> relations;       // value(r1, c1) < value(r2, c2) in L
    std::vector<Transposition> witnesses;  // one per relation, in the same order
};

// The split with the fewest relations, ⌊(n − 1)/2⌋.
int balanced_split(int n);

// Relations of the construction with this split: m(m + 1)/2 + p(p + 1)/2.
long long chain_relations(int n, int split);

// The construction (n ≥ 1, 0 ≤ split ≤ n − 1; InputError otherwise).
ChainConstruction chain_construction(int n, int split);

// L with the transposition applied (row-major).
std::vector<int> transposed(int n, const std::vector<int>& square, const Transposition& t);

}  // namespace futolab::critical
