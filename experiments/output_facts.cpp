#include "experiments/output_facts.hpp"

#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/json_read.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "critical/clue_universe.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/square_certificate.hpp"
#include "critical/objective.hpp"
#include "critical/oracle/incremental.hpp"
#include "critical/oracle/oracle.hpp"
#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"
#include "experiments/class_search_facts.hpp"
#include "experiments/error_rows.hpp"
#include "experiments/exact_task.hpp"
#include "experiments/few_relations_facts.hpp"
#include "experiments/frontier_facts.hpp"
#include "experiments/method_counters.hpp"
#include "experiments/methods.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/run_matrix.hpp"
#include "generators/latin/symmetry.hpp"
#include "generators/unique.hpp"
#include "records/build_identity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

namespace futolab {
namespace {

// The row being checked, with the refusal of its output cell.
struct Row : RowCells {
    [[noreturn]] void refuse_output(std::string_view why) const { refuse("output", why); }
};

std::vector<int> flat(const std::vector<std::vector<int>>& rows) {
    std::vector<int> out;
    for (const std::vector<int>& row : rows) out.insert(out.end(), row.begin(), row.end());
    return out;
}

// A meta value the search counted: a whole number, or the record is refused.
std::uint64_t counted(const Row& row, const Instance& record, const char* key) {
    const auto it = record.meta.find(key);
    if (it == record.meta.end() || !it->is_number_unsigned())
        row.refuse_output(fmt::format("a record whose meta '{}' is not a whole number, as the method writes it", key));
    return it->get<std::uint64_t>();
}

// Every key of `want` with its value, and no key beyond `want`'s and `free` (figures of the
// search checked by the caller).
void check_meta(const Row& row, const Instance& record, const Json& want, const std::vector<std::string>& free) {
    if (!record.meta.is_object()) row.refuse_output("a record without the meta the method writes");
    for (const auto& [key, value] : want.items()) {
        const auto it = record.meta.find(key);
        if (it == record.meta.end()) row.refuse_output(fmt::format("a record without meta '{}', which the method writes", key));
        if (!written_alike(*it, value))
            row.refuse_output(fmt::format("a record whose meta '{}' is {}, where the method writes {}", key,
                                          message_text(it->dump(), 100), message_text(value.dump(), 100)));
    }
    for (const auto& [key, value] : record.meta.items())
        if (!want.contains(key) && std::find(free.begin(), free.end(), key) == free.end())
            row.refuse_output(fmt::format("a record with meta '{}', which the method does not write", message_text(key, 100)));
}

// The id, the top-level keys and the solution every task writes for its run.
void check_identity(const Row& row, const Instance& record, const std::string& id, const std::vector<int>& square,
                    bool drawn_square = false) {
    if (record.id != id)
        row.refuse_output(fmt::format("a record whose id is '{}', where this run writes '{}'", message_text(record.id, 200),
                                      message_text(id, 200)));
    if (!record.extra.is_null() && !record.extra.empty())
        row.refuse_output(fmt::format("a record with the key '{}', which the task does not write",
                                      message_text(record.extra.begin().key(), 100)));
    if (record.solution.empty()) row.refuse_output("a record without its solution, which the task writes");
    if (!drawn_square && flat(record.solution) != square)
        row.refuse_output("a record whose solution is not the row's square (its 'solution')");
}

// The record's clues as a set of its square's universe (each one of its clues: row_facts has
// checked the square satisfies them all).
critical::ClueSet clue_set(const Row& row, const critical::ClueUniverse& u, const Instance& record) {
    const int n = u.n();
    critical::ClueSet set(static_cast<std::size_t>(u.size()), 0);
    std::size_t found = 0;
    for (int i = 0; i < u.size(); ++i) {
        const critical::Clue& c = u.clue(i);
        const bool in = c.is_number ? std::any_of(record.givens.begin(), record.givens.end(),
                                                  [&](const Given& g) { return g.row * n + g.col == c.cell; })
                                    : std::any_of(record.lt.begin(), record.lt.end(), [&](const LessThan& l) {
                                          return l.r1 * n + l.c1 == c.cell && l.r2 * n + l.c2 == c.other;
                                      });
        set[static_cast<std::size_t>(i)] = in ? 1 : 0;
        found += in ? 1 : 0;
    }
    if (found != record.givens.size() + record.lt.size())
        row.refuse_output("a record with a clue twice, or a relation between cells that are not neighbours");
    return set;
}

// Uniquely solvable, counted to 2 by gac: the grade says so (Grader::grade counts first).
GradeResult check_unique(const Row& row, Grader& grader, const Instance& record) {
    const GradeResult g = grader.grade(Puzzle::compile(record));
    if (g.grade == Grade::multiple || g.grade == Grade::unsat)
        row.refuse_output(fmt::format("a puzzle with {} (gac, counting to 2), not a uniquely solvable one",
                                      g.grade == Grade::unsat ? "no solution" : "a second solution"));
    return g;
}

// Without any one clue the puzzle has a second solution: gac counts each to 2 (with one reused
// solver, as the generator's strip pass asks; the method's own verify backend, Gecode by
// default, took 4x as long as the runs themselves on greedy 9x9 sets).
void check_critical(const Row& row, Grader& grader, const Instance& record) {
    Instance without = record;
    without.solution.clear();
    without.meta = Json();
    const std::size_t h = record.givens.size();
    for (std::size_t i = 0; i < h + record.lt.size(); ++i) {
        without.givens = record.givens;
        without.lt = record.lt;
        if (i < h) without.givens.erase(without.givens.begin() + static_cast<std::ptrdiff_t>(i));
        else without.lt.erase(without.lt.begin() + static_cast<std::ptrdiff_t>(i - h));
        if (grader.count_to_two(Puzzle::compile_for_search(without)) == Status::unique)
            row.refuse_output(fmt::format("a set that is not critical: without its {} {} it is still uniquely solvable "
                                          "(gac, counting to 2)",
                                          i < h ? "given" : "relation", i < h ? i + 1 : i - h + 1));
    }
}

// The record's verified_by, if it is a label the verification by `backend` writes
// (verify_critical_set: the incremental kernel's, where the backend offers one and a clue was
// asked about, else the count-to-2 oracle's spec); labels are kept per backend and order.
std::string verified_by(const Row& row, const Instance& record, const std::string& backend, const critical::ClueUniverse& u,
                        std::map<std::string, std::vector<std::string>>& labels) {
    std::vector<std::string>& known = labels[fmt::format("{}/{}", backend, u.n())];
    if (known.empty()) {
        known.push_back(critical::UniquenessOracle(backend).spec());
        if (const auto kernel = critical::IncrementalOracle::of(backend, u)) known.push_back(kernel->label());
    }
    const std::string label = record.meta.value("verified_by", std::string());
    if (std::find(known.begin(), known.end(), label) == known.end())
        row.refuse_output(fmt::format("a record whose meta 'verified_by' is '{}', where the method's verification writes '{}'",
                                      message_text(label, 100), message_text(known.front(), 100)));
    return label;
}

// The message of a successful run: none for generate, critical and exact-square (a message
// says why a run failed: tasks/critical.cpp writes the verification's, empty for a verified
// set), the minimum for exact (exact_task.cpp). Round 12, F5: `hello` was resumed.
void check_message(const Row& row, const std::string& want) {
    if (!row.has("message") || row.cell("message") == want) return;
    row.refuse("message", want.empty() ? fmt::format("where a '{}' run writes none", message_text(row.cell("status"), 40))
                                       : fmt::format("where its run writes '{}'", message_text(want, 200)));
}

void check_grade_and_nodes(const Row& row, const GradeResult& g, std::uint64_t nodes) {
    if (row.cell("grade") != grade_name(g.grade))
        row.refuse("grade", fmt::format("where its output is a puzzle of grade '{}'", grade_name(g.grade)));
    if (row.whole("nodes") != nodes) row.refuse("nodes", fmt::format("where its output's search says {}", nodes));
}

// generate (tasks/generate.cpp): unique_instance's record of the row's square and seed.
void check_generate(const Row& row, Grader& grader, const Instance& record, const SolverSpec& method,
                    const std::vector<int>& square) {
    const UniqueSpec spec = unique_method(method, record.n);
    const std::uint64_t seed = row.whole("seed");
    const std::uint64_t attempts = counted(row, record, "attempts");
    if (attempts < 1 || attempts > static_cast<std::uint64_t>(spec.max_attempts))
        row.refuse_output(fmt::format("a record made in {} attempts, where the method allows 1 to {}", attempts, spec.max_attempts));
    // The first attempt plants the row's square; it can fail only for a target grade or with
    // relations alone (a square its relations do not determine), and a later one draws a square.
    if (attempts > 1 && !spec.target && spec.use != ClueUse::relations)
        row.refuse_output("a record made in more than one attempt, where the first always succeeds");
    check_identity(row, record, unique_id(spec, seed), square, attempts > 1);
    const GradeResult g = check_unique(row, grader, record);
    const critical::ClueUniverse u(record.n, flat(record.solution));
    clue_set(row, u, record);
    check_critical(row, grader, record);
    if (spec.target && g.grade != *spec.target)
        row.refuse_output(fmt::format("a puzzle of grade '{}', where the method's target is '{}'", grade_name(g.grade),
                                      grade_name(*spec.target)));
    check_meta(row, record, unique_meta(spec, seed, record, g, static_cast<int>(attempts)), {});
    check_grade_and_nodes(row, g, g.gac_nodes);
    // Which unique, minimal puzzle of the square it is, the seed decides: made again by the
    // binary that made it (the row's build is this one), from the one attempt it took, it
    // must be this record (another build's generator may differ; a retry costs its attempts).
    if (attempts == 1 && row.cell("build") == this_build().cell() &&
        write_instances({unique_instance(spec, seed, grader, &square)}, Format::jsonl) != row.cell("output") + "\n")
        row.refuse_output("a record other than the one its run makes again from its seed and square");
}

// The meta set_record (critical/oracle/report.hpp) writes for these clues, verified by `label`.
Json set_meta(const critical::ClueUniverse& u, const critical::ClueSet& set, const std::string& label,
              std::uint64_t witnesses) {
    critical::Verification v;
    v.uniquely_completable = v.critical = true;
    v.witnesses = witnesses;
    v.backend = label;
    return critical::set_record(u, set, "", v, Json::object()).meta;
}

std::uint64_t witnesses_of(const Row& row, const Instance& record) {
    if (!record.meta.contains("verified_witnesses")) return 0;
    const std::uint64_t w = counted(row, record, "verified_witnesses");
    if (w == 0 || w > record.givens.size() + record.lt.size())
        row.refuse_output(fmt::format("a record whose meta 'verified_witnesses' is {}, not 1 to its clue count", w));
    return w;
}

// A search's starts (critical/greedy/local_search.cpp): each start is a pass of its iterations,
// and the greedy objective makes one pass and stops (round 11, F7: starts 0 or 2 in a one-pass
// row were resumed and merged).
void check_starts(const Row& row, std::uint64_t starts, std::uint64_t iterations, critical::Objective objective) {
    if (starts < 1 || starts > iterations)
        row.refuse_output(fmt::format("a record of {} starts, where its {} iterations allow 1 to {}", starts, iterations,
                                      iterations));
    if (objective == critical::Objective::greedy && (starts != 1 || iterations != 1))
        row.refuse_output(fmt::format("a record of {} starts and {} iterations, where the greedy objective makes one pass",
                                      starts, iterations));
}

// critical (tasks/critical.cpp, critical/greedy/pipeline.cpp): the verified set of the search.
void check_critical_set(const Row& row, OutputFacts::State& state, const Instance& record, Task task, const SolverSpec& method,
                        const std::vector<int>& square) {
    const critical::PipelineOptions options = critical_method(method);
    const std::uint64_t seed = row.whole("seed");
    check_identity(row, record, critical_record_id(task, row.cell("instance"), seed), square);
    const GradeResult g = check_unique(row, state.grader, record);
    const critical::ClueUniverse u(record.n, square);
    const critical::ClueSet set = clue_set(row, u, record);
    const ClueUse use = critical::objective_use(options.search.objective, options.search.use);
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)] && !u.allowed(i, use))
            row.refuse_output(fmt::format("a set with a clue the method's use '{}' does not allow", clue_use_name(use)));
    check_critical(row, state.grader, record);
    Json want = set_meta(u, set, verified_by(row, record, options.verify_backend, u, state.labels), witnesses_of(row, record));
    want["objective"] = critical::objective_name(options.search.objective);
    want["use"] = clue_use_name(use);
    want["cost"] = critical::weighted_cost(critical::count_clues(u, set), critical::objective_weights(options.search.objective));
    want["seed"] = seed;
    want["search_backend"] = options.search.backend;
    check_meta(row, record, want, {"iterations", "starts", "checks"});
    const std::uint64_t iterations = counted(row, record, "iterations");
    // Bounded by iterations alone, the search makes exactly that many passes (local_search.cpp:
    // it stops only when they are spent; round 12, F5: 3 edited to 2 was resumed), the greedy
    // objective one; a time bound may stop it before its iterations.
    const bool greedy = options.search.objective == critical::Objective::greedy;
    const std::uint64_t most = greedy ? 1 : options.search.iterations;
    if (greedy || options.search.time_limit <= 0) {
        if (iterations != most)
            row.refuse_output(fmt::format("a record of {} iterations, where the method makes exactly {}", iterations, most));
    } else if (most > 0 && iterations > most) {
        row.refuse_output(fmt::format("a record of {} iterations, where the method allows {}", iterations, most));
    }
    check_starts(row, counted(row, record, "starts"), iterations, options.search.objective);
    check_grade_and_nodes(row, g, counted(row, record, "checks"));
}

