// Issue #18's guards on the external backends, end to end through run_solver: hostile file
// names and ids never reach a shell, and a tool that is missing, crashes, or prints garbage,
// a wrong, a repeated or one solution too many gives an error row naming why — never a crash,
// never an accepted wrong answer. The misbehaving tools are fakes put first on PATH.
#include "solvers/external/process.hpp"
#include "solvers/clpfd/clpfd.hpp"
#include "solvers/ilp/lp_model.hpp"
#include "solvers/minizinc/minizinc.hpp"
#include "fake_tools.hpp"
#include "agreement.hpp"
#include "../../app/cli_runner.hpp"

using namespace futolab;
using futolab::test::FakeTools;
using futolab::test::run_spec;

namespace {

const char* const kConjure = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";     // its unique solution
const char* const kLatinNotConjure = "1 2 3 4/2 3 4 1/3 4 1 2/4 1 2 3";  // a Latin square that breaks it

Puzzle conjure() { return Puzzle::compile(read_instances(std::string(FUTOLAB_DATA_DIR) + "/conjure-tutorial-4x4.param").at(0)); }

SolveResult solve(const std::string& spec, const Puzzle& p, Mode mode = Mode::count_to(2)) {
    return run_spec(spec, p, mode).result;
}

void expect_error(const SolveResult& r, const std::string& start) {
    INFO(r.message);
    CHECK(r.status == Status::error);
    CHECK(r.message.starts_with(start));
    CHECK(r.solution.empty());
}

}  // namespace

TEST_CASE("a file named $(touch pwned).jsonl with a hostile id is solved safely", "[external][hostile]") {
    const external::TempDir dir("hostile");
    const std::string id = "a\\\"b';rm -rf x;$(touch pwned2);`touch pwned3`";
    const auto file = dir.write("$(touch pwned).jsonl",
                                "{\"id\": \"" + id + "\", \"n\": 4, \"givens\": [[0,0,2],[1,1,2]], "
                                "\"lt\": [[0,0,1,0],[3,1,2,1],[2,2,2,3],[2,3,3,3]]}\n");
    const Puzzle p = Puzzle::compile(read_instances(file.string()).at(0));
    for (const char* spec : {"minizinc", "clpfd", "ilp"}) {
        const SolveResult r = solve(spec, p);
        INFO(spec << ": " << r.message);
        CHECK(r.status == Status::unique);
    }
    // And through the command line, run in that directory.
    external::ProcessSpec cli;
    cli.argv = {FUTOLAB_CLI, "solve", "--count", "2", "--format", "csv", "-s", "minizinc", "-s", "clpfd", "-s", "ilp",
                file.filename().string()};
    cli.dir = dir.path();
    const external::ProcessResult out = external::run_process(cli);
    INFO(out.err);
    CHECK(out.exit_code == 0);
    CHECK(out.out.find("b';rm -rf x;$(touch pwned2)") != std::string::npos);
    CHECK(out.out.find(",unique,") != std::string::npos);
    for (const char* pwned : {"pwned", "pwned2", "pwned3"}) CHECK_FALSE(std::filesystem::exists(dir.path() / pwned));
}

// Red-team round 28, A F6: with TMPDIR=/tmp/p%sx every ilp run was an error row, since CBC's
// command parser takes a `%` in an argument for no file ("No match for …"). Each tool is given
// names relative to its scratch folder; TMPDIR here holds the characters a parser might take.
TEST_CASE("every external tool solves under a TMPDIR with percent signs spaces and quotes", "[external][hostile]") {
    const std::filesystem::path tmp = test::fresh_dir("external", "tmpdir") / "p%sx %d 'q' $x";
    std::filesystem::create_directories(tmp);
    // Quoted for the shell: each of the name's own quotes as '\''.
    const std::string env = "TMPDIR='" + tmp.parent_path().string() + "/p%sx %d '\\''q'\\'' $x' ";
    for (const char* spec : {"minizinc", "clpfd", "ilp"}) {
        const test::CliResult r = test::run_cli_env(env, std::string("solve --count 2 --format csv -s ") + spec +
                                                             " conjure-tutorial-4x4.param",
                                                    FUTOLAB_DATA_DIR);
        INFO(spec << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find(",unique,") != std::string::npos);
    }
}

