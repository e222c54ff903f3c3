#include "analysis/provenance.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "records/build_identity.hpp"
#include "records/sidecar.hpp"

#include <fmt/format.h>
#include "core/files.hpp"
#include "core/live_writer.hpp"
#include "core/yaml_bounds.hpp"
#include "core/yaml_fields.hpp"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <set>

namespace futolab {
namespace {

const std::set<std::string> kMachineFacts{"cpu", "host"};
const std::set<std::string> kLimitFacts{"limits", "limit_columns", "isolation"};
// Marks a fact its own sidecar contradicts (build_fact): never "same", even where both files
// are contradicted alike.
constexpr std::string_view kContradicted = " (contradicted by its sidecar's futolab block";

bool contradicted(const std::string& fact) { return fact.find(kContradicted) != std::string::npos; }

std::string joined(const std::set<std::string>& items, const std::string& sep) {
    std::string out;
    for (const std::string& s : items)
        if (!s.empty()) out += (out.empty() ? "" : sep) + s;
    return out;
}


// The distinct non-empty values of a column ("" if the CSV has no such column).
std::set<std::string> column_values(const ResultsTable& table, const std::string& column) {
    std::set<std::string> out;
    if (!table.has_column(column)) return out;
    for (std::size_t i = 0; i < table.size(); ++i) out.insert(table.text(i, column));
    out.erase("");
    return out;
}

// The shards' machines of a merged CSV, or the sidecar's own machine.
std::string machine_fact(const YamlFields& y, const YamlAt& root, const std::string& key) {
    std::set<std::string> values;
    if (const YamlAt shards = y.sequence(y.child(root, "shards")))
        for (std::size_t i = 0; i < shards.node.size(); ++i) values.insert(y.text(y.child(y.item(shards, i), key), ""));
    else
        values.insert(y.text(y.child(y.child(root, "machine"), key), ""));
    return joined(values, " + ");
}

// The config's `limits:` as written. The config was valid YAML when it ran; if it is not now
// (edited by hand), the fact is unknown rather than an error: it only annotates a comparison.
std::string limits_fact(const YamlFields& y, const YamlAt& root) {
    const std::string text = y.text(y.child(root, "config"), "");
    if (text.empty()) return "";
    try {
        // Bounded like the sidecar itself: the config text may hold an alias bomb too.
        const YAML::Node config = load_yaml_bounded(text, "config");
        const YAML::Node limits = config.IsMap() ? config["limits"] : YAML::Node();
        if (!limits || !limits.IsMap() || limits.size() == 0) return "none";
        std::map<std::string, std::string> items;
        for (const auto& item : limits)
            items[item.first.as<std::string>()] = item.second.IsScalar() ? item.second.Scalar() : "";
        std::string out;
        for (const auto& [k, v] : items) out += fmt::format("{}{}={}", out.empty() ? "" : ", ", k, v);
        return out;
    } catch (const YAML::Exception&) {
        return "";
    } catch (const InputError&) {
        return "";
    }
}

std::string limit_columns_fact(const ResultsTable& table) {
    std::string out;
    for (const char* column : {"time_limit_ms", "cpu_limit_ms", "memory_limit_kb"}) {
        if (!table.has_column(column)) continue;
        const std::string values = joined(column_values(table, column), "|");
        out += fmt::format("{}{}={}", out.empty() ? "" : ", ", column, values.empty() ? "none" : values);
    }
    return out;
}

// Whether a `build` cell names the build `self` (the binary the sweep ran under, which the
// sidecar's `futolab` block describes) with another commit or binary hash than that block
// (false where either is not known). A cell is NAME@COMMIT12:TYPE:HASH.
bool self_cell_contradicts(const std::string& cell, std::string commit, const std::string& hash) {
    const std::size_t at = cell.find('@'), colon = cell.find(':', at), last = cell.rfind(':');
    if (at == std::string::npos || colon == std::string::npos || cell.substr(0, at) != kSelfBuild) return false;
    std::string cell_commit = cell.substr(at + 1, colon - at - 1);
    const auto undirty = [](std::string& c) {
        if (c.ends_with("-dirty")) c.resize(c.size() - 6);
    };
    undirty(cell_commit);
    undirty(commit);
    const std::string cell_hash = cell.substr(last + 1);
    const bool other_hash = !hash.empty() && !cell_hash.empty() && cell_hash != hash;
    return other_hash || (!commit.empty() && !cell_commit.empty() && !commit.starts_with(cell_commit));
}

// The `build` fact: the rows' cells, and where a cell of `self` contradicts the sidecar's
// `futolab` block (its binary_hash or git_commit edited), that block beside them, so compare
// shows the two files' builds as a difference, never as "same" (red-team round 27, B F9).
std::string build_fact(const std::set<std::string>& cells, const YamlFields& y, const YamlAt& build) {
    const std::string commit = y.text(y.child(build, "git_commit"), ""), hash = y.text(y.child(build, "binary_hash"), "");
    const std::string fact = joined(cells, " + ");
    for (const std::string& cell : cells)
        if (self_cell_contradicts(cell, commit, hash))
            return fmt::format("{}{}: git_commit {}, binary_hash {})", fact, kContradicted, commit, hash);
    return fact;
}

// The sidecar of `csv_path`, read back whole (whole_sidecar).
YAML::Node load_sidecar(const std::string& csv_path) {
    // read_text_file: a planted FIFO is refused, not waited for.
    return whole_sidecar(read_sidecar_text(csv_path), csv_path);
}

}  // namespace

YAML::Node whole_sidecar(const std::string& text, const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    parse_sidecar(text, path, csv_path);  // every key resume and merge need, in its form
    // Bounded (issue #25): a planted alias bomb is refused, not expanded.
    return load_yaml_bounded(text, path, "not a futolab metadata sidecar");
}

Provenance read_provenance(const std::string& csv_path, const ResultsTable& table) {
    Provenance p;
    p.csv = csv_path;
    const std::string path = sidecar_path(csv_path);
    p.has_sidecar = std::filesystem::exists(path);
    // Every field through YamlFields: a scalar where a map belongs is an error naming the
    // file and the key (yaml-cpp's "operator[] call on a scalar" named neither).
    const YamlFields y(path);
    const YamlAt root = p.has_sidecar ? y.root(load_sidecar(csv_path)) : YamlAt{};
    const YamlAt build = y.child(root, "futolab");
    const YamlAt run = y.child(root, "run");
    std::string host = p.has_sidecar ? machine_fact(y, root, "host") : "";
    if (host.empty()) host = joined(column_values(table, "host"), " + ");
    // The rows' own isolation first, as limit_columns (round 11, F3: the rows of a thread run
    // beside a fork run's sidecar were compared as "same: isolation"); the sidecar's for CSVs
    // before the column.
    std::string isolation = joined(column_values(table, "isolation"), " + ");
    if (isolation.empty()) isolation = y.text(y.child(run, "isolation"), "");
    p.facts = {{"commit", y.text(y.child(build, "git_commit"), "")},
               {"version", y.text(y.child(build, "version"), "")},
               {"config_hash", y.text(y.child(root, "config_hash"), "")},
               {"cpu", p.has_sidecar ? machine_fact(y, root, "cpu") : ""},
               {"host", host},
               {"isolation", isolation},
               {"limits", p.has_sidecar ? limits_fact(y, root) : ""},
               {"limit_columns", limit_columns_fact(table)},
               {"build", build_fact(column_values(table, "build"), y, build)}};
    return p;
}

std::string quoted_list(const std::set<std::string>& items) {
    std::string out;
    std::size_t i = 0;
    for (const std::string& item : items) {
        out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + fmt::format("'{}'", item);
        ++i;
    }
    return out;
}

namespace {

// What the sidecar's run.state says of a sweep that did not end whole, with how many of its runs
// the CSV holds (`rows`; `runs`: the shard's or the whole matrix's): "" when it ended (finished,
// merged). A live sweep's lock is held by its writer (core/live_writer.hpp); a `running` sweep
// whose lock no one holds was killed before it could say how it ended (red-team round 31, H4:
// the tables of 8 of 75 runs were shown as the experiment's, no word, where merge refuses them).
std::string unfinished_note(const std::string& csv_path, const std::string& state, std::size_t rows, std::uint64_t runs) {
    const std::string held = runs > 0 ? fmt::format("{} of its {} runs", rows, runs) : fmt::format("{} runs", rows);
    // Ended whole, by its sidecar, but short of its runs: rows cut or lost (spot check of round
    // 31, J2: a copy of 40 of 150 rows beside a `finished` sidecar, no word, where merge counts
    // 110 missing).
    if ((state == "finished" || state == "merged") && runs > rows)
        return fmt::format("{}: its sidecar says the sweep {}, but the CSV holds {} (rows cut or removed?), and what is "
                           "shown is of those",
                           csv_path, state == "merged" ? "was merged whole" : "finished", held);
    if (state == "finished" || state == "merged") return "";
    if (state.empty())  // present but empty or null: no sweep writes it (J3)
        return fmt::format("{}: its sidecar's run.state is empty, which no sweep writes (edited?): the CSV holds {}, and "
                           "what is shown is of those",
                           csv_path, held);
    if (state == "running") {
        const std::string writer = lock_problem(csv_path);  // "another futolab (pid N) is writing it: …"
        return !writer.empty() ? fmt::format("{}: the sweep is still running ({}): the CSV holds {} so far, and what is "
                                             "shown is of those",
                                             csv_path, writer.substr(0, writer.find(": ")), held)
                    : fmt::format("{}: its sidecar says the sweep is running, but no futolab writes it (killed?): the CSV "
                                  "holds {}, and what is shown is of those (run again with --resume to finish it)",
                                  csv_path, held);
    }
    if (state == "merged-incomplete")
        return fmt::format("{}: an incomplete merge (runs missing from every shard): the CSV holds {}, and what is shown is "
                           "of those",
                           csv_path, held);
    const std::string ended = state == "interrupted" ? "was interrupted" : state == "failed" ? "failed" : "ended " + state;
    return fmt::format("{}: the sweep {} before its last run: the CSV holds {}, and what is shown is of those (run again "
                       "with --resume to finish it)",
                       csv_path, ended, held);
}

}  // namespace

std::vector<std::string> sidecar_notes(const std::string& csv_path, const std::set<std::string>& experiments,
                                       std::size_t rows) {
    const std::string path = sidecar_path(csv_path);
    if (!std::filesystem::exists(path)) return {};
    // A sidecar that this command's output or messages go to is refused, not noted: the tables
    // would be written into it (round 10: `analyze a.csv >> a.csv.meta.yaml` warned, then did).
    refuse_stream_alias(path, path);
    std::vector<std::string> notes;
    try {
        const YamlFields y(path);
        const YamlAt root = y.root(load_sidecar(csv_path));
        const std::string name = y.text(y.child(root, "experiment"), "");
        if (!name.empty() && !experiments.empty() && !(experiments.size() == 1 && experiments.count(name)))
            notes.push_back(fmt::format("{} says experiment '{}', but the rows of {} are of {}: the sidecar describes "
                                        "other runs (copied from another experiment?)",
                                        path, name, csv_path, quoted_list(experiments)));
        const std::string text = y.text(y.child(root, "config"), ""), hash = y.text(y.child(root, "config_hash"), "");
        if (!text.empty() && !hash.empty() && fmt::format("{:016x}", fnv1a64(text)) != hash)
            notes.push_back(fmt::format("{}: its config text does not hash to its config_hash {} (edited?): it may not "
                                        "be the config these runs had",
                                        path, hash));
        const YamlAt run = y.child(root, "run");
        const std::uint64_t shard_runs = y.whole(y.child(run, "shard_runs"), 0, UINT64_MAX);
        const std::uint64_t runs = shard_runs > 0 ? shard_runs : y.whole(y.child(run, "total_runs"), 0, UINT64_MAX);
        // (a sidecar of an older futolab has no run.state: nothing to say then)
        if (const YamlAt state = y.child(run, "state"); state.node.IsDefined())
            if (std::string note = unfinished_note(csv_path, state ? y.text(state, "") : "", rows, runs); !note.empty())
                notes.push_back(std::move(note));
    } catch (const InputError& e) {  // shown as its text on the page; said here for analyze and compare too
        return {fmt::format("{}: what made these runs is not known", e.what())};
    }
    return notes;
}

std::vector<FactDifference> provenance_differences(const Provenance& base, const Provenance& next) {
    std::vector<FactDifference> out;
    for (std::size_t i = 0; i < base.facts.size() && i < next.facts.size(); ++i) {
        const auto& [fact, b] = base.facts[i];
        const std::string& n = next.facts[i].second;
        if (!b.empty() && !n.empty() && (b != n || contradicted(b))) out.push_back({fact, b, n});
    }
    return out;
}

std::vector<std::string> provenance_agreements(const Provenance& base, const Provenance& next) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < base.facts.size() && i < next.facts.size(); ++i)
        if (!base.facts[i].second.empty() && base.facts[i].second == next.facts[i].second && !contradicted(base.facts[i].second))
            out.push_back(base.facts[i].first);
    return out;
}

std::vector<std::string> provenance_warnings(const std::vector<FactDifference>& differences) {
    std::vector<std::string> machine, limits, isolation;
    for (const FactDifference& d : differences) {
        const std::string item = fmt::format("{} {} → {}", d.fact, d.base, d.next);
        if (kMachineFacts.count(d.fact)) machine.push_back(item);
        // The isolation is not a limit (red-team round 32 saw it called one): it changes every time.
        if (d.fact == "isolation") isolation.push_back(item);
        else if (kLimitFacts.count(d.fact)) limits.push_back(item);
    }
    std::vector<std::string> out;
    auto list = [](const std::vector<std::string>& items) {
        std::string s;
        for (const std::string& i : items) s += (s.empty() ? "" : "; ") + i;
        return s;
    };
    if (!machine.empty())
        out.push_back("the machines differ (" + list(machine) + "): time ratios measure the machines as well as the code");
    if (!limits.empty())
        out.push_back("the limits differ (" + list(limits) +
                      "): status changes and limited times may come from the limits, not the code");
    if (!isolation.empty())
        out.push_back("the isolation differs (" + list(isolation) +
                      "): time ratios measure how the runs were isolated as well as the code");
    return out;
}

}  // namespace futolab
