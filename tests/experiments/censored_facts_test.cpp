// experiments/censored_facts.hpp (red-team round 17, B F3): a row's status, message, limits and
// peak are held to each other as the runs and the sandbox write them. In process isolation a
// `timeout` relabelled `memout` or `crash` kept "wall time limit (0.005 s)", a message named a CPU
// limit the config does not set or another wall limit, a timeout's max_rss_kb was 999999999
// under a 512 MB limit or was emptied, and resume and merge took them.
#include "experiments/censored_facts.hpp"
#include "experiments/config.hpp"

#include "records/csv_quote.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using Catch::Matchers::Contains;
using futolab::ExperimentConfig;
using futolab::parse_config;

namespace {

// A solve sweep (count: all) under these limits, in process isolation but where the row says otherwise.
ExperimentConfig solve_config(const std::string& limits) {
    return parse_config("name: s\ninstances:\n  - file: x.jsonl\nsolvers: [ fc ]\nmode: { count: all }\n" + limits, "c.yaml");
}

const std::string kLimits = "limits: { time: 0.005, memory: 512MiB }\n";  // 524288 kB

void check(const ExperimentConfig& config, const std::string& status, const std::string& message, const std::string& rss,
           const std::string& isolation = "process") {
    const futolab::CsvTable t = futolab::parse_csv("status,message,max_rss_kb,isolation\n" + status + "," +
                                                       futolab::csv_quote(message) + "," + rss + "," + isolation + "\n",
                                                   "r.csv");
    futolab::check_censored_cells(t, 0, "r.csv", config, "refusing");
}

}  // namespace

TEST_CASE("censored rows: what the runs and the sandbox write is taken", "[records][resume][merge][censored]") {
    const ExperimentConfig c = solve_config(kLimits);
    CHECK_NOTHROW(check(c, "counted", "", "9644"));
    CHECK_NOTHROW(check(c, "timeout", "wall time limit (0.005 s)", "9644"));
    CHECK_NOTHROW(check(c, "timeout", "wall time limit (0.005 s): the run took 6.1 ms (it said counted)", "9644"));
    CHECK_NOTHROW(check(c, "timeout", "wall time limit: killed 0.5 s after it (the run did not stop by itself)", ""));
    CHECK_NOTHROW(check(c, "timeout", "killed 0.5 s after its time limit: the run did not stop by itself", "9644", "fork"));
    CHECK_NOTHROW(check(c, "memout", "peak resident memory 600000 kB exceeds limits.memory (524288 kB) (the run said counted)",
                        "600000"));
    CHECK_NOTHROW(check(c, "memout", "out of memory", ""));
    CHECK_NOTHROW(check(c, "crash", "killed by SIGSEGV", ""));
    CHECK_NOTHROW(check(c, "crash", "the run's process exited with code 98 without a result", "9644"));
    CHECK_NOTHROW(check(c, "counted", "", "524288"));  // at the limit, to the KiB: not above it
    CHECK_NOTHROW(check(c, "error", "wall time limit (9 s) in a tool's own words", ""));  // an error's message is its own
    CHECK_NOTHROW(check(solve_config("limits: { cpu: 0.25 }\n"), "timeout", "cpu time limit (0.25 s)", "", "thread"));
}

TEST_CASE("censored rows: a status its message does not go with is refused", "[records][resume][merge][censored]") {
    const ExperimentConfig c = solve_config(kLimits);
    CHECK_THROWS_WITH(check(c, "memout", "wall time limit (0.005 s)", "46000"),
                      Contains("r.csv:2:1: column 'status' is 'memout', where its message is a 'timeout' run's ('wall time "
                               "limit (0.005 s)'): refusing"));
    CHECK_THROWS_WITH(check(c, "crash", "wall time limit (0.005 s)", "46000"), Contains("a 'timeout' run's"));
    CHECK_THROWS_WITH(check(c, "counted", "killed 0.5 s after its time limit: the run did not stop by itself", "9", "fork"),
                      Contains("a 'timeout' run's"));
    CHECK_THROWS_WITH(check(c, "timeout", "killed by SIGSEGV", "9644"), Contains("a 'crash' run's"));
    CHECK_THROWS_WITH(check(c, "timeout", "out of memory", "9644"), Contains("a 'memout' run's"));
    CHECK_THROWS_WITH(check(c, "crash", "peak resident memory 600000 kB exceeds limits.memory (524288 kB) (the run said crash)",
                            "600000"),
                      Contains("a 'memout' run's"));
}

