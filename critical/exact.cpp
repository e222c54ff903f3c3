#include "critical/exact.hpp"

#include "core/error.hpp"
#include "generators/latin_square.hpp"
#include "solvers/run.hpp"
#include "critical/cycle_switches.hpp"
#include "critical/hitting_set_bb.hpp"
#include "critical/solver_counterexample.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <thread>

namespace futolab::critical {
namespace {

int clue_count(int n) { return n * n + 2 * n * (n - 1); }

CostModel model_of(int n, int number_weight, int relation_weight) {
    CostModel m;
    const int cells = n * n;
    m.weight.assign(clue_count(n), 0);
    for (int i = 0; i < clue_count(n); ++i) {
        const int w = i < cells ? number_weight : relation_weight;
        m.weight[i] = w;
        if (w > 0) m.allowed.set(i);
    }
    return m;
}

// One square's lazy search: the hitting-set engine and the pool of unavoidable sets found.
// The counterexample oracle of one square: the table's (n ≤ 5) or the solver's (any n).
class Oracle {
public:
    Oracle(int n, const SquareTable* table, const std::vector<int>& L, const ExactOptions& options) {
        if (table && options.oracle == ExactOracle::table) table_.emplace(*table, L);
        else solver_.emplace(n, L, options.shrink);
    }
    std::optional<Counterexample> find(const ClueMask& set) { return table_ ? table_->find(set) : solver_->find(set); }
    // The seeds: the table's smallest minimal sets, or L's cycle switches (shrunk with the
    // solver when shrinking is on, then only the inclusion-minimal distinct ones).
    std::vector<Counterexample> seeds(int n, const std::vector<int>& L, const ExactOptions& options) {
        if (table_) return table_->smallest_sets(options.seed_sets);
        std::vector<Counterexample> sets;
        if (options.cycle_seeds) sets = cycle_switches(n, L);
        if (options.shrink)
            for (Counterexample& m : sets) m = solver_->shrink(std::move(m));
        probe(n, options.probe_seeds, sets);
        return options.shrink ? minimal_distinct(std::move(sets)) : sets;
    }
    std::uint64_t queries() const { return table_ ? table_->queries() : solver_->queries(); }
    std::uint64_t nodes() const { return solver_ ? solver_->stats().nodes : 0; }

private:
    // Queries on random dense candidates (each clue kept with probability 0.1..0.45): a square
    // avoiding most of L's clues violates few, so the answers are small minimal sets, many of
    // them different — at n = 6 the stand-in for the table's smallest sets. Fixed seed: the
    // same sets for the same square.
    void probe(int n, std::size_t count, std::vector<Counterexample>& sets) {
        std::mt19937_64 rng(0x5eed);
        std::uniform_real_distribution<double> density(0.1, 0.45), coin(0.0, 1.0);
        for (std::size_t i = 0; i < count; ++i) {
            const double p = density(rng);
            ClueMask s;
            for (int c = 0; c < clue_count(n); ++c)
                if (coin(rng) < p) s.set(c);
            if (std::optional<Counterexample> m = solver_->find(s)) sets.push_back(std::move(*m));
        }
    }
    static std::vector<Counterexample> minimal_distinct(std::vector<Counterexample> sets) {
        std::stable_sort(sets.begin(), sets.end(), [](const Counterexample& a, const Counterexample& b) {
            return a.violated.count() < b.violated.count();
        });
        std::vector<Counterexample> kept;
        for (Counterexample& m : sets)
            if (std::none_of(kept.begin(), kept.end(),
                             [&](const Counterexample& k) { return (k.violated & m.violated) == k.violated; }))
                kept.push_back(std::move(m));
        return kept;
    }
    std::optional<TableOracle> table_;
    std::optional<SolverOracle> solver_;
};

class LazySearch {
public:
    // table may be null (then the solver oracle answers, whatever options.oracle says).
    LazySearch(int n, const SquareTable* table, const std::vector<int>& L, const ExactOptions& options)
        : n_(n), engine_(options.engine), deadline_(options.deadline), hs_(clue_count(n)), oracle_(n, table, L, options),
          sorted_pool_(!table || options.oracle == ExactOracle::solver) {
        for (Counterexample& m : oracle_.seeds(n, L, options)) add(std::move(m));
        seeded_ = sets_.size();
    }