// A square kind's error row with a record says its set failed the run's verification (the
// run's only error with one: tasks/critical.cpp, exact_task.cpp, tasks/exact_square.cpp). Its
// records are verified again by the method's backend: one at least fails, else the run wrote
// its success status (round 16, B F5: an order kind's verified row relabelled error was
// resumed; the square kinds took any error row alike), and the message is the one the run
// writes for that failure (B F6: free text was resumed). critical's verification skipped the
// clues its search's witnesses proved (the record keeps their count only), so its first
// redundant clue may be another than the one asked again: any clue of the set is taken there.
void check_unverified(const Row& row, Task task, const SolverSpec& method, const std::vector<Instance>& records,
                      const std::vector<int>& square) {
    const bool critical = task == Task::critical || task == Task::greedy;
    if (!critical && task != Task::exact && task != Task::exact_square) return;
    const std::string backend = critical ? critical_method(method).verify_backend
                                : task == Task::exact ? exact_method(method).verify
                                                      : exact_square_method(method).verify;
    const critical::ClueUniverse u(records.front().n, square);
    std::optional<critical::Verification> failed;  // the last that fails, whose reason exact writes
    std::vector<int> clues;
    for (const Instance& record : records) {
        const critical::ClueSet set = clue_set(row, u, record);
        critical::Verification v = critical::verify_critical_set(u, set, backend);
        if (!v.uniquely_completable || !v.critical) failed = std::move(v);
        for (int i = 0; i < u.size(); ++i)
            if (set[static_cast<std::size_t>(i)]) clues.push_back(i);
    }
    if (!failed)
        row.refuse("status", fmt::format("where backend {} verifies its set again (its run writes {})", message_text(backend, 100),
                                         status_name(task_info(task).success)));
    const std::string& message = row.cell("message");
    const std::string prefix = task == Task::exact ? std::string(kFreeSquareUnverified) : "";
    const bool another_clue = critical && failed->uniquely_completable &&
                              std::any_of(clues.begin(), clues.end(), [&](int i) { return message == critical::redundant_clue_why(i); });
    const std::string want = task == Task::exact_square ? std::string(kConstructUnverified) : prefix + failed->why;
    if (message != want && !another_clue) row.refuse("message", fmt::format("where its run writes '{}'", message_text(want, 200)));
}

