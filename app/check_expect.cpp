#include "app/check_expect.hpp"

#include "analysis/pooling.hpp"
#include "analysis/results_table.hpp"
#include "core/counted.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/visible_text.hpp"
#include "experiments/held_rows.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

namespace futolab::app {
namespace {

// What a run decided about its instance.
enum class Answer { unique, multiple, unsat, satisfiable, undecided };

Answer answer_of(const RunAnswer& run) {
    switch (run.status) {
        case Status::unique: return Answer::unique;
        case Status::multiple: return Answer::multiple;
        case Status::unsat: return Answer::unsat;
        case Status::solved: return Answer::satisfiable;  // first solution: one exists, how many unknown
        case Status::counted:
            if (!run.solutions) return Answer::undecided;
            return *run.solutions == 0 ? Answer::unsat : *run.solutions == 1 ? Answer::unique : Answer::multiple;
        default: return Answer::undecided;  // a limit, a crash, an error, or no solver run at all
    }
}

bool agrees(Expected expected, Answer answer) {
    switch (answer) {
        case Answer::unique: return expected == Expected::unique;
        case Answer::multiple: return expected == Expected::multiple;
        case Answer::unsat: return expected == Expected::unsat;
        case Answer::satisfiable: return expected != Expected::unsat;
        case Answer::undecided: return true;
    }
    return true;
}

std::string said(const RunAnswer& run) {
    if (run.status == Status::counted && run.solutions) return fmt::format("counted {} solutions", static_cast<long long>(*run.solutions));
    return std::string(status_name(run.status));
}

std::string label(const RunAnswer& run, const BenchInstance& in) {
    return fmt::format("{}: {} (hash {}, tier {})", run.where, visible_text(run.instance), in.hash, visible_text(in.tier));
}

// A puzzle's entries in the selected tiers, in manifest order: one per tier, each under the id
// the puzzle has in that tier's file (small and tatham give one Tatham puzzle two ids). The
// first stands for all (read_bench_manifest: they state one answer, n, h and k).
using Entries = std::vector<const BenchInstance*>;

// The selected instances by hash.
std::map<std::string, Entries> selected(const BenchManifest& m, const std::vector<std::string>& tiers) {
    for (const std::string& t : tiers)
        if (std::find(m.tiers.begin(), m.tiers.end(), t) == m.tiers.end())
            throw InputError(fmt::format("--tier: '{}' is not a tier of {} (tiers: {})", message_text(t, 200), m.path,
                                         fmt::join(m.tiers, ", ")));
    std::map<std::string, Entries> by_hash;
    for (const BenchInstance& in : m.instances)
        if (tiers.empty() || std::find(tiers.begin(), tiers.end(), in.tier) != tiers.end()) by_hash[in.hash].push_back(&in);
    return by_hash;
}

// "; instances[1299] (tier planted) says 'x'": what a puzzle's other entries say its id is.
std::string others(const Entries& entries) {
    std::string said;
    for (std::size_t i = 1; i < entries.size(); ++i)
        said += fmt::format("; instances[{}] (tier {}) says '{}'", entries[i]->entry, visible_text(entries[i]->tier),
                            visible_text(entries[i]->id));
    return said;
}

// An entry's id is its puzzle's id in its file, and a row of the puzzle states the id it ran it
// under: one of the ids its entries in the tiers the run covers (--tier) give it (red-team round
// 26, C F3: the id of another instance checked as all right, check's own lines printing the
// row's). A line at the entry's id, naming the row, not a refusal of the manifest as n, h and k
// are (check_facts): a puzzle is one puzzle in any file, but its id is its file's, so a row of
// another file that holds it (a corpus the bench shares a puzzle with, a renamed copy: a Tatham
// id is <file stem>:<line>) states another id of a right entry.
void check_id(const BenchManifest& m, const RunAnswer& run, const Entries& entries, ExpectReport& report) {
    const auto same = [&](const BenchInstance* in) { return in->id == run.instance; };
    if (run.instance.empty() || std::any_of(entries.begin(), entries.end(), same)) return;  // an empty cell states no id
    const BenchInstance& in = *entries.front();
    ++report.other_id;
    report.problems.push_back(fmt::format("{}: '{}', but {} ran this puzzle (hash {}) as '{}'{}",
                                          visible_text(instance_field(m, in, "id")), visible_text(in.id), run.where, in.hash,
                                          visible_text(run.instance), others(entries)));
}

// Checks one run against its instance: adds a problem line for a wrong status or solution.
void check_run(const RunAnswer& run, const BenchInstance& in, ExpectReport& report) {
    const Answer answer = answer_of(run);
    if (answer == Answer::undecided) {
        ++report.undecided;
        return;
    }
    if (!agrees(in.status, answer)) {
        ++report.wrong;
        report.problems.push_back(fmt::format("{}: {} says {}, expected {}", label(run, in), visible_text(run.group),
                                              visible_text(said(run)), expected_name(in.status)));
        return;
    }
    if (in.status == Expected::unique && !run.solution.empty() && solution_hash(run.solution) != in.solution_hash) {
        ++report.wrong;
        report.problems.push_back(fmt::format("{}: {} found a solution whose hash is {}, expected {}", label(run, in),
                                              visible_text(run.group), solution_hash(run.solution), in.solution_hash));
        return;
    }
    ++report.right;
}

void report_missing(const BenchManifest& m, const std::map<std::string, Entries>& instances,
                    const std::map<std::string, std::set<std::string>>& seen, ExpectReport& report) {
    for (const auto& [group, hashes] : seen)
        for (const auto& [hash, entries] : instances) {
            if (hashes.count(hash)) continue;
            const BenchInstance* in = entries.front();
            ++report.missing;
            report.problems.push_back(fmt::format("{}: {} (hash {}, tier {}, file {}): no run of {}", m.path,
                                                  visible_text(in->id), hash, visible_text(in->tier),
                                                  visible_text(in->file), visible_text(group)));
        }
}

// The n, h and k `in` states of its puzzle are those of the row `run` of that puzzle.
void check_facts(const BenchManifest& m, const BenchInstance& in, const RunAnswer& run) {
    const struct {
        const char* key;
        int stated;
        std::optional<double> row;
    } facts[]{{"n", in.n, run.n}, {"h", in.h, run.h}, {"k", in.k, run.k}};
    for (const auto& fact : facts)
        if (fact.row && *fact.row != fact.stated)
            throw InputError(fmt::format("{}: {}, but {} ran this puzzle (hash {}) with {} {}", instance_field(m, in, fact.key),
                                         fact.stated, run.where, in.hash, fact.key, *fact.row));
}

// Every entry of a run's puzzle, in any tier, states the n, h and k the run's row does (red-team
// round 25, B F11: "n": 3 for a 2x2 puzzle checked as all right). One hash is one puzzle; the
// manifest's entries of one hash agree (read_bench_manifest), so its first entry stands for all.
void check_facts(const BenchManifest& m, const std::vector<RunAnswer>& runs) {
    std::map<std::string, const BenchInstance*> first;
    for (const BenchInstance& in : m.instances) first.emplace(in.hash, &in);
    for (const RunAnswer& run : runs)
        if (const auto it = first.find(run.hash); it != first.end()) check_facts(m, *it->second, run);
}

std::string not_in(const BenchManifest& m, const std::vector<std::string>& tiers) {
    if (tiers.empty()) return "not in " + m.path;
    return fmt::format("not in tier {} of {}", fmt::join(tiers, ", "), m.path);
}

// The row's n, h and k, where it has them (an older CSV may lack a column).
void read_facts(const ResultsTable& table, std::size_t i, RunAnswer& run) {
    if (table.has_column("n")) run.n = table.value(i, "n");
    if (table.set_record(i)) return;  // its h and k are its set's
    if (table.has_column("h")) run.h = table.value(i, "h");
    if (table.has_column("k")) run.k = table.value(i, "k");
}

}  // namespace

ExpectReport compare_with_manifest(const BenchManifest& manifest, const std::vector<std::string>& tiers,
                                   const std::vector<RunAnswer>& runs) {
    const auto instances = selected(manifest, tiers);
    check_facts(manifest, runs);
    ExpectReport report;
    report.instances = instances.size();
    report.runs = runs.size();
    std::map<std::string, std::set<std::string>> seen;  // group → hashes it ran
    for (const RunAnswer& run : runs) {
        std::set<std::string>& hashes = seen[run.group];
        const auto it = instances.find(run.hash);
        if (it == instances.end()) {
            ++report.unknown;
            report.problems.push_back(fmt::format("{}: {} (hash {}): {}", run.where, visible_text(run.instance),
                                                  visible_text(run.hash), not_in(manifest, tiers)));
            continue;
        }
        hashes.insert(run.hash);
        check_run(run, *it->second.front(), report);
        check_id(manifest, run, it->second, report);
    }
    report.groups = seen.size();
    report_missing(manifest, instances, seen, report);
    return report;
}

std::vector<RunAnswer> read_run_answers(const std::vector<std::string>& csv_paths) {
    // Every row held to its sidecar as merge holds a shard, before any verdict (red-team round 26,
    // B F10: a status the sweep never writes, `unique` with 2 solutions, another build or
    // experiment, a timeout under its limit were counted right or undecided). A sidecar that
    // cannot hold them is refused: check prints no sidecar notes, and is the benchmark's gate.
    const ResultsTable table = ResultsTable::load(csv_paths, rows_held_to_sidecar("check it", SidecarDoubt::refused));
    refuse_file_given_twice(table);  // its runs would count twice, as in analyze and report
    for (const char* column : {"instance", "instance_hash", "mode", "status", "solution"})
        if (!table.has_column(column))
            throw InputError(fmt::format("{}: no column '{}' (a futolab results CSV has it)", table.sources().front(), column));
    std::vector<RunAnswer> runs;
    for (std::size_t i = 0; i < table.size(); ++i) {
        RunAnswer run;
        run.where = table.where(i);
        run.instance = table.text(i, "instance");
        run.hash = table.text(i, "instance_hash");
        run.group = fmt::format("{} ({})", table.text(i, "spec"), table.text(i, "mode"));
        run.status = table.status(i);
        if (table.has_column("solutions")) run.solutions = table.value(i, "solutions");
        run.solution = table.text(i, "solution");
        read_facts(table, i, run);
        runs.push_back(std::move(run));
    }
    return runs;
}

int check_expect(const std::string& manifest_path, const std::vector<std::string>& tiers,
                 const std::vector<std::string>& csv_paths, std::ostream& out) {
    const BenchManifest manifest = read_bench_manifest(manifest_path);
    const ExpectReport r = compare_with_manifest(manifest, tiers, read_run_answers(csv_paths));
    for (const std::string& line : r.problems) out << line << "\n";
    // A group is one spec in one mode: gac counting to 2 and gac finding one are two (red-team
    // round 29, B8: they were "2 spec(s)").
    out << fmt::format("{} v{}{}: {} instances, {} runs of {}: {} right, {} wrong, {} undecided, {} missing, "
                       "{} not in the manifest, {} under another id\n",
                       visible_text(manifest.name), manifest.version, tiers.empty() ? "" : fmt::format(" (tier {})", fmt::join(tiers, ", ")),
                       r.instances, r.runs, counted(r.groups, "(spec, mode) pair"), r.right, r.wrong, r.undecided, r.missing, r.unknown, r.other_id);
    return r.problems.empty() ? 0 : 1;
}

}  // namespace futolab::app
