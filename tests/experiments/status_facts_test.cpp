// experiments/status_facts.hpp (issue #45, round 10, finding 15): a row's status must agree
// with its own solution, solutions and output cells, as each task kind writes them.
#include "experiments/status_facts.hpp"

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