// The meta keys of a task exact record that are its class search's own figures (run_meta,
// exact_task.cpp), beside those the method, the class and the set fix; a frontier point adds
// its h_max, point and minimum (check_frontier_message holds them).
const std::set<std::string> kExactFigures{"hitting_set_calls", "nodes", "oracle_queries", "unavoidable_sets"};
const std::set<std::string> kExactFrontierFigures{"hitting_set_calls", "nodes", "oracle_queries", "unavoidable_sets",
                                                  "h_max", "point", "minimum"};

// The class a task exact row is of, fixed by its instance (run_matrix.hpp, class_instance_id):
// the one its record's meta.class names, whose square is the row's (round 17, B F1: a
// meta.class or meta.orbit not the class's own was resumed and merged). The classes of an order
// are enumerated once (n = 5: every square, as the run's matrix does).
const SquareClass& class_of_row(const Row& row, OutputFacts::State& state, const Instance& record, const std::vector<int>& square) {
    if (record.n > kMaxEnumeratedN)
        row.refuse_output(fmt::format("a record of order {}, where task exact's classes are of order {} at most", record.n, kMaxEnumeratedN));
    const std::uint64_t c = counted(row, record, "class");
    std::vector<SquareClass>& classes = state.classes[record.n];
    if (classes.empty()) classes = square_classes(record.n);
    if (c >= classes.size() || class_instance_id(record.n, c) != row.cell("instance"))
        row.refuse_output(fmt::format("a record whose meta 'class' is {}, where its instance '{}' is another class", c,
                                      message_text(row.cell("instance"), 100)));
    if (classes[c].square != square)
        row.refuse("solution", fmt::format("where class {} of order {} (its instance) is another square", c, record.n));
    return classes[c];
}

