// A cheap search for two solutions of a zero-given puzzle of relations (n ≤ 16), for the
// few-relations enumeration (few_relations.hpp, issue #26): there, a puzzle the random pool
// cannot witness usually still has many solutions, and the complete gac search costs its
// set-up (allocation, Régin's matchings) for two squares a plain backtracking finds in a few
// dozen assignments. So this is tried first, with a small budget; it proves nothing by
// itself — the caller checks both squares (Latin, every relation kept) and falls back to the
// complete search when it gives up or finds fewer than two.
//
// Chronological backtracking over row/column bitmasks, cells row-major, values increasing;
// each cell's values are cut to [1 + longest chain of cells below it, n − longest chain of
// cells above it] (the relations form a DAG: the caller rejects a cycle first) and checked
// against its assigned neighbours' relations. No allocation inside the search.
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
    bool descend(int cell);
    void prepare(const std::vector<LessThan>& lt);

    int n_;
    std::uint32_t full_;
    struct Earlier {  // a relation to a cell assigned before this one
        int cell;
        bool below;  // this cell's value must be below the other's
    };
    std::vector<std::vector<Earlier>> earlier_;
    std::vector<std::uint32_t> range_;  // per cell: the values its chains allow
    std::vector<std::vector<int>> above_, below_;  // per cell: cells that must be larger / smaller
    std::vector<int> value_, up_, down_;
    std::vector<std::uint32_t> row_, col_;
    std::vector<std::vector<int>> found_;
    std::uint64_t budget_ = 0;
    bool gave_up_ = false;
};

}  // namespace futolab::critical
