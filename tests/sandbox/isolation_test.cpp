// Process isolation and interruption (sandbox/sandbox.hpp, child_run.hpp, interrupt.hpp,
// docs/reliability.md): a run in its own process gives the same result as in a thread plus
// its peak memory; a run over its memory limit is memout, one that dies on a signal is crash,
// one that ignores its time limit is killed; the sweep goes on and writes those rows; the
// first SIGTERM stops within seconds, writes no interrupted run, and --resume redoes it.
// The faults come from the hidden test-only backend solvers/fault (FUTOLAB_TEST_FAULTS=1).
#include "../app/cli_runner.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/sanitizers.hpp"
#include "core/status.hpp"
#include "sandbox/cgroup.hpp"
#include "experiments/config.hpp"
#include "sandbox/interrupt.hpp"
#include "sandbox/child_run.hpp"
#include "sandbox/run_record.hpp"
#include "sandbox/sandbox.hpp"
#include "experiments/runner.hpp"
#include "records/csv_reader.hpp"
#include "../experiments/runner_helpers.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/search_control.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

using futolab::test::run_cli;
using futolab::test::scratch;
namespace fs = std::filesystem;

namespace {

using namespace futolab;

// Sanitizer runtimes allocate through their own allocator and hold large shadow mappings:
// under RLIMIT_AS their allocator aborts the process (a crash) where glibc's malloc would fail
// an allocation (memout). The memout checks accept that in sanitizer builds.
constexpr bool kSanitized = futolab::kSanitizerBuild;

// memout, or in a sanitizer build also crash (see kSanitized).
bool is_memout(const std::string& status) { return status == "memout" || (kSanitized && status == "crash"); }

void enable_faults() { ::setenv("FUTOLAB_TEST_FAULTS", "1", 1); }

Puzzle empty_puzzle(int n) {
    Instance in;
    in.id = "empty-" + std::to_string(n);
    in.n = n;
    return Puzzle::compile(in);
}

// A count-to-2 run of `spec` on the empty n x n puzzle as its row, computed on this thread.
ResultRow row_here(const std::string& spec, int n, const Limits& limits = {}) {
    const Puzzle puzzle = empty_puzzle(n);
    const SolverSpec solver = parse_solver_spec(spec);
    const SolveRequest request{Mode::count_to(2), limits, 1};
    return make_result_row("iso", puzzle, solver, 1, 0, request.mode, run_solver(*make_solver(solver), puzzle, request));
}

// The same run through the fork sandbox (sandbox.hpp): the row computed in a forked child, or,
// for a child that ended without one, the row of how it ended.
ResultRow forked(const std::string& spec, int n, const Limits& limits, const Interrupt* interrupt = nullptr) {
    SandboxJob job;
    job.limits = limits;
    job.interrupt = interrupt;
    const auto sandbox = sandbox_row(Isolation::fork).make(std::move(job));
    SandboxRun run;
    run.here = [&] { return row_here(spec, n, limits); };
    run.request = [] { return std::string(); };
    run.unfinished = [&](const SolveResult& ended) {
        RunResult result;
        result.result = ended;
        return make_result_row("iso", empty_puzzle(n), parse_solver_spec(spec), 1, 0, Mode::count_to(2), result);
    };
    return sandbox->run(run);
}

ResultRow in_child(const std::string& spec, const Limits& limits, const Interrupt* interrupt = nullptr) {
    return forked(spec, 4, limits, interrupt);
}

Limits memory_limit(std::uint64_t mib) {
    Limits l;
    l.memory_bytes = mib << 20;
    return l;
}

// The pid of a child process of this process, waiting up to 20 s for one to appear.
pid_t wait_for_child() {
    const std::string me = std::to_string(::getpid());
    for (int i = 0; i < 2000; ++i) {
        for (const auto& entry : fs::directory_iterator("/proc")) {
            std::ifstream stat(entry.path() / "stat");
            std::string line;
            if (!std::getline(stat, line)) continue;
            // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
            std::istringstream rest(line.substr(line.rfind(')') + 2));
            std::string state, ppid;
            rest >> state >> ppid;
            if (ppid == me) return static_cast<pid_t>(std::stol(entry.path().filename().string()));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
}

// After the SIGTERM: wait for futolab, but kill it after 20 s, so a futolab that ignores the
// signal fails the test (exit 137) instead of hanging it.
const std::string kKillLate = "(sleep 20; kill -KILL $pid 2>/dev/null) & killer=$!; wait $pid; code=$?; "
                              "kill $killer 2>/dev/null; exit $code";

}  // namespace

// The byte where `a` and `b`'s records first differ: where the field they differ in starts.
std::size_t first_difference(const std::string& a, const std::string& b) {
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return i;
}

TEST_CASE("the row record survives the pipe, and a cut or garbled one is refused", "[isolation]") {
    ResultRow row;
    row.status = Status::multiple;
    row.counters.nodes = 123456789012ULL;
    row.counters.max_depth = 7;
    row.solution = "1 2/2 1";
    row.unknown_counters = counter_bits({Counter::fails, Counter::checks});  // an external tool's
    row.message = "a message, with \"quotes\"\nand a newline";
    row.wall_ns = 42;
    row.cpu_ns = 41;
    const std::string bytes = encode_row_record(row);
    const auto back = decode_row_record(bytes);
    REQUIRE(back);
    CHECK(back->status == row.status);
    CHECK(back->counters == row.counters);
    CHECK(back->unknown_counters == row.unknown_counters);  // once lost: unknown counters came back as 0
    CHECK(back->solution == row.solution);
    CHECK(back->message == row.message);
    CHECK(back->wall_ns == 42);
    CHECK(back->cpu_ns == 41);
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) CHECK_FALSE(decode_row_record(bytes.substr(0, cut)));
    CHECK_FALSE(decode_row_record(bytes + "x"));
    ResultRow other = row;
    other.status = Status::unique;
    std::string bad_status = bytes;
    bad_status[first_difference(bytes, encode_row_record(other))] = 100;  // no row of kStatuses
    CHECK_FALSE(decode_row_record(bad_status));
}

TEST_CASE("a run in its own process gives the thread's result and its peak memory", "[isolation]") {
    for (const char* spec : {"bitmask", "fc:var=mrv", "gac", "gecode"}) {
        INFO(spec);
        const ResultRow thread = row_here(spec, 5);
        const ResultRow child = forked(spec, 5, {});
        CHECK(child.status == thread.status);
        CHECK(child.counters == thread.counters);
        CHECK(child.unknown_counters == thread.unknown_counters);
        CHECK(child.solution == thread.solution);
        CHECK(child.max_rss_kb > 0);
        CHECK(thread.max_rss_kb == -1);
    }
}

// An external tool's unreported counters stay unknown through the run's process (they were
// written as 0, SPEC §4 says empty): the ILP backend reports nodes only.
TEST_CASE("an external backend's unknown counters survive process isolation", "[isolation][external]") {
    const ResultRow child = forked("ilp", 3, {});
    REQUIRE(child.status == Status::multiple);
    CHECK(child.unknown_counters != 0);
    CHECK((child.unknown_counters & counter_bit(Counter::nodes)) == 0);
    CHECK((child.unknown_counters & counter_bit(Counter::checks)) != 0);
}

TEST_CASE("the fault backend is hidden unless FUTOLAB_TEST_FAULTS=1", "[isolation][fault]") {
    ::unsetenv("FUTOLAB_TEST_FAULTS");
    CHECK_THROWS_WITH(parse_solver_spec("fault:kind=abort"), Catch::Contains("unknown solver 'fault'"));
    enable_faults();
    CHECK(parse_solver_spec("fault:kind=abort").name == "fault");
    for (const BackendInfo& b : backend_table()) CHECK(b.name != "fault");
}

TEST_CASE("a run over its memory limit is memout, with its peak memory", "[isolation][fault]") {
    enable_faults();
    const ResultRow r = in_child("fault:kind=alloc", memory_limit(256));
    CHECK(is_memout(std::string(status_name(r.status))));
    CHECK(r.max_rss_kb > 128 * 1024);  // it did fill most of its 256 MiB before failing
    if (!kSanitized) CHECK(r.max_rss_kb < 2 * 256 * 1024);  // sanitizer shadow memory is resident too
}

TEST_CASE("a run that aborts or segfaults is crash, naming the signal", "[isolation][fault]") {
    enable_faults();
    const ResultRow aborted = in_child("fault:kind=abort", {});
    CHECK(aborted.status == Status::crash);
    CHECK(aborted.message.find("SIGABRT") != std::string::npos);
    const ResultRow segv = in_child("fault:kind=segv", {});
    CHECK(segv.status == Status::crash);
    CHECK(segv.message.find("SIGSEGV") != std::string::npos);
    CHECK(segv.max_rss_kb > 0);
}

TEST_CASE("a run that ignores its time limit is killed after the grace", "[isolation][fault]") {
    enable_faults();
    Limits limits;
    limits.time_seconds = 0.2;
    const ResultRow r = in_child("fault:kind=hang", limits);
    CHECK(r.status == Status::timeout);
    CHECK(r.message.find("did not stop by itself") != std::string::npos);
    CHECK(r.wall_ns >= static_cast<std::int64_t>((0.2 + kill_grace_seconds(0.2)) * 1e9));
}

TEST_CASE("kill -9 of a run's process is crash with SIGKILL", "[isolation][fault]") {
    enable_faults();
    auto run = std::async(std::launch::async, [] { return in_child("fault:kind=hang", {}); });
    const pid_t child = wait_for_child();
    REQUIRE(child > 0);
    ::kill(child, SIGKILL);
    const ResultRow r = run.get();
    CHECK(r.status == Status::crash);
    CHECK(r.message.find("SIGKILL") != std::string::npos);
}

TEST_CASE("an interrupt kills a running child at once", "[isolation][signals][threads]") {
    enable_faults();
    Interrupt interrupt;
    auto run = std::async(std::launch::async, [&] { return in_child("fault:kind=hang", {}, &interrupt); });
    REQUIRE(wait_for_child() > 0);
    interrupt.request();
    const ResultRow r = run.get();
    CHECK(r.status == Status::error);
    CHECK(r.message == "interrupted");
}

TEST_CASE("the stop flag ends a search with no time limit (thread isolation)", "[isolation][signals][threads]") {
    std::atomic<bool> stop{false};
    Limits limits;
    limits.stop = &stop;
    SearchControl control(limits, Mode::count_all());
    Counters c;
    for (int i = 0; i < 1000; ++i) CHECK_FALSE(control.at_node(c));
    stop = true;
    int nodes = 0;
    while (nodes < 1000 && !control.at_node(c)) ++nodes;
    CHECK(nodes < 64);
    CHECK(control.status(0) == Status::timeout);
}

TEST_CASE("a sweep with faulty runs writes memout and crash rows and goes on", "[isolation][fault][runner][threads]") {
    enable_faults();
    const std::string dir = scratch("isolation-sweep");
    std::ofstream(dir + "/e4.jsonl") << "{\"id\": \"e4\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: faults\nmode: { count: 2 }\nlimits: { memory: 256MiB }\ninstances:\n"
                                        "  - file: " << dir << "/e4.jsonl\n"
                                     << "solvers: [ fc, 'fault:kind=alloc', 'fault:kind=abort', 'fault:kind=segv', gac ]\n"
                                     << "output: " << dir << "/f.csv\n";
    RunnerOptions options;
    options.jobs = 2;
    options.quiet = true;
    const RunnerReport report = run_experiment(load_config(dir + "/cfg.yaml"), options);
    CHECK(report.completed == 5);
    CHECK_FALSE(report.interrupted);
    const CsvTable t = read_csv_file(dir + "/f.csv");
    std::map<std::string, std::string> status;
    for (const auto& row : t.rows)
        status[row[t.column("solver", "f")] + ":" + row[t.column("options", "f")]] = row[t.column("status", "f")];
    CHECK(is_memout(status["fault:kind=alloc"]));
    // Where a cgroup holds the worker, the kernel stopped the run at the limit: its peak (the
    // cgroup's) is at most the limit, not the limit plus whatever the process held before.
    if (memory_cgroup_site() && !kSanitized)
        for (const auto& row : t.rows)
            if (row[t.column("options", "f")] == "kind=alloc") {
                REQUIRE_FALSE(row[t.column("max_rss_kb", "f")].empty());
                CHECK(std::stol(row[t.column("max_rss_kb", "f")]) <= 256 * 1024 + 1024);
            }
    CHECK(status["fault:kind=abort"] == "crash");
    CHECK(status["fault:kind=segv"] == "crash");
    CHECK(status.size() == 5);
    for (const auto& [solver, s] : status)
        if (solver.rfind("fault", 0) != 0) CHECK(s == "multiple");
    const std::string meta = futolab::test::slurp(dir + "/f.csv.meta.yaml");
    CHECK(meta.find("isolation: process") != std::string::npos);
    // A cgroup where futolab may make one (this machine's CI: cgroup v1), else RLIMIT_AS.
    const bool cgroup = memory_cgroup_site().has_value();
    CHECK(meta.find(cgroup ? "memory_limit: cgroup-v" : "memory_limit: rlimit") != std::string::npos);
}

TEST_CASE("SIGTERM or SIGHUP interrupts a run with no time limit, and --resume redoes it", "[isolation][signals][runner][threads][lifecycle]") {
    const std::string dir = scratch("isolation-sigterm");
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"e4\", \"n\": 4, \"givens\": [], \"lt\": []}\n"
                                    << "{\"id\": \"e30\", \"n\": 30, \"givens\": [], \"lt\": []}\n";
    // Counting every 30x30 Latin square never ends: only the signal stops it.
    std::ofstream(dir + "/cfg.yaml") << "name: sigterm\nmode: { count: all }\ninstances:\n  - file: " << dir
                                     << "/i.jsonl\nsolvers: [ fc ]\noutput: " << dir << "/s.csv\n";
    for (const std::string isolation : {"process", "thread"}) {
        INFO(isolation);
        const std::string cmd = "run -q --jobs 1 --isolation " + isolation + " " + dir + "/cfg.yaml --out " + dir + "/" +
                                isolation;
        const std::string csv = dir + "/" + isolation + "/s.csv";
        // Signal once e4's row is written (e30 is then running), not after a fixed sleep. Thread
        // isolation gets SIGHUP (a closed terminal), which stops a sweep as SIGTERM does.
        const std::string signal = isolation == "thread" ? "HUP" : "TERM";
        const std::string wait_and_kill = " & pid=$!; for i in $(seq 1000); do [ \"$(wc -l < " + csv +
                                          " 2>/dev/null || echo 0)\" -ge 2 ] && break; sleep 0.02; done; sleep 0.3; "
                                          "kill -" + signal + " $pid; " + kKillLate;
        const auto start = std::chrono::steady_clock::now();
        const auto r = run_cli(cmd + wait_and_kill);
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("futolab: interrupted: stopping 1 running runs") != std::string::npos);
        const CsvTable t = read_csv_file(csv);
        REQUIRE(t.rows.size() == 1);  // e4 only: the interrupted e30 run is not written
        CHECK(t.rows[0][t.column("instance", csv)] == "e4");
        CHECK(futolab::test::slurp(csv + ".meta.yaml").find("state: interrupted") != std::string::npos);
        // --resume runs e30 again (and is interrupted again: it never ends). Nothing marks e30's start, so
        // the signal waits out a new worker's start, calibration and warm-up (session warm-up runs are not
        // counted as running): slow under a sanitizer, and 0.5 s was too little on a loaded machine.
        const std::string settle = kSanitized ? "3" : "1.5";
        const auto resumed = run_cli(cmd + " --resume & pid=$!; for i in $(seq 1000); do grep -q 'state: running' " + csv +
                                     ".meta.yaml && break; sleep 0.02; done; sleep " + settle + "; kill -TERM $pid; " +
                                     kKillLate);
        CHECK(resumed.exit_code == 1);
        CHECK(resumed.err.find("stopping 1 running runs") != std::string::npos);
        CHECK(read_csv_file(csv).rows.size() == 1);
    }
}

