// Depth-first search of `gac` over the engine (engine.hpp): maintains GAC at every node.
//
//  branch=dway    choose a cell, try each value of its domain in order; each value tried is a
//                 node.
//  branch=binary  choose a cell and a value v: left x = v, right x ≠ v; each alternative is a
//                 node. After x ≠ v the node propagates and chooses again (possibly another
//                 cell), as Gecode's binary branchers do. The right alternative reuses its
//                 parent's frame, so the recursion is at most one frame per assigned cell.
//  restarts=luby  the search is cut after base·luby(i) fails in run i (Luby, Sinclair &
//                 Zuckerman, "Optimal speedup of Las Vegas algorithms", IPL 47, 1993) and
//                 started again from the root; counters and dom/wdeg weights and the random
//                 generator carry over. Only for first-solution search (see gac.cpp).
//  sac_restart    with sac=all,sac_after=F: at the F-th fail, if no solution has been found
//                 yet, the search is abandoned and started again from the root, where probing
//                 now runs first. Nothing was counted as a solution, so counting stays exact;
//                 nodes and fails of both runs add up. If a solution came first, probing just
//                 starts where the search is (the count could not be restarted).
//  adapt          (with sac_restart, issue #28) the restarted search also changes its
//                 branching: var=domwdeg (Boussemart et al., "Boosting systematic search by
//                 weighting constraints", ECAI 2004) with the weights the first run's fails
//                 gave, and, when only the first solution is wanted, Luby restarts. The idea:
//                 a puzzle that failed F times without a solution is a hard one, where MRV's
//                 choices may be what a heavy tail comes from, while an easy puzzle never
//                 reaches the switch and keeps MRV's tree. Counting stays exact: the switch
//                 happens only where sac_restart restarts, before any solution. Off by
//                 default: measured, it did not solve more planted instances (gac.cpp).
// Allocation-free: domains are trailed by the engine; value orders live on the stack.
#pragma once

#include "solvers/gac/branch.hpp"
#include "solvers/gac/engine.hpp"
#include "solvers/search_control.hpp"

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace futolab::gac {

enum class Branching { dway, binary };

struct SearchOptions {
    Branching branch = Branching::dway;
    VarOrder var = VarOrder::mrv;
    ValOrder val = ValOrder::min;
    bool luby = false;
    std::uint64_t restart_base = 100;
    // Adaptive probing (engine.hpp, ProbeOptions::after_fails): when the search has failed
    // this many times without a solution, it starts again from the root with probing on, so
    // the whole tree — not only the subtree it happened to be stuck in — gets SAC's pruning.
    // 0: no such restart (probing, if it starts late, starts where the search is).
    std::uint64_t probe_restart_fails = 0;
    // adapt (above): at that restart, switch to dom/wdeg, and to Luby restarts if
    // `first_solution` (set per request: restarts would count solutions again).
    bool adapt = false;
    bool first_solution = false;
    // Per request (SearchKernel::solve_excluding): empty, or a value 1..n per cell tried first
    // by both branchings wherever it is still in the domain.
    std::span<const int> prefer;
};

// The i-th term (i ≥ 1) of Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …
std::uint64_t luby(std::uint64_t i);

class Search {
public:
    // `solution` receives the first solution found (n² values, row-major), `second` the
    // second one (count mode), which critical-set searches keep as a witness.
    Search(Engine& engine, SearchControl& control, Counters& counters, const SearchOptions& options,
           std::uint64_t seed, std::vector<int>& solution, std::vector<int>& second);

    // Explores from the engine's current state, which must be a propagated, consistent root.
    void run();

private:
    enum class Outcome { done, stop, restart };

    Outcome dway(std::uint64_t depth);
    Outcome binary(std::uint64_t depth);
    Outcome explore() { return options_.branch == Branching::dway ? dway(0) : binary(0); }
    // Counts a node at `depth` unless a limit says stop (SearchControl::at_node).
    bool enter(std::uint64_t depth);
    Outcome failure();
    Outcome solution();
    // (a root the planes solved has nothing to branch on: no scan of the board)
    int select() const { return engine_.solved_root() ? -1 : select_var(engine_, options_.var, weights_); }
    // The preferred value index of x if it is still in x's domain, else −1; and the d-way
    // order with it first.
    int preferred(int x) const;
    void prefer_first(int x, int k, std::array<std::int8_t, 64>& values) const;
    // adapt: the branching of the restarted search.
    void switch_branching();

    Engine& engine_;
    SearchControl& control_;
    Counters& counters_;
    SearchOptions options_;
    Rng rng_;
    std::vector<int>& solution_;
    std::vector<int>& second_;
    std::vector<std::uint64_t> weights_;  // dom/wdeg, one per constraint
    std::uint64_t fail_limit_ = 0;        // fails allowed in this run (0 = no limit)
    std::uint64_t run_start_fails_ = 0;
    bool probe_restarted_ = false;        // the one sac_restart has happened
};

}  // namespace futolab::gac
