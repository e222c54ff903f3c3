#include "experiments/order_outputs.hpp"

#include "critical/construction/chain_construction.hpp"
#include "critical/construction/construction_record.hpp"
#include "critical/construction/zero_given_certificate.hpp"
#include "critical/clue_universe.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"
#include "critical/greedy/pipeline.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "experiments/methods.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <tuple>

namespace futolab {
namespace {

[[noreturn]] void refuse_output(const RowCells& row, std::string_view why) { row.refuse("output", why); }

std::string line_of(const Instance& record) { return write_instances({record}, Format::jsonl); }

// The record as its run writes it but for `key` of its meta, which is given back in `value`.
Instance without_meta(const Instance& record, const char* key, Json* value = nullptr) {
    Instance copy = record;
    if (copy.meta.is_object() && copy.meta.contains(key)) {
        if (value != nullptr) *value = copy.meta[key];
        copy.meta.erase(key);
    }
    return copy;
}

std::vector<int> flat(const std::vector<std::vector<int>>& rows) {
    std::vector<int> out;
    for (const std::vector<int>& r : rows) out.insert(out.end(), r.begin(), r.end());
    return out;
}

std::vector<std::tuple<int, int, int, int>> relation_set(const std::vector<LessThan>& lt) {
    std::vector<std::tuple<int, int, int, int>> out;
    for (const LessThan& l : lt) out.emplace_back(l.r1, l.c1, l.r2, l.c2);
    std::sort(out.begin(), out.end());
    return out;
}

// meta.certificate: the lines of a zero-given certificate (zero_given_certificate.hpp) that the
// checker accepts, of this record's square and relations.
void check_certificate(const RowCells& row, const Instance& record, const Json& lines) {
    if (!lines.is_array() || lines.empty()) refuse_output(row, "a record whose meta 'certificate' is not its certificate's lines");
    std::string text;
    for (const Json& line : lines) text += line.dump() + "\n";
    std::istringstream in(text);
    critical::ZeroGivenCertificateCheck c;
    try {
        c = critical::check_zero_given_certificate(in, "meta.certificate");
    } catch (const InputError& e) {
        refuse_output(row, fmt::format("a record whose certificate is malformed ({})", message_text(e.what(), 200)));
    }
    if (!c.ok) refuse_output(row, fmt::format("a record whose certificate does not check ({})", message_text(c.why, 200)));
    const Json& header = lines.front();
    std::vector<int> square;
    std::vector<LessThan> relations;
    for (const Json& v : header.at("square")) square.push_back(v.get<int>());
    for (const Json& r : header.at("relations")) relations.push_back({r[0].get<int>(), r[1].get<int>(), r[2].get<int>(), r[3].get<int>()});
    if (square != flat(record.solution) || relation_set(relations) != relation_set(record.lt))
        refuse_output(row, "a record whose certificate is of another square or other relations than the record's");
}

// The record's clues as a set of its square's universe; a clue twice, or one that is not the
// square's, refused.
critical::ClueSet clue_set_of(const RowCells& row, const critical::ClueUniverse& u, const Instance& record) {
    critical::ClueSet set(static_cast<std::size_t>(u.size()), 0);
    std::size_t found = 0;
    for (int i = 0; i < u.size(); ++i) {
        const critical::Clue& c = u.clue(i);
        const int n = u.n();
        const bool in = c.is_number ? std::any_of(record.givens.begin(), record.givens.end(),
                                                  [&](const Given& g) { return g.row * n + g.col == c.cell && g.value == u.square()[c.cell]; })
                                    : std::any_of(record.lt.begin(), record.lt.end(), [&](const LessThan& l) {
                                          return l.r1 * n + l.c1 == c.cell && l.r2 * n + l.c2 == c.other;
                                      });
        set[static_cast<std::size_t>(i)] = in ? 1 : 0;
        found += in ? 1 : 0;
    }
    if (found != record.givens.size() + record.lt.size())
        refuse_output(row, "a record with a clue twice, or a clue that is not its square's");
    return set;
}

// A figure the search counted: a whole number (`time`: a non-negative number).
void check_figure(const RowCells& row, const Json& meta, const char* key, bool time = false) {
    const auto it = meta.find(key);
    const bool ok = it != meta.end() && (time ? it->is_number() && it->get<double>() >= 0 : it->is_number_unsigned());
    if (!ok) refuse_output(row, fmt::format("a record whose meta '{}' is not {}, as the search writes it", key,
                                            time ? "a non-negative number" : "a whole number"));
}

// class_minima: the classes by their own minimum ("none": no set), every class counted once.
void check_class_minima(const RowCells& row, const Json& meta, std::size_t classes) {
    const auto it = meta.find("class_minima");
    std::uint64_t counted = 0;
    if (it != meta.end() && it->is_object())
        for (const auto& [key, value] : it->items()) counted += value.is_number_unsigned() ? value.get<std::uint64_t>() : classes + 1;
    if (counted != classes)
        refuse_output(row, fmt::format("a record whose meta 'class_minima' does not count each of its {} classes once", classes));
    for (const char* key : {"class_cpu_seconds", "class_seconds"})
        if (!meta.contains(key) || !meta[key].is_object()) refuse_output(row, fmt::format("a record without meta '{}', which the search writes", key));
}

}  // namespace

void check_exact_sample_multiple(const RowCells& row, Grader& grader, const SolverSpec& method, std::uint64_t seed) {
    const ExactSampleMethod m = exact_sample_method(method);
    const std::string message = exact_sample_no_set_message(static_cast<std::uint64_t>(m.search.below));
    if (row.cell("message") != message) row.refuse("message", fmt::format("where its run writes '{}'", message));
    if (m.search.below > 0) return;
    if (m.objective != critical::ExactObjective::k_only)
        row.refuse("status", fmt::format("where objective {}'s clues determine every square", critical::exact_objective_name(m.objective)));
    const int n = static_cast<int>(row.whole("n"));
    const std::vector<SquareClass> classes = critical::sample_classes(n, m.sample, seed);
    for (std::size_t c = 0; c < classes.size(); ++c) {
        const critical::ClueUniverse u(n, classes[c].square);
        if (grader.count_to_two(Puzzle::compile_for_search(u.to_instance(u.full(ClueUse::relations)))) == Status::unique)
            row.refuse("status", fmt::format("where class {} of the sample its seed {} draws is determined by its comparisons "
                                             "(gac, counting to 2)", c, seed));
    }
}

void check_exact_sample_output(const RowCells& row, const std::vector<Instance>& records, const SolverSpec& method,
                               std::uint64_t seed) {
    const ExactSampleMethod m = exact_sample_method(method);
    const int n = records.front().n;
    const std::vector<SquareClass> classes = critical::sample_classes(n, m.sample, seed);
    const std::string objective = critical::exact_objective_name(m.objective);
    const bool frontier = m.objective == critical::ExactObjective::frontier;
    std::uint64_t nodes = 0, queries = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Instance& record = records[i];
        const Json& meta = record.meta;
        if (!meta.is_object()) refuse_output(row, "a record without the meta the search writes");
        check_figure(row, meta, "class");
        const std::uint64_t c = meta["class"].get<std::uint64_t>();
        if (c >= classes.size() || flat(record.solution) != classes[c].square)
            refuse_output(row, fmt::format("a record whose square is not class {} of the {} classes its seed {} draws", c, classes.size(), seed));
        const critical::ClueUniverse u(n, classes[c].square);
        const critical::ClueSet set = clue_set_of(row, u, record);
        const critical::Verification v = critical::verify_critical_set(u, set, m.verify);
        if (!v.uniquely_completable || !v.critical)
            refuse_output(row, fmt::format("a record whose set is not {} (verified again by {})",
                                           v.uniquely_completable ? "minimal (without a clue still unique)" : "uniquely completable", m.verify));
        for (const char* key : {"hitting_set_calls", "nodes", "oracle_queries", "unavoidable_sets"}) check_figure(row, meta, key);
        check_figure(row, meta, "time_ms", true);
        check_class_minima(row, meta, classes.size());
        // What the run writes deterministically, rebuilt around the record's own search figures.
        Json extra = meta;
        const int cost = critical::weighted_cost(critical::count_clues(u, set), critical::objective_weights(frontier ? critical::ExactObjective::k_only : m.objective));
        extra.update(Json{{"exact", false}, {"objective", objective}, {"n", n}, {"squares", m.sample}, {"classes", classes.size()},
                          {"search_backend", std::string(m.search.engine == critical::HittingEngine::bb ? "bb+" : "cadical+") + "solver"},
                          {"sample", true}, {"sample_seed", seed}, {"sample_bound", "upper"}, {"minimum", cost}});
        std::string id = fmt::format("sample-n{}-{}", n, objective);
        if (frontier) {
            check_figure(row, meta, "h_max");
            const std::uint64_t h_max = meta["h_max"].get<std::uint64_t>();
            if (record.givens.size() > h_max) refuse_output(row, fmt::format("a frontier point with more than its h_max {} numbers", h_max));
            id = fmt::format("sample-n{}-frontier-h{}", n, h_max);
            extra["point"] = Json::array({h_max, cost});
        }
        const bool pruned = m.search.below > 0;
        for (const char* key : {"classes_at_minimum", "squares_at_minimum"})
            if (meta.contains(key) == pruned)
                refuse_output(row, fmt::format("a record {} meta '{}', which the search writes {}", pruned ? "with" : "without", key,
                                               pruned ? "only without below" : "without below"));
        Json made_meta = critical::set_record(u, set, id, v, Json::object()).meta;
        for (const auto& [key, value] : extra.items())
            if (!made_meta.contains(key)) made_meta[key] = value;
        Instance made = critical::set_record(u, set, id, v, Json::object());
        made.meta = std::move(made_meta);
        if (line_of(made) != line_of(record))
            refuse_output(row, fmt::format("a record (line {}) other than the one the sample's search writes for its set", i + 1));
        if (i == 0) {
            nodes = meta["nodes"].get<std::uint64_t>();
            queries = meta["oracle_queries"].get<std::uint64_t>();
        }
    }
    if (row.whole("nodes") != nodes) row.refuse("nodes", fmt::format("where its record's search counts {}", nodes));
    if (row.whole("checks") != queries) row.refuse("checks", fmt::format("where its record's search asks {} oracle queries", queries));
}

