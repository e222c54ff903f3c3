// No status or grade is spelt outside its table (issue #27): the sources are scanned for
// string literals equal to a name of core/status.hpp's or core/grades.hpp's table (the names
// come from the tables, so a new status is checked too). The same words also name other
// things — backends (`gac`, `fc`), the generator kind and method `unique`, the task
// `critical`, keys of JSON and YAML records (`error`, `node_limit`) — and those uses are
// listed below, each with the reason; anything else fails, naming the file and line.
// Comments are not code and are skipped; tests/ and docs/ may spell anything.
#include "analysis/compare_inputs.hpp"
#include "analysis/compare_report.hpp"
#include "analysis/fits.hpp"
#include "analysis/plot_types.hpp"
#include "analysis/table_kinds.hpp"
#include "analysis/text_table.hpp"
#include "app/output_formats.hpp"
#include "core/clue_use.hpp"
#include "core/grades.hpp"
#include "core/status.hpp"
#include "critical/exact/certificate.hpp"
#include "critical/exact/exact.hpp"
#include "critical/objective.hpp"
#include "generators/latin/random.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace futolab;

namespace {

struct Allowed {
    const char* path;     // relative to the repository root
    const char* literal;  // the word, as it appears in that file
    const char* why;
};

// The other meanings of the words; a status or grade use never belongs here.
const std::vector<Allowed> kAllowed{
    {"analysis/critical_plot.cpp", "critical", "the critical plot's name"},
    {"analysis/plot_types.hpp", "critical", "the plot type table's entry"},
    {"analysis/results_table.cpp", "critical", "the mode column of a critical task (kTasks)"},
    {"app/cmd_critical.cpp", "critical", "the subcommand's name"},
    {"app/commands.cpp", "critical", "a subcommand's name (the commands that write file names into a sidecar)"},
    {"app/stdout_product.cpp", "critical", "a subcommand's name (the commands whose product is standard output)"},
    {"experiments/bench/bench_default.cpp", "gac", "the backend the default spec is compared with (its side name and spec)"},
    {"app/help_examples.hpp", "critical", "a subcommand's name in the examples table"},
    {"critical/zero_given/few_relations_shards.hpp", "multiple", "a count field of a shard file (a key, not a status)"},
    {"critical/zero_given/few_relations_shards.hpp", "unsat", "a count field of a shard file (a key, not a status)"},
    {"critical/zero_given/few_relations_shards.hpp", "unique", "a count field of a shard file (a key, not a status)"},
    {"critical/zero_given/few_relations_shards.cpp", "unique", "the count field named in a message (a key, not a status)"},
    {"critical/oracle/breaking_search.cpp", "critical", "the id of a checked set"},
    {"critical/oracle/oracle.cpp", "critical", "the id of a checked set"},
    {"critical/greedy/pipeline.cpp", "node_limit", "a JSON meta key of the record"},
    {"app/cmd_critical.cpp", "node_limit", "the free-square method's option key, from --node-limit"},
    {"app/critical_experiment.cpp", "node_limit", "a method option key, named by its flag in messages"},
    {"experiments/methods.cpp", "node_limit", "the free-square method's option key"},
    {"critical/oracle/report.cpp", "critical", "a JSON meta key of the record"},
    {"experiments/bench/bench_critical.cpp", "gac", "a backend"},
    {"experiments/task_kinds.hpp", "critical", "the task table's entry and its method name"},
    {"experiments/task_kinds.hpp", "unique", "the method name of task generate"},
    {"generators/generator_kind.hpp", "unique", "the generator kind table's entry"},
    {"experiments/methods.cpp", "gac", "a backend (oracle, verify)"},
    {"experiments/methods.cpp", "fc", "a backend (verify)"},
    {"experiments/clock_facts.cpp", "fc", "a backend that branches d-way (the most decisions on a path)"},
    {"experiments/clock_facts.cpp", "gac", "a backend whose branch option decides the most decisions on a path"},
    {"records/sidecar.cpp", "error", "a YAML key of the sidecar"},
    {"solvers/gac/gac.cpp", "gac", "an option value of sac_probe"},
    {"solvers/run/oracle.hpp", "gac", "the default backend"},
    {"solvers/portfolio/portfolio.cpp", "gac", "a member backend"},
    {"solvers/registry/registry.cpp", "fc", "the backend's registry key"},
    {"solvers/registry/registry.cpp", "gac", "the backend's registry key"},
    {"solvers/sat/sat.cpp", "unsat", "an option value: CaDiCaL's unsat configuration"},
};

// The files that are the tables.
const std::set<std::string> kTables{"core/status.hpp", "core/grades.hpp"};

// The text with comments blanked (kept: newlines), string and character literals intact.
std::string without_comments(const std::string& s) {
    std::string out = s;
    enum { code, line, block, text, character } state = code;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i], next = i + 1 < s.size() ? s[i + 1] : '\0';
        switch (state) {
            case code:
                if (c == '/' && next == '/') state = line;
                else if (c == '/' && next == '*') state = block;
                else if (c == '"') state = text;
                else if (c == '\'') state = character;
                break;
            case line:
                if (c == '\n') state = code;
                break;
            case block:
                if (c == '*' && next == '/') {
                    out[i] = out[i + 1] = ' ';
                    ++i;
                    state = code;
                    continue;
                }
                break;
            case text:
            case character:
                if (c == '\\') ++i;
                else if (c == (state == text ? '"' : '\'')) state = code;
                continue;
        }
        if ((state == line || state == block) && c != '\n') out[i] = ' ';
    }
    return out;
}