    // Cheapest set of `cost` over `allowed` with at most `max_numbers` numbers (< 0: any),
    // given that none costs less than `lower`.
    Optimum minimise(const CostModel& cost, const ClueMask& allowed, int max_numbers, int lower) {
        for (;;) {
            check_clock();
            const std::optional<ClueMask> candidate = cheapest(cost, allowed, max_numbers, lower);
            if (!candidate) return {};
            lower = cost_of(cost, *candidate);
            std::optional<Counterexample> m = oracle_.find(*candidate);
            if (!m) return {true, lower, *candidate};
            if (!add_with_extras(std::move(*m), *candidate, allowed)) return {};
        }
    }

    // The cheapest set of `cost` costing less than `upper` (the best known over all classes),
    // if there is one; infeasible means every set of this square costs ≥ upper. Branch and
    // bound only: with a tight upper bound its pruning starts at the root.
    Optimum minimise_below(const CostModel& cost, const ClueMask& allowed, int max_numbers, int upper) {
        const ClueMask numbers = ClueMask::prefix(n_ * n_);
        Optimum best;
        for (;;) {
            check_clock();
            ++bb_calls_;
            const HittingProblem p{masks_, allowed, cost.weight, numbers, max_numbers};
            const HittingSolution s = min_hitting_set(p, 0, upper - 1);
            nodes_ += s.nodes;
            if (!s.found) return best;
            std::optional<Counterexample> m = oracle_.find(s.set);
            if (!m) {
                best = {true, s.cost, s.set};
                upper = s.cost;
                continue;
            }
            if (!add_with_extras(std::move(*m), s.set, allowed)) return best;
        }
    }

    // Adds m's set and up to kExtraSets more sets disjoint from it and from the candidate:
    // cheap (one table pass, or one short search at n = 6, each), and disjoint sets are what
    // the packing bound counts.
    // False if a set has no allowed clue (then no allowed set is uniquely completable).
    bool add_with_extras(Counterexample first, const ClueMask& candidate, const ClueMask& allowed) {
        ClueMask avoid = candidate;
        std::optional<Counterexample> m = std::move(first);
        for (int extra = 0; m && extra <= kExtraSets; ++extra) {
            const bool hittable = m->violated.intersects(allowed);
            avoid = avoid | m->violated;
            add(std::move(*m));
            if (!hittable) return false;
            m = oracle_.find(avoid);
        }
        return true;
    }

    // The pool stays sorted by size (stable): the branch and bound packs disjoint sets in pool
    // order, and small sets first pack best. The table's seeds come sorted; the solver's
    // counterexamples do not, and unsorted they left the bound weak (docs/critical.md, n = 6).
    void add(Counterexample m) {
        if (engine_ == HittingEngine::cadical) hs_.add_set(m.violated);
        const int size = m.violated.count();
        std::size_t at = masks_.size();
        if (sorted_pool_)
            while (at > 0 && masks_[at - 1].count() > size) --at;
        masks_.insert(masks_.begin() + static_cast<std::ptrdiff_t>(at), m.violated);
        sets_.insert(sets_.begin() + static_cast<std::ptrdiff_t>(at), std::move(m));
    }

    // Drops every clue whose removal keeps the set uniquely completable (greedy, monotone:
    // the result is critical).
    ClueMask strip(ClueMask set) {
        for (int i : set.indices()) {
            set.reset(i);
            if (oracle_.find(set)) set.set(i);
        }
        return set;
    }

    std::vector<Counterexample> take_sets() { return std::move(sets_); }
    std::uint64_t engine_calls() const { return engine_ == HittingEngine::cadical ? hs_.sat_calls() : bb_calls_; }
    std::uint64_t nodes() const { return nodes_; }
    std::uint64_t queries() const { return oracle_.queries(); }
    std::uint64_t oracle_nodes() const { return oracle_.nodes(); }
    std::size_t seeded() const { return seeded_; }

private:
    // A cheapest hitting set of the pool (cost ≥ lower known), if any.
    std::optional<ClueMask> cheapest(const CostModel& cost, const ClueMask& allowed, int max_numbers, int lower) {
        const ClueMask numbers = ClueMask::prefix(n_ * n_);
        int total = 0;
        for (int i : allowed.indices()) total += cost.weight[i];
        if (engine_ == HittingEngine::bb) {
            // Iterative deepening on the cost: a tight bound prunes from the first node.
            const HittingProblem p{masks_, allowed, cost.weight, numbers, max_numbers};
            for (int bound = lower; bound <= total; ++bound) {
                ++bb_calls_;
                const HittingSolution s = min_hitting_set(p, bound, bound);
                nodes_ += s.nodes;
                if (s.found) return s.set;
            }
            return std::nullopt;
        }
        std::vector<LinearBound> side;
        if (max_numbers >= 0) side.push_back({numbers_cost(n_).weight, max_numbers});
        side.push_back({cost.weight, lower});
        for (int& bound = side.back().max; bound <= total; ++bound)
            if (std::optional<ClueMask> s = hs_.solve(allowed, side)) return s;
        return std::nullopt;
    }

