#include "critical/greedy/pipeline.hpp"

#include "core/random.hpp"
#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"

#include <stdexcept>
#include <string>

namespace futolab::critical {

PipelineOutput critical_set_of(int n, const std::vector<int>& square, const PipelineOptions& options,
                               std::uint64_t seed, const std::string& id, const Json& extra) {
    const ClueUniverse u(n, square);
    const SearchResult r = search_critical(u, options.search, stream_seed(seed, 0));
    PipelineOutput out;
    if (!r.found) return out;
    const Verification v = verify_critical_set(u, r.set, options.verify_backend, &r.witnesses);
    Json how = Json::object();
    how["objective"] = objective_name(options.search.objective);
    how["use"] = clue_use_name(objective_use(options.search.objective, options.search.use));
    how["cost"] = r.cost;
    how["seed"] = seed;
    how["search_backend"] = options.search.backend;
    how["iterations"] = r.iterations;
    how["starts"] = r.starts;
    how["checks"] = r.checks;
    how["time_ms"] = r.seconds * 1e3;
    for (const auto& [key, value] : extra.items()) how[key] = value;
    out.record = set_record(u, r.set, id, v, how);
    out.verified = v.uniquely_completable && v.critical;
    out.why = v.why;
    return out;
}

ClueSet clue_set_of(const ClueUniverse& u, const Orientation& o) {
    // ClueUniverse lists the n² numbers, then the relations in adjacent_pairs order, each
    // oriented by the square; a square satisfying o orients every pair of o the same way.
    const int n = u.n();
    const std::vector<CellPair> pairs = adjacent_pairs(n);
    ClueSet set(static_cast<std::size_t>(u.size()), 0);
    for (std::size_t p = 0; p < o.size(); ++p) {
        if (o[p] == 0) continue;
        const int i = n * n + static_cast<int>(p);
        const Clue& c = u.clue(i);
        const int lo = o[p] > 0 ? pairs[p].a : pairs[p].b, hi = o[p] > 0 ? pairs[p].b : pairs[p].a;
        if (c.is_number || c.cell != lo || c.other != hi)
            throw std::logic_error("a zero-given relation disagrees with its solution's universe");
        set[i] = 1;
    }
    return set;
}

PipelineOutput zero_given_set(int n, const ZeroGivenOptions& options, const std::string& verify_backend,
                              std::uint64_t seed, const std::string& id, const std::optional<Orientation>& start) {
    const ZeroGivenResult r = search_zero_given(n, options, stream_seed(seed, 0), start);
    PipelineOutput out;
    if (!r.found) return out;
    const ClueUniverse u(n, r.square);
    const ClueSet set = clue_set_of(u, r.relations);
    const Verification v = verify_critical_set(u, set, verify_backend);
    out.record = zero_given_record(u, set, id, v, options, seed, start.has_value(), r);
    out.verified = v.uniquely_completable && v.critical;
    out.why = v.why;
    return out;
}

Instance zero_given_record(const ClueUniverse& u, const ClueSet& set, const std::string& id, const Verification& v,
                           const ZeroGivenOptions& options, std::uint64_t seed, bool from_start, const ZeroGivenResult& r) {
    Json how = Json::object();
    how["objective"] = "k";
    how["use"] = "relations";
    how["mode"] = "free-square";
    how["cost"] = count_clues(u, set).k;
    how["seed"] = seed;
    how["search_backend"] = options.backend;
    how["iterations"] = r.moves;
    how["accepted"] = r.accepted;
    how["restarts"] = r.restarts;
    how["dead_ends"] = r.dead_ends;
    how["undecided"] = r.undecided;
    how["node_limit"] = options.node_limit;
    how["checks"] = r.checks;
    how["patience"] = options.patience;
    how["temperature"] = options.temperature;
    how["max_remove"] = options.max_remove;
    how["started_from"] = from_start ? "input" : "empty";
    how["time_ms"] = r.seconds * 1e3;
    return set_record(u, set, id, v, how);
}

std::vector<Instance> exhaustive_records(const ExhaustiveResult& result, const std::string& verify_backend,
                                         bool& all_verified) {
    std::vector<Instance> out;
    all_verified = true;
    const int n = result.n;
    auto add = [&](const ExactMinimum& m, const std::string& objective) {
        if (!m.found) return;
        const ClueUniverse u(n, m.square);
        const Verification v = verify_critical_set(u, m.set, verify_backend);
        all_verified = all_verified && v.uniquely_completable && v.critical;
        Json how = Json::object();
        how["mode"] = "exhaustive";
        how["objective"] = objective;
        how["minimum"] = m.cost;
        how["squares"] = result.squares;
        how["classes"] = result.classes;
        how["nodes"] = result.nodes;
        how["time_ms"] = result.seconds * 1e3;
        out.push_back(set_record(u, m.set, "exhaustive-n" + std::to_string(n) + "-" + objective, v, how));
    };
    add(result.weighted, "2h+3k");
    add(result.relations, "k");
    return out;
}

}  // namespace futolab::critical
