// The relation graph of a puzzle: one vertex per cell, an arc lo → hi for value(lo) < value(hi).
// Built on Boost.Graph. Used to reject cycles (with the cycle in the message) and to compute
// the chain bounds that give solvers their initial domains.
#pragma once

#include "core/puzzle.hpp"

#include <optional>
#include <vector>

namespace futolab {

struct ChainLengths {
    std::vector<int> below;  // longest directed path ending at the cell (cells forced smaller)
    std::vector<int> above;  // longest directed path starting at the cell (cells forced larger)
};

// A directed cycle as a list of arc indices (into `arcs`) in order, or nullopt if acyclic.
std::optional<std::vector<int>> find_cycle(int cells, const std::vector<Relation>& arcs);

// The chain lengths, or nullopt if the graph has a cycle (find_cycle then names it). One graph
// and one topological sort, which detects a cycle too: a valid puzzle (the common case, e.g.
// a critical-set search compiles one per question) pays for no separate cycle search.
std::optional<ChainLengths> chain_lengths(int cells, const std::vector<Relation>& arcs);

}  // namespace futolab