    void check_clock() const {
        if (deadline_ != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() >= deadline_)
            throw OutOfTime();
    }

    static constexpr int kExtraSets = 4;
    int n_;
    HittingEngine engine_;
    std::chrono::steady_clock::time_point deadline_;
    HittingSetModel hs_;
    Oracle oracle_;
    bool sorted_pool_;  // solver oracle: keep the pool sorted by size (add)
    std::size_t seeded_ = 0;
    std::vector<ClueMask> masks_;
    std::vector<Counterexample> sets_;
    std::uint64_t bb_calls_ = 0, nodes_ = 0;
};

// frontier[H] = min k with h ≤ H, for H = 0 .. h_min (where k = 0). Walked down from h_min:
// k(H) ≥ k(H + 1), so each point starts its bound where the previous one ended.
std::vector<FrontierPoint> class_frontier(int n, LazySearch& search) {
    const CostModel h = numbers_cost(n), k = relations_cost(n);
    const Optimum h_min = search.minimise(h, h.allowed, -1, 0);
    std::vector<FrontierPoint> points(h_min.cost + 1);
    for (int H = 0; H <= h_min.cost; ++H) points[H].h_max = H;
    points[h_min.cost].k = {true, 0, h_min.set};
    const ClueMask everything = h.allowed | k.allowed;
    int lower = 0;
    for (int H = h_min.cost - 1; H >= 0; --H) {
        const ClueMask allowed = H == 0 ? k.allowed : everything;
        Optimum o = search.minimise(k, allowed, H, lower);
        if (!o.feasible) break;  // then no smaller H is feasible either
        o.set = search.strip(o.set);
        points[H].k = o;
        lower = o.cost;
    }
    return points;
}

// The pruned frontier: for H < h_global (the smallest h of a numbers-only set over all
// classes), the cheapest k with h ≤ H below the best known k over all classes; the point at
// h_global is this class's numbers-only set if it reaches h_global.
std::vector<FrontierPoint> pruned_frontier(int n, LazySearch& search, SharedBounds& bounds) {
    const CostModel h = numbers_cost(n), k = relations_cost(n);
    const int h_global = bounds.h_global;
    std::vector<FrontierPoint> points(h_global + 1);
    for (int H = 0; H <= h_global; ++H) points[H].h_max = H;
    const Optimum h_min = search.minimise_below(h, h.allowed, -1, h_global + 1);
    if (h_min.feasible) points[h_global].k = {true, 0, h_min.set};
    const ClueMask everything = h.allowed | k.allowed;
    for (int H = h_global - 1; H >= 0; --H) {
        const ClueMask allowed = H == 0 ? k.allowed : everything;
        Optimum o = search.minimise_below(k, allowed, H, bounds.frontier[H].get());
        if (!o.feasible) continue;
        o.set = search.strip(o.set);
        points[H].k = o;
        bounds.frontier[H].lower_to(o.cost);
    }
    return points;
}

}  // namespace

void SharedBound::lower_to(int v) {
    int current = value.load();
    while (v < current && !value.compare_exchange_weak(current, v)) {
    }
}

ExactObjective exact_objective_from_name(const std::string& name) {
    if (const ObjectiveWord* w = row_named(exact_objectives(), name)) return w->value;
    throw InputError("--objective for --exact must be " + names_of(exact_objectives(), ", ") + ", got '" + name + "'");
}

std::string exact_objective_name(ExactObjective objective) { return objective_name(objective); }

ExactOracle exact_oracle_from_name(const std::string& name) {
    if (const ExactOracleWord* w = row_named(kExactOracles, name)) return w->value;
    throw InputError("--oracle must be " + names_of(kExactOracles, " or ") + ", got '" + name + "'");
}

std::string exact_oracle_name(ExactOracle oracle) { return std::string(name_in(kExactOracles, oracle)); }

HittingEngine hitting_engine_from_name(const std::string& name) {
    if (const HittingEngineWord* w = row_named(kHittingEngines, name)) return w->value;
    throw InputError("--engine must be " + names_of(kHittingEngines, " or ") + ", got '" + name + "'");
}

CostModel numbers_cost(int n) { return model_of(n, 1, 0); }
CostModel relations_cost(int n) { return model_of(n, 0, 1); }

CostModel cost_model(int n, ExactObjective objective) {
    switch (objective) {
        case ExactObjective::two_h_three_k: return model_of(n, 2, 3);
        case ExactObjective::h_plus_k: return model_of(n, 1, 1);
        case ExactObjective::k_only: return relations_cost(n);
        case ExactObjective::h_only: return numbers_cost(n);
        case ExactObjective::frontier: break;
        case ExactObjective::greedy: throw std::logic_error("greedy is not an exact objective");
    }
    throw std::logic_error("the frontier has no single cost");
}

int cost_of(const CostModel& model, const ClueMask& set) {
    int cost = 0;
    for (int i : set.indices()) cost += model.weight[i];
    return cost;
}

namespace {

ClassResult solve_with(int n, const SquareClass& c, std::size_t index, ExactObjective objective,
                       const SquareTable* table, const ExactOptions& options, SharedBounds* bounds) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t cpu0 = thread_cpu_ns();
    ClassResult r;
    r.index = index;
    r.square_class = c;
    LazySearch search(n, table, c.square, options);
    if (objective == ExactObjective::frontier) {
        r.frontier = bounds ? pruned_frontier(n, search, *bounds) : class_frontier(n, search);
    } else {
        const CostModel cost = cost_model(n, objective);
        if (bounds) {
            r.optimum = search.minimise_below(cost, cost.allowed, -1, bounds->best.get());
            if (r.optimum.feasible) bounds->best.lower_to(r.optimum.cost);
        } else {
            r.optimum = search.minimise(cost, cost.allowed, -1, 0);
        }
    }
    r.engine_calls = search.engine_calls();
    r.nodes = search.nodes();
    r.oracle_queries = search.queries();
    r.oracle_nodes = search.oracle_nodes();
    r.seeded = search.seeded();
    r.sets = search.take_sets();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.cpu_seconds = static_cast<double>(thread_cpu_ns() - cpu0) * 1e-9;
    return r;
}

}  // namespace

