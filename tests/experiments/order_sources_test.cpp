// The critical_orders: source as the config reader, the run matrix and the analyses take it: every
// seed a run derives refused up front when too large; free-square's time_limit kept as limits are
// (whole nanoseconds, the CLI's --time-limit the same cell); a repeated id named at both lines;
// runs of different seeds told apart by instance_hash; its file read beside the config; and the
// messages of the CLI modes that render it (options named as typed, resume advice that can be
// followed).
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

using futolab::test::cell;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

fs::path dir_of(const std::string& name) { return futolab::test::fresh_dir("order-sources", name); }

// The one line of stderr a refused config gives, checked to name `where` (file:line:).
void refused_at(const std::string& name, const std::string& config, const std::string& where, const std::string& says) {
    const std::string err = futolab::test::config_refused(dir_of(name), config, says);
    CHECK(err.starts_with("futolab: " + where));
    CHECK(err.find('\n') == err.size() - 1);
}

}  // namespace

TEST_CASE("critical_orders seeds that a run derives past 2^63-1 are refused as the config is read",
          "[config][exact-sample]") {
    // Run 2 (seed 2^63-1) would draw square 1 from 2^63: refused before the n = 4 run is written.
    refused_at("sample-seed",
               "name: t\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 1 }\n"
               "  - critical_orders: { n: 5, seed: 9223372036854775807 }\nmethods: [ \"exact-sample:sample=2\" ]\n",
               "cfg.yaml:5:", "critical_orders.seed 9223372036854775807 with count 1 and method exact-sample:sample=2: too large");
    // The last run of a count range, with the largest sample of two methods.
    refused_at("sample-count",
               "name: t\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 9223372036854775800, count: 3 }\n"
               "methods: [ \"exact-sample:sample=2\", \"exact-sample:sample=7\" ]\n",
               "cfg.yaml:4:", "method exact-sample:sample=7: too large");
    // The largest seed that fits runs.
    const fs::path dir = futolab::test::sweep_in("order-sources", "sample-fits",
                                                 "name: t\ntask: exact-sample\ninstances:\n"
                                                 "  - critical_orders: { n: 3, seed: 9223372036854775806 }\n"
                                                 "methods: [ \"exact-sample:sample=2\" ]\n");
    CHECK(table_of(dir / "base" / "t.csv").rows.size() == 1);
}

TEST_CASE("free-square time_limit is kept in whole nanoseconds as --time-limit keeps it", "[config][free-square]") {
    refused_at("tl-tiny",
               "name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
               "methods: [ \"free-square:time_limit=1e-10\" ]\n",
               "cfg.yaml:5:", "time_limit=1e-10 is too small (at least 1 ns)");
    const fs::path dir = futolab::test::sweep_in("order-sources", "tl-ns",
                                                 "name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
                                                 "methods: [ \"free-square:iterations=5,time_limit=1.5e-9\" ]\n");
    const auto time_limit = [](const std::string& options) {
        std::smatch m;
        return std::regex_search(options, m, std::regex("time_limit=[^,]*")) ? m.str() : std::string("none");
    };
    CHECK(time_limit(cell(table_of(dir / "base" / "t.csv"), 0, "options")) == "time_limit=2e-09");
    // The CLI's --time-limit gives the same cell (one rule: whole_ns_limit).
    const auto cli = run_cli("critical --free-square --n 4 --seed 5 --iterations 5 --time-limit 1.5e-9 --out tl.jsonl", dir.string());
    INFO(cli.err);
    REQUIRE(fs::exists(dir / "tl.csv"));
    CHECK(time_limit(cell(table_of(dir / "tl.csv"), 0, "options")) == "time_limit=2e-09");
}

TEST_CASE("a repeated critical_orders id names the lines of both entries", "[config][construct]") {
    refused_at("repeated-order",
               "name: t\ntask: construct\ninstances:\n  - critical_orders: { n: 5 }\n  - critical_orders: { n: 5 }\n"
               "methods: [ construct ]\n",
               "cfg.yaml:5: instance id 'n5' again (first at cfg.yaml:4)", "give each order (and seed) once");
    refused_at("repeated-seed",
               "name: t\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 3 }\n"
               "  - critical_orders: { n: 4, seed: 2, count: 2 }\nmethods: [ exact-sample ]\n",
               "cfg.yaml:5: instance id 'n4-s3' again (first at cfg.yaml:4)", "give each order (and seed) once");
}

