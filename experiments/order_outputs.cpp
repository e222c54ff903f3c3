#include "experiments/order_outputs.hpp"

#include "critical/construction/chain_construction.hpp"
#include "critical/construction/construction_record.hpp"
#include "critical/construction/uniqueness_cnf.hpp"
#include "critical/construction/zero_given_certificate.hpp"
#include "core/counters.hpp"
#include "core/json_read.hpp"
#include "core/status.hpp"
#include "critical/clue_universe.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"
#include "critical/greedy/pipeline.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "experiments/class_search_facts.hpp"
#include "experiments/error_rows.hpp"
#include "experiments/frontier_facts.hpp"
#include "experiments/method_counters.hpp"
#include "experiments/methods.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
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

// class_cpu_seconds, class_seconds: the per-class times' distribution as the search writes it
// (critical/exact/exact_report.cpp): its six figures, each a time, the quantiles in order up to
// the max, the mean at most the max (up to rounding) and the total at least it (round 15, B F2:
// a negative mean, or one above the max, was resumed). The mean is the total over the `classes`
// (the same division, so up to rounding), and no class took longer than the run: its class_seconds
// max is within the row's wall_ns (round 24, B F1: a mean of 0.0005 for 0.001686 / 3 and a
// total of 5 s in a 2.2 ms row were resumed).
void check_distribution(const RowCells& row, const Json& meta, const char* key, std::size_t classes) {
    const auto it = meta.find(key);
    const char* figures[] = {"mean", "median", "p90", "p99", "max", "total"};
    bool ok = it != meta.end() && it->is_object() && it->size() == std::size(figures);
    for (const char* f : figures) ok = ok && it->contains(f) && (*it)[f].is_number() && (*it)[f].get<double>() >= 0;
    if (!ok) refuse_output(row, fmt::format("a record whose meta '{}' is not the distribution of the class times the search writes "
                                            "(mean, median, p90, p99, max, total: times of at least 0)", key));
    const auto at = [&](const char* f) { return (*it)[f].get<double>(); };
    if (!(at("median") <= at("p90") && at("p90") <= at("p99") && at("p99") <= at("max") && at("max") <= at("total") &&
          at("mean") <= at("max") * (1 + 1e-9)))
        refuse_output(row, fmt::format("a record whose meta '{}' has its figures out of order (median <= p90 <= p99 <= max "
                                       "<= total, mean <= max)", key));
    const double mean = classes == 0 ? 0.0 : at("total") / static_cast<double>(classes);
    if (std::abs(at("mean") - mean) > 1e-12 * std::max(1.0, mean))
        refuse_output(row, fmt::format("a record whose meta '{}' has a mean of {}, where its total over {} classes makes {}", key,
                                       (*it)["mean"].dump(), classes, Json(mean).dump()));
    if (std::string_view(key) == "class_seconds") check_seconds_within(row, at("max"), "class_seconds.max", "wall_ns");
}

// `seconds`, a sum of the search's class times, more than `bound` seconds beyond rounding: the
// clocks' whole nanoseconds (1 µs, as check_seconds_within allows) and the sum's (1e-9 of it).
bool beyond(double seconds, double bound) { return seconds > bound * (1 + 1e-9) + 1e-6; }

