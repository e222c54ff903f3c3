// Backend `command` on tests/data/command/futoshiki.py, a plain backtracking solver in Python:
// it agrees with gac, its counter regex fills nodes, its wrong answers (on purpose: --lie)
// are caught by re-verification, and a time limit stops it with its whole process tree.
#include "../../app/cli_runner.hpp"
#include "../external/agreement.hpp"
#include "core/formats/formats.hpp"
#include "solvers/command/declaration.hpp"

#include <catch2/catch.hpp>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace futolab;

namespace {

const std::string kScript = FUTOLAB_SOURCE_DIR "/tests/data/command/futoshiki.py";

command::Declaration python_solver(std::vector<std::string> extra = {}) {
    command::Declaration d;
    d.name = "py";
    d.argv = {"python3", kScript, "{instance}", "{count}"};
    d.argv.insert(d.argv.end(), extra.begin(), extra.end());
    d.counters = {{"nodes", "^nodes=(\\d+)$"}};
    return d;
}

RunResult run_command(const command::Declaration& d, const Puzzle& p, Mode mode, Limits limits = {}) {
    const std::vector<command::Declaration> declared{d};
    return run_solver(*make_solver(parse_solver_spec("command:name=" + d.name, declared)), p, {mode, limits, 1});
}

// The process whose pid the tool wrote to `pidfile` was killed and reaped: no such process.
void check_gone(const std::filesystem::path& pidfile) {
    std::ifstream in(pidfile);
    pid_t child = 0;
    REQUIRE(in >> child);
    CHECK(::kill(child, 0) == -1);
    CHECK(errno == ESRCH);
}

Puzzle tatham_puzzle() { return Puzzle::compile(read_instances(FUTOLAB_DATA_DIR "/tatham-dev/n04.tatham").front()); }

}  // namespace

TEST_CASE("the Python solver agrees with gac on random instances (count to 3, n <= 5)", "[command][conformance][long]") {
    int done = 0;
    for (std::uint64_t seed = 1; done < 8; ++seed) {
        const test::RandomInstanceSpec rs = test::mixed_spec(seed);
        if (rs.n > 5) continue;
        const Puzzle p = Puzzle::compile(test::random_instance(rs, seed));
        const RunResult want = test::run_spec("gac", p, Mode::count_to(3)), got = run_command(python_solver(), p, Mode::count_to(3));
        INFO(p.id() << ": " << got.result.message);
        REQUIRE(got.result.status == want.result.status);
        CHECK(got.result.counters.solutions == want.result.counters.solutions);
        CHECK(got.result.counters.nodes > 0);  // from its nodes=N line
        CHECK(got.result.unknown == counter_bits({Counter::fails, Counter::checks, Counter::propagations, Counter::max_depth}));
        CHECK(got.cpu_ns >= got.result.tool_cpu_ns);
        CHECK(got.result.tool_cpu_ns > 0);  // python's CPU is the run's (SPEC §4)
        ++done;
    }
}

TEST_CASE("the Python solver counts L(3) = 12 and L(4) = 576 (count all, claim re-checked)", "[command][conformance]") {
    const RunResult l3 = run_command(python_solver(), test::empty_puzzle(3), Mode::count_all());
    CHECK(l3.result.status == Status::counted);
    CHECK(l3.result.counters.solutions == 12);
    CHECK(run_command(python_solver(), test::empty_puzzle(4), Mode::count_all()).result.counters.solutions == 576);
}