void check_free_square_output(const RowCells& row, const Instance& record, const SolverSpec& method) {
    const FreeSquareMethod m = free_square_method(method);
    const std::uint64_t seed = row.whole("seed");
    if (record.id != row.cell("instance")) refuse_output(row, "a record whose id is not the row's instance, as the run names it");
    if (!record.givens.empty()) refuse_output(row, "a record with numbers, where the search writes relations only (h = 0)");
    if (record.solution.empty()) refuse_output(row, "a record without the unique solution the search writes");
    const critical::ClueUniverse u(record.n, flat(record.solution));
    const critical::ClueSet set = clue_set_of(row, u, record);
    const critical::Verification v = critical::verify_critical_set(u, set, m.verify);
    if (!v.uniquely_completable || !v.critical)
        refuse_output(row, fmt::format("a record whose relations are not {} (verified again by {})",
                                       v.uniquely_completable ? "critical (without one the square is still unique)"
                                                              : "uniquely completable by its square", m.verify));
    const Json& meta = record.meta;
    if (!meta.is_object()) refuse_output(row, "a record without the meta the search writes");
    for (const char* key : {"iterations", "accepted", "restarts", "dead_ends", "undecided", "checks"}) check_figure(row, meta, key);
    check_figure(row, meta, "time_ms", true);
    critical::ZeroGivenResult figures;  // the search's own figures, as the record gives them
    figures.moves = meta["iterations"].get<std::uint64_t>();
    figures.accepted = meta["accepted"].get<std::uint64_t>();
    figures.restarts = meta["restarts"].get<std::uint64_t>();
    figures.dead_ends = meta["dead_ends"].get<std::uint64_t>();
    figures.undecided = meta["undecided"].get<std::uint64_t>();
    figures.checks = meta["checks"].get<std::uint64_t>();
    const bool from_start = !free_square_from_empty(row.cell("instance"), record.n, seed);
    Instance made = critical::zero_given_record(u, set, record.id, v, m.search, seed, from_start, figures);
    made.meta["time_ms"] = meta["time_ms"];
    if (line_of(made) != line_of(record))
        refuse_output(row, fmt::format("a record other than the one the search writes for its set (seed {}, the method's options, "
                                       "started from {})", seed, from_start ? "the instance" : "the empty board"));
    if (row.whole("nodes") != figures.checks) row.refuse("nodes", fmt::format("where its record's search counts {} checks", figures.checks));
}

