// Backend `gac`: see gac.cpp for the algorithm and its source.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>

namespace futolab::gac {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

// "cell ≠ value" (value 1..n), a constraint a Puzzle cannot state.
struct Exclusion {
    int cell = 0;
    int value = 0;
};
// solver.solve() with these values also removed from the root domains (then propagated). For
// the critical-set oracle (critical/oracle.hpp), which asks for a solution breaking one given
// clue. `solver` must come from make(); solutions are not verified here (the caller checks them).
SolveResult solve_excluding(Solver& solver, const Puzzle& puzzle, const SolveRequest& request,
                            std::span<const Exclusion> excluded);

}  // namespace futolab::gac
