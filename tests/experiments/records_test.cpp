// What a results CSV records and when it may be appended to (issue #13 §1, §4; issue #18):
// resume refusals that leave the CSV byte-identical, the spec/host/param columns, merges of
// new and old files, the timing protocol's order, warm-up, pinning and noise figure, and the
// run-matrix size guard, all through the CLI.
#include "../app/cli_runner.hpp"
#include "experiments/config.hpp"
#include "sandbox/pinning.hpp"
#include "records/csv_reader.hpp"
#include "records/machine.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"
#include "runner_helpers.hpp"
#include "csv_edit.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

using futolab::test::rows_by_run;
using futolab::test::run_cli;
using futolab::test::scratch;
using futolab::test::replace_in_file;
using futolab::test::slurp;
using futolab::test::kRoot;
using futolab::test::write_config;
namespace fs = std::filesystem;

namespace {

// Runs part of the experiment (a SIGTERM after the first rows), so a resume has work to do.
std::string partial_run(const std::string& dir, const std::string& files = futolab::test::kSweepFiles) {
    const std::string cfg = write_config(dir, "", files);
    const std::string csv = dir + "/out/results.csv";
    run_cli("run -q --jobs 1 " + cfg + " & pid=$!; for i in $(seq 500); do [ \"$(wc -l < " + csv +
            " 2>/dev/null || echo 0)\" -ge 20 ] && break; sleep 0.02; done; kill -TERM $pid; wait $pid");
    REQUIRE(fs::exists(csv));
    return csv;
}

// A resume of `csv` with `cfg` is refused with exit 2 naming `what`, and changes nothing.
void check_refused(const std::string& cfg, const std::string& csv, const std::string& what) {
    const std::string before = slurp(csv), meta = slurp(csv + ".meta.yaml");
    const auto r = run_cli("run -q --resume " + cfg);
    CHECK(r.exit_code == 2);
    INFO(r.err);
    CHECK(r.err.find(what) != std::string::npos);
    CHECK(r.err.find(": refusing to resume; use a new --out") != std::string::npos);
    CHECK(slurp(csv) == before);
    CHECK(slurp(csv + ".meta.yaml") == meta);
}

}  // namespace

TEST_CASE("resume refuses a changed solver list, leaving the CSV byte-identical", "[records][resume]") {
    const std::string dir = scratch("resume-solvers");
    const std::string csv = partial_run(dir);
    const std::string hash = YAML::LoadFile(csv + ".meta.yaml")["config_hash"].as<std::string>();
    replace_in_file(dir + "/cfg.yaml", "\"gac\" ]", "\"gac\", \"fc:var=mrv\" ]");
    const futolab::ExperimentConfig changed = futolab::load_config(dir + "/cfg.yaml");
    check_refused(dir + "/cfg.yaml", csv,
                  csv + ": made by config " + hash + " (" + dir + "/cfg.yaml as it was), not config " +
                      changed.config_hash + " (" + dir + "/cfg.yaml)");
    // Also when the last row was cut off by a kill: the cut is not made either.
    fs::resize_file(csv, fs::file_size(csv) - 7);
    check_refused(dir + "/cfg.yaml", csv, "made by config " + hash);
}

