// experiments/status_facts.hpp (issue #45, round 10, finding 15): a row's status must agree
// with its own solution, solutions and output cells, as each task kind writes them.
#include "experiments/status_facts.hpp"

#include "experiments/methods.hpp"
#include "experiments/task_kinds.hpp"
#include "records/csv_quote.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/solver.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

namespace {

const std::string kSquare = "1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1";

void check_row(const std::string& mode, const std::string& status, const std::string& solutions,
               const std::string& solution, const std::string& output = "") {
    const futolab::CsvTable t = futolab::parse_csv("mode,status,solutions,solution,output\n" + mode + "," + status + "," +
                                                       solutions + "," + futolab::csv_quote(solution) + "," +
                                                       futolab::csv_quote(output) + "\n",
                                                   "r.csv");
    futolab::check_status_facts(t, 0, "r.csv", "refusing");
}

}  // namespace

TEST_CASE("a solver row's status is what its mode and solutions count make it, with a solution iff the count is not 0",
          "[records][resume][merge]") {
    using Catch::Matchers::Contains;
    // What the backends write (every backend, every mode: checked by hand on a mixed corpus).
    CHECK_NOTHROW(check_row("first", "solved", "1", kSquare));
    CHECK_NOTHROW(check_row("first", "unsat", "0", ""));
    CHECK_NOTHROW(check_row("count:2", "unique", "1", kSquare));
    CHECK_NOTHROW(check_row("count:2", "multiple", "2", kSquare));
    CHECK_NOTHROW(check_row("count:3", "multiple", "2", kSquare));  // a complete search that found 2 of 3
    CHECK_NOTHROW(check_row("count:all", "counted", "576", kSquare));
    CHECK_NOTHROW(check_row("count:all", "unsat", "0", ""));
    CHECK_NOTHROW(check_row("count:all", "timeout", "3", kSquare));
    CHECK_NOTHROW(check_row("count:all", "timeout", "", ""));
    CHECK_NOTHROW(check_row("first", "memout", "", ""));
    CHECK_NOTHROW(check_row("first", "crash", "", ""));
    CHECK_NOTHROW(check_row("count:2", "error", "0", kSquare));  // evidence of a wrong answer
    // The round-10 case: a unique row edited to unsat, its solution kept.
    CHECK_THROWS_WITH(check_row("count:2", "unsat", "1", kSquare),
                      Contains("r.csv:2:2: column 'status' is 'unsat', where a run in mode count:2 that found 1 solution "
                               "is 'unique': refusing"));
    CHECK_THROWS_WITH(check_row("count:2", "unsat", "0", kSquare),
                      Contains("r.csv:2:4: column 'solution' is '" + kSquare + "', where its 'unsat' run found no solution"));
    CHECK_THROWS_WITH(check_row("count:2", "unique", "1", ""), Contains("column 'solution' is '', empty, where its 'unique' run"));
    CHECK_THROWS_WITH(check_row("count:2", "solved", "1", kSquare), Contains("is 'unique'"));
    CHECK_THROWS_WITH(check_row("first", "unique", "1", kSquare), Contains("is 'solved'"));
    CHECK_THROWS_WITH(check_row("count:2", "multiple", "1", kSquare), Contains("is 'unique'"));
    CHECK_THROWS_WITH(check_row("count:2", "multiple", "3", kSquare), Contains("column 'solutions' is '3', more than mode count:2"));
    CHECK_THROWS_WITH(check_row("count:all", "unique", "1", kSquare), Contains("is 'counted'"));
    CHECK_THROWS_WITH(check_row("count:all", "counted", "0", ""), Contains("is 'unsat'"));
    CHECK_THROWS_WITH(check_row("count:all", "timeout", "0", kSquare), Contains("column 'solution'"));
    CHECK_THROWS_WITH(check_row("first", "crash", "", kSquare), Contains("where a crashed run found none"));
    CHECK_THROWS_WITH(check_row("first", "critical", "1", kSquare), Contains("a status of task critical"));
}