TEST_CASE("censored rows: a message names the limits of the row, with their figures", "[records][resume][merge][censored]") {
    const ExperimentConfig c = solve_config(kLimits);
    CHECK_THROWS_WITH(check(c, "timeout", "cpu time limit (0.005 s)", "9644"),
                      Contains("r.csv:2:2: column 'message' is 'cpu time limit (0.005 s)', a cpu time limit, where the config "
                               "sets no limits.cpu: refusing"));
    CHECK_THROWS_WITH(check(c, "timeout", "wall time limit (0.006 s)", "9644"),
                      Contains("where the run's limits.time is 0.005 s ('wall time limit (0.005 s)')"));
    CHECK_THROWS_WITH(check(c, "timeout", "wall time limit (0.0050 s)", "9644"), Contains("limits.time is 0.005 s"));
    const ExperimentConfig cpu_only = solve_config("limits: { cpu: 0.25, memory: 512MiB }\n");
    CHECK_THROWS_WITH(check(cpu_only, "timeout", "wall time limit: killed 0.5 s after it (the run did not stop by itself)", ""),
                      Contains("a wall time limit, where the config sets no limits.time"));
    CHECK_THROWS_WITH(check(cpu_only, "timeout", "killed 0.5 s after its time limit: the run did not stop by itself", "9", "fork"),
                      Contains("a kill at a time limit, where the config sets no limits.time"));
    // The peak rule's message: the row's own peak (max_rss_kb), the config's limit, the run's word.
    struct PeakRule {
        const char* peak;
        const char* limit;
        const char* said;
        const char* rss;
        const char* says;
    };
    for (const PeakRule& p : {PeakRule{"600000", "500000", "counted", "600000", "column 'message'"},
                              PeakRule{"600000", "524288", "counted", "600001", "column 'message'"},
                              PeakRule{"600000", "524288", "memout", "600000", "column 'message'"},
                              PeakRule{"9644", "524288", "counted", "9644",
                                       "column 'max_rss_kb' is '9644', not above limits.memory (524288 kB)"}}) {
        const std::string message = std::string("peak resident memory ") + p.peak + " kB exceeds limits.memory (" + p.limit +
                                    " kB) (the run said " + p.said + ")";
        CHECK_THROWS_WITH(check(c, "memout", message, p.rss), Contains(p.says));
    }
}

TEST_CASE("censored rows: a peak above the memory limit is memout, and a run that answered has one",
          "[records][resume][merge][censored]") {
    const ExperimentConfig c = solve_config(kLimits);
    CHECK_THROWS_WITH(check(c, "timeout", "wall time limit (0.005 s)", "999999999"),
                      Contains("r.csv:2:3: column 'max_rss_kb' is '999999999', above limits.memory (524288 kB), where the "
                               "sandbox makes such a run memout whatever it said"));
    CHECK_THROWS_WITH(check(c, "counted", "", "524289"), Contains("above limits.memory (524288 kB)"));
    CHECK_NOTHROW(check(c, "memout", "out of memory", "999999999"));  // a tool's tree polled between its peaks
    CHECK_THROWS_WITH(check(c, "timeout", "wall time limit (0.005 s)", ""),
                      Contains("column 'max_rss_kb' is '', empty, where a 'timeout' run in process isolation answered and "
                               "sent its peak"));
    CHECK_THROWS_WITH(check(c, "counted", "", "", "fork"), Contains("a 'counted' run in fork isolation answered"));
    CHECK_NOTHROW(check(solve_config(""), "counted", "", "", "thread"));  // a thread has none (cell_forms.hpp)
}