// Round 10 (finding 16): with the sidecar's `inputs:` emptied, resume said "made by inputs as
// they were, not a new input file p4.tatham". Each side now says what it is and where from.
TEST_CASE("resume names what the sidecar lists and what the config reads when inputs differ", "[records][resume][long]") {
    const std::string dir = scratch("resume-inputs");
    const std::string csv = partial_run(dir, "n0[56].tatham");  // two inputs, under a sanitizer too
    const std::string meta = slurp(csv + ".meta.yaml");
    const std::string n05 = kRoot + "/corpora/tatham-dev/n05.tatham", n06 = kRoot + "/corpora/tatham-dev/n06.tatham";
    // The sidecar's two input lines, "  - {file: PATH, hash: HEX}", after "inputs:".
    const std::size_t list = meta.find("\ninputs:\n");
    REQUIRE(list != std::string::npos);
    const std::size_t one = meta.find('\n', list + 1), two = meta.find('\n', one + 1), end = meta.find('\n', two + 1);
    REQUIRE(meta.substr(one, 6) == "\n  - {");
    REQUIRE(meta.substr(two, 6) == "\n  - {");
    const auto refused = [&](const std::string& edited, const std::string& what) {
        std::ofstream(csv + ".meta.yaml") << edited;
        check_refused(dir + "/cfg.yaml", csv, what);
    };
    refused(meta.substr(0, list) + "\ninputs: []" + meta.substr(end),
            "made by no input file (its sidecar lists none), not input file " + n05 + " (the config reads it)");
    refused(meta.substr(0, two) + meta.substr(end),
            "made by 1 input file (its sidecar lists no more), not input file " + n06 + " too (the config reads it)");
    std::string renamed = meta;
    renamed.replace(renamed.find("n05.tatham", one), 10, "n04.tatham");
    refused(renamed, "made by input file " + kRoot + "/corpora/tatham-dev/n04.tatham (its sidecar's input 1), not input file " +
                         n05 + " (the config's input 1)");
    std::string rehashed = meta;
    rehashed.replace(rehashed.find("hash: ", one) + 6, 16, "0123456789abcdef");
    refused(rehashed, "made by input file " + n05 + " with content hash 0123456789abcdef (its sidecar), not content hash ");
    std::ofstream(csv + ".meta.yaml") << meta;
    CHECK(run_cli("run -q --resume " + dir + "/cfg.yaml").exit_code == 0);  // the sidecar as written resumes
}

// The `key:` value of the sidecar's first line with it (the futolab: section's, which comes first).
std::string sidecar_value(const std::string& csv, const std::string& key) {
    const std::string text = slurp(csv + ".meta.yaml");
    const std::size_t at = text.find("\n  " + key + ": ");
    REQUIRE(at != std::string::npos);
    const std::size_t from = at + key.size() + 5;
    return text.substr(from, text.find('\n', from) - from);
}

TEST_CASE("resume refuses changed repeats and another build, naming both", "[records][resume][long]") {
    const std::string dir = scratch("resume-repeats");
    const std::string csv = partial_run(dir);
    replace_in_file(dir + "/cfg.yaml", "repeats: 2", "repeats: 3");
    check_refused(dir + "/cfg.yaml", csv, "made by config ");
    replace_in_file(dir + "/cfg.yaml", "repeats: 3", "repeats: 2");  // the config as it was
    // Another binary of the same commit (a rebuild of a dirty tree): the binary hash tells.
    const std::string hash = sidecar_value(csv, "binary_hash");
    replace_in_file(csv + ".meta.yaml", "binary_hash: " + hash, "binary_hash: 0123456789abcdef");
    check_refused(dir + "/cfg.yaml", csv, "binary 0123456789abcdef), not futolab ");
    check_refused(dir + "/cfg.yaml", csv, "binary " + hash + ")");  // … naming both
    replace_in_file(csv + ".meta.yaml", "binary_hash: 0123456789abcdef", "binary_hash: " + hash);
    // A Debug build of the same commit.
    const std::string type = sidecar_value(csv, "build_type");
    replace_in_file(csv + ".meta.yaml", "build_type: " + type, "build_type: Debug-elsewhere");
    check_refused(dir + "/cfg.yaml", csv, "Debug-elsewhere, binary " + hash + "), not futolab ");
    replace_in_file(csv + ".meta.yaml", "build_type: Debug-elsewhere", "build_type: " + type);
    // Another commit.
    const std::string commit = sidecar_value(csv, "git_commit");
    replace_in_file(csv + ".meta.yaml", "git_commit: " + commit, "git_commit: 0000000000000000000000000000000000000000");
    check_refused(dir + "/cfg.yaml", csv, "(commit 0000000000000000000000000000000000000000");
    replace_in_file(csv + ".meta.yaml", "git_commit: 0000000000000000000000000000000000000000", "git_commit: " + commit);
    const auto r = run_cli("run -q --resume " + dir + "/cfg.yaml");  // same config and build: continues
    CHECK(r.exit_code == 0);
    CHECK(rows_by_run(csv).size() == futolab::test::kSweepRuns);
}