TEST_CASE("a generate, critical or exact row's status agrees with its output", "[records][resume][merge]") {
    using Catch::Matchers::Contains;
    const std::string record = R"({"id":"x","n":4,"givens":[],"lt":[]})";
    CHECK_NOTHROW(check_row("generate", "unique", "1", kSquare, record));
    CHECK_NOTHROW(check_row("generate", "error", "0", kSquare));
    CHECK_NOTHROW(check_row("generate", "timeout", "", kSquare));
    CHECK_NOTHROW(check_row("critical", "critical", "1", kSquare, record));
    CHECK_NOTHROW(check_row("critical", "multiple", "0", kSquare));
    CHECK_NOTHROW(check_row("critical", "error", "1", kSquare, record));  // a set that failed its verification
    CHECK_NOTHROW(check_row("exact", "solved", "2", kSquare, record + "\n" + record));
    CHECK_NOTHROW(check_row("exact", "multiple", "0", kSquare));
    CHECK_THROWS_WITH(check_row("generate", "unique", "1", kSquare), Contains("column 'status' is 'unique', where its output is empty"));
    CHECK_THROWS_WITH(check_row("generate", "multiple", "0", kSquare), Contains("a status task generate never writes"));
    CHECK_THROWS_WITH(check_row("generate", "unsat", "0", kSquare, record), Contains("a status task generate never writes"));
    CHECK_THROWS_WITH(check_row("critical", "unique", "1", kSquare, record), Contains("a status task critical never writes"));
    CHECK_THROWS_WITH(check_row("critical", "multiple", "0", kSquare, record), Contains("where its output holds a record"));
    CHECK_THROWS_WITH(check_row("critical", "timeout", "", kSquare, record), Contains("where its output holds a record"));
    CHECK_THROWS_WITH(check_row("critical", "critical", "2", kSquare, record),
                      Contains("column 'solutions' is '2', where its output holds 1 records"));
    CHECK_THROWS_WITH(check_row("exact", "solved", "1", kSquare, record + "\n" + record), Contains("holds 2 records"));
}

// Red-team round 27, B F1: a memout row is what a run writes (experiments/status_facts.hpp,
// check_censored_status): a message naming its cause, a memory limit only where the config sets
// one and then its figure, and a lost search's cells where the run did not answer. The rows taken
// are ones the runs wrote (sweeps of sat, portfolios and a command under 26–48 MiB; the
// tool backends write the same words, a bad_alloc
// in thread and process isolation).
namespace {

const std::string kCounters = "solutions,nodes,fails,checks,propagations,max_depth";

// A count:all memout row of `spec` with this message, solution and counter cells (six, in
// kCounters' order), under limits.memory `memory_kib` (0: none).
void memout(const std::string& spec, const std::string& message, const std::string& counters, const std::string& solution = "",
            std::uint64_t memory_kib = 0, const std::string& status = "memout") {
    const futolab::CsvTable t = futolab::parse_csv("mode,status,message,solution," + kCounters + "\ncount:all," + status + "," +
                                                       futolab::csv_quote(message) + "," + futolab::csv_quote(solution) + "," +
                                                       counters + "\n",
                                                   "r.csv");
    futolab::Limits limits;
    limits.time_seconds = 30;
    limits.memory_bytes = memory_kib * 1024;
    futolab::check_censored_status(t, 0, "r.csv", limits, futolab::parse_solver_spec(spec), "refusing");
}

const std::string kSquare6 = "1 2 3 4 5 6/2 6 1 3 4 5/3 1 5 6 2 4/4 3 2 5 6 1/5 4 6 1 3 2/6 5 4 2 1 3";
const std::string kZeros = "0,0,0,0,0,0", kEmpty = ",,,,,", kFigures = "159018,,164895,,,";

}  // namespace