// exact (experiments/exact_task.cpp): each witness of the class's square, verified critical,
// its meta what run_meta writes: the class's own index and orbit, the class search's figures
// as class_search_facts.hpp holds them (the row's nodes and checks among them), and no other key.
// An error row's records are held to the same, but their verification, which one at least fails
// again (check_unverified), as exact-sample's are.
void check_exact(const Row& row, OutputFacts::State& state, const std::vector<Instance>& records, const SolverSpec& method,
                 const std::vector<int>& square) {
    const ExactMethod m = exact_method(method);
    const bool error = status_named(row.cell("status")) == Status::error;
    const std::string id = fmt::format("{}:exact-{}", row.cell("instance"), critical::exact_objective_name(m.objective));
    const bool counts_nodes = method_counts_nodes(Task::exact, method);
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Instance& record = records[i];
        if (!record.meta.is_object()) row.refuse_output("a record without the meta the method writes");
        const bool frontier = m.objective == critical::ExactObjective::frontier;
        check_identity(row, record, frontier ? fmt::format("{}-h{}", id, counted(row, record, "h_max")) : id, square);
        if (!error) check_unique(row, state.grader, record);
        const critical::ClueUniverse u(record.n, square);
        const critical::ClueSet set = clue_set(row, u, record);
        if (!error) check_critical(row, state.grader, record);
        Json want = set_meta(u, set, verified_by(row, record, m.verify, u, state.labels), witnesses_of(row, record));
        if (error)  // its verification's flags (set_meta's booleans) as it said them, asked again below
            for (auto& [key, value] : want.items())
                if (value.is_boolean() && record.meta.value(key, Json()).is_boolean()) value = record.meta[key];
        // What the method and the set fix of run_meta (exact_task.cpp; round 12, F5): the
        // minimum a single objective's set costs (a frontier point's is its k, with its h_max
        // and point: check_frontier_message), and its class and orbit the instance's.
        const SquareClass& own = class_of_row(row, state, record, square);
        want.update(Json{{"exact", true}, {"objective", critical::exact_objective_name(m.objective)}, {"n", record.n},
                         {"class", counted(row, record, "class")}, {"orbit", own.orbit}});
        const int cost = critical::weighted_cost(critical::count_clues(u, set), critical::objective_weights(m.objective));
        if (!frontier) want["minimum"] = cost;
        check_class_search_counters(row, record.meta, counts_nodes);
        for (const auto& [key, value] : want.items())
            if (!written_alike(record.meta.value(key, Json()), value))
                row.refuse_output(fmt::format("a record whose meta '{}' is not {}, what the method writes",
                                              message_text(key, 100), message_text(value.dump(), 100)));
        check_written_keys(row, record.meta, want, frontier ? kExactFrontierFigures : kExactFigures, i + 1);
        check_one_search(row, records, i, {"hitting_set_calls", "nodes", "oracle_queries", "unavoidable_sets"});
        if (!frontier && !error)  // a frontier's message lists points no record shows (those where k does not drop)
            check_message(row, fmt::format("minimum {} = {}", critical::exact_objective_name(m.objective), cost));
    }
    check_class_search_cells(row, records.front().meta, counts_nodes);
    check_exact_class_effort(row, records, m.search, m.objective, square);
    if (error) return check_unverified(row, Task::exact, method, records, square);
    if (m.objective != critical::ExactObjective::frontier) return;
    // Its corners as the search writes them, and its message's list (round 16, B F4: a row with
    // corners deleted was resumed, its message still listing them).
    check_frontier_message(row, records);
    check_frontier_corners(row, state.grader, records, {square});
}