// The class times held to the clocks that hold them (round 24, B F1, left open then). Each class
// runs on one of the method's `threads` threads (critical/exact/exact.cpp, solve_classes), one
// class after another on each, within the search's wall time (meta time_ms, itself held to the
// row's wall_ns): no class longer than time_ms, and their total at most min(threads, classes)
// times it. With one thread every class runs on the runner's thread, whose CPU the row's cpu_ns
// counts over the whole search: their CPU total is at most cpu_ns. With more, class_cpu_seconds
// is held to no clock (docs/reliability.md says why).
void check_class_times(const RowCells& row, const Json& meta, int threads, std::size_t classes) {
    const double search = meta["time_ms"].get<double>() / 1e3;
    const Json& wall = meta["class_seconds"];
    const std::size_t busy = std::min(static_cast<std::size_t>(std::max(threads, 1)), classes);
    if (beyond(wall["max"].get<double>(), search))
        refuse_output(row, fmt::format("a record whose meta 'class_seconds.max' is {:g} s, more than its search's time_ms of {:g} s "
                                       "(which holds every class)", wall["max"].get<double>(), search));
    if (beyond(wall["total"].get<double>(), static_cast<double>(busy) * search))
        refuse_output(row, fmt::format("a record whose meta 'class_seconds.total' is {:g} s, more than {} thread(s) running "
                                       "its classes one after another fit in its search's time_ms of {:g} s (threads={}, "
                                       "{} classes)", wall["total"].get<double>(), busy, search, threads, classes));
    const double cpu = meta["class_cpu_seconds"]["total"].get<double>();
    const double cpu_ns = static_cast<double>(row.whole("cpu_ns"));
    if (threads <= 1 && beyond(cpu, cpu_ns / 1e9))
        refuse_output(row, fmt::format("a record whose meta 'class_cpu_seconds.total' is {:g} s, more than the run's cpu_ns of "
                                       "{:g} s (threads=1: every class runs on the thread it measures)", cpu, cpu_ns / 1e9));
}

// A class_minima key that is a cost as the search writes it: plain digits, no leading zero.
bool cost_key(const std::string& key) {
    return !key.empty() && key.size() <= 9 && key.find_first_not_of("0123456789") == std::string::npos &&
           (key.size() == 1 || key[0] != '0');
}

// class_minima: the classes by their own minimum ("none": no set), every class counted once,
// each key one some class has (round 16, B F7: a key counting 0 classes was resumed).
void check_class_minima(const RowCells& row, const Json& meta, std::size_t classes) {
    const auto it = meta.find("class_minima");
    std::uint64_t counted = 0;
    if (it != meta.end() && it->is_object())
        for (const auto& [key, value] : it->items()) {
            if (key != "none" && !cost_key(key))
                refuse_output(row, fmt::format("a record whose meta 'class_minima' has '{}', neither a cost nor 'none'", message_text(key, 40)));
            if (value.is_number_unsigned() && value.get<std::uint64_t>() == 0)
                refuse_output(row, fmt::format("a record whose meta 'class_minima' counts 0 classes at '{}', where the search writes only "
                                               "the minima its classes have", key));
            counted += value.is_number_unsigned() ? value.get<std::uint64_t>() : classes + 1;
        }
    if (counted != classes)
        refuse_output(row, fmt::format("a record whose meta 'class_minima' does not count each of its {} classes once", classes));
    for (const char* key : {"class_cpu_seconds", "class_seconds"}) check_distribution(row, meta, key, classes);
}

// The classes at the record's minimum, against class_minima (each class by its own minimum):
// none below it, `classes_at_minimum` of them at it (round 15, B F2: a class minimum below the
// record's, or a count at the minimum class_minima contradicts, was resumed), and
// `squares_at_minimum` their orbits' sum: at least the witness class's orbit plus one square for
// each other class at the minimum, at most the orbits of the largest classes.
void check_classes_at_minimum(const RowCells& row, const Json& meta, const std::vector<SquareClass>& classes, std::uint64_t c,
                              int minimum, bool frontier) {
    const bool counted_at = meta.contains("classes_at_minimum");  // not written when pruned (below)
    const std::uint64_t at = counted_at ? meta["classes_at_minimum"].get<std::uint64_t>() : 0;
    if (!frontier) {  // a frontier's class minima are of no one corner
        std::uint64_t at_minimum = 0;
        for (const auto& [key, value] : meta["class_minima"].items()) {
            if (key == "none") continue;
            if (std::stoi(key) < minimum)
                refuse_output(row, fmt::format("a record whose meta 'class_minima' has '{}', where its minimum is {} (no class has a "
                                               "cheaper set)", message_text(key, 40), minimum));
            if (std::stoi(key) == minimum) at_minimum = value.get<std::uint64_t>();
        }
        if (at_minimum == 0 || (counted_at && at_minimum != at))
            refuse_output(row, fmt::format("a record whose meta 'class_minima' counts {} classes at its minimum {}, where its "
                                           "'classes_at_minimum' says {}", at_minimum, minimum, counted_at ? at : 1));
    }
    if (!counted_at) return;
    if (at < 1 || at > classes.size())
        refuse_output(row, fmt::format("a record whose meta 'classes_at_minimum' is {}, not 1 to its {} classes", at, classes.size()));
    std::vector<std::uint64_t> orbits;
    for (std::size_t i = 0; i < classes.size(); ++i)
        if (i != c) orbits.push_back(static_cast<std::uint64_t>(classes[i].orbit));
    std::sort(orbits.rbegin(), orbits.rend());
    std::uint64_t most = static_cast<std::uint64_t>(classes[c].orbit);
    for (std::size_t i = 0; i + 1 < at; ++i) most += orbits[i];
    const std::uint64_t least = static_cast<std::uint64_t>(classes[c].orbit) + at - 1;
    const std::uint64_t squares = meta["squares_at_minimum"].get<std::uint64_t>();
    if (squares < least || squares > most)
        refuse_output(row, fmt::format("a record whose meta 'squares_at_minimum' is {}, where its {} classes at the minimum "
                                       "have {} to {} squares", squares, at, least, most));
}