TEST_CASE("a memout row's message names a cause its run writes and a memory limit the config sets", "[resume][merge][memout]") {
    using Catch::Matchers::Contains;
    // A failed allocation: in any isolation, with or without a limit; counters 0 (run_solver
    // answered) or empty (the process exited with kExitOutOfMemory).
    for (const std::uint64_t kib : {std::uint64_t{0}, std::uint64_t{26624}}) {
        CHECK_NOTHROW(memout("gac", "out of memory", kZeros, "", kib));
        CHECK_NOTHROW(memout("sat", "out of memory", kEmpty, "", kib));
        CHECK_NOTHROW(memout("portfolio:members=gac+sat", "portfolio: member sat: out of memory", kZeros, "", kib));
        CHECK_NOTHROW(memout("portfolio:schedule=sequence,members=gecode+sat", "memout by gecode:var=afcsize", kZeros, "", kib));
        CHECK_NOTHROW(memout("portfolio:schedule=sequence", "memout by sat:config=sat after gac at 1000 nodes", kZeros, "", kib));
    }
    // The sandbox's and a tool's, under limits.memory (26 MiB = 26624 kB).
    CHECK_NOTHROW(memout("gac", "out of memory: killed by SIGKILL (Killed) at a peak of 26000 kB", kEmpty, "", 26624));
    CHECK_NOTHROW(memout("gac", "out of memory: the memory cgroup's OOM killer ended the run's process (SIGKILL (Killed))", kEmpty,
                         "", 26624));
    CHECK_NOTHROW(memout("minizinc", "minizinc ran out of memory (limit 26624 kB, the tool's peak resident set "
                                             "8212 kB)", kEmpty, "", 26624));
    CHECK_NOTHROW(memout("minizinc", "minizinc's processes held 30000 kB together (polled every 10 ms), above the memory limit "
                                     "(26624 kB): stopped", kEmpty, "", 26624));
    // The run answered, then a kill or the peak rule made it memout: its cells are what it said.
    CHECK_NOTHROW(memout("portfolio:members=gac+sat", "peak resident memory 49184 kB exceeds limits.memory (26624 kB) (the run "
                                                      "said timeout)", kFigures, kSquare6, 26624));
    CHECK_NOTHROW(memout("gac", "out of memory: the memory cgroup's OOM killer ended a process of the run (the run said counted)",
                         "576,900,300,5000,7000,16", kSquare6, 26624));

    // Red-team round 27, B F1's rows: no message, another's, a limit the sweep never had.
    for (const char* m : {"", "x", "memory limit (1 GiB)", "out of memory ", "Out of memory", "portfolio: member minizinc: out of memory",
                          "memout by gac", "out of memory: the memory cgroup's OOM killer ended a process of the run (the run said memout)"})
        CHECK_THROWS_WITH(memout("gac", m, kZeros, "", 26624), Contains("r.csv:2:3: column 'message' is '") &&
                                                                 Contains("where a 'memout' run of gac writes 'out of memory'"));
    CHECK_THROWS_WITH(memout("portfolio:members=gac+sat", "portfolio: member gecode: out of memory", kZeros),
                      Contains("or the member's that ran out"));
    CHECK_THROWS_WITH(memout("portfolio:schedule=sequence", "memout by sat:config=sat after gac at 7 nodes", kZeros),
                      Contains("or the member's that ran out"));
    for (const char* m : {"out of memory: killed by SIGKILL (Killed) at a peak of 26000 kB",
                          "out of memory: the memory cgroup's OOM killer ended the run's process (SIGKILL (Killed))"})
        CHECK_THROWS_WITH(memout("gac", m, kEmpty), Contains("where the run had no memory limit (the config sets no limits.memory)"));
    CHECK_THROWS_WITH(memout("minizinc", "minizinc ran out of memory (limit 1048576 kB, the tool's peak resident "
                                                 "set 8212 kB)", kEmpty),
                      Contains("where the run had no memory limit"));
    CHECK_THROWS_WITH(memout("minizinc", "minizinc ran out of memory (limit 1048576 kB, the tool's peak resident "
                                                 "set 8212 kB)", kEmpty, "", 26624),
                      Contains("where the run's limit is limits.memory (26624 kB)"));
    CHECK_THROWS_WITH(memout("gac", "gac ran out of memory (limit 26624 kB, the tool's peak resident set 8212 kB)", kEmpty, "", 26624),
                      Contains("column 'message'"));  // a tool's words, from a search futolab runs itself
}