ClassResult solve_class(int n, const SquareClass& c, std::size_t index, ExactObjective objective,
                        const SquareTable& table, const ExactOptions& options, SharedBounds* bounds) {
    return solve_with(n, c, index, objective, &table, options, bounds);
}

ClassResult solve_class_by_solver(int n, const SquareClass& c, std::size_t index, ExactObjective objective,
                                  const ExactOptions& options, SharedBounds* bounds) {
    if (n < 2 || n > kMaxExactN)
        throw InputError("the solver oracle needs 2 <= n <= " + std::to_string(kMaxExactN) + ", got " + std::to_string(n));
    return solve_with(n, c, index, objective, nullptr, options, bounds);
}

void aggregate(ExactResult& result) {
    result.best = {};
    result.frontier.clear();
    auto consider = [&result](GlobalOptimum& g, const Optimum& o, const ClassResult& c) {
        if (!o.feasible) return;
        if (!g.optimum.feasible || o.cost < g.optimum.cost) {
            g = {o, c.index, static_cast<std::size_t>(&c - result.classes.data()), 0, 0};
        }
        if (o.cost == g.optimum.cost) {
            ++g.classes_at;
            g.squares_at += static_cast<std::size_t>(c.square_class.orbit);
        }
    };
    if (result.objective != ExactObjective::frontier) {
        for (const ClassResult& c : result.classes) consider(result.best, c.optimum, c);
        return;
    }
    // Up to the smallest h_min of all classes, where k = 0 is reached.
    std::size_t points = std::numeric_limits<std::size_t>::max();
    for (const ClassResult& c : result.classes) points = std::min(points, c.frontier.size());
    if (result.classes.empty()) return;
    result.frontier.assign(points, {});
    for (std::size_t H = 0; H < points; ++H)
        for (const ClassResult& c : result.classes) consider(result.frontier[H], c.frontier[H].k, c);
}