TEST_CASE("the three isolation modes give the same rows, and each row names its mode and limits",
          "[isolation][runner][threads][long]") {
    const std::string dir = scratch("isolation-modes");
    std::ofstream(dir + "/cfg.yaml") << "name: modes\nseed: 3\nrepeats: 2\nmode: { count: 2 }\n"
                                        "limits: { time: 20s, cpu: 30s, nodes: 100000 }\ninstances:\n  - file: "
                                     << futolab::test::kRoot << "/corpora/tatham-dev/n05.tatham\n"
                                     << "solvers: [ bitmask, fc, gac ]\noutput: " << dir << "/m.csv\n";
    std::map<std::string, std::map<std::string, std::string>> by_mode;  // mode → run → status|nodes|fails
    for (const auto& w : kIsolations) {
        const std::string mode(w.name);
        INFO(mode);
        const auto r = run_cli("run -q --jobs 2 --isolation " + mode + " " + dir + "/cfg.yaml --out " + dir + "/" + mode);
        REQUIRE(r.exit_code == 0);
        const CsvTable t = read_csv_file(dir + "/" + mode + "/m.csv");
        REQUIRE(!t.rows.empty());
        for (const auto& row : t.rows) {
            CHECK(row[t.column("isolation", "m")] == mode);
            CHECK(row[t.column("time_limit_ms", "m")] == "20000");
            CHECK(row[t.column("cpu_limit_ms", "m")] == "30000");
            CHECK(row[t.column("memory_limit_kb", "m")].empty());
            CHECK(row[t.column("max_rss_kb", "m")].empty() == (mode == "thread"));
            by_mode[mode][row[t.column("run", "m")]] = row[t.column("status", "m")] + "|" + row[t.column("nodes", "m")] +
                                                       "|" + row[t.column("fails", "m")];
        }
        CHECK(futolab::test::slurp(dir + "/" + mode + "/m.csv.meta.yaml").find("isolation: " + mode) != std::string::npos);
    }
    CHECK(by_mode["process"] == by_mode["thread"]);
    CHECK(by_mode["fork"] == by_mode["thread"]);
}