TEST_CASE("censored rows: a status no run of the config writes is refused", "[records][resume][merge][censored][redo]") {
    const ExperimentConfig thread_exact = parse_config(
        "name: t\ntask: exact\nisolation: thread\ninstances:\n  - classes: { n: 3 }\nmethods: [ \"exact:objective=k\" ]\n", "c.yaml");
    CHECK_NOTHROW(check(thread_exact, "multiple", "", "", "thread"));
    for (const char* status : {"memout", "crash", "timeout", "node_limit"})
        CHECK_THROWS_WITH(check(thread_exact, status, "", "", "thread"),
                          Contains(std::string("column 'status' is '") + status +
                                   "', a status task exact never writes (it runs without limits, on the runner's threads; "
                                   "its statuses: solved, multiple, error)"));
    // In a process of its own, under limits.time: memout, crash and timeout too, but no node limit.
    const ExperimentConfig process_exact =
        parse_config("name: t\ntask: exact\nlimits: { time: 5 }\ninstances:\n  - classes: { n: 3 }\nmethods: [ exact ]\n", "c.yaml");
    CHECK_NOTHROW(check(process_exact, "crash", "killed by SIGSEGV", ""));
    CHECK_THROWS_WITH(check(process_exact, "node_limit", "", "8000"),
                      Contains("(it runs under limits.time, in process isolation; its statuses: solved, multiple, timeout, "
                               "memout, crash, error)"));
    // A finished status is status_facts.hpp's (what the row's count makes it).
    CHECK_NOTHROW(check(thread_exact, "counted", "", "", "thread"));
    CHECK_THROWS_WITH(check(solve_config(""), "node_limit", "", "", "thread"), Contains("a status task count never writes"));
}

// The same through resume and merge of real sweeps (tests/experiments/row_edits.hpp).
TEST_CASE("censored rows: resume and merge refuse a process row's forged status, message or peak",
          "[resume][merge][censored][long]") {
    using futolab::test::refused_by_both;
    const std::filesystem::path dir = futolab::test::sweep_in(
        "censored-rows", "solve",
        "name: cs\nmode: { count: 2 }\nisolation: process\nlimits: { time: 60, memory: 512MiB }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
        "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc ]\n");
    refused_by_both(dir, "cs", 0, {{"status", "timeout"}, {"message", "cpu time limit (60 s)"}},
                    "column 'message' is 'cpu time limit (60 s)', a cpu time limit, where the config sets no limits.cpu");
    refused_by_both(dir, "cs", 0, {{"status", "timeout"}, {"message", "wall time limit (6 s)"}},
                    "where the run's limits.time is 60 s ('wall time limit (60 s)')");
    refused_by_both(dir, "cs", 0, {{"status", "timeout"}, {"message", "wall time limit (60 s)"}, {"max_rss_kb", "999999999"}},
                    "column 'max_rss_kb' is '999999999', above limits.memory (524288 kB)");
    refused_by_both(dir, "cs", 0, {{"max_rss_kb", ""}}, "column 'max_rss_kb' is '', empty, where a 'unique' run in process isolation");
    refused_by_both(dir, "cs", 0, {{"status", "memout"}, {"message", "wall time limit (60 s)"}, {"solutions", ""}, {"solution", ""}},
                    "column 'status' is 'memout', where its message is a 'timeout' run's");
    const std::filesystem::path exact = futolab::test::sweep_in(
        "censored-rows", "exact",
        "name: ce\ntask: exact\nisolation: thread\ninstances:\n  - classes: { n: 3 }\nmethods: [ \"exact:objective=k\" ]\n");
    refused_by_both(exact, "ce", 0, {{"status", "memout"}, {"output", ""}, {"h", "0"}, {"k", "0"}, {"solutions", "0"}},
                    "column 'status' is 'memout', a status task exact never writes (it runs without limits, on the runner's "
                    "threads");
}

