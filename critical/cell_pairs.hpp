// The adjacent cell pairs of an n×n grid and zero-given puzzles as orientations of them: the
// shared vocabulary of the relation clues (critical/clue_universe.hpp orders its relation clues
// this way; critical/zero_given/ searches orientations; critical/exact_squares.hpp indexes them).
#pragma once

#include <cstdint>
#include <vector>

namespace futolab::critical {

// The 2n(n−1) adjacent pairs of an n×n grid, horizontal ones first (row-major), then
// vertical ones: the order of ClueUniverse's relation clues.
struct CellPair {
    int a = 0, b = 0;  // cells, row-major, a < b
};
std::vector<CellPair> adjacent_pairs(int n);

// A zero-given puzzle as one entry per adjacent pair: 0 = no relation, +1 = value(a) <
// value(b), −1 = value(a) > value(b).
using Orientation = std::vector<std::int8_t>;

int relation_count(const Orientation& o);

}  // namespace futolab::critical