TEST_CASE("a memory limit below what a run's process needs is refused before the sweep, naming the floor",
          "[isolation][runner][memory]") {
    const std::string dir = scratch("isolation-floor");
    std::ofstream(dir + "/cfg.yaml") << "name: floor\nmode: { count: 2 }\nlimits: { memory: 1MiB }\ninstances:\n  - file: "
                                     << futolab::test::kRoot << "/corpora/tatham-dev/n05.tatham\n"
                                     << "solvers: [ fc ]\noutput: " << dir << "/f.csv\n";
    for (const std::string mode : {"process", "fork"}) {
        INFO(mode);
        const auto r = run_cli("run -q --isolation " + mode + " " + dir + "/cfg.yaml");
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("limits.memory 1MiB is below what a run's process needs") != std::string::npos);
        CHECK(r.err.find("use at least") != std::string::npos);
        CHECK_FALSE(fs::exists(dir + "/f.csv"));
    }
}

TEST_CASE("resume in another isolation is refused, the CSV left byte-identical", "[isolation][runner]") {
    const std::string dir = scratch("isolation-resume");
    std::ofstream(dir + "/cfg.yaml") << "name: resume-iso\nmode: { count: 2 }\ninstances:\n  - file: "
                                     << futolab::test::kRoot << "/corpora/tatham-dev/n04.tatham\n"
                                     << "solvers: [ fc ]\noutput: " << dir << "/r.csv\n";
    REQUIRE(run_cli("run -q --isolation process " + dir + "/cfg.yaml").exit_code == 0);
    const std::string before = futolab::test::slurp(dir + "/r.csv");
    const auto r = run_cli("run -q --resume --isolation thread " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("made in isolation process, not thread") != std::string::npos);
    CHECK(futolab::test::slurp(dir + "/r.csv") == before);
    CHECK(run_cli("run -q --resume --isolation process " + dir + "/cfg.yaml").exit_code == 0);
}