TEST_CASE("a wrong grid, a wrong UNSAT and a wrong COUNT are errors, never solved", "[command][trust]") {
    const Puzzle p = tatham_puzzle();
    const RunResult grid = run_command(python_solver({"--lie=grid"}), p, Mode::first());
    CHECK(grid.result.status == Status::error);
    CHECK_THAT(grid.result.message, Catch::StartsWith("wrong answer: command:name=py: solution 1 is wrong: "));
    const RunResult unsat = run_command(python_solver({"--lie=unsat"}), p, Mode::count_to(2));
    CHECK(unsat.result.status == Status::error);
    CHECK(unsat.result.message ==
          "wrong answer: command:name=py claimed unsat (0 solutions), futolab's check (gac) found 1 solution");
    const RunResult count = run_command(python_solver({"--lie=count"}), p, Mode::count_all());
    CHECK(count.result.status == Status::error);
    CHECK(count.result.message ==
          "wrong answer: command:name=py claimed counted (2 solutions), futolab's check (gac) found 1 solution");
    const RunResult short_count = run_command(python_solver({"--lie=count"}), p, Mode::count_to(2));
    CHECK(short_count.result.status == Status::error);
    CHECK(short_count.result.message ==
          "command:name=py: COUNT 2 reaches the 2 asked for, but only 1 SOLUTION lines: print all 2");
}

TEST_CASE("a time limit stops the command and every process it started", "[command][limits]") {
    const std::filesystem::path pidfile = test::fresh_dir("command", "hang") / "child.pid";
    // 2 s, not less: the child's pid is written after Python starts and forks, which took over
    // 0.5 s on a loaded CI machine (the pid file was missing, so nothing could be checked).
    const RunResult r = run_command(python_solver({"--hang=" + pidfile.string()}), tatham_puzzle(), Mode::first(), {2, 0, 0});
    CHECK(r.result.status == Status::timeout);
    CHECK(r.result.message == "wall time limit: command:name=py stopped");
    check_gone(pidfile);
}

TEST_CASE("a command that ignores SIGTERM is killed with its children at the time limit", "[command][limits]") {
    const std::filesystem::path pidfile = test::fresh_dir("command", "stubborn") / "child.pid";
    command::Declaration stubborn;
    stubborn.name = "stubborn";
    stubborn.argv = {"python3", "-c",
                     "import signal, subprocess, sys\n"
                     "ignore = 'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)'\n"
                     "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                     "open(sys.argv[1], 'w').write(str(subprocess.Popen([sys.executable, '-c', ignore]).pid))\n"
                     "while True: pass\n",
                     pidfile.string(), "{instance}"};
    const RunResult r = run_command(stubborn, tatham_puzzle(), Mode::first(), {2, 0, 0});  // 2 s: as above
    CHECK(r.result.status == Status::timeout);
    check_gone(pidfile);
}

TEST_CASE("a Python command over the memory limit is memout", "[command][limits]") {
    command::Declaration hog;
    hog.name = "hog";
    hog.argv = {"python3", "-c", "x = bytearray(1 << 30); print('UNSAT')", "{instance}"};
    Limits limits;
    limits.memory_bytes = std::uint64_t{256} << 20;
    const RunResult r = run_command(hog, tatham_puzzle(), Mode::first(), limits);
    INFO(r.result.message);
    CHECK(r.result.status == Status::memout);
}

TEST_CASE("command: node limits refused, a missing program, data stays one argument", "[command]") {
    const Puzzle p = tatham_puzzle();
    const RunResult nodes = run_command(python_solver(), p, Mode::first(), {0, 10, 0});
    CHECK(nodes.result.status == Status::error);
    CHECK(nodes.result.message == "command:name=py cannot enforce a node limit (run it without one)");
    command::Declaration missing = python_solver();
    missing.argv.front() = "no-such-futolab-tool";
    const RunResult none = run_command(missing, p, Mode::first());
    CHECK(none.result.status == Status::error);
    CHECK(none.result.message ==
          "command:name=py: 'no-such-futolab-tool' is not an executable program (on PATH or at that path)");
    // An element holding spaces, quotes and shell syntax reaches the tool as one argument.
    command::Declaration echo;
    echo.name = "echo";
    echo.argv = {"python3", "-c", "import sys; assert sys.argv[1:] == ['a b;$(x) \"q\"', sys.argv[2]]; print('UNSAT')",
                 "a b;$(x) \"q\"", "{instance}"};
    Instance clash;  // two equal givens in a row: unsat
    clash.n = 3;
    clash.givens = {{0, 0, 1}, {0, 1, 1}};
    const RunResult one = run_command(echo, Puzzle::compile(clash), Mode::first());
    INFO(one.result.message);
    CHECK(one.result.status == Status::unsat);
}