std::vector<std::vector<int>> squares_of(const std::vector<SquareClass>& classes) {
    std::vector<std::vector<int>> squares;
    for (const SquareClass& c : classes) squares.push_back(c.square);
    return squares;
}

// How many classes class_minima counts as "none" (no set), where the run fixes it: a frontier's
// classes have no single minimum, all of them; without below, objectives with numbers find a
// set for every class and objective k for each whose relations determine its square (gac,
// counting to 2, once per row). With below, none cheaper is not searched again: nullopt.
std::optional<std::uint64_t> classes_without_set(Grader& grader, int n, const std::vector<SquareClass>& classes,
                                                 const ExactSampleMethod& m) {
    if (m.objective == critical::ExactObjective::frontier) return classes.size();
    if (m.search.below > 0) return std::nullopt;
    if (m.objective != critical::ExactObjective::k_only) return 0;
    return static_cast<std::uint64_t>(std::count_if(classes.begin(), classes.end(), [&](const SquareClass& c) {
        return !relations_determine(grader, n, c.square);
    }));
}

// class_minima's keys where the run fixes them (round 16, B F7): its "none" count, and with
// below only minima cheaper than below (the bound the classes' searches start from).
void check_minima_keys(const RowCells& row, const Json& meta, std::optional<std::uint64_t> none, int below) {
    const Json& minima = meta["class_minima"];
    if (none && minima.value("none", std::uint64_t{0}) != *none)
        refuse_output(row, fmt::format("a record whose meta 'class_minima' counts {} classes without a set ('none'), where its "
                                       "run writes {} (a frontier: every class; objective k: those its relations leave open; "
                                       "the others: none)", minima.value("none", std::uint64_t{0}), *none));
    for (const auto& [key, value] : minima.items())
        if (below > 0 && key != "none" && std::stoi(key) >= below)
            refuse_output(row, fmt::format("a record whose meta 'class_minima' has '{}', where its search keeps only sets cheaper "
                                           "than below={}", key, below));
}

// The meta an exact-sample record carries beyond set_record's (critical/exact/exact_report.cpp:
// run_meta, the sample's summary, the witness's minimum and class; a frontier point adds h_max
// and point): any other key is refused (round 15, B F2: a made-up key was resumed and merged).
const std::set<std::string> kSampleMetaKeys{
    "exact", "objective", "n", "squares", "classes", "search_backend", "sample", "sample_seed", "sample_bound",
    "class_cpu_seconds", "class_seconds", "class_minima", "hitting_set_calls", "nodes", "oracle_queries",
    "unavoidable_sets", "time_ms", "minimum", "class", "classes_at_minimum", "squares_at_minimum"};
// A frontier point's, which adds its h_max and point.
const std::set<std::string> kSampleFrontierKeys = [] {
    std::set<std::string> keys = kSampleMetaKeys;
    keys.insert({"h_max", "point"});
    return keys;
}();