// "path:line: "word"" for every literal of `words` in the file's code; `used` collects the
// allowances that matched.
std::vector<std::string> literals_in(const std::string& path, const std::string& rel, const std::set<std::string>& words,
                                     const std::vector<Allowed>& allowances, const std::set<std::string>& tables,
                                     std::set<const Allowed*>& used) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string code = without_comments(ss.str());
    std::vector<std::string> hits;
    std::size_t line = 1;
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (code[i] == '\n') ++line;
        if (code[i] == '\'') {  // a character literal: skip it ('"' is no string)
            i += code[i + 1] == '\\' ? 3 : 2;
            continue;
        }
        if (code[i] != '"' || (i > 0 && code[i - 1] == 'R')) continue;
        std::size_t end = i + 1;
        while (end < code.size() && code[end] != '"') end += code[end] == '\\' ? 2 : 1;
        const std::string literal = code.substr(i + 1, end - i - 1);
        if (words.count(literal)) {
            bool allowed = tables.count(rel) > 0;
            for (const Allowed& a : allowances)
                if (rel == a.path && literal == a.literal) {
                    allowed = true;
                    used.insert(&a);
                }
            if (!allowed) hits.push_back(rel + ":" + std::to_string(line) + ": \"" + literal + "\"");
        }
        i = end;
    }
    return hits;
}

}  // namespace

TEST_CASE("no status or grade literal outside its table", "[vocabulary][literals]") {
    std::set<std::string> words;
    for (const StatusWord& w : kStatuses) words.emplace(w.name);
    for (const GradeWord& w : kGrades) words.emplace(w.name);
    const std::filesystem::path root(FUTOLAB_SOURCE_DIR);
    std::vector<std::string> hits;
    std::size_t files = 0;
    std::set<const Allowed*> used;
    for (const char* folder : {"analysis", "app", "core", "critical", "experiments", "generators", "records", "solvers"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
            const std::string ext = entry.path().extension().string();
            if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
            ++files;
            const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
            for (std::string& h : literals_in(entry.path().string(), rel, words, kAllowed, kTables, used))
                hits.push_back(std::move(h));
        }
    }
    CHECK(files > 100);  // the tree was found
    for (const std::string& h : hits) UNSCOPED_INFO(h);
    CHECK(hits.empty());
    // An allowance that no longer matches is stale: it would let a later status literal in.
    for (const Allowed& a : kAllowed) {
        INFO("stale allowance: " << a.path << " \"" << a.literal << "\"");
        CHECK(used.count(&a) == 1);
    }
}