TEST_CASE("a tool missing from PATH is an error row naming it and its package", "[external][hostile]") {
    const external::TempDir empty("no-tools");
    const test::PathPrefix only(empty.path(), true);
    const Puzzle p = conjure();
    expect_error(solve("minizinc", p), "minizinc not found on PATH (Debian package minizinc)");
    expect_error(solve("clpfd", p), "swipl not found on PATH (Debian package swi-prolog-nox)");
    expect_error(solve("ilp", p), "cbc not found on PATH (Debian package coinor-cbc)");
}

TEST_CASE("minizinc printing garbage or wrong answers gives error rows", "[external][hostile][minizinc]") {
    const Puzzle p = conjure();
    FakeTools fake;
    fake.print("minizinc", std::string(kLatinNotConjure) + "\n----------\n==========\n");
    expect_error(solve("minizinc", p), "minizinc: solution 1 is wrong: ");
    fake.print("minizinc", "hello\x01world\n");
    expect_error(solve("minizinc", p), "line 1 of minizinc output: the output ends inside a solution");
    fake.print("minizinc", std::string(kConjure) + "\n----------\n" + kConjure + "\n----------\n");
    expect_error(solve("minizinc", p), "minizinc: solution 2 repeats an earlier one");
    fake.print("minizinc", std::string(kConjure) + "\n----------\n");  // neither 2 solutions nor ==========
    expect_error(solve("minizinc", p), "minizinc ended without finishing the search or saying why");
    fake.print("minizinc", std::string(kConjure) + "\n----------\n==========\n%%%mzn-stat: nodes=1e9\n");
    expect_error(solve("minizinc", p), "minizinc statistic nodes is not a whole number: '1e9'");
    fake.print("minizinc", "=====UNKNOWN=====\n");
    expect_error(solve("minizinc", p), "line 1 of minizinc output: the solver ended with '=====UNKNOWN====='");
    fake.add("minizinc", "echo 'Error: type error in futoshiki.mzn' >&2; exit 1");
    expect_error(solve("minizinc", p), "minizinc exited with status 1: Error: type error in futoshiki.mzn");
    fake.add("minizinc", "kill -SEGV $$");
    const SolveResult crash = solve("minizinc", p);
    CHECK(crash.status == Status::crash);
    CHECK(crash.message == "minizinc killed by SIGSEGV");
    // One solution more than asked for (an empty 2x2 has two).
    fake.print("minizinc", "1 2/2 1\n----------\n2 1/1 2\n----------\n");
    expect_error(solve("minizinc", test::empty_square(2), Mode::first()), "minizinc printed 2 solutions, 1 were asked for");
}

TEST_CASE("swipl printing garbage or wrong answers gives error rows", "[external][hostile][clpfd]") {
    const Puzzle p = conjure();
    FakeTools fake;
    fake.print("swipl", std::string("solution ") + kLatinNotConjure + "\nsolutions 1\ninferences 5\n");
    expect_error(solve("clpfd", p), "clpfd: solution 1 is wrong: ");
    fake.print("swipl", std::string("solution ") + kConjure + "\nsolution " + kConjure + "\nsolutions 2\ninferences 5\n");
    expect_error(solve("clpfd", p), "clpfd: solution 2 repeats an earlier one");
    fake.print("swipl", std::string("solution ") + kConjure + "\nsolutions 2\ninferences 5\n");
    expect_error(solve("clpfd", p), "line 2 of the clpfd answer: says 2 solutions but printed 1");
    fake.print("swipl", "\x7f\xff garbage");
    expect_error(solve("clpfd", p), "line 1 of the clpfd answer: unexpected '?\xff garbage'");
    fake.print("swipl", "solutions 0\ninferences -5\n");
    expect_error(solve("clpfd", p), "line 2 of the clpfd answer: unexpected 'inferences -5'");
}