// A run ends timeout at its wall limit only once its clock reaches it, and wall_ns is measured
// around that clock: a row below its limit was resumed and merged, its message kept (red-team
// round 24, B F4). A few-relations count's limit watch and a solver's search alike.
TEST_CASE("resume and merge refuse a wall-limit timeout whose wall_ns is below the limit", "[resume][merge][censored][limits][long]") {
    using futolab::test::refused_by_both;
    const std::string fr = "name: fr\ntask: few-relations\ninstances:\n  - few_relations: { n: 6, k: 7 }\n"
                           "methods: [ \"few-relations\" ]\nlimits: { time: 50ms }\n";
    const std::filesystem::path dir = futolab::test::sweep_in("censored-rows", "few-relations", fr);
    REQUIRE(futolab::test::cell(futolab::test::table_of(dir / "base" / "fr.csv"), 0, "status") == "timeout");
    futolab::test::accepted_by_both(dir, "fr");
    refused_by_both(dir, "fr", 0, {{"wall_ns", "49990000"}}, "column 'wall_ns' is '49990000', below limits.time (0.05 s)");
    std::filesystem::remove_all(dir);
    const std::filesystem::path solve = futolab::test::fresh_dir("censored-rows", "solve");
    std::ofstream(solve / "e.jsonl") << "{\"id\":\"e7\",\"n\":7,\"givens\":[],\"lt\":[]}\n";
    std::ofstream(solve / "cfg.yaml") << "name: to\ninstances:\n  - file: e.jsonl\nsolvers: [ fc ]\nmode: { count: all }\n"
                                         "isolation: thread\nlimits: { time: 50ms }\n";
    REQUIRE(futolab::test::run_cli("run -q cfg.yaml --out base", solve.string()).exit_code == 0);
    REQUIRE(futolab::test::cell(futolab::test::table_of(solve / "base" / "to.csv"), 0, "status") == "timeout");
    futolab::test::accepted_by_both(solve, "to");
    refused_by_both(solve, "to", 0, {{"wall_ns", "40000000"}}, "below limits.time (0.05 s), where its message says");
    std::filesystem::remove_all(solve);
}

namespace {

// A row of `config` with its clocks (wall_ns, cpu_ns), in thread isolation (no peak).
void check_clocks(const ExperimentConfig& config, const std::string& status, const std::string& message, const std::string& wall,
                  const std::string& cpu) {
    const futolab::CsvTable t = futolab::parse_csv("status,message,max_rss_kb,isolation,wall_ns,cpu_ns\n" + status + "," +
                                                       futolab::csv_quote(message) + ",,thread," + wall + "," + cpu + "\n",
                                                   "r.csv");
    futolab::check_censored_cells(t, 0, "r.csv", config, "refusing");
}

}  // namespace

