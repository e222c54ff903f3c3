// Exact minimum critical sets over all Latin squares of order n (issue #15, SPEC §5c).
//
// For a solved square L, a clue set S is uniquely completable iff S hits, for every other
// Latin square M, the set of L's clues that M violates (an unavoidable set). So the cheapest
// uniquely completable set of L is a weighted minimum hitting set, solved lazily as McGuire et
// al. (2012) did for Sudoku: find a cheapest set hitting the unavoidable sets found so far
// (CaDiCaL, hitting_set.hpp), ask for a counterexample M avoiding it (critical/oracle/counterexample.hpp; at
// n = 6, where no table of squares fits, critical/oracle/solver_counterexample.hpp), add
// M's set, repeat; with no counterexample the candidate is optimal, since it is a cheapest
// hitting set of a subset of the constraints. A minimum-weight uniquely completable set is
// critical (weights are positive), and min over all squares = min over the symmetry classes.
//
// Objectives: 2h+3k and h+k (numbers and relations), k (relations only), h (numbers only),
// frontier (for every h_max, the minimum k over sets with h ≤ h_max; a point of the frontier
// is a set minimal in both, hence critical).
#pragma once

#include "critical/oracle/counterexample.hpp"
#include "critical/exact_squares.hpp"
#include "critical/exact/hitting_set.hpp"
#include "critical/objective.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <cstdint>
#include <limits>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

// The objectives of critical/objective.hpp whose row says `exact` (all but greedy).
using ExactObjective = Objective;
// An exact objective; throws InputError naming `what`: the option, or a certificate's field.
ExactObjective exact_objective_from_name(const std::string& name, std::string_view what = "--objective for --exact");
std::string exact_objective_name(ExactObjective objective);

// What one objective minimises: Σ weight[i] x_i over the allowed clues. Over either mask
// width (critical/clue_mask.hpp); CostModel is the 128-bit one.
template <class Mask>
struct BasicCostModel {
    Mask allowed;
    std::vector<int> weight;  // per clue; 0 outside `allowed`
};
using CostModel = BasicCostModel<ClueMask>;
// ExactObjective::frontier has no single cost; its parts are numbers_cost and relations_cost.
CostModel cost_model(int n, ExactObjective objective);
CostModel numbers_cost(int n);    // h
CostModel relations_cost(int n);  // k
// The same in a mask of either width (defined for ClueMask and WideClueMask).
template <class Mask>
BasicCostModel<Mask> cost_model_as(int n, ExactObjective objective);
template <class Mask>
BasicCostModel<Mask> numbers_cost_as(int n);
template <class Mask>
int cost_of(const BasicCostModel<Mask>& model, const Mask& set) {
    int cost = 0;
    for (int i : set.indices()) cost += model.weight[i];
    return cost;
}

// The hitting-set engine of the search: own branch and bound (default, faster here) or CaDiCaL.
// lagrange (hitting_set_lagrange.hpp) is the per-square search's engine, not a --engine choice:
// the search over all squares keeps its node counts and results.
enum class HittingEngine { bb, cadical, lagrange };
using HittingEngineWord = HelpedWord<HittingEngine>;
inline constexpr HelpedVocabulary<HittingEngine, 2> kHittingEngines{{
    {HittingEngine::bb, "bb", "own branch and bound"},
    {HittingEngine::cadical, "cadical", "CaDiCaL"},
}};

// Where the lazy loop's counterexamples come from: one pass over the table of all squares
// (n ≤ 5, critical/oracle/counterexample.hpp), or a search for one square (any n ≤ 6: the only way at n = 6,
// critical/oracle/solver_counterexample.hpp). Chosen once per run, like a backend.
enum class ExactOracle { table, solver };
using ExactOracleWord = HelpedWord<ExactOracle>;
inline constexpr HelpedVocabulary<ExactOracle, 2> kExactOracles{{
    {ExactOracle::table, "table", "the table of all squares, n <= 5"},
    {ExactOracle::solver, "solver", "a search for one square, n <= 6"},
}};
std::string exact_oracle_name(ExactOracle oracle);

template <class Mask>
struct BasicOptimum {
    bool feasible = false;  // false: no uniquely completable set within the constraints
    int cost = 0;
    Mask set;  // a cheapest set (critical)
};
using Optimum = BasicOptimum<ClueMask>;

// For h_max = 0, 1, ...: the minimum k over the sets with h ≤ h_max.
struct FrontierPoint {
    int h_max = 0;
    Optimum k;
};

struct ClassResult {
    std::size_t index = 0;
    SquareClass square_class;
    Optimum optimum;                     // the objective (not frontier)
    std::vector<FrontierPoint> frontier; // frontier: h_max = 0 .. the smallest h with k = 0
    std::vector<Counterexample> sets;    // the unavoidable sets found, with their squares M
    std::size_t sets_counted = 0;        // rebuilt from a results row: how many sets were found (`sets` not kept)
    std::uint64_t engine_calls = 0, nodes = 0, oracle_queries = 0;  // hitting-set solves, B&B nodes, oracle
    std::uint64_t oracle_nodes = 0;   // solver oracle: search nodes of its counterexample searches
    std::size_t seeded = 0;           // unavoidable sets seeded before the lazy loop
    double seconds = 0;               // wall time of this class
    double cpu_seconds = 0;           // CPU time of its thread (the figure on a shared machine)
};