// The certificate a proved minimum carries (certificate=yes): its lines checked as the
// certificate file they become (square_certificate.hpp: the witness verified by the method's
// backend, every set's square, the branch and bound re-run to the nodes it states), and its
// header this record's claim: n, objective, square, minimum, witness (round 13, F2: a minimum
// edited 5 -> 3, nodes edited or the sets cut were resumed, and --certificate then wrote a
// false file). The sets are some of the search's pool (meta.unavoidable_sets).
void check_certificate(const Row& row, const Instance& record, const ExactSquareMethod& m, const std::vector<int>& square,
                       const critical::ClueSet& set, int minimum) {
    const auto it = record.meta.find("certificate");
    if (it == record.meta.end() || !it->is_array() || it->empty())
        row.refuse_output("a proved minimum without meta 'certificate', which the method (certificate=yes) writes");
    std::vector<int> witness;
    for (std::size_t i = 0; i < set.size(); ++i)
        if (set[i]) witness.push_back(static_cast<int>(i));
    const Json want{{"n", record.n}, {"objective", critical::exact_objective_name(m.objective)}, {"square", square},
                    {"minimum", minimum}, {"witness", witness}};
    const Json& head = it->front();
    for (const auto& [key, value] : want.items())
        if (!head.is_object() || !written_alike(head.value(key, Json()), value))
            row.refuse_output(
                fmt::format("a certificate whose '{}' is not this record's {}", key, message_text(value.dump(), 100)));
    std::stringstream lines;
    for (const Json& line : *it) lines << line.dump() << '\n';
    critical::SquareCertificateCheck c;
    try {
        c = critical::check_square_certificate(lines, "meta.certificate", m.verify);
    } catch (const InputError& e) {
        row.refuse_output(fmt::format("a certificate that is not one ({})", e.what()));
    }
    if (!c.ok) row.refuse_output(fmt::format("a certificate that does not check ({})", c.why));
    if (c.squares != 1) row.refuse_output(fmt::format("a certificate of {} squares, where the record is one", c.squares));
    if (c.sets > counted(row, record, "unavoidable_sets"))
        row.refuse_output(fmt::format("a certificate of {} sets, more than its meta 'unavoidable_sets'", c.sets));
}

