// SPEC §4 "Nothing on trust", end to end through run_solver: a tool that claims its search was
// complete (unique, unsat, counted, or fewer than K) when it was not gives an error row naming
// the tool, its claim and what futolab's check found, with the tool's counters kept; the real
// tools' true claims stand; the check runs after the measured window. The lying tools are
// fakes put first on PATH (fake_tools.hpp). The check itself: tests/solvers/claim_check_test.cpp.
#include "solvers/external/solutions.hpp"
#include "solvers/external/temp_dir.hpp"
#include "fake_tools.hpp"
#include "agreement.hpp"

#include <chrono>

using namespace futolab;
using futolab::test::FakeTools;
using futolab::test::empty_square;
using futolab::test::run_spec;

namespace {

const char* const kLatin4 = "1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1";  // one of the 576 solutions of an empty 4x4
const char* const kOtherLatin4 = "2 1 4 3/1 2 3 4/4 3 2 1/3 4 1 2";

Puzzle conjure() { return Puzzle::compile(read_instances(std::string(FUTOLAB_DATA_DIR) + "/conjure-tutorial-4x4.param").at(0)); }

Puzzle unsat_instance() {  // two equal givens in a row
    Instance in;
    in.n = 4;
    in.givens = {{0, 0, 1}, {0, 3, 1}};
    return Puzzle::compile(in);
}

void expect_wrong_answer(const RunResult& run, const std::string& message) {
    INFO(run.result.message);
    CHECK(run.result.status == Status::error);
    CHECK(run.result.message == message);
}

// CBC's solution file for a grid of an n x n puzzle ("solu FILE" of `cbc model.lp solve solu FILE`).
std::string cbc_solution_file(const std::string& grid, int n) {
    const std::vector<int> values = external::parse_grid(grid, n).values;
    std::string text = "Optimal - objective value 0\n";
    for (int cell = 0; cell < n * n; ++cell)
        text += fmt::format("  {} x_{}_{}_{} 1 0\n", cell, cell / n + 1, cell % n + 1, values[static_cast<std::size_t>(cell)]);
    return text;
}

}  // namespace

TEST_CASE("minizinc claiming unique, unsat or fewer than K on an empty 4x4 is a wrong answer", "[external][trust][minizinc]") {
    FakeTools fake;
    const Puzzle empty = empty_square(4);
    // One solution, then "search complete", with its statistics.
    fake.print("minizinc", std::string(kLatin4) + "\n----------\n==========\n%%%mzn-stat: nodes=8\n%%%mzn-stat: failures=3\n"
                                                  "%%%mzn-stat: peakDepth=2\n%%%mzn-stat-end\n");
    const RunResult unique = run_spec("minizinc", empty, Mode::count_to(2));
    expect_wrong_answer(unique, "wrong answer: minizinc claimed unique (1 solution), futolab's check (gac) found 2 solutions");
    // The counters stay the tool's, the verified solution stays.
    CHECK(unique.result.counters.solutions == 1);
    CHECK(unique.result.counters.nodes == 7);
    CHECK(unique.result.counters.fails == 3);
    CHECK(unique.result.unknown == counter_bits({Counter::checks, Counter::propagations}));
    CHECK(unique.result.solution == external::parse_grid(kLatin4, 4).values);

    fake.print("minizinc", "=====UNSATISFIABLE=====\n");
    expect_wrong_answer(run_spec("minizinc", empty, Mode::first()),
                        "wrong answer: minizinc claimed unsat (0 solutions), futolab's check (gac) found 1 solution");
    expect_wrong_answer(run_spec("minizinc", empty, Mode::count_to(2)),
                        "wrong answer: minizinc claimed unsat (0 solutions), futolab's check (gac) found 2 solutions");
    expect_wrong_answer(run_spec("minizinc", empty, Mode::count_all()),
                        "wrong answer: minizinc claimed unsat (0 solutions), futolab's check (gac) found 576 solutions");

    // Two of at most three, "complete": the count 2 is the tool's word too.
    fake.print("minizinc", std::string(kLatin4) + "\n----------\n" + kOtherLatin4 + "\n----------\n==========\n");
    expect_wrong_answer(run_spec("minizinc", empty, Mode::count_to(3)),
                        "wrong answer: minizinc claimed multiple (2 solutions), futolab's check (gac) found 3 solutions");
    // Two of at most two proves itself: nothing to check.
    CHECK(run_spec("minizinc", empty, Mode::count_to(2)).result.status == Status::multiple);
}

