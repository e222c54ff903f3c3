// Search kernels: what a backend can offer beside Solver::solve(), declared here and provided
// by its registry row (registry.hpp, BackendInfo::make_kernel / make_clue_kernel). The
// critical-set oracles (critical/oracle/) ask for a square other than a known one, which a
// Puzzle cannot state ("cell ≠ value", "this clue broken", "switch these clues on"); they reach
// a backend's engine only through these interfaces, never by its name or type, so a second
// backend that offers a kernel is one registry row away from serving them.
#pragma once

#include "core/puzzle.hpp"
#include "solvers/solver.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace futolab {

// "cell ≠ value" (value 1..n), a constraint a Puzzle cannot state.
struct Exclusion {
    int cell = 0;
    int value = 0;
};

// A complete search with two extra entry points. Solutions are not verified here: the caller
// checks every square it is given (critical/oracle/witness.hpp).
class SearchKernel {
public:
    virtual ~SearchKernel() = default;

    // solve() with these values also removed from the root domains (then propagated). Throws
    // std::invalid_argument for an exclusion outside the board. `prefer` (empty, or one value
    // 1..n per cell, row-major): the value a branch tries first at each cell, where it is still
    // in the domain — solution-guided search (Beck, "Solution-guided multi-point constructive
    // search for job shop scheduling", JAIR 29, 2007). The critical-set oracle passes L: the
    // square it looks for differs from L on a Latin trade, which is mostly small, so a search
    // that keeps L's values where it can finds one in few nodes. It changes which solution
    // comes first, never whether one exists, and with branch=dway not the size of a search
    // that finds none.
    virtual SolveResult solve_excluding(const Puzzle& puzzle, const SolveRequest& request,
                                        std::span<const Exclusion> excluded, std::span<const int> prefer) = 0;

    // Visits the solutions of the puzzle depth-first until `visit` returns true: the open cell
    // with the fewest values first (ties: the smallest cell), `prefer`'s value of that cell
    // first when `prefer` is not empty, then the others in increasing order. So with
    // prefer = L the first leaf is L and the next ones differ from L in the cells decided last.
    // Plain propagation (no probing): the same tree on every call, whatever the backend's
    // options. `nodes` is increased by the branches taken. False: the root propagation failed
    // (no solution), nothing visited.
    using Visit = std::function<bool(const std::vector<int>& solution)>;
    virtual bool enumerate(const Puzzle& puzzle, const std::vector<int>& prefer, std::uint64_t& nodes,
                           const Visit& visit) = 0;
};

// A clue of one solved square L that a ClueKernel can switch on: the given L(cell) when
// other < 0, else the relation value(cell) < value(other).
struct SquareClue {
    int cell = 0;
    int other = -1;
};

// An incremental uniqueness check over the clues of one solved square: the formula of all the
// clues is built once, each clue switched on per question, so a verification's many questions
// share what the kernel learned.
class ClueKernel {
public:
    virtual ~ClueKernel() = default;
    // Is L the only Latin square that keeps the clues `on` (indices into the kernel's clue
    // list)? If not, the other square (row-major, unverified: the caller checks it). Throws
    // std::runtime_error if the kernel gives no answer.
    virtual bool unique(std::span<const int> on, std::vector<int>& other) = 0;
    // The same question within `conflicts` (≥ 1) conflicts of a CDCL kernel: nullopt when they
    // ran out first. A kernel without such a limit answers in full (the default).
    virtual std::optional<bool> unique_within(std::span<const int> on, std::vector<int>& other, std::uint64_t conflicts) {
        (void)conflicts;
        return unique(on, other);
    }
    // Clue `clue` is on in every later question of this kernel: a greedy pass settles each clue
    // it keeps, since its set only shrinks (critical/greedy/greedy.hpp). A kernel may make it
    // permanent; CaDiCaL gets a unit clause, which its root-level simplification folds into the
    // formula instead of re-deciding one assumption per clue after every restart (a 20×20
    // greedy pass: its 1 000-conflict round 3.4 s → 0.8 s, results/oracle/REPORT.md round 10).
    // A later question whose `on` lacks a settled clue is the caller's bug (std::logic_error).
    virtual void settle(int clue) { (void)clue; }
    // How the verification names it ("sat (incremental)").
    virtual std::string label() const = 0;
};

}  // namespace futolab
