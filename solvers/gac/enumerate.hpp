// The enumeration of SearchKernel::enumerate (solvers/kernel.hpp) over the gac engine: a plain
// depth-first search, no probing, no restarts, no control — the counterexample searches of
// critical/oracle/ walk its tree, and their pinned node counts depend on it being exactly this.
#pragma once

#include "core/puzzle.hpp"
#include "solvers/gac/engine.hpp"
#include "solvers/kernel.hpp"

#include <cstdint>
#include <vector>

namespace futolab::gac {

// See SearchKernel::enumerate. False: the root propagation failed.
bool enumerate_solutions(const Puzzle& puzzle, Alldiff alldiff, const std::vector<int>& prefer, std::uint64_t& nodes,
                         const SearchKernel::Visit& visit);

}  // namespace futolab::gac