TEST_CASE("resume refuses a CSV in which a run appears twice", "[records][resume]") {
    const std::string dir = scratch("resume-duplicate");
    const std::string csv = partial_run(dir);
    std::string text = slurp(csv);
    const std::size_t second_line = text.find('\n') + 1;
    const std::string first_row = text.substr(second_line, text.find('\n', second_line) + 1 - second_line);
    std::ofstream(csv, std::ios::app) << first_row;  // appended again, as a careless merge would
    const std::string before = slurp(csv);
    const auto r = run_cli("run -q --resume " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(csv + ":") != std::string::npos);
    CHECK(r.err.find(": the run of line 2 again") != std::string::npos);
    CHECK(slurp(csv) == before);
}

TEST_CASE("resume refuses a CSV with rows and no sidecar, or a header of another layout", "[records][resume]") {
    const std::string dir = scratch("resume-header");
    const std::string csv = partial_run(dir);
    // An older futolab's header (no spec, host, … columns) under a sidecar that matches.
    std::string text = slurp(csv);
    const std::string old_header = text.substr(0, text.find(",spec,")) + "\n";
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    std::string old = old_header;
    for (const auto& row : t.rows) {
        std::string line;
        for (std::size_t c = 0; c < futolab::csv_base_columns().size(); ++c)
            line += (c ? "," : "") + futolab::csv_quote(row[c]);
        old += line + "\n";
    }
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << old;
    check_refused(dir + "/cfg.yaml", csv, "column 26 is '(none)', this experiment writes 'spec'");
    fs::remove(csv + ".meta.yaml");
    const auto r = run_cli("run -q --resume " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("has no sidecar") != std::string::npos);
    CHECK(slurp(csv) == old);
}

TEST_CASE("resume starts afresh a CSV that has only its header and no sidecar", "[records][resume]") {
    // What a kill -9 leaves between the header's write and the first sidecar's rename.
    const std::string dir = scratch("resume-header-only");
    const std::string csv = partial_run(dir);
    const std::string whole = slurp(csv);
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.find('\n') + 1);
    fs::remove(csv + ".meta.yaml");
    const auto r = run_cli("run -q --resume " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 0);
    CHECK(fs::exists(csv + ".meta.yaml"));
    CHECK(futolab::read_csv_file(csv).rows.size() == futolab::test::kSweepRuns);
}