TEST_CASE("one writer per results file: a second run or merge onto it is refused at once", "[runner][lock][threads]") {
    const std::string dir = scratch("output-lock");
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"e30\", \"n\": 30, \"givens\": [], \"lt\": []}\n";
    // Counting every 30x30 Latin square never ends: the first run holds the folder until killed.
    std::ofstream(dir + "/cfg.yaml") << "name: lock\nmode: { count: all }\ninstances:\n  - file: " << dir
                                     << "/i.jsonl\nsolvers: [ fc ]\noutput: " << dir << "/out/l.csv\n";
    // The wait below sees this round's holder write its pid into the (new) lock file.
    const std::string first = "run -q --jobs 1 --isolation thread " + dir + "/cfg.yaml & pid=$!; "
                              "for i in $(seq 500); do [ -s " + dir + "/out/.l.csv.lock ] && break; sleep 0.02; done; ";
    const std::string then_kill = "; code=$?; kill -KILL $pid; wait $pid 2>/dev/null; exit $code";
    for (const std::string& second : {"run -q --resume " + dir + "/cfg.yaml", "run -q " + dir + "/cfg.yaml",
                                     "merge " + dir + "/out/x.csv --out " + dir + "/out/l.csv --force"}) {
        INFO(second);
        fs::remove_all(dir + "/out");  // each round's first run starts afresh
        const auto r = run_cli(first + "'" FUTOLAB_CLI "' " + second + then_kill);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("another futolab (pid ") != std::string::npos);
        CHECK(r.err.find("is writing it") != std::string::npos);
    }
    // The lock died with its holder (SIGKILL): the file is free again; another file in the
    // same folder was never locked (shards of one experiment share a folder).
    CHECK(run_cli("run -q --resume --shard 0/2 " + dir + "/cfg.yaml & sleep 0.5; kill -KILL $!").err.find("another futolab") ==
          std::string::npos);
    CHECK(run_cli("merge " + dir + "/out/l.csv --out " + dir + "/out/m.csv").err.find("another futolab") ==
          std::string::npos);
}