// A run ends timeout only once a clock reaches a limit of the config, whatever its message says
// (red-team round 25, B F7: a timeout whose message was blanked, with wall_ns 0, or a counted
// row relabelled timeout, were taken; only a message naming the wall limit was held to it), and
// says what stopped it in the words its run writes (a trailing space was taken).
TEST_CASE("censored rows: a timeout reached a limit of the config on its clocks and says what stopped it",
          "[records][resume][merge][censored][limits]") {
    const ExperimentConfig wall = solve_config("limits: { time: 0.005 }\n");  // 5000000 ns
    CHECK_NOTHROW(check_clocks(wall, "timeout", "wall time limit (0.005 s)", "5000000", "10"));
    CHECK_NOTHROW(check_clocks(wall, "timeout", "wall time limit (0.005 s)", "4999001", "10"));  // 1 µs of rounding
    CHECK_NOTHROW(check_clocks(wall, "timeout", "no member answered (gac: timeout; sat: timeout)", "5000001", "10"));
    CHECK_NOTHROW(check_clocks(wall, "timeout", "wall time limit (0.005 s): the run took 6.1 ms (it said counted)", "6100000", "9"));
    CHECK_NOTHROW(check_clocks(wall, "timeout", "wall time limit: killed 0.5 s after it (the run did not stop by itself)",
                               "505000000", "9"));
    CHECK_THROWS_WITH(check_clocks(wall, "timeout", "", "0", "0"),
                      Contains("r.csv:2:2: column 'message' is '', empty, where a timeout's run says what stopped it"));
    CHECK_THROWS_WITH(check_clocks(wall, "timeout", "", "5000001", "0"), Contains("column 'message' is '', empty"));
    CHECK_THROWS_WITH(check_clocks(wall, "timeout", "no member answered (gac: timeout)", "432000", "431000"),
                      Contains("r.csv:2:5: column 'wall_ns' is '432000', with cpu_ns 431000, reaching none of the config's "
                               "limits (limits.time (0.005 s)), where a run ends timeout only once a clock reaches its limit"));
    CHECK_THROWS_WITH(check_clocks(wall, "timeout", "wall time limit: cbc stopped", "4000000", "10"), Contains("reaching none"));
    CHECK_THROWS_WITH(check_clocks(wall, "timeout", "wall time limit (0.005 s)", "4998999", "10"),
                      Contains("column 'wall_ns' is '4998999', below limits.time (0.005 s)"));
    CHECK_THROWS_WITH(check_clocks(wall, "timeout", "wall time limit: killed 0.5 s after it (the run did not stop by itself)",
                                   "5000001", "9"),
                      Contains("below limits.time (0.005 s) and the 0.5 s the sandbox waits after it"));
    // Nothing after the figure but the limit rule's own words, of the row's clock and a finished answer.
    for (const char* message : {"wall time limit (0.005 s) ", "wall time limit (0.005 s).", "wall time limit (0.005 s): the run took 6.2 ms (it said counted)",
                                "wall time limit (0.005 s): the run took 6.1 ms (it said timeout)",
                                "wall time limit (0.005 s): the run took 6.1 ms (it said counted) "})
        CHECK_THROWS_WITH(check_clocks(wall, "timeout", message, "6100000", "9"),
                          Contains("where the run writes 'wall time limit (0.005 s)' alone, or past the limit after it "
                                   "answered 'wall time limit (0.005 s): the run took X ms (it said STATUS)', X its wall_ns in ms"));
    // A CPU limit: cpu_ns reached it, or, a racing portfolio's member stopped at it on its own
    // thread (which cpu_ns does not count), wall_ns.
    const ExperimentConfig cpu = solve_config("limits: { cpu: 0.25 }\n");
    CHECK_NOTHROW(check_clocks(cpu, "timeout", "cpu time limit (0.25 s)", "300000000", "250000000"));
    CHECK_NOTHROW(check_clocks(cpu, "timeout", "no member answered (gac: timeout; sat: node_limit)", "250000000", "1000"));
    CHECK_THROWS_WITH(check_clocks(cpu, "timeout", "cpu time limit (0.25 s)", "300000000", "200000000"),
                      Contains("column 'cpu_ns' is '200000000', below limits.cpu (0.25 s), where its message says the run "
                               "stopped at that cpu limit"));
    CHECK_THROWS_WITH(check_clocks(cpu, "timeout", "no member answered (gac: timeout)", "200000000", "200000000"),
                      Contains("reaching none of the config's limits (limits.cpu (0.25 s))"));
    // A kind the limit rule does not relabel writes the figure alone; its timeouts are held alike.
    const ExperimentConfig square = parse_config(
        "name: t\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"1 2/2 1\" }\nmethods: [ exact-square ]\n"
        "limits: { time: 0.005 }\nisolation: thread\n", "c.yaml");
    CHECK_NOTHROW(check_clocks(square, "timeout", "bounds [3, 5]", "5000000", "10"));
    CHECK_THROWS_WITH(check_clocks(square, "timeout", "bounds [3, 5]", "1000", "10"), Contains("reaching none"));
    // Without a limit a timeout is a budget's (free-square: its message is output_facts.hpp's), or
    // refused by the status checks.
    const ExperimentConfig budget =
        parse_config("name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4 }\nmethods: [ free-square ]\n", "c.yaml");
    CHECK_NOTHROW(check_clocks(budget, "timeout", "its budget spent", "1000", "1000"));
    CHECK_THROWS_WITH(check_clocks(solve_config(""), "timeout", "no member answered (gac: timeout)", "0", "0"),
                      Contains("a status task count never writes"));
}

// The runner makes a solve or count run past a limit timeout whatever it answered (the limit
// rule): a finished row past one was taken (red-team round 25, B F9: a counted row of 10 s, or
// 2^63 - 1 ns, under a 2 ms limit). A kind whose search keeps its limits may finish past them.
TEST_CASE("censored rows: a finished solve or count row is within its limits", "[records][resume][merge][censored][limits]") {
    const ExperimentConfig both = solve_config("limits: { time: 0.002, cpu: 0.001 }\n");
    CHECK_NOTHROW(check_clocks(both, "counted", "", "2000000", "1000000"));  // at the limits: not past them
    for (const char* wall : {"2000001", "10000000000", "9223372036854775807", "18446744073709551615"})
        CHECK_THROWS_WITH(check_clocks(both, "counted", "", wall, "10"),
                          Contains(std::string("r.csv:2:5: column 'wall_ns' is '") + wall +
                                   "', past limits.time (0.002 s) in a 'counted' row, where the runner makes a run past its "
                                   "limit timeout whatever it answered"));
    CHECK_THROWS_WITH(check_clocks(both, "unsat", "", "10", "1000001"), Contains("column 'cpu_ns' is '1000001', past limits.cpu (0.001 s) in a 'unsat' row"));
    CHECK_NOTHROW(check_clocks(solve_config(""), "counted", "", "10000000000", "10000000000"));
    const ExperimentConfig square = parse_config(
        "name: t\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"1 2/2 1\" }\nmethods: [ exact-square ]\n"
        "limits: { time: 0.002 }\nisolation: thread\n", "c.yaml");
    CHECK_NOTHROW(check_clocks(square, "solved", "", "10000000000", "10"));  // its verification took it past the limit
}

