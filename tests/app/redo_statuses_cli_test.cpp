// `run --resume --redo STATUS` refuses a status the config's task kind never writes, naming the
// ones it does (red-team round 16, A 097): `--redo memout` of an exact-sample run, whose kind
// runs without limits on futolab's threads, was accepted and "took out 0 rows".
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

TEST_CASE("run --redo refuses a status the task kind never writes", "[runner][redo][construct]") {
    const fs::path dir = futolab::test::fresh_dir("redo-statuses", "construct");
    std::ofstream(dir / "cfg.yaml") << "name: co\ntask: construct\ninstances:\n  - critical_orders: { n: 5 }\n"
                                       "methods: [ construct ]\n";
    REQUIRE(run_cli("run -q cfg.yaml --out o", dir.string()).exit_code == 0);
    const std::string csv = (dir / "o" / "co.csv").string(), rows = slurp(csv), sidecar = slurp(csv + ".meta.yaml");
    for (const char* status : {"memout", "crash", "node_limit", "timeout"}) {
        const auto r = run_cli("run -q cfg.yaml --out o --resume --redo error," + std::string(status), dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--redo: '" + std::string(status) + "' is a status task construct never writes (it runs without "
                         "limits, on the runner's threads; its statuses: error, critical)"));
    }
    CHECK(slurp(csv) == rows);
    CHECK(slurp(csv + ".meta.yaml") == sidecar);
    // The statuses it writes are taken.
    const auto taken = run_cli("run -q cfg.yaml --out o --resume --redo error,critical", dir.string());
    CHECK(taken.exit_code == 0);
    CHECK(has(taken.out, "--redo took out 1 row with status error,critical"));
}

// The statuses a config's runs write depend on its kind and on its isolation, limits, mode and
// solvers (red-team round 17, B F5: task exact in thread isolation took `--redo memout`,
// `timeout` or `node_limit`, and in process isolation `node_limit`, `counted` or `critical`, as
// "took out 0 rows"). A status the config can write is taken, whether or not a row holds it.
namespace {

void redo_refused(const fs::path& dir, const std::string& config, const std::string& status, const std::string& says) {
    const std::string csv = (dir / "o" / (config + ".csv")).string(), rows = slurp(csv);
    const auto r = run_cli("run -q " + config + ".yaml --out o --resume --redo " + status, dir.string());
    INFO(status << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--redo: '" + status + "' is a status task " + says));
    CHECK(slurp(csv) == rows);
}

void redo_taken(const fs::path& dir, const std::string& config, const std::string& status) {
    const auto r = run_cli("run -q " + config + ".yaml --out o --resume --redo " + status, dir.string());
    INFO(status << ": " << r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "with status " + status));
}

void swept(const fs::path& dir, const std::string& config, const std::string& text) {
    std::ofstream(dir / (config + ".yaml")) << text;
    const auto made = run_cli("run -q " + config + ".yaml --out o", dir.string());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
}

}  // namespace

TEST_CASE("run --redo refuses a status task exact never writes in the config's isolation and limits", "[runner][redo][exact][long]") {
    const fs::path dir = futolab::test::fresh_dir("redo-statuses", "exact");
    const std::string classes = "instances:\n  - classes: { n: 3 }\nmethods: [ \"exact:objective=k\" ]\n";
    swept(dir, "th", "name: th\ntask: exact\nisolation: thread\n" + classes);
    for (const char* status : {"memout", "crash", "timeout", "node_limit", "counted", "critical", "unique", "unsat"})
        redo_refused(dir, "th", status,
                     "exact never writes (it runs without limits, on the runner's threads; its statuses: solved, multiple, error)");
    for (const char* status : {"solved", "multiple", "error"}) redo_taken(dir, "th", status);
    swept(dir, "pr", "name: pr\ntask: exact\nisolation: process\nlimits: { time: 60 }\n" + classes);
    for (const char* status : {"node_limit", "counted", "critical"})
        redo_refused(dir, "pr", status,
                     "exact never writes (it runs under limits.time, in process isolation; its statuses: solved, multiple, "
                     "timeout, memout, crash, error)");
    for (const char* status : {"timeout", "memout", "crash"}) redo_taken(dir, "pr", status);
}

