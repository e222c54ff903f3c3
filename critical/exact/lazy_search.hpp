// One square's lazy hitting-set search (issue #15; exact.hpp explains the method): the pool of
// unavoidable sets found so far, the hitting-set engine over it, and the counterexample
// oracle that grows it. Used by the search over symmetry classes (exact.cpp, 128-bit masks,
// n ≤ 6) and by the per-square search (exact_square.hpp, also 256-bit masks, n ≤ 9); defined
// for ClueMask and WideClueMask.
#pragma once

#include "critical/oracle/counterexample.hpp"
#include "critical/deadline.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/hitting_set.hpp"
#include "critical/exact/hitting_set_lagrange.hpp"
#include "critical/oracle/solver_counterexample.hpp"
#include "solvers/run/run.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace futolab::critical {

// The counterexample oracle of one square: the table's (ClueMask, n ≤ 5) or the solver's.
template <class Mask>
class LazyOracle {
public:
    using Found = BasicCounterexample<Mask>;
    LazyOracle(int n, const SquareTable* table, const std::vector<int>& L, const ExactOptions& options);
    std::optional<Found> find(const Mask& set);
    // The seeds: the table's smallest minimal sets, or L's cycle switches (shrunk with the
    // solver when shrinking is on, then only the inclusion-minimal distinct ones).
    std::vector<Found> seeds(int n, const std::vector<int>& L, const ExactOptions& options);
    std::uint64_t queries() const { return table_ ? table_->queries() : solver_->queries(); }
    std::uint64_t nodes() const { return solver_ ? solver_->stats().nodes : 0; }

private:
    void probe(int n, std::size_t count, std::vector<Found>& sets);
    std::optional<TableOracle> table_;  // ClueMask only
    std::optional<BasicSolverOracle<Mask>> solver_;
};

// Where the per-square search stands (minimise_anytime): every uniquely completable set costs
// at least `lower`; `best` is the cheapest critical set found (an upper bound) if any.
template <class Mask>
struct Anytime {
    int lower = 0;
    BasicOptimum<Mask> best;
    bool exact = false;       // best.cost == lower, or (best not feasible) no set exists at all
    bool timed_out = false;   // the deadline passed first: lower and best are bounds
};

template <class Mask>
class BasicLazySearch {
public:
    using Found = BasicCounterexample<Mask>;
    using Cost = BasicCostModel<Mask>;
    // table may be null (then the solver oracle answers, whatever options.oracle says).
    BasicLazySearch(int n, const SquareTable* table, const std::vector<int>& L, const ExactOptions& options);

    // Cheapest set of `cost` over `allowed` with at most `max_numbers` numbers (< 0: any),
    // given that none costs less than `lower`. Throws OutOfTime past the deadline.
    BasicOptimum<Mask> minimise(const Cost& cost, const Mask& allowed, int max_numbers, int lower);

    // The cheapest set of `cost` costing less than `upper` (the best known over all classes),
    // if there is one; infeasible means every set of this square costs ≥ upper. Branch and
    // bound only: with a tight upper bound its pruning starts at the root.
    BasicOptimum<Mask> minimise_below(const Cost& cost, const Mask& allowed, int max_numbers, int upper);

    // minimise (engine bb, no limit on numbers) that stops at the deadline with bounds instead
    // of throwing: the lower bound is the cost the hitting-set search has refuted up to; the
    // upper bound comes from completing the candidate of each new lower bound to a uniquely
    // completable set (complete) and stripping it to a critical one. Stops early when the two
    // meet.
    Anytime<Mask> minimise_anytime(const Cost& cost);

    // Adds m's set and up to kExtraSets more sets disjoint from it and from the candidate.
    // False if a set has no allowed clue (then no allowed set is uniquely completable).
    // added (if given) receives every set added.
    bool add_with_extras(Found first, const Mask& candidate, const Mask& allowed, std::vector<Mask>* added = nullptr);
    void add(Found m);

    // Drops every clue whose removal keeps the set uniquely completable (greedy, monotone:
    // the result is critical).
    Mask strip(Mask set);

    std::vector<Found> take_sets() { return std::move(sets_); }
    std::size_t pool_size() const { return masks_.size(); }
    std::uint64_t engine_calls() const { return engine_ == HittingEngine::cadical ? hs_.sat_calls() : bb_calls_; }
    std::uint64_t nodes() const { return nodes_; }
    std::uint64_t queries() const { return oracle_.queries(); }
    std::uint64_t oracle_nodes() const { return oracle_.nodes(); }
    std::size_t seeded() const { return seeded_; }

private:
    std::optional<Mask> cheapest(const Cost& cost, const Mask& allowed, int max_numbers, int lower);
    // A uniquely completable superset of `set` within `allowed`: while a counterexample exists,
    // add it to the pool and take its cheapest allowed clue that hits most pool sets; nullopt
    // if one has no allowed clue.
    std::optional<Mask> complete(Mask set, const Cost& cost);
    std::optional<Mask> hitting_set_at(const Cost& cost, int bound, bool& stopped, const LeafCheck<Mask>* check = nullptr);
    void check_clock() const;

    static constexpr int kExtraSets = 4;
    int n_;
    HittingEngine engine_;
    Deadline deadline_;
    HittingSetModel hs_;  // engine cadical, ClueMask only
    LazyOracle<Mask> oracle_;
    bool sorted_pool_;  // solver oracle: keep the pool sorted by size (add)
    std::size_t seeded_ = 0;
    // Engine lagrange: the last hitting set found, where the local search starts the next.
    static constexpr int kLocalMoves = 2000;
    Mask last_;
    std::vector<Mask> masks_;
    std::vector<Found> sets_;
    std::uint64_t bb_calls_ = 0, nodes_ = 0;
};
using LazySearch = BasicLazySearch<ClueMask>;

// The search's effort into a result that names it alike (ClassResult, SquareOptimum): its
// counters, and the wall and thread-CPU seconds since `t0` and `cpu0` (thread_cpu_ns()).
template <class Result, class Search>
void record_effort(Result& r, const Search& search, std::chrono::steady_clock::time_point t0, std::int64_t cpu0) {
    r.engine_calls = search.engine_calls();
    r.nodes = search.nodes();
    r.oracle_queries = search.queries();
    r.oracle_nodes = search.oracle_nodes();
    r.seeded = search.seeded();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.cpu_seconds = static_cast<double>(thread_cpu_ns() - cpu0) * 1e-9;
}

}  // namespace futolab::critical