// The CPU time the search measured (meta cpu_seconds): present, a finite number, at least 0
// (round 14, B F5: -1, "abc" or none were resumed and merged, and analyze showed them). Its
// time_ms is held to the row's wall_ns too (check_search_ms).
void check_cpu_seconds(const Row& row, const Instance& record) {
    const auto it = record.meta.find("cpu_seconds");
    if (it == record.meta.end() || !it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
        row.refuse_output("a record whose meta 'cpu_seconds' is not a time of at least 0, as the method writes it");
}

// An exact-square record's search figures where they meet the row or each other (round 13,
// F9: an edited `checks` was resumed): the row's nodes and checks are the search's nodes and
// oracle queries (tasks/exact_square.cpp), each seeded set is one of the pool of unavoidable
// sets, hitting_set_calls and oracle_nodes are whole numbers and its times are times. How
// many calls and sets a search took, and how long, only the search itself can tell.
void check_search_figures(const Row& row, const Instance& record) {
    if (row.whole("nodes") != counted(row, record, "nodes")) row.refuse("nodes", "where its output's search says otherwise");
    if (row.whole("checks") != counted(row, record, "oracle_queries"))
        row.refuse("checks", "where its output's meta 'oracle_queries' says otherwise");
    if (counted(row, record, "seeded") > counted(row, record, "unavoidable_sets"))
        row.refuse_output("a record whose meta 'seeded' is more than its 'unavoidable_sets'");
    counted(row, record, "hitting_set_calls");
    counted(row, record, "oracle_nodes");
    check_cpu_seconds(row, record);
    check_seconds_within(row, record.meta["cpu_seconds"].get<double>(), "cpu_seconds", "cpu_ns");
    check_search_ms(row, record.meta, 1);
}

// A search stopped at a limit has spent it by its own clocks: tasks/exact_square.cpp counts its
// deadlines from where the record's time_ms and cpu_seconds start, so a bounds record has
// time_ms of at least meta time_limit_s, or cpu_seconds of at least cpu_limit_s (red-team round
// 25, B F13: time_ms 0, 0.001 and 100 under a 0.3 s limit were taken), give or take 0.1 ms: the
// rounding, and the microseconds by which a search of an earlier build (a merge takes its shards)
// started its clocks after its deadlines were set. A search's figures are otherwise free
// (check_search_figures).
void check_stopped_at_limit(const Row& row, const Instance& record, const Limits& limits) {
    constexpr double kMarginSeconds = 1e-4;
    const double wall = record.meta["time_ms"].get<double>() / 1e3, cpu = record.meta["cpu_seconds"].get<double>();
    const auto reached = [](double spent, double limit) { return limit > 0 && spent + kMarginSeconds >= limit; };
    if (reached(wall, limits.time_seconds) || reached(cpu, limits.cpu_seconds)) return;
    std::string had;  // the limits the search had
    if (limits.time_seconds > 0) had = fmt::format("time_limit_s {:g}", limits.time_seconds);
    if (limits.cpu_seconds > 0) had += fmt::format("{}cpu_limit_s {:g}", had.empty() ? "" : ", ", limits.cpu_seconds);
    row.refuse_output(fmt::format("a record whose search stopped at a limit (timed_out) after time_ms {:g} and cpu_seconds {:g}, "
                                  "short of every limit it had ({}): its deadlines count from where those figures start",
                                  wall * 1e3, cpu, had));
}

// exact-square (tasks/exact_square.cpp): a critical set within the objective's clues, as
// square_record writes it: of a `solved` row the proved minimum (exact, lower = upper = its
// cost), of a `timeout` row the bounds a limit left (exact false, timed_out, lower_bound at
// most the set's cost; round 13, F1: resume and merge refused it). The search's figures are
// free but where they meet the row or each other (check_search_figures); a proved minimum's
// certificate where the method asks for one (check_certificate).
void check_exact_square(const Row& row, OutputFacts::State& state, const Instance& record, const SolverSpec& method,
                        const Limits& limits, const std::vector<int>& square, bool proved) {
    const ExactSquareMethod m = exact_square_method(method);
    check_identity(row, record, fmt::format("{}:exact-{}", row.cell("instance"), critical::exact_objective_name(m.objective)),
                   square);
    check_unique(row, state.grader, record);
    const critical::ClueUniverse u(record.n, square);
    const critical::ClueSet set = clue_set(row, u, record);
    const ClueUse use = critical::objective_use(m.objective, ClueUse::both);
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)] && !u.allowed(i, use))
            row.refuse_output(fmt::format("a set with a clue the objective '{}' does not use", critical::exact_objective_name(m.objective)));
    check_critical(row, state.grader, record);
    Json want = set_meta(u, set, verified_by(row, record, m.verify, u, state.labels), witnesses_of(row, record));
    const int cost = critical::weighted_cost(critical::count_clues(u, set), critical::objective_weights(m.objective));
    const std::uint64_t lower = proved ? static_cast<std::uint64_t>(cost) : counted(row, record, "lower_bound");
    if (lower > static_cast<std::uint64_t>(cost))
        row.refuse_output(fmt::format("a record whose meta 'lower_bound' {} is above its set's cost {}", lower, cost));
    want.update(Json{{"exact", proved}, {"per_square", true}, {"objective", critical::exact_objective_name(m.objective)},
                     {"lower_bound", lower}, {"upper_bound", cost}, {"timed_out", !proved},
                     {"search_backend", "lagrange+solver"}});
    if (proved) want["minimum"] = cost;
    // The config's limits, which the run writes as they are set (round 12, F5: what the run
    // writes deterministically is compared, not left free).
    if (limits.time_seconds > 0) want["time_limit_s"] = limits.time_seconds;
    if (limits.cpu_seconds > 0) want["cpu_limit_s"] = limits.cpu_seconds;
    if (!proved && limits.time_seconds <= 0 && limits.cpu_seconds <= 0)
        row.refuse("status", "where the run had no time limit (the config sets none)");
    std::vector<std::string> free{"hitting_set_calls", "nodes", "oracle_queries", "oracle_nodes", "unavoidable_sets", "seeded",
                                  "cpu_seconds", "time_ms"};
    if (proved && m.certificate) free.push_back("certificate");
    check_meta(row, record, want, free);
    check_message(row, proved ? "" : fmt::format("bounds [{}, {}]", lower, cost));
    check_search_figures(row, record);
    if (!proved) check_stopped_at_limit(row, record, limits);
    check_square_search_time(row, record.meta, limits);
    if (proved && m.certificate) check_certificate(row, record, m, square, set, cost);
}