TEST_CASE("merge: a missing file is named, every shard's host and CPU are kept", "[records][merge]") {
    const std::string dir = scratch("merge-hosts");
    const std::string cfg = write_config(dir);
    auto r = run_cli("merge " + dir + "/nothing.csv --out " + dir + "/m.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(dir + "/nothing.csv: no such file") != std::string::npos);
    std::string shards;
    for (int i = 0; i < 2; ++i) {
        REQUIRE(run_cli("run -q " + cfg + " --shard " + std::to_string(i) + "/2 --out " + dir + "/sh").exit_code == 0);
        shards += " " + dir + "/sh/results.shard-" + std::to_string(i) + "-of-2.csv";
    }
    const std::string second = dir + "/sh/results.shard-1-of-2.csv";
    replace_in_file(second + ".meta.yaml", "host: " + futolab::host_name(), "host: far-node-2");
    replace_in_file(second + ".meta.yaml", "hosts: [" + futolab::host_name() + "]", "hosts: [far-node-2]");  // its host is one of its hosts
    {  // and its rows ran there
        futolab::CsvTable t = futolab::read_csv_file(second);
        for (auto& row : t.rows) row[t.column("host", "t")] = "far-node-2";
        futolab::test::write_csv_table(second, t);
    }
    fs::copy_file(second, dir + "/copy.csv");  // a CSV whose sidecar is missing
    r = run_cli("merge " + dir + "/copy.csv --out " + dir + "/m.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(dir + "/copy.csv.meta.yaml: no such file") != std::string::npos);
    const auto merged = run_cli("merge" + shards + " --out " + dir + "/m.csv");
    INFO(merged.err);
    REQUIRE(merged.exit_code == 0);
    const YAML::Node meta = YAML::LoadFile(dir + "/m.csv.meta.yaml");
    REQUIRE(meta["shards"].size() == 2);
    CHECK(meta["shards"][0]["host"].as<std::string>() == futolab::host_name());
    CHECK(meta["shards"][1]["host"].as<std::string>() == "far-node-2");
    CHECK(meta["shards"][1]["cpu"].as<std::string>() == futolab::cpu_model());
    // A merge of merges keeps the shards, not the merging machine.
    REQUIRE(run_cli("merge " + dir + "/m.csv --out " + dir + "/mm.csv").exit_code == 0);
    CHECK(YAML::LoadFile(dir + "/mm.csv.meta.yaml")["shards"].size() == 2);
}

TEST_CASE("merge reads shards written before the later columns existed", "[records][merge]") {
    const std::string dir = scratch("merge-old");
    const std::string cfg = write_config(dir);
    std::string shards;
    for (int i = 0; i < 2; ++i) {
        REQUIRE(run_cli("run -q " + cfg + " --shard " + std::to_string(i) + "/2 --out " + dir + "/sh").exit_code == 0);
        const std::string csv = dir + "/sh/results.shard-" + std::to_string(i) + "-of-2.csv";
        const futolab::CsvTable t = futolab::read_csv_file(csv);
        std::ofstream out(csv, std::ios::binary | std::ios::trunc);
        for (std::size_t r = 0; r <= t.rows.size(); ++r) {
            const auto& row = r == 0 ? t.header : t.rows[r - 1];
            for (std::size_t c = 0; c < futolab::csv_base_columns().size(); ++c)
                out << (c ? "," : "") << futolab::csv_quote(row[c]);
            out << "\n";
        }
        // An older futolab's shard: its sidecar names another binary (this binary's shards carry
        // every column it writes: merge holds them to that header).
        futolab::test::as_another_binary(csv);
        shards += " " + csv;
    }
    REQUIRE(run_cli("merge" + shards + " --out " + dir + "/m.csv").exit_code == 0);
    const futolab::CsvTable merged = futolab::read_csv_file(dir + "/m.csv");
    CHECK(merged.header == futolab::csv_base_columns());
    CHECK(merged.rows.size() == futolab::test::kSweepRuns);
}

TEST_CASE("rows record spec, host, core and the sweep values of generated instances", "[records][columns]") {
    const std::string dir = scratch("columns");
    std::ofstream(dir + "/cfg.yaml") << "name: cols\nseed: 3\nmode: { count: 2 }\nlimits: { nodes: 100000 }\n"
                                        "instances:\n  - file: " << futolab::test::kRoot << "/corpora/tatham-dev/n04.tatham\n"
                                        "  - generate: { kind: random, n: 4, givens: [0.2, 0.4], k: 3, count: 2 }\n"
                                     << "solvers: [ \"fc:var=mrv\", \"gac:sac=root\" ]\noutput: " << dir << "/c.csv\n";
    REQUIRE(run_cli("run -q " + dir + "/cfg.yaml").exit_code == 0);
    const futolab::CsvTable t = futolab::read_csv_file(dir + "/c.csv");
    const auto col = [&](const char* name) { return t.column(name, "c.csv"); };
    CHECK(t.header.back() == "param_k");
    CHECK(t.header[t.header.size() - 2] == "param_givens");
    std::set<std::string> specs, givens, fc_options;
    int file_rows = 0;
    for (const auto& row : t.rows) {
        specs.insert(row[col("spec")]);
        if (row[col("solver")] == "fc") fc_options.insert(row[col("options")]);
        CHECK(row[col("host")] == futolab::host_name());
        CHECK(row[col("core")].empty());  // not pinned
        if (row[col("instance")].find("n04") != std::string::npos) {
            ++file_rows;
            CHECK(row[col("param_givens")].empty());
            CHECK(row[col("param_k")].empty());
        } else {
            givens.insert(row[col("param_givens")]);
            CHECK(row[col("param_k")] == "3");
        }
    }
    CHECK(file_rows == 150);
    CHECK(specs == std::set<std::string>{"fc:var=mrv", "gac:sac=root"});  // as asked (SPEC §3)
    CHECK(fc_options == std::set<std::string>{"val=min,var=mrv"});        // every option, resolved
    CHECK(givens == std::set<std::string>{"0.2", "0.4"});
}

TEST_CASE("order changes when runs happen, never what they record", "[records][order][threads][long]") {
    const std::string dir = scratch("order");
    std::map<std::string, std::vector<std::size_t>> file_order;
    std::map<std::string, std::map<std::string, std::vector<std::string>>> rows;
    for (const char* order : {"sequential", "interleaved", "shuffled"}) {
        const std::string sub = dir + "/" + order;
        fs::create_directories(sub);
        const std::string cfg = write_config(sub, std::string("order: ") + order + "\n");
        REQUIRE(run_cli("run -q --jobs 1 " + cfg).exit_code == 0);
        const std::string csv = sub + "/out/results.csv";
        rows[order] = rows_by_run(csv);
        const futolab::CsvTable t = futolab::read_csv_file(csv);
        for (const auto& row : t.rows) file_order[order].push_back(std::stoull(row[t.column("run", csv)]));
    }
    CHECK(rows["sequential"] == rows["shuffled"]);
    CHECK(rows["sequential"] == rows["interleaved"]);
    CHECK(std::is_sorted(file_order["sequential"].begin(), file_order["sequential"].end()));
    // Interleaved: all repeat-1 runs (even run indices: 2 repeats) before any repeat 2.
    const auto& inter = file_order["interleaved"];
    for (std::size_t i = 0; i < inter.size(); ++i) CHECK((inter[i] % 2) == (i < inter.size() / 2 ? 0u : 1u));
    // Shuffled: a pair's two repeats are rarely neighbours (half of all neighbours in matrix order).
    const auto& shuffled = file_order["shuffled"];
    int neighbours = 0;
    for (std::size_t i = 1; i < shuffled.size(); ++i) neighbours += shuffled[i] / 2 == shuffled[i - 1] / 2;
    CHECK(neighbours < 20);
}

TEST_CASE("warm-up runs are run and not recorded, the noise figure is printed", "[records][warmup][threads]") {
    const std::string dir = scratch("warmup");
    const std::string cfg = write_config(dir, "warmup: 2\n");
    const auto r = run_cli("run -q --jobs 2 " + cfg);
    REQUIRE(r.exit_code == 0);
    const std::string runs = std::to_string(futolab::test::kSweepRuns);
    CHECK(r.out.find(runs + " written now, 0 errors, " + runs + " warm-up runs (not recorded)") != std::string::npos);
    CHECK(rows_by_run(dir + "/out/results.csv").size() == futolab::test::kSweepRuns);
    // repeats: 2, so every spec has a noise figure.
    const std::string pairs = "\\(" + std::to_string(futolab::test::kSweepPuzzles) + " pairs\\)";
    CHECK(std::regex_search(r.out, std::regex(R"(noise \(median CV of wall time across repeats, per spec\): )"
                                              R"(bitmask [0-9.]+ % )" + pairs + R"(, fc:var=static [0-9.]+ % )" + pairs +
                                              R"(, gac [0-9.]+ % )" + pairs)));
    const YAML::Node timing = YAML::LoadFile(dir + "/out/results.csv.meta.yaml")["timing"];
    CHECK(timing["order"].as<std::string>() == "shuffled");
    CHECK(timing["warmup"].as<int>() == 2);
}

TEST_CASE("pin: true pins each worker to its own CPU and records it", "[records][pin]") {
    const std::string dir = scratch("pin");
    // Thread isolation: pinning is about the workers, and sanitizer builds run process isolation with
    // one worker (runner.cpp, kForkUnsafeRuntime).
    const std::string cfg = write_config(dir, "pin: true\nisolation: thread\n");
    const futolab::CorePlan plan = futolab::plan_cores(2, futolab::usable_cpus());
    const auto r = run_cli("run -q --jobs 2 " + cfg);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("warning: pin:") == (plan.warning.empty() ? std::string::npos : 0));
    const futolab::CsvTable t = futolab::read_csv_file(dir + "/out/results.csv");
    std::set<std::string> cores;
    for (const auto& row : t.rows) cores.insert(row[t.column("core", "results.csv")]);
    std::set<std::string> expected;
    for (int cpu : plan.cpus) expected.insert(std::to_string(cpu));
    CHECK(cores == expected);
    const YAML::Node timing = YAML::LoadFile(dir + "/out/results.csv.meta.yaml")["timing"];
    CHECK(timing["pin"].as<bool>());
    CHECK(timing["pinned_cpus"].as<std::vector<int>>() == plan.cpus);
    // One worker: every row was run on its CPU (read back with sched_getcpu, so a worker that
    // was not really pinned would show the scheduler moving it on a loaded machine).
    const futolab::CorePlan one = futolab::plan_cores(1, futolab::usable_cpus());
    REQUIRE(run_cli("run -q --jobs 1 " + cfg + " --out " + dir + "/one").exit_code == 0);
    const futolab::CsvTable u = futolab::read_csv_file(dir + "/one/results.csv");
    std::set<std::string> one_cores;
    for (const auto& row : u.rows) one_cores.insert(row[u.column("core", "results.csv")]);
    CHECK(one_cores == std::set<std::string>{std::to_string(one.cpus.at(0))});
    // More workers than CPUs: a warning, and the run goes on.
    const std::string more = std::to_string(futolab::usable_cpus().size() + 1);
    const auto w = run_cli("run -q --jobs " + more + " " + cfg + " --out " + dir + "/more");
    CHECK(w.exit_code == 0);
    CHECK(w.err.find("futolab: warning: pin: " + more + " jobs on ") != std::string::npos);
}

TEST_CASE("run refuses an oversized matrix at once, writing nothing", "[records][guard]") {
    const std::string dir = scratch("guard");
    for (const std::string& bad : {std::string("repeats: 1000000000\n"),
                                   std::string("instances:\n  - generate: { kind: random, n: 5, count: 1000000000 }\n")}) {
        std::string text = "name: g\nsolvers: [gac]\noutput: " + dir + "/g.csv\n" + bad;
        if (bad.rfind("instances", 0) != 0) text += "instances:\n  - file: " + futolab::test::kRoot + "/corpora/tatham-dev/n04.tatham\n";
        std::ofstream(dir + "/cfg.yaml", std::ios::trunc) << text;
        // Without the guard this builds 10^9 runs or instances first: memory or the CTest timeout runs out.
        const auto r = run_cli("run -q " + dir + "/cfg.yaml", dir);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("more than max_runs = 100000000: refused before building it") != std::string::npos);
        CHECK_FALSE(fs::exists(dir + "/g.csv"));
    }
    std::ofstream(dir + "/cfg.yaml", std::ios::trunc) << "name: g\nsolvers: [gac]\nrepeats: 4294967296\ninstances:\n  - file: x\n";
    const auto r = run_cli("run -q " + dir + "/cfg.yaml", dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("repeats: 4294967296 is too large (accepted: 1 to 2147483647)") != std::string::npos);
}
