// A cheap search for two solutions of a zero-given puzzle of relations (n ≤ 16), for the
// few-relations enumeration (few_relations.hpp, issue #26): there, a puzzle the random pool
// cannot witness usually still has many solutions, and the complete gac search costs its
// set-up (allocation, Régin's matchings) for two squares a plain backtracking finds in a few
// dozen assignments. So this is tried first, with a small budget; it proves nothing by
// itself — the caller checks both squares (Latin, every relation kept) and falls back to the
// complete search when it gives up or finds fewer than two.
//
// Depth-first over row/column bitmasks, smallest domain first (a wipe-out anywhere backtracks
// at once), values increasing; each cell's values are cut to [1 + longest chain of cells
// below it, n − longest chain of cells above it] and to its assigned neighbours' relations.
// Row-major order without look-ahead (the first version) spent its whole budget on one puzzle
// in six at n = 6, K = 8: a chain's end cell found its only value taken rows later.
// No allocation inside the search.
#pragma once

#include "core/instance.hpp"

#include <cstdint>
#include <vector>

namespace futolab::critical {

class TwoSquares {
public:
    explicit TwoSquares(int n);
    // Up to two solutions of the relations `lt` (no givens, no directed cycle), or fewer if the
    // search ended or spent `budget` assignments first (then gave_up()).
    const std::vector<std::vector<int>>& solve(const std::vector<LessThan>& lt, std::uint64_t budget);
    bool gave_up() const { return gave_up_; }

private:
    bool descend(int assigned);
    void prepare(const std::vector<LessThan>& lt);
    std::uint32_t domain(int cell) const;

    int n_;
    std::uint32_t full_;
    struct Partner {  // a relation to another cell
        int cell;
        bool below;  // this cell's value must be below the other's
    };
    std::vector<std::vector<Partner>> partners_;
    std::vector<std::uint32_t> range_;  // per cell: the values its chains allow
    std::vector<int> bound_, free_;     // cells with relations or a cut range; the others
    std::vector<std::vector<int>> above_, below_;  // per cell: cells that must be larger / smaller
    std::vector<int> value_, up_, down_;  // value_: 0 = not assigned
    std::vector<std::uint32_t> row_, col_;
    std::vector<std::vector<int>> found_;
    std::uint64_t budget_ = 0;
    bool gave_up_ = false;
};

}  // namespace futolab::critical