TEST_CASE("run --redo refuses a status a solver never writes in the config's mode and limits", "[runner][redo][solve][long]") {
    const fs::path dir = futolab::test::fresh_dir("redo-statuses", "solve");
    REQUIRE(run_cli("generate random --n 4 --givens 0.5 --seed 3 --count 2 --out g.jsonl", dir.string()).exit_code == 0);
    swept(dir, "co", "name: co\nisolation: thread\ninstances:\n  - file: g.jsonl\nsolvers: [ fc ]\nmode: { count: all }\n");
    for (const char* status : {"timeout", "node_limit", "solved", "unique", "multiple", "critical"})
        redo_refused(dir, "co", status,
                     "count never writes (it runs without limits, on the runner's threads; its statuses: unsat, counted, "
                     "memout, crash, error)");
    // A search's failed allocation is memout, a command's tool killed by a signal crash, in any isolation.
    for (const char* status : {"counted", "unsat", "memout", "crash", "error"}) redo_taken(dir, "co", status);
    swept(dir, "li", "name: li\nisolation: thread\nlimits: { time: 60, nodes: 100000 }\ninstances:\n  - file: g.jsonl\n"
                     "solvers: [ fc ]\n");
    for (const char* status : {"timeout", "node_limit", "solved", "unsat"}) redo_taken(dir, "li", status);
    redo_refused(dir, "li", "counted", "solve never writes (it runs under limits.time, limits.nodes, on the runner's threads");
}

// A few-relations run writes error only for its shard's checkpoint file: a config with no
// checkpoint took `--redo error` and "took out 0 rows", and its `--redo timeout` refusal listed
// error among its statuses (red-team round 24, B F6).
TEST_CASE("run --redo refuses error for a few-relations config without a checkpoint, and takes it with one",
          "[runner][redo][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("redo-statuses", "few-relations");
    const std::string source = "task: few-relations\nmethods: [ \"few-relations\" ]\ninstances:\n  - few_relations: { n: 4, k: 3, shards: 4";
    swept(dir, "no", "name: no\n" + source + " }\n");
    for (const char* status : {"error", "timeout"})
        redo_refused(dir, "no", status, "few-relations never writes (it runs without limits, on the runner's threads; its "
                                        "statuses: counted)");
    redo_taken(dir, "no", "counted");
    swept(dir, "ck", "name: ck\n" + source + ", checkpoint: ck }\n");
    redo_taken(dir, "ck", "error");
    redo_refused(dir, "ck", "timeout", "few-relations never writes (it runs without limits, on the runner's threads; its "
                                       "statuses: counted, error)");
}

// A portfolio's member budget (presolve_nodes) only hands over to the next member, and its last
// member runs without a node limit: without limits.nodes it writes no node_limit, so `--redo
// node_limit` is refused and its statuses do not list it (helper hA's finding: every portfolio
// was taken as having a node budget of its own). assign_limit is one.
TEST_CASE("run --redo refuses node_limit for a portfolio without limits.nodes and takes it for assign_limit",
          "[runner][redo][solve][portfolio][long]") {
    const fs::path dir = futolab::test::fresh_dir("redo-statuses", "portfolio");
    REQUIRE(run_cli("generate random --n 4 --givens 0.5 --seed 3 --count 2 --out g.jsonl", dir.string()).exit_code == 0);
    const std::string head = "isolation: thread\nlimits: { time: 60 }\ninstances:\n  - file: g.jsonl\n";
    int i = 0;
    for (const char* spec : {"portfolio", "\"portfolio:schedule=sequence\"", "\"portfolio:schedule=sequence,presolve_nodes=3\"",
                             "\"portfolio:members=gecode+sat,presolve_ms=5\""}) {
        const std::string name = "pf" + std::to_string(i++);
        swept(dir, name, "name: " + name + "\n" + head + "solvers: [ " + spec + " ]\n");
        redo_refused(dir, name, "node_limit",
                     "solve never writes (it runs under limits.time, on the runner's threads; its statuses: solved, unsat, "
                     "timeout, memout, crash, error)");
        redo_taken(dir, name, "timeout");
    }
    swept(dir, "pn", "name: pn\nisolation: thread\nlimits: { time: 60, nodes: 100000 }\ninstances:\n  - file: g.jsonl\n"
                     "solvers: [ \"portfolio:schedule=sequence\" ]\n");
    redo_taken(dir, "pn", "node_limit");
    swept(dir, "al", "name: al\n" + head + "solvers: [ \"backtracking:assign_limit=5\" ]\n");
    redo_taken(dir, "al", "node_limit");
}