TEST_CASE("inputs are pinned by content: resume and merge refuse an edited corpus, naming the file",
          "[runner][inputs]") {
    const std::string dir = scratch("input-hash");
    std::ofstream(dir + "/c.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: pinned\nmode: { count: 2 }\ninstances:\n  - file: " << dir
                                     << "/c.jsonl\nsolvers: [ fc, gac ]\noutput: " << dir << "/p.csv\n";
    REQUIRE(run_cli("run -q --shard 0/2 " + dir + "/cfg.yaml").exit_code == 0);
    CHECK(futolab::test::slurp(dir + "/p.shard-0-of-2.csv.meta.yaml").find("file: " + dir + "/c.jsonl") !=
          std::string::npos);
    std::ofstream(dir + "/c.jsonl", std::ios::app) << "{\"id\": \"b\", \"n\": 4, \"givens\": [[0,0,1]], \"lt\": []}\n";
    const std::string before = futolab::test::slurp(dir + "/p.shard-0-of-2.csv");
    const auto resumed = run_cli("run -q --resume --shard 0/2 " + dir + "/cfg.yaml");
    CHECK(resumed.exit_code == 2);
    CHECK(resumed.err.find("made by input file " + dir + "/c.jsonl with content hash ") != std::string::npos);
    CHECK(resumed.err.find("(the file as the config reads it now)") != std::string::npos);
    CHECK(futolab::test::slurp(dir + "/p.shard-0-of-2.csv") == before);
    REQUIRE(run_cli("run -q --shard 1/2 " + dir + "/cfg.yaml").exit_code == 0);  // made after the edit
    const auto merged = run_cli("merge " + dir + "/p.shard-0-of-2.csv " + dir + "/p.shard-1-of-2.csv --out " + dir +
                                "/m/p.csv");
    CHECK(merged.exit_code == 2);
    CHECK(merged.err.find("read other inputs") != std::string::npos);
}

TEST_CASE("an instance id twice in one experiment is refused before the sweep, naming both places",
          "[runner][inputs]") {
    const std::string dir = scratch("duplicate-id");
    std::ofstream(dir + "/c.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n"
                                    << "{\"id\": \"a\", \"n\": 4, \"givens\": [[0,0,1]], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: dup\nmode: { count: 2 }\ninstances:\n  - file: " << dir
                                     << "/c.jsonl\nsolvers: [ fc ]\noutput: " << dir << "/d.csv\n";
    const auto r = run_cli("run -q " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("instance id 'a' again (first at " + dir + "/c.jsonl:1)") != std::string::npos);
    CHECK_FALSE(fs::exists(dir + "/d.csv"));
}