TEST_CASE("a memout row whose run ran out before it answered keeps no solution and counts nothing", "[resume][merge][memout]") {
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(memout("gac", "out of memory", kFigures, kSquare6),
                      Contains("r.csv:2:4: column 'solution' is '") && Contains("lost its search (it keeps none)"));
    CHECK_THROWS_WITH(memout("gac", "out of memory", "576,900,300,5000,7000,16"), Contains("r.csv:2:5: column 'solutions' is '576'"));
    for (const char* counters : {"0,0,0,0,0,7", "0,,0,0,0,0", ",,,,,0", "1,0,0,0,0,0"})
        CHECK_THROWS_WITH(memout("gac", "out of memory", counters), Contains("counts nothing: every counter 0"));
    CHECK_THROWS_WITH(memout("minizinc", "minizinc ran out of memory (limit 26624 kB, the tool's peak resident "
                                                 "set 8212 kB)", kEmpty, kSquare6, 26624),
                      Contains("column 'solution'"));
    CHECK_THROWS_WITH(memout("portfolio:members=gac+sat", "portfolio: member sat: out of memory", kFigures, "", 26624),
                      Contains("column 'solutions' is '159018'"));
    // Other statuses are not held to it.
    CHECK_NOTHROW(memout("gac", "wall time limit (30 s)", kFigures, kSquare6, 0, "timeout"));
}

// Round 27's leftovers: the memout rows of the kinds a method runs (exact and exact-square, in a
// process of their own) are held to the same table of causes as a solver's, with their own
// cells; and a memout's figures to the row's max_rss_kb and limits.memory. The rows taken are
// the forms the sandbox, a tool and the rule write (child_process.cpp, process_row.cpp,
// external/outcome.cpp; real sweeps: tests/app/memout_method_rows_cli_test.cpp, memout_error_rows_cli_test.cpp).
namespace {

// A memout row of `mode` (a solver mode or a method kind's name) run by `spec`, in `isolation`,
// with this message, max_rss_kb and counters (six, kCounters' order), under limits.memory
// `memory_kib` (0: none). Columns: mode 1, status 2, message 3, solution 4, max_rss_kb 5,
// isolation 6, then the counters.
void memout_row(const std::string& mode, const futolab::SolverSpec& spec, const std::string& message, const std::string& counters,
                const std::string& rss, const std::string& isolation, std::uint64_t memory_kib, const std::string& solution = "") {
    const futolab::CsvTable t = futolab::parse_csv("mode,status,message,solution,max_rss_kb,isolation," + kCounters + "\n" + mode +
                                                       ",memout," + futolab::csv_quote(message) + "," +
                                                       futolab::csv_quote(solution) + "," + rss + "," + isolation + "," +
                                                       counters + "\n",
                                                   "r.csv");
    futolab::Limits limits;
    limits.memory_bytes = memory_kib * 1024;
    futolab::check_censored_status(t, 0, "r.csv", limits, spec, "refusing");
}

futolab::SolverSpec method(futolab::Task task, const std::string& text) { return futolab::parse_method_spec(task, text); }

const std::string kMethodEmpty = ",,,,,";            // a method run that died: every counter unknown
const std::string kSquareCounted = "0,812,,40,,";  // exact-square's own: nodes and checks (solutions 0: record dropped)
const std::string kKill = "out of memory: killed by SIGKILL (Killed) at a peak of ";
const std::string kCgroupRun = "out of memory: the memory cgroup's OOM killer ended the run's process (SIGKILL (Killed))";

}  // namespace