// The same through resume and merge of a real sweep: a count that times out at 50 ms and one that
// finishes within it, in process isolation (red-team round 25, B F7 and F9's edits).
TEST_CASE("resume and merge hold a timeout to the limits it reached and a finished row within them",
          "[resume][merge][censored][limits][long]") {
    using futolab::test::refused_by_both;
    const std::filesystem::path dir = futolab::test::fresh_dir("censored-rows", "clocks");
    std::ofstream(dir / "e.jsonl") << "{\"id\":\"e7\",\"n\":7,\"givens\":[],\"lt\":[]}\n"
                                      "{\"id\":\"e2\",\"n\":2,\"givens\":[],\"lt\":[]}\n";
    std::ofstream(dir / "cfg.yaml") << "name: to\ninstances:\n  - file: e.jsonl\nsolvers: [ fc ]\nmode: { count: all }\n"
                                       "isolation: process\nlimits: { time: 50ms }\n";
    REQUIRE(futolab::test::run_cli("run -q cfg.yaml --out base", dir.string()).exit_code == 0);
    const futolab::CsvTable t = futolab::test::table_of(dir / "base" / "to.csv");
    const std::size_t slow = futolab::test::row_of(t, "e7"), fast = futolab::test::row_of(t, "e2");
    REQUIRE(futolab::test::cell(t, slow, "status") == "timeout");
    REQUIRE(futolab::test::cell(t, fast, "status") == "counted");
    futolab::test::accepted_by_both(dir, "to");
    refused_by_both(dir, "to", slow, {{"message", ""}, {"wall_ns", "0"}, {"cpu_ns", "0"}}, "column 'message' is '', empty");
    refused_by_both(dir, "to", slow, {{"message", ""}}, "column 'message' is '', empty");
    refused_by_both(dir, "to", slow, {{"message", "wall time limit (0.05 s) "}}, "where the run writes 'wall time limit (0.05 s)' alone");
    refused_by_both(dir, "to", fast, {{"status", "timeout"}, {"solutions", "0"}, {"solution", ""}, {"message", "wall time limit (0.05 s)"}},
                    "below limits.time (0.05 s), where its message says");
    refused_by_both(dir, "to", fast,
                    {{"status", "timeout"}, {"solutions", "0"}, {"solution", ""}, {"message", "wall time limit: killed 0.5 s after it (the run did not stop by itself)"}, {"max_rss_kb", ""}},
                    "and the 0.5 s the sandbox waits after it");
    for (const char* wall : {"50000001", "10000000000", "9223372036854775807"})
        refused_by_both(dir, "to", fast, {{"wall_ns", wall}}, "past limits.time (0.05 s) in a 'counted' row");
    std::filesystem::remove_all(dir);
}

// Red-team round 27, B F1: every error a run writes says what failed; an error with its message
// emptied was merged. Its words are its own (not read), but never none, in any isolation.
TEST_CASE("censored rows: an error row has a message", "[records][resume][merge][censored][error]") {
    const ExperimentConfig c = solve_config(kLimits);
    for (const char* where : {"process", "fork"}) {
        CHECK_NOTHROW(check(c, "error", "command:name=fail exited with status 3: fail.py: cannot read it", "19120", where));
        CHECK_THROWS_WITH(check(c, "error", "", "19120", where),
                          Contains("r.csv:2:2: column 'message' is '', empty, where an error's run says what failed"));
    }
    CHECK_NOTHROW(check(solve_config(""), "error", "x", "", "thread"));
    CHECK_THROWS_WITH(check(solve_config(""), "error", "", "", "thread"), Contains("where an error's run says what failed"));
}
