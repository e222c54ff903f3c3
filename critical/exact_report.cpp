#include "critical/exact_report.hpp"

#include "critical/report.hpp"
#include "critical/verify.hpp"

#include <fmt/format.h>

namespace futolab::critical {
namespace {

Json run_meta(const ExactResult& r) {
    std::uint64_t calls = 0, nodes = 0, queries = 0, sets = 0;
    for (const ClassResult& c : r.classes) {
        calls += c.engine_calls;
        nodes += c.nodes;
        queries += c.oracle_queries;
        sets += c.sets.size();
    }
    Json m = Json::object();
    m["exact"] = true;
    m["objective"] = exact_objective_name(r.objective);
    m["n"] = r.n;
    m["squares"] = r.squares;
    m["squares_determined_by_relations"] = r.determined_by_relations;  // P(U) = this / squares
    m["classes"] = r.classes.size();
    m["search_backend"] = r.engine == HittingEngine::bb ? "bb+table" : "cadical+table";
    m["hitting_set_calls"] = calls;
    m["nodes"] = nodes;
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
            out.push_back(witness_record(r, r.best, fmt::format("exact-n{}-{}", r.n, objective), run_meta(r),
                                         verify_backend, verified));
        return out;
    }
    for (std::size_t H : frontier_corners(r.frontier)) {
        Json extra = run_meta(r);
        extra["h_max"] = H;
        extra["point"] = {H, r.frontier[H].optimum.cost};
        out.push_back(witness_record(r, r.frontier[H], fmt::format("exact-n{}-frontier-h{}", r.n, H), extra,
                                     verify_backend, verified));
    }
    return out;
}

}  // namespace futolab::critical
