#include "critical/exact/lazy_search.hpp"

#include "critical/exact/cycle_switches.hpp"
#include "critical/exact/hitting_set_bb.hpp"
#include "critical/exact/hitting_set_lagrange.hpp"
#include "critical/exact/hitting_set_local.hpp"

#include <algorithm>
#include <random>
#include <type_traits>

namespace futolab::critical {
namespace {

int clue_count(int n) { return n * n + 2 * n * (n - 1); }

template <class Mask>
constexpr bool kNarrow = std::is_same_v<Mask, ClueMask>;

template <class Mask>
BasicHittingProblem<Mask> problem_of(const std::vector<Mask>& sets, const Mask& allowed, const std::vector<int>& weight,
                                     const Mask& limited, int limit, const Deadline& deadline = {}) {
    BasicHittingProblem<Mask> p;
    p.sets = sets;
    p.allowed = allowed;
    p.weight = weight;
    p.limited = limited;
    p.limit = limit;
    p.deadline = deadline;
    return p;
}

template <class Found>
std::vector<Found> minimal_distinct(std::vector<Found> sets) {
    std::stable_sort(sets.begin(), sets.end(),
                     [](const Found& a, const Found& b) { return a.violated.count() < b.violated.count(); });
    std::vector<Found> kept;
    for (Found& m : sets)
        if (std::none_of(kept.begin(), kept.end(), [&](const Found& k) { return (k.violated & m.violated) == k.violated; }))
            kept.push_back(std::move(m));
    return kept;
}

}  // namespace

template <class Mask>
LazyOracle<Mask>::LazyOracle(int n, const SquareTable* table, const std::vector<int>& L, const ExactOptions& options) {
    if constexpr (kNarrow<Mask>)
        if (table && options.oracle == ExactOracle::table) {
            table_.emplace(*table, L);
            return;
        }
    solver_.emplace(n, L, options.shrink);
}

template <class Mask>
std::optional<BasicCounterexample<Mask>> LazyOracle<Mask>::find(const Mask& set) {
    if constexpr (kNarrow<Mask>)
        if (table_) return table_->find(set);
    return solver_->find(set);
}

template <class Mask>
std::vector<BasicCounterexample<Mask>> LazyOracle<Mask>::seeds(int n, const std::vector<int>& L, const ExactOptions& options) {
    if constexpr (kNarrow<Mask>)
        if (table_) return table_->smallest_sets(options.seed_sets);
    std::vector<Found> sets;
    if (options.cycle_seeds) sets = cycle_switches_as<Mask>(n, L);
    if (options.shrink)
        for (Found& m : sets) m = solver_->shrink(std::move(m));
    probe(n, options.probe_seeds, sets);
    return options.shrink ? minimal_distinct(std::move(sets)) : sets;
}

// Queries on random dense candidates (each clue kept with probability 0.1..0.45): a square
// avoiding most of L's clues violates few, so the answers are small minimal sets, many of
// them different — at n = 6 the stand-in for the table's smallest sets. Fixed seed: the
// same sets for the same square.
template <class Mask>
void LazyOracle<Mask>::probe(int n, std::size_t count, std::vector<Found>& sets) {
    std::mt19937_64 rng(0x5eed);
    std::uniform_real_distribution<double> density(0.1, 0.45), coin(0.0, 1.0);
    for (std::size_t i = 0; i < count; ++i) {
        const double p = density(rng);
        Mask s;
        for (int c = 0; c < clue_count(n); ++c)
            if (coin(rng) < p) s.set(c);
        if (std::optional<Found> m = solver_->find(s)) sets.push_back(std::move(*m));
    }
}

template <class Mask>
BasicLazySearch<Mask>::BasicLazySearch(int n, const SquareTable* table, const std::vector<int>& L, const ExactOptions& options)
    : n_(n), engine_(options.engine), deadline_{options.deadline, options.cpu_deadline_ns, options.stop}, hs_(kNarrow<Mask> ? clue_count(n) : 0),
      oracle_(n, table, L, options), sorted_pool_(!table || options.oracle == ExactOracle::solver) {
    if (!kNarrow<Mask> && engine_ == HittingEngine::cadical)
        throw std::logic_error("the CaDiCaL hitting-set engine works on 128-bit masks only (n <= 6)");
    for (Found& m : oracle_.seeds(n, L, options)) add(std::move(m));
    seeded_ = sets_.size();
}

template <class Mask>
BasicOptimum<Mask> BasicLazySearch<Mask>::minimise(const Cost& cost, const Mask& allowed, int max_numbers, int lower) {
    for (;;) {
        check_clock();
        const std::optional<Mask> candidate = cheapest(cost, allowed, max_numbers, lower);
        if (!candidate) return {};
        lower = cost_of(cost, *candidate);
        std::optional<Found> m = oracle_.find(*candidate);
        if (!m) return {true, lower, *candidate};
        if (!add_with_extras(std::move(*m), *candidate, allowed)) return {};
    }
}

template <class Mask>
BasicOptimum<Mask> BasicLazySearch<Mask>::minimise_below(const Cost& cost, const Mask& allowed, int max_numbers, int upper) {
    const Mask numbers = Mask::prefix(n_ * n_);
    BasicOptimum<Mask> best;
    for (;;) {
        check_clock();
        ++bb_calls_;
        const BasicHittingProblem<Mask> p = problem_of(masks_, allowed, cost.weight, numbers, max_numbers);
        const BasicHittingSolution<Mask> s = min_hitting_set(p, 0, upper - 1);
        nodes_ += s.nodes;
        if (!s.found) return best;
        std::optional<Found> m = oracle_.find(s.set);
        if (!m) {
            best = {true, s.cost, s.set};
            upper = s.cost;
            continue;
        }
        if (!add_with_extras(std::move(*m), s.set, allowed)) return best;
    }
}

template <class Mask>
Anytime<Mask> BasicLazySearch<Mask>::minimise_anytime(const Cost& cost) {
    int total = 0;
    for (int i : cost.allowed.indices()) total += cost.weight[i];
    Anytime<Mask> at;
    // Keeps the cheaper of `best` and a critical set made from `candidate`; false if no
    // allowed set is uniquely completable at all.
    auto improve_from = [&](const Mask& candidate) {
        const std::optional<Mask> done = complete(candidate, cost);
        if (!done) return false;
        const Mask critical = strip(*done);
        const int c = cost_of(cost, critical);
        if (!at.best.feasible || c < at.best.cost) at.best = {true, c, critical};
        return true;
    };
    int completed_at = -1;  // the lower bound whose first candidate was completed
    // Branch and check (engine lagrange): every hitting set the search meets goes to the oracle
    // at once; its counterexamples join the pool and that search goes on with them. The first
    // candidate at each cost is completed to an upper bound, as below.
    const LeafCheck<Mask> check = [&](const Mask& set) -> std::vector<Mask> {
        // A critical set costing the bound searched is already known: stop there (the loop
        // below finds the bounds met).
        if (at.best.feasible && at.best.cost <= at.lower) return {};
        std::optional<Found> m = oracle_.find(set);
        if (!m) return {};
        std::vector<Mask> added;
        const bool hittable = add_with_extras(std::move(*m), set, cost.allowed, &added);
        if (const int c = cost_of(cost, set); hittable && c > completed_at) {
            completed_at = c;
            improve_from(set);
        }
        return added;  // a set no allowed clue hits ends the search: no allowed set is unique
    };
    for (;;) {
        if (at.best.feasible && at.best.cost <= at.lower) return at.exact = true, at;
        std::optional<Mask> candidate;
        for (; at.lower <= total && !candidate; ++at.lower) {  // iterative deepening, as cheapest()
            bool stopped = false;
            candidate = hitting_set_at(cost, at.lower, stopped, &check);
            if (stopped) break;
        }
        if (!candidate) {
            if (at.lower > total) return at.exact = true, at;  // the pool has no hitting set
            at.timed_out = true;
            // No upper bound yet: complete the empty set (a few hundred oracle queries at most).
            if (!at.best.feasible && !improve_from(Mask{})) at.exact = true;
            return at;
        }
        at.lower = cost_of(cost, *candidate);  // the loop stepped one past it
        std::optional<Found> m = oracle_.find(*candidate);
        if (!m) {
            at.best = {true, at.lower, *candidate};
            return at.exact = true, at;
        }
        if (!add_with_extras(std::move(*m), *candidate, cost.allowed)) return at.exact = true, at;
        if (at.lower > completed_at) {
            completed_at = at.lower;
            if (!improve_from(*candidate)) return at.exact = true, at;
        }
        if (deadline_.passed()) return at.timed_out = true, at;
    }
}

// A hitting set of the pool within `allowed` costing at most `bound`, by the engine; stopped
// when the deadline passed first (then nullopt says nothing).
template <class Mask>
std::optional<Mask> BasicLazySearch<Mask>::hitting_set_at(const Cost& cost, int bound, bool& stopped, const LeafCheck<Mask>* check) {
    if (engine_ == HittingEngine::cadical) throw std::logic_error("minimise_anytime needs a branch-and-bound engine");
    if (engine_ == HittingEngine::lagrange) {  // most calls have an answer near the last one
        if (std::optional<Mask> s = local_hitting_set(masks_, cost.allowed, cost.weight, bound, last_, kLocalMoves)) return last_ = *s;
    }
    ++bb_calls_;
    const BasicHittingProblem<Mask> p = problem_of(masks_, cost.allowed, cost.weight, Mask::prefix(n_ * n_), -1, deadline_);
    const BasicHittingSolution<Mask> s =
        engine_ == HittingEngine::lagrange ? lagrange_hitting_set(p, bound, check) : min_hitting_set(p, bound, bound);
    nodes_ += s.nodes;
    stopped = s.timed_out;
    if (s.found) last_ = s.set;
    return s.found ? std::optional<Mask>(s.set) : std::nullopt;
}

template <class Mask>
std::optional<Mask> BasicLazySearch<Mask>::complete(Mask set, const Cost& cost) {
    for (;;) {
        std::optional<Found> m = oracle_.find(set);
        if (!m) return set;
        const Mask options = m->violated & cost.allowed;
        add(std::move(*m));
        if (options.empty()) return std::nullopt;
        // The cheapest option; among those, the one in most pool sets that `set` misses.
        int pick = -1, pick_weight = 0, pick_hits = -1;
        for (int i : options.indices()) {
            int hits = 0;
            for (const Mask& s : masks_) hits += s.test(i) && !s.intersects(set) ? 1 : 0;
            const int w = cost.weight[i];
            if (pick < 0 || w < pick_weight || (w == pick_weight && hits > pick_hits)) pick = i, pick_weight = w, pick_hits = hits;
        }
        set.set(pick);
    }
}

template <class Mask>
bool BasicLazySearch<Mask>::add_with_extras(Found first, const Mask& candidate, const Mask& allowed, std::vector<Mask>* added) {
    // Cheap (one table pass, or one short search, each), and disjoint sets are what the
    // packing bound counts.
    Mask avoid = candidate;
    std::optional<Found> m = std::move(first);
    for (int extra = 0; m && extra <= kExtraSets; ++extra) {
        const bool hittable = m->violated.intersects(allowed);
        avoid = avoid | m->violated;
        if (added) added->push_back(m->violated);
        add(std::move(*m));
        if (!hittable) return false;
        m = oracle_.find(avoid);
    }
    return true;
}

// The pool stays sorted by size (stable): the branch and bound packs disjoint sets in pool
// order, and small sets first pack best. The table's seeds come sorted; the solver's
// counterexamples do not, and unsorted they left the bound weak (docs/critical.md, n = 6).
template <class Mask>
void BasicLazySearch<Mask>::add(Found m) {
    if constexpr (kNarrow<Mask>)
        if (engine_ == HittingEngine::cadical) hs_.add_set(m.violated);
    const int size = m.violated.count();
    std::size_t at = masks_.size();
    if (sorted_pool_)
        while (at > 0 && masks_[at - 1].count() > size) --at;
    masks_.insert(masks_.begin() + static_cast<std::ptrdiff_t>(at), m.violated);
    sets_.insert(sets_.begin() + static_cast<std::ptrdiff_t>(at), std::move(m));
}

template <class Mask>
Mask BasicLazySearch<Mask>::strip(Mask set) {
    for (int i : set.indices()) {
        set.reset(i);
        if (oracle_.find(set)) set.set(i);
    }
    return set;
}

// A cheapest hitting set of the pool (cost ≥ lower known), if any.
template <class Mask>
std::optional<Mask> BasicLazySearch<Mask>::cheapest(const Cost& cost, const Mask& allowed, int max_numbers, int lower) {
    const Mask numbers = Mask::prefix(n_ * n_);
    int total = 0;
    for (int i : allowed.indices()) total += cost.weight[i];
    if constexpr (kNarrow<Mask>) {
        if (engine_ == HittingEngine::cadical) {
            std::vector<LinearBound> side;
            if (max_numbers >= 0) side.push_back({numbers_cost(n_).weight, max_numbers});
            side.push_back({cost.weight, lower});
            for (int& bound = side.back().max; bound <= total; ++bound)
                if (std::optional<ClueMask> s = hs_.solve(allowed, side)) return s;
            return std::nullopt;
        }
    }
    // Iterative deepening on the cost: a tight bound prunes from the first node.
    const BasicHittingProblem<Mask> p = problem_of(masks_, allowed, cost.weight, numbers, max_numbers);
    for (int bound = lower; bound <= total; ++bound) {
        ++bb_calls_;
        const BasicHittingSolution<Mask> s = min_hitting_set(p, bound, bound);
        nodes_ += s.nodes;
        if (s.found) return s.set;
    }
    return std::nullopt;
}

template <class Mask>
void BasicLazySearch<Mask>::check_clock() const {
    if (deadline_.passed()) throw OutOfTime();
}

template class LazyOracle<ClueMask>;
template class LazyOracle<WideClueMask>;
template class BasicLazySearch<ClueMask>;
template class BasicLazySearch<WideClueMask>;

}  // namespace futolab::critical