TEST_CASE("swipl claiming counted or unsat on an empty 4x4 is a wrong answer", "[external][trust][clpfd]") {
    FakeTools fake;
    const Puzzle empty = empty_square(4);
    fake.print("swipl", std::string("solution ") + kLatin4 + "\nsolutions 1\ninferences 5\n");
    const RunResult counted = run_spec("clpfd", empty, Mode::count_all());
    expect_wrong_answer(counted, "wrong answer: swipl claimed counted (1 solution), futolab's check (gac) found 576 solutions");
    CHECK(counted.result.counters.checks == 5);
    CHECK(counted.result.counters.solutions == 1);
    expect_wrong_answer(run_spec("clpfd", empty, Mode::count_to(2)),
                        "wrong answer: swipl claimed unique (1 solution), futolab's check (gac) found 2 solutions");
    fake.print("swipl", "solutions 0\ninferences 5\n");
    expect_wrong_answer(run_spec("clpfd", empty, Mode::count_to(2)),
                        "wrong answer: swipl claimed unsat (0 solutions), futolab's check (gac) found 2 solutions");
    // A true claim from the same fake stands: the 4x4 with two equal givens in a row has none.
    const RunResult unsat = run_spec("clpfd", unsat_instance(), Mode::count_to(2));
    CHECK(unsat.result.status == Status::unsat);
    CHECK(unsat.result.message.empty());
}

TEST_CASE("cbc claiming infeasible too early on an empty 4x4 is a wrong answer", "[external][trust][ilp]") {
    FakeTools fake;
    const Puzzle empty = empty_square(4);
    // Infeasible at once: unsat.
    fake.add("cbc", "echo 'Infeasible - objective value 0' > \"$4\"");
    expect_wrong_answer(run_spec("ilp", empty, Mode::first()),
                        "wrong answer: cbc claimed unsat (0 solutions), futolab's check (gac) found 1 solution");
    // One solution, then infeasible despite 575 more: unique, and counted in count-all.
    const external::TempDir state("cbc-state");
    const auto first = state.write("first.txt", cbc_solution_file(kLatin4, 4));
    fake.add("cbc", "if [ -f '" + (state.path() / "done").string() + "' ]; then echo 'Infeasible - objective value 0' > \"$4\"; "
                    "else cp '" + first.string() + "' \"$4\"; touch '" + (state.path() / "done").string() + "'; fi");
    expect_wrong_answer(run_spec("ilp", empty, Mode::count_to(2)),
                        "wrong answer: cbc claimed unique (1 solution), futolab's check (gac) found 2 solutions");
    std::filesystem::remove(state.path() / "done");
    expect_wrong_answer(run_spec("ilp", empty, Mode::count_all()),
                        "wrong answer: cbc claimed counted (1 solution), futolab's check (gac) found 576 solutions");
}

TEST_CASE("the real tools' unique, unsat and counted stand after the check", "[external][trust]") {
    const Puzzle empty2 = empty_square(2);  // two solutions: count to 3 ends below K
    for (const char* spec : {"minizinc", "clpfd", "ilp"}) {
        INFO(spec);
        // Under limits too: the check gets what the run left of them.
        const RunResult unique = run_spec(spec, conjure(), Mode::count_to(2), {30.0, 0, 0, nullptr, 30.0});
        CHECK(unique.result.status == Status::unique);
        CHECK(unique.result.message.empty());
        const RunResult unsat = run_spec(spec, unsat_instance(), Mode::count_to(2));
        CHECK(unsat.result.status == Status::unsat);
        CHECK(unsat.result.message.empty());
        CHECK(run_spec(spec, unsat_instance(), Mode::first()).result.status == Status::unsat);
        const RunResult counted = run_spec(spec, empty_square(3), Mode::count_all());
        CHECK(counted.result.status == Status::counted);
        CHECK(counted.result.counters.solutions == 12);
        CHECK(counted.result.message.empty());
        const RunResult two = run_spec(spec, empty2, Mode::count_to(3));
        CHECK(two.result.status == Status::multiple);
        CHECK(two.result.counters.solutions == 2);
        CHECK(two.result.message.empty());
    }
}

TEST_CASE("the check's time is in neither wall_ns nor cpu_ns, and within the run's limits", "[external][trust][minizinc]") {
    // The tool answers at once; the check (counting an empty 6x6's 812 851 200 solutions) takes
    // what the run's 1 s limit leaves, and stops there, having already refuted the claim.
    FakeTools fake;
    fake.print("minizinc", "=====UNSATISFIABLE=====\n");
    const auto start = std::chrono::steady_clock::now();
    const RunResult run = run_spec("minizinc", empty_square(6), Mode::count_all(), {1.0, 0, 0});
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(run.result.message << "; elapsed " << elapsed << " s, wall_ns " << run.wall_ns << ", cpu_ns " << run.cpu_ns);
    CHECK(run.result.status == Status::error);
    CHECK(run.result.message.starts_with(
        "wrong answer: minizinc claimed unsat (0 solutions), futolab's check (gac) found at least "));
    CHECK(run.result.message.find("solutions before it stopped (gac: timeout, wall time limit (") != std::string::npos);
    CHECK(elapsed > 0.8);                 // the check ran ...
    CHECK(elapsed < 1.5);                 // ... within what the run left of its limit,
    CHECK(run.result.message.find("wall time limit (1 s)") == std::string::npos);  // not a fresh one,
    CHECK(run.wall_ns < 500'000'000);     // ... and outside the measured window
    CHECK(run.cpu_ns < 500'000'000);
}