// A frontier's records are its corners as the search writes them (frontier_corners): h_max
// rising and the cost (k) falling from one to the next, each of one search, whose figures they
// share (round 15, B F8: five copies of the h = 0 corner were resumed).
void check_frontier_order(const RowCells& row, const std::vector<Instance>& records, std::size_t i, bool frontier) {
    if (!frontier || i == 0) return;
    const Json& before = records[i - 1].meta;
    const Json& meta = records[i].meta;
    if (!(before["h_max"].get<std::uint64_t>() < meta["h_max"].get<std::uint64_t>()) ||
        !(records[i - 1].lt.size() > records[i].lt.size()))
        refuse_output(row, fmt::format("a frontier point (line {}) that is not the next corner after line {} (h_max rising, k falling)",
                                       i + 1, i));
    check_one_search(row, records, i, {"class_cpu_seconds", "class_seconds", "class_minima", "hitting_set_calls", "nodes",
                                       "oracle_queries", "unavoidable_sets", "time_ms"});
}

// A free-square error's message: kFreeSquareUnverified and a reason its verification gives
// (verify.hpp) for a set of relations of order n (round 16, B F6: any text after the prefix was
// resumed). The row keeps no record, so which reason is not checked.
bool free_square_reason(const std::string& message, int n) {
    if (!message.starts_with(kFreeSquareUnverified)) return false;
    const std::string why = message.substr(kFreeSquareUnverified.size());
    if (why == critical::kSecondSolution) return true;
    const std::size_t digits = why.find_first_not_of("0123456789", 5);
    if (!why.starts_with("clue ") || digits == 5 || digits == std::string::npos || digits > 14) return false;
    const int clue = std::stoi(why.substr(5, digits - 5));
    return why == critical::redundant_clue_why(clue) && clue >= n * n && clue < n * n + 2 * n * (n - 1);
}

// construct's error row, made again: the run fails before constructing (its message), or its
// backend fails to verify the construction, which the row then carries as evidence.
void check_construct_error(const RowCells& row, const SolverSpec& method) {
    const ConstructMethod m = construct_method(method);
    const int n = static_cast<int>(row.whole("n"));
    const std::string why = construct_failure(m, n);
    const std::string message = why.empty() ? std::string(kConstructUnverified) : why;
    if (row.cell("message") != message) row.refuse("message", fmt::format("where its run writes '{}'", message));
    if (row.cell("output").empty() != !why.empty())
        refuse_output(row, why.empty() ? "empty, where a construction that failed its verification is kept as the evidence"
                                       : "a record, where the run constructs nothing (it fails first)");
    if (!why.empty()) return;
    bool verified = false;
    critical::construction_record(critical::chain_construction(n, m.split == kBalancedSplit ? critical::balanced_split(n) : m.split),
                                  m.verify, verified);
    if (verified) row.refuse("status", fmt::format("where backend {} verifies the construction (its run writes critical)", m.verify));
}

}  // namespace

std::string construct_failure(const ConstructMethod& method, int n) {
    const int split = method.split == kBalancedSplit ? critical::balanced_split(n) : method.split;
    if (split > n - 1) return fmt::format("split={} needs n > {} (the chains from 1 are 0 to n-1)", split, split);
    if (method.certificate && n > critical::kMaxCnfOrder)
        return fmt::format("certificate=yes: the uniqueness proof is written for n <= {}", critical::kMaxCnfOrder);
    return "";
}

Json construct_certificate(const critical::ChainConstruction& c) {
    std::ostringstream text;
    critical::write_zero_given_certificate(text, c);
    std::istringstream lines(text.str());
    Json written = Json::array();
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) written.push_back(Json::parse(line));
    return written;
}