namespace {

// Solves the chosen classes on `threads` threads; result.classes[i] is class chosen[i].
void solve_classes(ExactResult& result, const std::vector<SquareClass>& classes, const std::vector<std::size_t>& chosen,
                   ExactObjective objective, const SquareTable* table, const ExactOptions& options, SharedBounds* bounds) {
    result.classes.assign(chosen.size(), {});
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex report;
    std::exception_ptr error;
    auto work = [&] {
        try {
            for (std::size_t i; (i = next.fetch_add(1)) < chosen.size();) {
                result.classes[i] =
                    solve_with(result.n, classes[chosen[i]], chosen[i], objective, table, options, bounds);
                const std::size_t d = ++done;
                if (options.progress && (d % std::max<std::size_t>(chosen.size() / 100, 1) == 0 || d == chosen.size())) {
                    const std::lock_guard<std::mutex> lock(report);
                    options.progress(d, chosen.size());
                }
            }
        } catch (...) {
            const std::lock_guard<std::mutex> lock(report);
            if (!error) error = std::current_exception();
            next = chosen.size();  // the others stop after their current class
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < options.threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace

ExactResult exact_minimum(int n, ExactObjective objective, const ExactOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const SquareTable table(n);
    const std::vector<SquareClass> classes = square_classes(n);
    std::vector<std::size_t> chosen;
    const std::size_t end = options.end == 0 ? classes.size() : std::min(options.end, classes.size());
    for (std::size_t i = options.first; i < end; i += std::max<std::size_t>(options.stride, 1)) chosen.push_back(i);
    ExactResult result;
    result.n = n;
    result.objective = objective;
    result.engine = options.engine;
    result.oracle = options.oracle;
    result.squares = table.size();
    result.determined_by_relations = table.determined_by_relations();
    const bool prune = options.prune && options.engine == HittingEngine::bb;
    result.pruned = prune;
    if (!prune) {
        solve_classes(result, classes, chosen, objective, &table, options, nullptr);
    } else if (objective != ExactObjective::frontier) {
        SharedBounds bounds;
        solve_classes(result, classes, chosen, objective, &table, options, &bounds);
    } else {
        // First the smallest numbers-only set over the classes (where the frontier reaches k = 0).
        SharedBounds first;
        solve_classes(result, classes, chosen, ExactObjective::h_only, &table, options, &first);
        SharedBounds bounds(static_cast<std::size_t>(std::max(first.best.get(), 0)));
        bounds.h_global = first.best.get();
        std::vector<ClassResult> h_pass = std::move(result.classes);
        solve_classes(result, classes, chosen, objective, &table, options, &bounds);
        for (std::size_t i = 0; i < h_pass.size(); ++i) {  // the sets of both passes back the certificate
            auto& sets = result.classes[i].sets;
            sets.insert(sets.begin(), h_pass[i].sets.begin(), h_pass[i].sets.end());
        }
    }
    aggregate(result);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

ExactResult exact_sample(int n, ExactObjective objective, std::size_t count, std::uint64_t seed,
                         const ExactOptions& options) {
    if (n < 2 || n > kMaxExactN)
        throw InputError("--sample needs 2 <= n <= " + std::to_string(kMaxExactN) + ", got " + std::to_string(n));
    const auto t0 = std::chrono::steady_clock::now();
    // Square i from seed + i, as `futolab critical --n N --count C` draws them; each class once.
    std::vector<SquareClass> classes;
    std::set<std::vector<int>> seen;
    for (std::size_t i = 0; i < count; ++i) {
        std::mt19937_64 rng(seed + i);
        std::vector<int> c = canonical_square(n, random_latin_square(n, rng));
        if (seen.insert(c).second) classes.push_back({c, orbit_size(n, c)});
    }
    std::vector<std::size_t> chosen(classes.size());
    std::iota(chosen.begin(), chosen.end(), std::size_t{0});
    ExactResult result;
    result.n = n;
    result.objective = objective;
    result.engine = options.engine;
    result.oracle = ExactOracle::solver;
    result.sample = true;
    result.sample_seed = seed;
    result.squares = count;
    if (options.below > 0) {
        if (objective == ExactObjective::frontier) throw InputError("--below needs a single objective, not frontier");
        SharedBounds bounds;  // as a complete run that already knows a set of cost `below`
        bounds.best.value = options.below;
        result.pruned = true;
        solve_classes(result, classes, chosen, objective, nullptr, options, &bounds);
    } else {
        solve_classes(result, classes, chosen, objective, nullptr, options, nullptr);  // own minima
    }
    aggregate(result);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

}  // namespace futolab::critical
