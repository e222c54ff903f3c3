#include "critical/exact/exact_report.hpp"

#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace futolab::critical {
namespace {

// The q-quantile (nearest rank) of sorted values.
double quantile(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    const auto i = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(i, sorted.size() - 1)];
}

// Mean, median, p90, p99 and max of the values.
Json distribution(std::vector<double> t) {
    std::sort(t.begin(), t.end());
    double sum = 0;
    for (double x : t) sum += x;
    Json d = Json::object();
    d["mean"] = t.empty() ? 0.0 : sum / static_cast<double>(t.size());
    d["median"] = quantile(t, 0.5);
    d["p90"] = quantile(t, 0.9);
    d["p99"] = quantile(t, 0.99);
    d["max"] = t.empty() ? 0.0 : t.back();
    d["total"] = sum;
    return d;
}

// A sample is not the minimum over all squares: say so in the record, with the seed that
// redraws it, the per-class times and the spread of the per-class minima.
void add_sample_meta(Json& m, const ExactResult& r) {
    m["sample"] = true;
    m["sample_seed"] = r.sample_seed;
    m["sample_bound"] = "upper";  // the minimum over these classes bounds the minimum over all squares from above
    m["exact"] = false;    // each class's own minimum is exact; the minimum over all squares is not established
    const Json summary = sample_summary(r);
    for (const auto& [key, value] : summary.items()) m[key] = value;
}

}  // namespace

Json sample_summary(const ExactResult& r) {
    Json m = Json::object();
    std::vector<double> wall, cpu;
    std::map<std::string, std::size_t> minima;
    for (const ClassResult& c : r.classes) {
        wall.push_back(c.seconds);
        cpu.push_back(c.cpu_seconds);
        ++minima[c.optimum.feasible ? std::to_string(c.optimum.cost) : "none"];
    }
    m["class_cpu_seconds"] = distribution(cpu);
    m["class_seconds"] = distribution(wall);
    Json hist = Json::object();
    for (const auto& [cost, classes] : minima) hist[cost] = classes;
    m["class_minima"] = hist;  // "none": no set (k: L's comparisons do not determine it; --below: none cheaper)
    return m;
}

namespace {

Json run_meta(const ExactResult& r) {
    std::uint64_t calls = 0, nodes = 0, queries = 0, sets = 0;
    for (const ClassResult& c : r.classes) {
        calls += c.engine_calls;
        nodes += c.nodes;
        queries += c.oracle_queries;
        sets += c.sets.empty() ? c.sets_counted : c.sets.size();
    }
    Json m = Json::object();
    m["exact"] = true;
    m["objective"] = exact_objective_name(r.objective);
    m["n"] = r.n;
    m["squares"] = r.squares;
    if (!r.sample) m["squares_determined_by_relations"] = r.determined_by_relations;  // P(U) = this / squares
    m["classes"] = r.classes.size();
    m["search_backend"] = std::string(r.engine == HittingEngine::bb ? "bb+" : "cadical+") + exact_oracle_name(r.oracle);
    if (r.sample) add_sample_meta(m, r);
    m["hitting_set_calls"] = calls;
    if (r.engine == HittingEngine::bb) m["nodes"] = nodes;  // CaDiCaL counts none: no key, not a 0
    m["oracle_queries"] = queries;
    m["unavoidable_sets"] = sets;
    m["time_ms"] = r.seconds * 1e3;
    return m;
}

Instance witness_record(const ExactResult& r, const GlobalOptimum& g, const std::string& id, Json extra,
                        const std::string& backend, bool& verified) {
    const ClassResult& c = r.classes[g.witness_position];
    const ClueUniverse u(r.n, c.square_class.square);
    const ClueSet set = to_clue_set(g.optimum.set, u.size());
    const Verification v = verify_critical_set(u, set, backend);
    verified = verified && v.uniquely_completable && v.critical;
    extra["minimum"] = g.optimum.cost;
    extra["class"] = g.witness_class;
    if (!r.pruned) {  // with pruning, a class is only known not to beat the best so far
        extra["classes_at_minimum"] = g.classes_at;
        extra["squares_at_minimum"] = g.squares_at;
    }
    return set_record(u, set, id, v, extra);
}

}  // namespace

ClueSet to_clue_set(const ClueMask& mask, int clues) {
    ClueSet set(static_cast<std::size_t>(clues), 0);
    for (int i : mask.indices())
        if (i < clues) set[i] = 1;
    return set;
}

std::vector<std::size_t> frontier_corners(const std::vector<GlobalOptimum>& frontier) {
    std::vector<std::size_t> corners;
    for (std::size_t H = 0; H < frontier.size(); ++H) {
        if (!frontier[H].optimum.feasible) continue;
        if (!corners.empty() && frontier[corners.back()].optimum.cost <= frontier[H].optimum.cost) continue;
        corners.push_back(H);
    }
    return corners;
}

std::vector<Instance> exact_records(const ExactResult& r, const std::string& verify_backend, bool& verified) {
    verified = true;
    std::vector<Instance> out;
    const std::string objective = exact_objective_name(r.objective);
    if (r.objective != ExactObjective::frontier) {
        if (r.best.optimum.feasible)
            out.push_back(witness_record(r, r.best, fmt::format("{}-n{}-{}", r.sample ? "sample" : "exact", r.n, objective), run_meta(r),
                                         verify_backend, verified));
        return out;
    }
    for (std::size_t H : frontier_corners(r.frontier)) {
        Json extra = run_meta(r);
        extra["h_max"] = H;
        extra["point"] = {H, r.frontier[H].optimum.cost};
        out.push_back(witness_record(r, r.frontier[H], fmt::format("{}-n{}-frontier-h{}", r.sample ? "sample" : "exact", r.n, H), extra,
                                     verify_backend, verified));
    }
    return out;
}

Instance square_record(const SquareOptimum& r, const std::string& id, const std::string& verify_backend, const Json& extra,
                       bool& verified) {
    const ClueUniverse u(r.n, r.square);
    ClueSet set(static_cast<std::size_t>(u.size()), 0);
    for (int i : r.clues) set[static_cast<std::size_t>(i)] = 1;
    const Verification v = verify_critical_set(u, set, verify_backend);
    verified = v.uniquely_completable && v.critical;
    Json m = Json::object();
    m["exact"] = r.exact;
    m["per_square"] = true;  // the minimum for this square, not over all squares of the order
    m["objective"] = exact_objective_name(r.objective);
    if (r.exact) m["minimum"] = r.cost;
    m["lower_bound"] = r.lower;  // proved: every uniquely completable set of the square costs at least this
    m["upper_bound"] = r.cost;   // this set's cost
    m["timed_out"] = r.timed_out;
    m["search_backend"] = "lagrange+solver";  // hitting_set_lagrange.hpp, branch and check
    m["cpu_seconds"] = r.cpu_seconds;
    m["time_ms"] = r.seconds * 1e3;
    m["hitting_set_calls"] = r.engine_calls;
    m["nodes"] = r.nodes;
    m["oracle_queries"] = r.oracle_queries;
    m["oracle_nodes"] = r.oracle_nodes;
    m["unavoidable_sets"] = r.unavoidable_sets;
    m["seeded"] = r.seeded;
    for (const auto& [key, value] : extra.items()) m[key] = value;
    return set_record(u, set, id, v, m);
}

}  // namespace futolab::critical
