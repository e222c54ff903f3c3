#include "critical/exact/exact.hpp"

#include "core/error.hpp"
#include "core/seed_range.hpp"
#include "generators/latin/random.hpp"
#include "solvers/run/run.hpp"
#include "critical/exact/cycle_switches.hpp"
#include "critical/exact/hitting_set_bb.hpp"
#include "critical/exact/lazy_search.hpp"
#include "critical/oracle/solver_counterexample.hpp"
#include "generators/latin/symmetry.hpp"

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

template <class Mask>
BasicCostModel<Mask> model_of(int n, int number_weight, int relation_weight) {
    BasicCostModel<Mask> m;
    const int cells = n * n;
    m.weight.assign(clue_count(n), 0);
    for (int i = 0; i < clue_count(n); ++i) {
        const int w = i < cells ? number_weight : relation_weight;
        m.weight[i] = w;
        if (w > 0) m.allowed.set(i);
    }
    return m;
}

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

ExactObjective exact_objective_from_name(const std::string& name, std::string_view what) {
    if (const ObjectiveWord* w = row_named(exact_objectives(), name)) return w->value;
    throw InputError(std::string(what) + " must be " + names_of(exact_objectives(), ", ") + ", got '" + name + "'");
}

std::string exact_objective_name(ExactObjective objective) { return objective_name(objective); }

std::string exact_oracle_name(ExactOracle oracle) { return std::string(name_in(kExactOracles, oracle)); }

CostModel numbers_cost(int n) { return model_of<ClueMask>(n, 1, 0); }
CostModel relations_cost(int n) { return model_of<ClueMask>(n, 0, 1); }

template <class Mask>
BasicCostModel<Mask> numbers_cost_as(int n) {
    return model_of<Mask>(n, 1, 0);
}

template <class Mask>
BasicCostModel<Mask> cost_model_as(int n, ExactObjective objective) {
    switch (objective) {
        case ExactObjective::two_h_three_k: return model_of<Mask>(n, 2, 3);
        case ExactObjective::h_plus_k: return model_of<Mask>(n, 1, 1);
        case ExactObjective::k_only: return model_of<Mask>(n, 0, 1);
        case ExactObjective::h_only: return model_of<Mask>(n, 1, 0);
        case ExactObjective::frontier: break;
        case ExactObjective::greedy: throw std::logic_error("greedy is not an exact objective");
    }
    throw std::logic_error("the frontier has no single cost");
}
template CostModel numbers_cost_as<ClueMask>(int);
template BasicCostModel<WideClueMask> numbers_cost_as<WideClueMask>(int);
template CostModel cost_model_as<ClueMask>(int, ExactObjective);
template BasicCostModel<WideClueMask> cost_model_as<WideClueMask>(int, ExactObjective);

CostModel cost_model(int n, ExactObjective objective) { return cost_model_as<ClueMask>(n, objective); }

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
    r.sets = search.take_sets();
    record_effort(r, search, t0, cpu0);
    return r;
}

}  // namespace

ClassResult solve_class(int n, const SquareClass& c, std::size_t index, ExactObjective objective,
                        const SquareTable& table, const ExactOptions& options, SharedBounds* bounds) {
    return solve_with(n, c, index, objective, &table, options, bounds);
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

ExactResult result_over(int n, ExactObjective objective, const ExactOptions& options, const SquareTable& table) {
    ExactResult result;
    result.n = n;
    result.objective = objective;
    result.engine = options.engine;
    result.oracle = options.oracle;
    result.squares = table.size();
    result.determined_by_relations = table.determined_by_relations();
    return result;
}

ExactResult exact_minimum(int n, ExactObjective objective, const ExactOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const SquareTable table(n);
    const std::vector<SquareClass> classes = square_classes(n);
    std::vector<std::size_t> chosen;
    const std::size_t end = options.end == 0 ? classes.size() : std::min(options.end, classes.size());
    for (std::size_t i = options.first; i < end; i += std::max<std::size_t>(options.stride, 1)) chosen.push_back(i);
    ExactResult result = result_over(n, objective, options, table);
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

std::vector<SquareClass> sample_classes(int n, std::size_t count, std::uint64_t seed) {
    // Square i from seed + i, as `futolab critical --n N --count C` draws them; each class once.
    std::vector<SquareClass> classes;
    std::set<std::vector<int>> seen;
    for (std::size_t i = 0; i < count; ++i) {
        std::mt19937_64 rng(seed + i);
        std::vector<int> c = canonical_square(n, random_latin_square(n, rng));
        if (seen.insert(c).second) classes.push_back({c, orbit_size(n, c)});
    }
    return classes;
}

ExactResult exact_sample(int n, ExactObjective objective, std::size_t count, std::uint64_t seed,
                         const ExactOptions& options) {
    if (n < 2 || n > kMaxExactN)
        throw InputError("--sample needs 2 <= n <= " + std::to_string(kMaxExactN) + ", got " + std::to_string(n));
    check_seed_range("critical --exact", seed, count, "--sample", "square");
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<SquareClass> classes = sample_classes(n, count, seed);
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
