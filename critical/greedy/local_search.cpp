#include "critical/greedy/local_search.hpp"

#include "critical/budget.hpp"
#include "critical/greedy/greedy.hpp"
#include "critical/oracle/oracle.hpp"
#include "core/random.hpp"

#include <algorithm>
#include <chrono>
#include <random>

namespace futolab::critical {
namespace {


// With neither bound, one greedy pass.
bool exhausted(const SearchBudget& budget, std::uint64_t done) {
    return budget.unbounded() ? done >= 1 : budget.spent(done);
}

struct Search {
    const ClueUniverse& u;
    ClueUse use;
    Weights w;
    GreedyOrder order;
    std::mt19937_64 rng;
    UniquenessOracle oracle;
    SearchResult best;

    int cost(const ClueSet& s) const { return weighted_cost(count_clues(u, s), w); }

    void offer(const ClueSet& s, const Witnesses& w) {
        const int c = cost(s);
        if (best.found && c >= best.cost) return;
        best.found = true;
        best.set = s;
        best.witnesses = w;
        best.cost = c;
        best.counts = count_clues(u, s);
    }

    // Alternate starts between the weight-biased order and a plain shuffle, for diversity.
    // Each pass tries every clue of its result, so `witnesses` then covers the whole set.
    ClueSet start(std::uint64_t index, Witnesses& witnesses) {
        ClueSet s = u.full(use);
        greedy_pass(u, s, removal_order(u, s, index % 2 == 0 ? w : Weights{1, 1}, rng), order, oracle, &witnesses);
        return s;
    }

    // Re-add 1..max_readd allowed clues outside `s`, then greedy removal: old clues first (so
    // the new ones can replace them), the re-added ones last.
    ClueSet perturb(const ClueSet& s, int max_readd, Witnesses& witnesses) {
        std::vector<int> outside;
        for (int i = 0; i < u.size(); ++i)
            if (!s[i] && u.allowed(i, use)) outside.push_back(i);
        ClueSet t = s;
        if (outside.empty()) return t;
        shuffle(outside, rng);
        const std::size_t r = 1 + uniform_below(rng, static_cast<std::uint64_t>(max_readd));
        outside.resize(std::min(outside.size(), r));
        std::vector<int> order = removal_order(u, s, w, rng);
        order.insert(order.end(), outside.begin(), outside.end());
        for (int i : outside) t[i] = 1;
        greedy_remove(u, t, order, oracle, &witnesses);
        return t;
    }
};

}  // namespace

SearchResult search_critical(const ClueUniverse& u, const SearchOptions& options, std::uint64_t seed) {
    const SearchBudget budget{options.iterations, options.time_limit};
    Search s{u, objective_use(options.objective, options.use), objective_weights(options.objective), options.order,
             std::mt19937_64(seed), UniquenessOracle(options.backend, kBreakingNodeBudget, options.stop), {}};
    auto finish = [&] {
        s.best.checks = s.oracle.checks();
        s.best.seconds = budget.elapsed();
        return s.best;
    };
    if (!s.oracle.unique(u, u.full(s.use))) return finish();
    std::uint64_t done = 0;
    do {
        Witnesses current_witnesses(static_cast<std::size_t>(u.size()));
        ClueSet current = s.start(s.best.starts++, current_witnesses);
        ++done;
        s.offer(current, current_witnesses);
        if (options.objective == Objective::greedy) break;
        for (int stale = 0; stale < options.patience && !exhausted(budget, done); ++done) {
            Witnesses next_witnesses(static_cast<std::size_t>(u.size()));
            ClueSet next = s.perturb(current, options.max_readd, next_witnesses);
            const int delta = s.cost(next) - s.cost(current);
            stale = delta < 0 ? 0 : stale + 1;
            if (delta <= 0) {  // accept sideways moves: plateaus are wide
                current = std::move(next);
                current_witnesses = std::move(next_witnesses);
            }
            s.offer(current, current_witnesses);
        }
    } while (!exhausted(budget, done));
    s.best.iterations = done;
    return finish();
}

}  // namespace futolab::critical