TEST_CASE("runs of different seeds from one board are different instances to analyze and compare",
          "[analysis][free-square]") {
    const fs::path dir = futolab::test::sweep_in("order-sources", "seed-hash",
                                                 "name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, count: 3, seed: 1 }\n"
                                                 "methods: [ \"free-square:iterations=20\" ]\n");
    const futolab::CsvTable t = table_of(dir / "base" / "t.csv");
    REQUIRE(t.rows.size() == 3);
    std::set<std::string> hashes;
    for (std::size_t r = 0; r < t.rows.size(); ++r) hashes.insert(cell(t, r, "instance_hash"));
    CHECK(hashes.size() == 3);
    const auto analyzed = run_cli("analyze base/t.csv --instances", dir.string());
    INFO(analyzed.err);
    CHECK(analyzed.exit_code == 0);
    CHECK_FALSE(has(analyzed.out, "across repeats"));  // no noise table: no run is another's repeat
    futolab::test::accepted_by_both(dir, "t");  // resume and merge make the same hashes
}

TEST_CASE("critical_orders and critical_squares files are read beside the config", "[config][free-square]") {
    const fs::path dir = dir_of("beside");
    fs::create_directories(dir / "sub");
    std::ofstream(dir / "sub" / "p.jsonl") << R"({"id":"a","n":4,"givens":[],"lt":[[0,0,0,1]]})" << "\n";
    std::ofstream(dir / "p.jsonl") << R"({"id":"cwd","n":4,"givens":[],"lt":[[0,0,0,1]]})" << "\n";
    std::ofstream(dir / "sub" / "c.yaml") << "name: t\ntask: free-square\ninstances:\n  - critical_orders: { file: p.jsonl }\n"
                                             "methods: [ \"free-square:iterations=5\" ]\noutput: out/r.csv\n";
    const auto r = run_cli("run -q sub/c.yaml", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(cell(table_of(dir / "out" / "r.csv"), 0, "instance") == "a:free-s1");  // not ./p.jsonl's cwd
    // Merged, its file is found again beside the config.
    const auto merged = run_cli("merge out/r.csv --out m.csv", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    CHECK_FALSE(has(merged.err, "could not be read again"));
    // Found only from the working directory: read, with the note `file:` sources give.
    fs::remove(dir / "sub" / "p.jsonl");
    fs::remove_all(dir / "out");
    const auto noted = run_cli("run -q sub/c.yaml", dir.string());
    INFO(noted.err);
    CHECK(noted.exit_code == 0);
    CHECK(has(noted.err, "note: sub/c.yaml:4:30: 'p.jsonl' matches nothing beside the config"));
    // critical_squares: the same.
    std::ofstream(dir / "sub" / "s.jsonl") << R"({"id":"s","n":3,"givens":[[0,0,1],[0,1,2],[0,2,3],[1,0,2],[1,1,3],[1,2,1],[2,0,3],[2,1,1],[2,2,2]],"lt":[]})"
                                           << "\n";
    std::ofstream(dir / "sub" / "g.yaml") << "name: g\ntask: greedy\ninstances:\n  - critical_squares: { file: s.jsonl }\n"
                                             "methods: [ critical ]\noutput: out/g.csv\n";
    const auto g = run_cli("run -q sub/g.yaml", dir.string());
    INFO(g.err);
    CHECK(g.exit_code == 0);
}

TEST_CASE("critical CLI messages name the options typed", "[critical][exact-sample]") {
    const fs::path dir = dir_of("cli-words");
    const auto r = run_cli("critical --exact --sample 1 --n 4 --out e.jsonl", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "critical --exact --sample: give --objective (h+k"));  // missing, not "got 'greedy'"
    CHECK_FALSE(has(r.err, "option objective="));
    CHECK_FALSE(fs::exists(dir / "e.csv"));
    const auto made = run_cli("critical --exact --sample 1 --n 4 --objective h+k --out e.jsonl", dir.string());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    const auto resumed = run_cli("critical --exact --sample 1 --n 4 --objective h+k --below 1000 --out e.jsonl --resume", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 2);
    CHECK(has(resumed.err, "other options: --below (not given there, 1000 here): refusing"));
}

TEST_CASE("resume advice of a thread-only kind names no --isolation", "[resume][free-square]") {
    const fs::path dir = futolab::test::sweep_in("order-sources", "isolation",
                                                 "name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4 }\n"
                                                 "methods: [ \"free-square:iterations=5\" ]\n");
    const fs::path sidecar = dir / "base" / "t.csv.meta.yaml";
    const std::string text = futolab::test::slurp(sidecar.string());
    REQUIRE(has(text, "isolation: thread"));
    std::ofstream(sidecar) << std::regex_replace(text, std::regex("isolation: thread"), "isolation: process");
    const auto r = run_cli("run -q cfg.yaml --out base --resume", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "made in isolation process, not thread"));
    CHECK(std::regex_search(r.err, std::regex(R"(not thread \(base/t\.csv\.meta\.yaml:[1-9][0-9]*:14\))")));  // its line
    CHECK(has(r.err, "use a new --out"));
    CHECK_FALSE(has(r.err, "--isolation"));
}