void check_order_row(const RowCells& row, Task task, const SolverSpec& method) {
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status) return;  // the reader refuses it
    if (!writes_status(task_info(task), *status))
        row.refuse("status", fmt::format("a status task {} never writes (it runs without limits, on the runner's threads)", task_name(task)));
    const bool recordless = row.cell("output").empty();
    if (recordless) check_recordless_cells(row, task, method);
    if (*status != Status::error) return;
    switch (task) {
    case Task::construct: return check_construct_error(row, method);
    case Task::free_square:  // no record: a verification's failure has no square of the row to hold it to
        if (!recordless) refuse_output(row, "a record, where a free-square run that failed its verification writes none");
        if (!free_square_reason(row.cell("message"), static_cast<int>(row.whole("n"))))
            row.refuse("message", fmt::format("where its run writes '{}' and its verification's reason ('{}', or 'clue I is "
                                              "redundant: …' for a relation I of the order)", kFreeSquareUnverified,
                                              critical::kSecondSolution));
        return;
    default:  // exhaustive, exact-sample: the records whose witness failed its verification, as evidence
        if (recordless) return check_recordless_error(row);  // on futolab's threads: refused
        if (row.cell("message") != kWitnessUnverified)
            row.refuse("message", fmt::format("where its run writes '{}'", kWitnessUnverified));
    }
}

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
                               std::uint64_t seed, Grader& grader) {
    const ExactSampleMethod m = exact_sample_method(method);
    const int n = records.front().n;
    const std::vector<SquareClass> classes = critical::sample_classes(n, m.sample, seed);
    const std::string objective = critical::exact_objective_name(m.objective);
    const bool frontier = m.objective == critical::ExactObjective::frontier;
    const std::optional<std::uint64_t> none = classes_without_set(grader, n, classes, m);
    // An error row carries the records as the run wrote them, one at least failing its
    // verification again (round 16, B F5: a solved row relabelled error was resumed).
    const bool error = status_named(row.cell("status")) == Status::error;
    bool failed = false;
    const bool counts_nodes = method_counts_nodes(Task::exact_sample, method);
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
        failed = failed || !v.uniquely_completable || !v.critical;
        if (!error && (!v.uniquely_completable || !v.critical))
            refuse_output(row, fmt::format("a record whose set is not {} (verified again by {})",
                                           v.uniquely_completable ? "minimal (without a clue still unique)" : "uniquely completable", m.verify));
        check_class_search_counters(row, meta, counts_nodes);
        check_search_ms(row, meta, i + 1);
        check_class_minima(row, meta, classes.size());
        check_class_times(row, meta, m.search.threads, classes.size());
        check_minima_keys(row, meta, none, m.search.below);
        // What the run writes deterministically, rebuilt around the record's own search figures.
        Json extra = meta;
        // A frontier point's cost is its k (h at most h_max): objective k's weights count h too.
        const int cost = frontier ? static_cast<int>(record.lt.size())
                                  : critical::weighted_cost(critical::count_clues(u, set), critical::objective_weights(m.objective));
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
        if (!pruned) check_figure(row, meta, "squares_at_minimum");
        check_classes_at_minimum(row, meta, classes, c, cost, frontier);
        Json made_meta = critical::set_record(u, set, id, v, Json::object()).meta;
        check_written_keys(row, extra, made_meta, frontier ? kSampleFrontierKeys : kSampleMetaKeys, i + 1);
        for (const auto& [key, value] : extra.items())
            if (!made_meta.contains(key)) made_meta[key] = value;
        check_frontier_order(row, records, i, frontier);
        Instance made = critical::set_record(u, set, id, v, Json::object());
        made.meta = std::move(made_meta);
        if (line_of(made) != line_of(record))
            refuse_output(row, fmt::format("a record (line {}) other than the one the sample's search writes for its set", i + 1));
    }
    check_class_search_cells(row, records.front().meta, counts_nodes);
    // The searches' counters, summed over the classes, held to what they can reach (as task
    // exact's one class search's are: a red-team finding, exact-sample's were held to nothing).
    check_sample_class_effort(row, records, m.search, m.objective, classes);
    if (error && !failed)
        row.refuse("status", fmt::format("where every record's set passes its verification again by {} (its run writes solved)", m.verify));
    if (frontier && !error) check_frontier_corners(row, grader, records, squares_of(classes));
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
    check_search_ms(row, meta, 1);
    critical::ZeroGivenResult figures;  // the search's own figures, as the record gives them
    figures.moves = meta["iterations"].get<std::uint64_t>();
    figures.accepted = meta["accepted"].get<std::uint64_t>();
    figures.restarts = meta["restarts"].get<std::uint64_t>();
    figures.dead_ends = meta["dead_ends"].get<std::uint64_t>();
    figures.undecided = meta["undecided"].get<std::uint64_t>();
    figures.checks = meta["checks"].get<std::uint64_t>();
    // The search's moves: at most the method's iterations (it may stop before them: a time
    // limit, or starts that all fail), each accepted at most once (round 15, B F2).
    if (m.search.iterations > 0 && figures.moves > static_cast<std::uint64_t>(m.search.iterations))
        refuse_output(row, fmt::format("a record whose meta 'iterations' is {}, more than the method's {}", figures.moves,
                                       m.search.iterations));
    if (figures.accepted > figures.moves)
        refuse_output(row, fmt::format("a record whose meta 'accepted' is {}, more than its {} moves ('iterations')", figures.accepted,
                                       figures.moves));
    // A dead end ends the start or move it met (zero_given.cpp, repair): at most one per move, per
    // start that found nothing and for a given start, where the run has one (round 24, B F1: 1000
    // in 50 moves was resumed; round 25, B F14: the given start was counted for a run from the
    // empty board too).
    const bool from_start = !free_square_from_empty(row.cell("instance"), record.n, seed);
    const std::uint64_t most_dead_ends = figures.moves + critical::max_failed_starts(m.search) + (from_start ? 1 : 0);
    if (figures.dead_ends > most_dead_ends)
        refuse_output(row, fmt::format("a record whose meta 'dead_ends' is {}, more than its {} moves, {} failed starts{} allow",
                                       figures.dead_ends, figures.moves, critical::max_failed_starts(m.search),
                                       from_start ? " and one given start" : " (a run from the empty board: no given start)"));
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
    const critical::ChainConstruction c = critical::chain_construction(record.n, split);
    const Instance made = critical::construction_record(c, m.verify, verified);
    Json certificate;
    if (line_of(without_meta(record, "certificate", &certificate)) != line_of(made))
        refuse_output(row, "a record other than the construction its method makes for this order");
    if (m.certificate) {
        check_certificate(row, record, certificate);
        // Its text as the run writes it (round 15, B F4: "  0" or "00" for the proof's "0" were
        // resumed: the checker reads them alike).
        if (certificate != construct_certificate(c)) refuse_output(row, "a record whose certificate is not the text its run writes for the construction");
    }
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
        want.verified = verified;
    }
    if (records.size() != want.records.size())
        refuse_output(row, fmt::format("{} records, where the search writes {}", records.size(), want.records.size()));
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (line_of(without_meta(records[i], "time_ms")) != line_of(want.records[i]))
            refuse_output(row, fmt::format("a record (line {}) other than the one the search over every square of order {} makes",
                                           i + 1, n));
        check_search_ms(row, records[i].meta, i + 1);
        // Both records are of one search and carry its one time (round 15, B F4).
        if (i > 0 && !written_alike(records[i].meta.value("time_ms", Json()), records.front().meta.value("time_ms", Json())))
            refuse_output(row, fmt::format("a record (line {}) whose meta 'time_ms' is not line 1's, where both are of one search", i + 1));
    }
    if (row.whole("nodes") != want.nodes)
        row.refuse("nodes", fmt::format("where the search over every square of order {} counts {}", n, want.nodes));
    // error exactly where the backend fails a witness again (round 16, B F5: a solved row
    // relabelled error was resumed and merged).
    const bool error = status_named(row.cell("status")) == Status::error;
    if (error == want.verified)
        row.refuse("status", error ? fmt::format("where backend {} verifies both witnesses again (its run writes solved)", verify)
                                   : fmt::format("where backend {} fails a witness again (its run writes error)", verify));
}

}  // namespace futolab