TEST_CASE("the literal scan sees code, not comments", "[vocabulary][literals]") {
    CHECK(without_comments("a = \"x\"; // \"timeout\"\n") == "a = \"x\";             \n");
    CHECK(without_comments("/* \"timeout\" */ b") == "                b");
    CHECK(without_comments("s = \"// not a comment\";") == "s = \"// not a comment\";");
}

namespace {

// The other meanings, in app/, of the names of the choice tables.
const std::vector<Allowed> kAppAllowed{
    {"app/cmd_critical.cpp", "critical", "the subcommand's name"},
    {"app/commands.cpp", "critical", "a subcommand's name (the commands that write file names into a sidecar)"},
    {"app/stdout_product.cpp", "critical", "a subcommand's name (the commands whose product is standard output)"},
    {"app/help_examples.hpp", "critical", "a subcommand's name in the examples table"},
    {"app/help_examples.hpp", "uniqueness", "an example's label (counting to 2)"},
    {"app/cmd_schema.cpp", "csv", "the name of the positional argument"},
    {"app/bench_manifest.cpp", "instances", "a JSON key of the benchmark manifest"},
    {"app/bench_manifest.cpp", "h", "a JSON key of a manifest entry (its givens)"},
    {"app/bench_manifest.cpp", "k", "a JSON key of a manifest entry (its relations)"},
    {"app/check_expect.cpp", "h", "a results CSV column and manifest key: a puzzle's givens"},
    {"app/check_expect.cpp", "k", "a results CSV column and manifest key: a puzzle's relations"},
    {"app/cmd_critical.cpp", "greedy", "the default mode's name in the mode table"},
    {"app/cmd_critical.cpp", "h", "a JSON meta key of a record (the count of numbers)"},
    {"app/cmd_critical.cpp", "k", "a JSON meta key of a record (the count of relations)"},
    {"app/whole_milliseconds.cpp", "h", "the unit hour of a duration, as parse_duration reads it"},
    {"app/critical_order_report.cpp", "k", "a JSON meta key of a free-square record (its relations)"},
};

template <class Words>
void add_names(std::set<std::string>& words, const Words& table) {
    for (const auto& w : table) words.emplace(w.name);
}

}  // namespace

// No choice of an option is spelt in app/ (issue #27): every CLI11 choice list comes from a
// table through app/vocabulary_option.hpp, and no name of a choice table (formats, analysis
// tables, fit models, plot types, objectives, samplers, …) appears as a literal in app/'s code.
TEST_CASE("no choice literal in app/", "[vocabulary][literals]") {
    std::set<std::string> words;
    add_names(words, kTableFormats);
    add_names(words, kTableKinds);
    add_names(words, kFitModels);
    add_names(words, kCompareFormats);
    add_names(words, kCompareTables);
    add_names(words, kTimeMetrics);
    add_names(words, kPlotTypes);
    add_names(words, app::kGradeFormats);
    add_names(words, app::kSolveFormats);
    add_names(words, critical::kProofKinds);
    add_names(words, critical::kObjectives);
    add_names(words, critical::kHittingEngines);
    add_names(words, critical::kExactOracles);
    add_names(words, kLatinSamplers);
    add_names(words, kClueUses);
    const std::filesystem::path root(FUTOLAB_SOURCE_DIR);
    std::vector<std::string> hits;
    std::set<const Allowed*> used;
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(root / "app")) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        ++files;
        const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
        for (std::string& h : literals_in(entry.path().string(), rel, words, kAppAllowed, {"app/output_formats.hpp"}, used))
            hits.push_back(std::move(h));
        // A literal choice list: CLI::IsMember({"a", "b"}) instead of a table.
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string code = without_comments(ss.str());
        for (std::size_t at = code.find("IsMember({"); at != std::string::npos; at = code.find("IsMember({", at + 1))
            hits.push_back(rel + ":" + std::to_string(1 + std::count(code.begin(), code.begin() + static_cast<long>(at), '\n')) +
                           ": a literal choice list");
    }
    CHECK(files > 10);  // the folder was found
    for (const std::string& h : hits) UNSCOPED_INFO(h);
    CHECK(hits.empty());
    for (const Allowed& a : kAppAllowed) {
        INFO("stale allowance: " << a.path << " \"" << a.literal << "\"");
        CHECK(used.count(&a) == 1);
    }
}