// The clues a run of `method` for `task` may use, where the task writes `multiple` when they do
// not determine the square: critical and greedy when the search's full allowed set is not
// unique (critical/greedy/local_search.cpp), exact and exact-square when no set of the
// objective's clue kinds is (exact_task.cpp, tasks/exact_square.cpp). Nullopt for a kind whose
// `multiple` is not about one input square (its own checks' business).
std::optional<ClueUse> clues_of_multiple(const Row& row, Task task, const SolverSpec& method) {
    switch (task) {
    case Task::critical:
    case Task::greedy: {
        const critical::SearchOptions search = critical_method(method).search;
        return critical::objective_use(search.objective, search.use);
    }
    case Task::exact: return critical::objective_use(exact_method(method).objective, ClueUse::both);
    case Task::exact_square: return critical::objective_use(exact_square_method(method).objective, ClueUse::both);
    case Task::generate:   // draws another square where the relations leave a second solution
    case Task::construct:  // a construction of every order
    case Task::exhaustive: // a minimum over every square of the order
    case Task::free_square: // a puzzle found, or a budget spent without one (timeout)
        row.refuse("status", fmt::format("a status task {} never writes", task_name(task)));
    default: return std::nullopt;
    }
}

// A counter the method counts none of is empty whatever the status, as its run writes it (SPEC
// §4; round 16, B F2: exact-sample with engine=cadical wrote `nodes` 0, and a forged 5 was
// resumed and merged). The kind's own are status_facts.hpp's; these are what the method's
// options take away (method_counters.hpp).
void check_method_uncounted(const Row& row, Task task, const SolverSpec& method) {
    const CounterMask taken = method_uncounted(task, method) & ~task_info(task).empty_counters;
    for_each_counter(Counters{}, taken, [&](std::string_view name, std::uint64_t, bool counted) {
        if (!counted && row.has(name) && !row.cell(name).empty())
            row.refuse(name, fmt::format("where a run of {} counts none (the cell is empty)", message_text(method.spec(), 200)));
    });
}

// A `multiple` row says the clues its method may use do not determine its square (round 14,
// B F1: a critical row edited to `multiple`, its output emptied, was resumed and merged): gac
// counts the square with every one of them to 2, as the search's first check does. With
// numbers allowed that set is the whole square, so only relations-only methods can say it.
void check_multiple(const Row& row, Grader& grader, Task task, const SolverSpec& method, const std::vector<int>& square) {
    if (task == Task::exact_sample) return check_exact_sample_multiple(row, grader, method, row.whole("seed"));
    const std::optional<ClueUse> use = clues_of_multiple(row, task, method);
    if (!use) return;
    if (square.empty()) row.refuse("solution", "empty, where the task writes its input square");
    const critical::ClueUniverse u(static_cast<int>(row.whole("n")), square);
    if (grader.count_to_two(Puzzle::compile_for_search(u.to_instance(u.full(*use)))) == Status::unique)
        row.refuse("status", fmt::format("where the clues its method may use (use {}) determine the square (gac, counting "
                                         "to 2)", clue_use_name(*use)));
    // Its counters as the run writes them (error_rows.hpp): exact's and exact-square's search
    // counts (how many, only the search can tell), critical's and greedy's nodes 0, the checks of
    // a record it did not make (tasks/critical.cpp).
    check_recordless_cells(row, task, method);
    if ((task == Task::critical || task == Task::greedy) && row.whole("nodes") != 0)
        row.refuse("nodes", "where its run writes 0 (the checks it counts are those of the set it found, and it found none)");
    check_message(row, task == Task::exact ? std::string(kNoSetMessage) : "");
}

}  // namespace