TEST_CASE("an exact or exact-square memout row is held to its cause as a solve or count row is", "[resume][merge][memout]") {
    using Catch::Matchers::Contains;
    using futolab::Task;
    const futolab::SolverSpec square = method(Task::exact_square, "exact-square:objective=k");
    const futolab::SolverSpec exact = method(Task::exact, "exact:objective=k");
    // What the sandbox and the rule write (64 MiB = 65536 kB): a worker or forked child that died
    // of a failed allocation (exit 97), was OOM-killed, or answered and then passed the limit.
    for (const char* where : {"process", "fork"}) {
        CHECK_NOTHROW(memout_row("exact-square", square, "out of memory", kMethodEmpty, "", where, 0, kSquare6));
        CHECK_NOTHROW(memout_row("exact", exact, "out of memory", kMethodEmpty, "61000", where, 65536, kSquare6));
        CHECK_NOTHROW(memout_row("exact-square", square, kKill + "60000 kB", kMethodEmpty, "60000", where, 65536, kSquare6));
        CHECK_NOTHROW(memout_row("exact-square", square,
                                 "peak resident memory 70000 kB exceeds limits.memory (65536 kB) (the run said solved)",
                                 kSquareCounted, "70000", where, 65536, kSquare6));
    }
    CHECK_NOTHROW(memout_row("exact-square", square, kCgroupRun, kMethodEmpty, "", "process", 65536, kSquare6));
    CHECK_NOTHROW(memout_row("exact", exact,
                             "out of memory: the memory cgroup's OOM killer ended a process of the run (the run said multiple)",
                             "0,90,,,,", "", "process", 65536, kSquare6));
    // A thread row's memout is check_censored_cells' to refuse (no such run writes one).
    CHECK_NOTHROW(memout_row("exact", exact, "", kSquareCounted, "", "thread", 0, kSquare6));

    // The round's rows: no message, another's, a solver's or a tool's words, a limit the sweep never had.
    for (const char* m : {"", "x", "memory limit (1 GiB)", "Out of memory", "out of memory ", "portfolio: member sat: out of memory",
                          "minizinc ran out of memory (limit 65536 kB, the tool's peak resident set 8212 kB)"})
        CHECK_THROWS_WITH(memout_row("exact-square", square, m, kMethodEmpty, "", "process", 65536, kSquare6),
                          Contains("r.csv:2:3: column 'message' is '") &&
                              Contains("where a 'memout' run of exact-square:objective=k writes 'out of memory'"));
    for (const std::string& m : {kKill + "60000 kB", kCgroupRun})
        CHECK_THROWS_WITH(memout_row("exact", exact, m, kMethodEmpty, "", "process", 0, kSquare6),
                          Contains("where the run had no memory limit (the config sets no limits.memory)"));
    // Its search kept: a method's run never answers a failed allocation itself, so its counters are
    // all empty, never the search's nor 0.
    for (const std::string& counters : {kSquareCounted, std::string("0,0,,0,,"), std::string(",812,,,,")})
        CHECK_THROWS_WITH(memout_row("exact-square", square, "out of memory", counters, "", "fork", 65536, kSquare6),
                          Contains("r.csv:2:") && Contains("counts nothing: every counter empty (its process died"));
    CHECK_THROWS_WITH(memout_row("exact-square", square, kKill + "60000 kB", kSquareCounted, "60000", "fork", 65536, kSquare6),
                      Contains("column 'solutions' is '0'") && Contains("counts nothing: every counter empty"));
    // The cgroup holds process isolation's warm workers only, a solver's as a method's.
    CHECK_THROWS_WITH(memout_row("exact-square", square, kCgroupRun, kMethodEmpty, "61000", "fork", 65536, kSquare6),
                      Contains("r.csv:2:3: column 'message' is '") && Contains("where a run in fork isolation has no memory cgroup"));
    CHECK_THROWS_WITH(memout_row("count:all", futolab::parse_solver_spec("gac"), kCgroupRun, kEmpty, "61000", "fork", 65536),
                      Contains("where a run in fork isolation has no memory cgroup"));
}