void check_construct_output(const RowCells& row, const Instance& record, const SolverSpec& method) {
    const ConstructMethod m = construct_method(method);
    const int split = m.split == kBalancedSplit ? critical::balanced_split(record.n) : m.split;
    if (split > record.n - 1) refuse_output(row, fmt::format("a construction with split={}, which order {} cannot take", split, record.n));
    bool verified = false;
    const Instance made = critical::construction_record(critical::chain_construction(record.n, split), m.verify, verified);
    Json certificate;
    if (line_of(without_meta(record, "certificate", &certificate)) != line_of(made))
        refuse_output(row, "a record other than the construction its method makes for this order");
    if (m.certificate) check_certificate(row, record, certificate);
    else if (!certificate.is_null()) refuse_output(row, "a record with meta 'certificate', where the method writes none (certificate=no)");
}

void check_exhaustive_output(const RowCells& row, const std::vector<Instance>& records, const SolverSpec& method,
                             std::map<std::string, ExhaustiveMade>& made) {
    const int n = records.front().n;
    const std::string verify = exhaustive_verify(method);
    ExhaustiveMade& want = made[fmt::format("{}/{}", n, verify)];
    if (want.records.empty()) {
        const critical::ExhaustiveResult r = critical::exhaustive_minimum(n);
        bool verified = false;
        for (const Instance& record : critical::exhaustive_records(r, verify, verified))
            want.records.push_back(without_meta(record, "time_ms"));
        want.nodes = r.nodes;
    }
    if (records.size() != want.records.size())
        refuse_output(row, fmt::format("{} records, where the search writes {}", records.size(), want.records.size()));
    for (std::size_t i = 0; i < records.size(); ++i) {
        Json time_ms;
        if (line_of(without_meta(records[i], "time_ms", &time_ms)) != line_of(want.records[i]))
            refuse_output(row, fmt::format("a record (line {}) other than the one the search over every square of order {} makes",
                                           i + 1, n));
        if (!time_ms.is_number() || time_ms.get<double>() < 0)
            refuse_output(row, fmt::format("a record (line {}) whose meta 'time_ms' is not a time in milliseconds", i + 1));
    }
    if (row.whole("nodes") != want.nodes)
        row.refuse("nodes", fmt::format("where the search over every square of order {} counts {}", n, want.nodes));
}

}  // namespace futolab