TEST_CASE("cbc writing garbage or wrong answers gives error rows", "[external][hostile][ilp]") {
    const Puzzle p = conjure();
    FakeTools fake;
    // cbc model.lp solve solu FILE: the solution file is $4.
    const auto cbc_writes = [&](const std::string& solution) {
        fake.add("cbc", "cat > \"$4\" <<'END'\n" + solution + "END");
    };
    std::string latin = "Optimal - objective value 0\n";
    const std::string wrong = kLatinNotConjure;
    for (int cell = 0, i = 0; cell < 16; ++cell, i += 2)
        latin += "  " + std::to_string(cell) + " x_" + std::to_string(cell / 4 + 1) + "_" + std::to_string(cell % 4 + 1) +
                 "_" + wrong[static_cast<std::size_t>(i)] + " 1 0\n";
    cbc_writes(latin);
    expect_error(solve("ilp", p), "cbc: solution 1 is wrong: ");
    cbc_writes("Stopped on iterations - objective value 0\n");
    expect_error(solve("ilp", p), "line 1 of the cbc solution: status 'Stopped on iterations - objective value 0'");
    cbc_writes("Optimal - objective value 0\n  0 x_1_1_1 0.5 0\n");
    expect_error(solve("ilp", p), "line 2 of the cbc solution: x_1_1_1 = 0.5 is not 0 or 1");
    cbc_writes("Optimal - objective value 0\n  0 x_9_1_1 1 0\n");
    expect_error(solve("ilp", p), "line 2 of the cbc solution: unknown variable 'x_9_1_1'");
    fake.add("cbc", "exit 0");
    expect_error(solve("ilp", p), "cbc wrote no solution file");
}

TEST_CASE("cbc ignoring the no-good cut cannot inflate a count", "[external][hostile][ilp]") {
    // The real cbc finds the solution; the fake then returns it again whatever the cuts say.
    const Puzzle p = conjure();
    const auto real = external::find_program("cbc");
    REQUIRE(real);
    FakeTools fake;
    fake.add("cbc", "'" + real->string() + "' \"$1\" \"$2\" \"$3\" \"$4\" >/dev/null; "
                    "if [ -f \"$TMPDIR/first\" ]; then cp \"$TMPDIR/first\" \"$4\"; else cp \"$4\" \"$TMPDIR/first\"; fi");
    CHECK(solve("ilp", test::empty_square(3), Mode::first()).status == Status::solved);
    expect_error(solve("ilp", p), "cbc: solution 2 repeats an earlier one");
}

TEST_CASE("the real tools under a tiny memory limit are memout rows", "[external][memout]") {
    // 20 MiB of address space: none of the three can start its solver in that.
    const Puzzle p = conjure();
    for (const char* spec : {"minizinc", "clpfd", "ilp"}) {
        const SolveResult r = run_spec(spec, p, Mode::count_to(2), {0, 0, 20u << 20}).result;
        INFO(spec << ": " << r.message);
        CHECK(r.status == Status::memout);
        CHECK(r.solution.empty());
    }
    // And with room enough, the same runs are fine.
    CHECK(run_spec("clpfd", p, Mode::count_to(2), {0, 0, 1u << 30}).result.status == Status::unique);
}

// Issue #25: the sources the tools read (CBC's LP file, the Prolog term, the MiniZinc data)
// are made of numbers and futolab's own words: the same text whatever the instance's id holds.
TEST_CASE("the LP, Prolog and MiniZinc texts hold nothing of the instance's id", "[external][hostile]") {
    Instance plain = conjure().to_instance();
    Instance hostile = plain;
    plain.id = "plain";
    hostile.id = "x'). :- shell('touch pwned'). %\n\"; constraint false; `touch pwned` \\ End\nSubject To";
    const Puzzle a = Puzzle::compile(plain), b = Puzzle::compile(hostile);
    REQUIRE(b.id() == hostile.id);
    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> texts{
        {"lp", {ilp::lp_model(a, {{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4}}), ilp::lp_model(b, {{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4}})}},
        {"prolog", {clpfd::puzzle_term(a), clpfd::puzzle_term(b)}},
        {"dzn", {minizinc::data_text(a), minizinc::data_text(b)}},
    };
    for (const auto& [language, pair] : texts) {
        INFO(language << ":\n" << pair.second);
        CHECK(pair.first == pair.second);
        for (const char* part : {"plain", "pwned", "shell", "constraint", "'", "\"", "`"})
            CHECK(pair.second.find(part) == std::string::npos);
    }
}
