// A third oracle, for the search tree: the same model in Gecode 6 — distinct(IPL_DOM) on every
// row and column, rel(IRT_LE) per relation, givens and chain bounds as domains, binary
// branching INT_VAR_SIZE_MIN / INT_VAL_MIN, sequential DFS. `gac` with alldiff=regin,
// branch=binary, var=mrv, val=min must explore the same tree: same fails, same nodes (Gecode
// counts the root as a node; this returns nodes below the root). Written here, independently of
// the `gecode` backend, so that the gac tests do not depend on it.
#pragma once

#include "core/puzzle.hpp"

#include <cstdint>

namespace futolab::gac::test {

struct GecodeCount {
    std::uint64_t solutions = 0, nodes = 0, fails = 0;
};

// Searches until `limit` solutions are found (0 = all). With `cube`, the model also holds the
// Latin cube's third face (each value's columns distinct over the rows): the tree of
// gac:cube=yes in its Gecode mode.
GecodeCount gecode_count(const Puzzle& puzzle, std::uint64_t limit, bool cube = false);

}  // namespace futolab::gac::test
