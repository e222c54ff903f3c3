// Helpers shared by the tests of the search backends (backtracking, bitmask, fc): build
// puzzles directly as Instances and run a solver through the one verified door, run_solver.
#pragma once

#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <string_view>
#include <vector>

namespace futolab::test {

// Runs `spec` ("bitmask:val=max", …) on `puzzle`; the solution, if any, has been verified
// (a wrong one would have turned the status into Status::error).
inline SolveResult solve(std::string_view spec, const Puzzle& puzzle, Mode mode, Limits limits = {}) {
    const auto solver = make_solver(parse_solver_spec(spec));
    return run_solver(*solver, puzzle, SolveRequest{mode, limits, 0}).result;
}

// n×n with no clues: its solutions are the Latin squares, L(3) = 12, L(4) = 576, L(5) = 161280.
inline Puzzle empty_puzzle(int n) {
    Instance in;
    in.id = "empty";
    in.n = n;
    return Puzzle::compile(in);
}

// The 4×4 instance of the Conjure Futoshiki tutorial (0-based here); one solution.
inline Puzzle conjure_tutorial() {
    Instance in;
    in.id = "conjure-tutorial-4x4";
    in.n = 4;
    in.givens = {{0, 0, 2}, {1, 1, 2}};
    in.lt = {{0, 0, 1, 0}, {3, 1, 2, 1}, {2, 2, 2, 3}, {2, 3, 3, 3}};
    return Puzzle::compile(in);
}
inline const std::vector<int> kConjureSolution{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4};

// Two equal givens in row 0: unsatisfiable, though well-formed.
inline Puzzle equal_givens_in_row(int n) {
    Instance in;
    in.n = n;
    in.givens = {{0, 0, 1}, {0, n - 1, 1}};
    return Puzzle::compile(in);
}

// Cell (0,0) is given 1 but must be greater than its empty right neighbour.
inline Puzzle one_greater_than_neighbour(int n) {
    Instance in;
    in.n = n;
    in.givens = {{0, 0, 1}};
    in.lt = {{0, 1, 0, 0}};
    return Puzzle::compile(in);
}

// A full, consistent grid of givens (the cyclic square): solved at the root.
inline Puzzle full_grid(int n) {
    Instance in;
    in.n = n;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) in.givens.push_back({r, c, (r + c) % n + 1});
    return Puzzle::compile(in);
}

// The cyclic square of order n with every `every`-th cell (row-major) left empty, and the
// relations between horizontal neighbours of the emptied cells: exercises value n = 64.
inline Puzzle holey_cyclic(int n, int every) {
    Instance in;
    in.n = n;
    auto value = [n](int cell) { return (cell / n + cell % n) % n + 1; };
    for (int cell = 0; cell < n * n; ++cell) {
        if (cell % every != 0) {
            in.givens.push_back({cell / n, cell % n, value(cell)});
        } else if (cell % n + 1 < n) {
            const bool up = value(cell) < value(cell + 1);
            in.lt.push_back({cell / n, cell % n + (up ? 0 : 1), cell / n, cell % n + (up ? 1 : 0)});
        }
    }
    return Puzzle::compile(in);
}

}  // namespace futolab::test