struct ExactOptions {
    int threads = 1;  // threads sharing the classes
    HittingEngine engine = HittingEngine::bb;
    // Prune with the best cost found so far (bb only): the minimum over all classes stays
    // exact, but a class's own minimum is found only where it beats the best known.
    bool prune = true;
    // Unavoidable sets seeded per class before the lazy loop: the smallest minimal ones, from
    // one pass over the table (fewer hitting-set solves; measured in docs/critical.md).
    std::size_t seed_sets = 2000;
    // Classes solved: first, first + stride, ... below `end` (0 = all): a shard of the run.
    std::size_t first = 0, stride = 1, end = 0;
    std::function<void(std::size_t done, std::size_t total)> progress;  // called every ~1 %
    // The counterexample oracle. With `solver` the table is not read (seed_sets is then unused)
    // and the seeds are L's cycle switches (cycle_switches.hpp) if cycle_seeds is set.
    ExactOracle oracle = ExactOracle::table;
    bool cycle_seeds = true;
    // solver: also seed the sets found by this many queries on random dense candidates.
    std::size_t probe_seeds = 0;
    // exact_sample only: > 0 looks in each class only for sets cheaper than this (the work of
    // a complete pruned run once a set of this cost is known); 0 = each class's own minimum.
    int below = 0;
    bool shrink = true;  // solver: shrink each counterexample to an inclusion-minimal set
    // A run's time limit (task exact, issue #23 §5): checked before every hitting-set solve and
    // oracle query; past it the search throws OutOfTime. max() = none.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    // Per-square search only (exact_square.hpp): stop once the searching thread has used
    // this much CPU time (thread_cpu_ns), like the deadline. max() = none.
    std::int64_t cpu_deadline_ns = std::numeric_limits<std::int64_t>::max();
    // Per-square search only: a wall and a CPU limit in seconds (0 = none), made deadlines on
    // the clocks the search reads at its start, so a search stopped at one has spent at least
    // that by the times its record gives (time_ms, cpu_seconds; red-team round 25, B F13). A
    // limit from 1e9 s (31 years) is none: the steady clock could not hold the deadline.
    double time_limit_seconds = 0, cpu_limit_seconds = 0;
    // An outside stop (the experiment runner's interrupt, Limits::stop): once true, the search
    // stops as at the deadline. Null = none.
    const std::atomic<bool>* stop = nullptr;
};

// Thrown by a class search whose ExactOptions::deadline has passed.
struct OutOfTime : std::runtime_error {
    OutOfTime() : std::runtime_error("time limit") {}
};

// The best cost known over the classes solved so far, shared by the threads of one run.
struct SharedBound {
    std::atomic<int> value{std::numeric_limits<int>::max() / 2};
    int get() const { return value.load(); }
    void lower_to(int v);
};
struct SharedBounds {
    SharedBound best;                    // the objective
    int h_global = 0;                    // frontier: min h over all classes (a first pass)
    std::vector<SharedBound> frontier;   // frontier: per h_max < h_global
    explicit SharedBounds(std::size_t points = 0) : frontier(points) {}
};

// Solves one class. bounds = nullptr: the class's own minimum (every objective, any engine;
// options.threads and the shard are not used here).
// With bounds (engine bb): only sets cheaper than the shared best are looked for, and the best
// is lowered when one is found; a class without one is proved to cost at least the bound it
// was given, which is at least the final minimum (docs/critical.md, "Pruning").
ClassResult solve_class(int n, const SquareClass& c, std::size_t index, ExactObjective objective,
                        const SquareTable& table, const ExactOptions& options = {}, SharedBounds* bounds = nullptr);

// The minimum over all classes (for frontier: per h_max), with one witness.
struct GlobalOptimum {
    Optimum optimum;
    std::size_t witness_class = 0;     // class index (of square_classes)
    std::size_t witness_position = 0;  // its position in ExactResult::classes
    std::size_t classes_at = 0, squares_at = 0;  // classes / squares attaining it
};
struct ExactResult {
    int n = 0;
    ExactObjective objective = ExactObjective::two_h_three_k;
    HittingEngine engine = HittingEngine::bb;
    bool pruned = false;  // then classes_at / squares_at count only the classes solved exactly
    std::size_t squares = 0;
    std::size_t determined_by_relations = 0;  // squares whose comparisons determine them (P(U))
    std::vector<ClassResult> classes;
    GlobalOptimum best;                    // not frontier
    std::vector<GlobalOptimum> frontier;   // frontier: index h_max
    double seconds = 0;
    ExactOracle oracle = ExactOracle::table;
    // A sample (exact_sample): `squares` random squares drawn, `classes` their distinct
    // classes, each with its own minimum; the minimum over them is an upper bound only.
    bool sample = false;
    std::uint64_t sample_seed = 0;
};


// A search over the classes of order n before any class is solved: what it minimises, how, and
// the table's figures (its squares, those their comparisons determine).
ExactResult result_over(int n, ExactObjective objective, const ExactOptions& options, const SquareTable& table);

// Every class of order n ≤ kMaxEnumeratedN, or the shard of them chosen in `options` (then
// `classes` holds only those, and the aggregate is over them).
ExactResult exact_minimum(int n, ExactObjective objective, const ExactOptions& options = {});

// The classes of `count` uniform random squares of order n ≤ kMaxExactN (Jacobson–Matthews,
// square i from seed + i, canonicalised, each class once), each class's own minimum by the
// solver oracle (no pruning, no table). The aggregate is an UPPER bound on the minimum over
// all squares, not the minimum.
ExactResult exact_sample(int n, ExactObjective objective, std::size_t count, std::uint64_t seed,
                         const ExactOptions& options = {});
// The classes exact_sample solves, in its order: those of squares seed, …, seed + count − 1,
// each canonical representative once (the index is a record's meta.class).
std::vector<SquareClass> sample_classes(int n, std::size_t count, std::uint64_t seed);

// Min over classes of already solved class results (also used to merge shards).
void aggregate(ExactResult& result);

}  // namespace futolab::critical