void OutputFacts::check(const CsvTable& t, std::size_t r, const std::string& path, Task task, const Limits& limits,
                        const SolverSpec& method, std::string_view refusing) {
    if (!fills(task_info(task), TaskColumn::output)) return;
    const Row row{{t, r, path, refusing}};
    check_method_uncounted(row, task, method);
    if (task == Task::exact) check_class_search_time(row, limits);  // its search keeps them: within a step
    const auto at = std::find(t.header.begin(), t.header.end(), "output");
    if (at == t.header.end()) return;
    if (task == Task::few_relations) return check_few_relations_output(row);
    const TaskInfo& kind = task_info(task);
    const bool order_kind = kind.inputs == TaskInput::critical_orders;  // no square of the row to hold a record to
    if (order_kind) check_order_row(row, task, method);
    if (status_named(row.cell("status")) == Status::multiple)  // a status with no record (status_facts)
        return check_multiple(row, state_.grader, task, method, solution_of(t, r, path, static_cast<int>(row.whole("n")), refusing));
    // A free-square budget spent without a puzzle says so (tasks/free_square.cpp).
    if (task == Task::free_square && status_named(row.cell("status")) == Status::timeout)
        check_message(row, std::string(kFreeSquareNothingFound));
    if (row.cell("output").empty()) {
        // A square kind's run writes error only with its set that failed its verification,
        // but generate's (the generator's own message, with no puzzle, its counts 0): without a
        // record, the row is a run the sandbox lost (round 17, B F2; an order kind's is
        // check_order_row's).
        if (status_named(row.cell("status")) == Status::error && !order_kind) {
            if (task == Task::generate) check_generator_error(row, method);
            else check_recordless_error(row);
        }
        // Task exact's search stopped at a limit keeps no figures (exact_task.cpp: every counter
        // unknown), as the sandbox's row of a run it killed there (round 18, B F2: a nodes 5 was kept).
        if (task == Task::exact && status_named(row.cell("status")) == Status::timeout)
            check_nothing_counted(row, "where its search stopped at a limit");
        return;
    }
    const std::vector<Instance> records =
        parse_instances(row.cell("output"), fmt::format("{}:{}: column 'output'", path, t.lines[r]), Format::jsonl);
    const std::vector<int> square = solution_of(t, r, path, records.front().n, refusing);
    const std::optional<Status> status = status_named(row.cell("status"));
    // An error's record is its evidence (of its square; an order kind's is check_order_row's);
    // other statuses carry none (status_facts). exhaustive's, exact-sample's and exact's are the
    // run's records, made or verified again like a solved row's, one failing (round 16, B F5;
    // round 17, B F1).
    const bool witness_error =
        status == Status::error && (task == Task::exhaustive || task == Task::exact_sample || task == Task::exact);
    if (!witness_error && (!status || *status == Status::error || !carries_output(kind, *status))) {
        for (const Instance& record : records)
            if (!order_kind && !record.solution.empty() && flat(record.solution) != square)
                row.refuse_output("a record whose solution is not the row's square (its 'solution')");
        if (status == Status::error && !order_kind) check_unverified(row, task, method, records, square);
        return;
    }
    if (task == Task::exact) return check_exact(row, state_, records, method, square);
    if (task == Task::exhaustive) {
        if (!witness_error) check_message(row, "");  // the error's is check_order_row's
        return check_exhaustive_output(row, records, method, state_.exhaustive);
    }
    if (task == Task::exact_sample) {
        if (!witness_error) check_message(row, "");
        return check_exact_sample_output(row, records, method, row.whole("seed"), state_.grader);
    }
    if (records.size() != 1) row.refuse_output(fmt::format("{} records, where the task writes one", records.size()));
    if (task == Task::construct) {
        check_message(row, "");
        return check_construct_output(row, records.front(), method);
    }
    if (task == Task::free_square) {
        check_message(row, "");
        return check_free_square_output(row, records.front(), method);
    }
    if (task == Task::exact_square) return check_exact_square(row, state_, records.front(), method, limits, square,
                                                              *status == kind.success);
    check_message(row, "");
    if (task == Task::generate) check_generate(row, state_.grader, records.front(), method, square);
    else check_critical_set(row, state_, records.front(), task, method, square);
}

}  // namespace futolab