TEST_CASE("a memout's figures agree with its max_rss_kb and limits.memory", "[resume][merge][memout]") {
    using Catch::Matchers::Contains;
    const futolab::SolverSpec gac = futolab::parse_solver_spec("gac"), minizinc = futolab::parse_solver_spec("minizinc");
    // The sandbox's OOM kill outside a cgroup: a SIGKILL at 90 % of the limit or more (58982.4 kB
    // of 65536 kB); in fork isolation the child's wait4 peak is both the message's and max_rss_kb;
    // in process isolation max_rss_kb is the cgroup's peak of the run, or empty, and the message's
    // the worker's over its whole life.
    CHECK_NOTHROW(memout_row("count:all", gac, kKill + "58983 kB", kEmpty, "58983", "fork", 65536));
    CHECK_NOTHROW(memout_row("count:all", gac, kKill + "900000 kB", kEmpty, "900000", "fork", 65536));
    CHECK_NOTHROW(memout_row("count:all", gac, kKill + "60000 kB", kEmpty, "", "process", 65536));
    CHECK_NOTHROW(memout_row("count:all", gac, kKill + "60000 kB", kEmpty, "1200", "process", 65536));
    for (const char* n : {"58982", "1000", "0"})
        CHECK_THROWS_WITH(memout_row("count:all", gac, kKill + n + " kB", kEmpty, n, "fork", 65536),
                          Contains("r.csv:2:3: column 'message' is '") &&
                              Contains("where the sandbox calls a SIGKILL an OOM kill only at a peak of at least 90 % of "
                                       "limits.memory (65536 kB)"));
    for (const char* rss : {"59000", "60001", ""})
        CHECK_THROWS_WITH(memout_row("count:all", gac, kKill + "60000 kB", kEmpty, rss, "fork", 65536),
                          Contains(std::string("r.csv:2:5: column 'max_rss_kb' is '") + rss +
                                   "', where its message says the killed process peaked at 60000 kB, which in fork isolation "
                                   "is the row's peak too"));
    // Only the form the sandbox writes: a whole number of kB, nothing after it.
    for (const std::string& tail : {std::string("060000 kB"), std::string("60000 kB "), std::string(" kB"), std::string("6e4 kB"),
                                    std::string("60000 kB at a peak of 60000 kB")})
        CHECK_THROWS_WITH(memout_row("count:all", gac, kKill + tail, kEmpty, "60000", "fork", 65536),
                          Contains("where a 'memout' run of gac writes 'out of memory'"));

    // A tool's: max_rss_kb, where known, is the run's process's peak plus the tool's, so at least the
    // tool's peak (X) or what its processes held together (T); T is above the limit, which is why
    // they were stopped.
    const std::string ran_out = "minizinc ran out of memory (limit 65536 kB, the tool's peak resident set 70000 kB)";
    CHECK_NOTHROW(memout_row("count:all", minizinc, ran_out, kEmpty, "78000", "process", 65536));
    CHECK_NOTHROW(memout_row("count:all", minizinc, ran_out, kEmpty, "", "fork", 65536));
    CHECK_THROWS_WITH(memout_row("count:all", minizinc, ran_out, kEmpty, "69999", "process", 65536),
                      Contains("r.csv:2:5: column 'max_rss_kb' is '69999', below the tool's peak its message names (70000 kB)"));
    CHECK_THROWS_WITH(memout_row("count:all", minizinc, ran_out + " x", kEmpty, "78000", "process", 65536),
                      Contains("column 'message'") && Contains("or its tool's naming limits.memory"));
    const auto held = [](const std::string& kb) {
        return "minizinc's processes held " + kb + " kB together (polled every 20 ms), above the memory limit (65536 kB): stopped";
    };
    CHECK_NOTHROW(memout_row("count:all", minizinc, held("65537"), kEmpty, "73000", "process", 65536));
    CHECK_NOTHROW(memout_row("count:all", minizinc, held("70000"), kEmpty, "", "fork", 65536));
    for (const char* kb : {"65536", "1000"})
        CHECK_THROWS_WITH(memout_row("count:all", minizinc, held(kb), kEmpty, "73000", "process", 65536),
                          Contains("r.csv:2:3: column 'message' is '") &&
                              Contains("where the tool's processes are stopped only once they hold more than limits.memory "
                                       "(65536 kB) together"));
    CHECK_THROWS_WITH(memout_row("count:all", minizinc, held("70000"), kEmpty, "69000", "process", 65536),
                      Contains("r.csv:2:5: column 'max_rss_kb' is '69000', below what its message says the tool's processes "
                               "held (70000 kB)"));
    CHECK_THROWS_WITH(memout_row("count:all", minizinc, held("70000") + ".", kEmpty, "73000", "process", 65536),
                      Contains("column 'message'"));
}
