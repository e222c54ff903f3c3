// The re-check of an external tool's claim of a complete search (solvers/run/claim_check.hpp):
// which results are claims, what the check answers (agree, wrong answer, could not finish),
// and the limits it gets. End to end with lying tools: tests/solvers/external/trust_test.cpp.
#include "solvers/run/claim_check.hpp"
#include "solvers/run/run.hpp"
#include "../support/puzzles.hpp"

#include "core/formats/formats.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>

using namespace futolab;

namespace {

Puzzle conjure() { return Puzzle::compile(read_instances(std::string(FUTOLAB_DATA_DIR) + "/conjure-tutorial-4x4.param").at(0)); }
const std::vector<int> kConjureSolution{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4};

// What a tool said: `status` with `solutions` solutions, the first one `first`.
SolveResult claim(Status status, std::uint64_t solutions, std::vector<int> first = {}) {
    SolveResult r;
    r.status = status;
    r.counters.solutions = solutions;
    r.solution = std::move(first);
    r.claimed_by = "tool";
    return r;
}

}  // namespace

TEST_CASE("a tool's finished status below what the mode asked for is a claim to check", "[trust]") {
    const Mode first = Mode::first(), two = Mode::count_to(2), three = Mode::count_to(3), all = Mode::count_all();
    CHECK(claims_complete_search(claim(Status::unsat, 0), first));
    CHECK(claims_complete_search(claim(Status::unsat, 0), two));
    CHECK(claims_complete_search(claim(Status::unique, 1), two));
    CHECK(claims_complete_search(claim(Status::counted, 576), all));
    CHECK(claims_complete_search(claim(Status::multiple, 2), three));
    // Proven by the verified solutions themselves: the mode's K found.
    CHECK_FALSE(claims_complete_search(claim(Status::solved, 1), first));
    CHECK_FALSE(claims_complete_search(claim(Status::solved, 1), Mode::count_to(1)));
    CHECK_FALSE(claims_complete_search(claim(Status::multiple, 2), two));
    CHECK_FALSE(claims_complete_search(claim(Status::multiple, 3), three));
    // Not finished: nothing claimed.
    for (Status s : {Status::timeout, Status::memout, Status::node_limit, Status::crash, Status::error})
        CHECK_FALSE(claims_complete_search(claim(s, 0), two));
    // futolab's own search: no tool named.
    SolveResult own = claim(Status::unique, 1);
    own.claimed_by.clear();
    CHECK_FALSE(claims_complete_search(own, two));
}

TEST_CASE("the check agrees with true claims and names what it found for false ones", "[trust]") {
    const Puzzle p = conjure();
    const Mode two = Mode::count_to(2);
    CHECK_FALSE(check_claim(p, two, claim(Status::unique, 1, kConjureSolution), {}, 1));
    CHECK(check_claim(p, two, claim(Status::unsat, 0), {}, 1) ==
          "wrong answer: tool claimed unsat (0 solutions), futolab's check (gac) found 1 solution");
    // Unique, but not with the solution the tool gave (here not even a solution: the caller
    // verified the tool's one before; a different unique one would mean a bug on one side).
    std::vector<int> other = kConjureSolution;
    std::swap(other[0], other[1]);
    CHECK(check_claim(p, two, claim(Status::unique, 1, other), {}, 1) ==
          "wrong answer: tool claimed unique (1 solution), futolab's check (gac) found 1 solution, a different one");
    const Puzzle empty3 = test::empty_puzzle(3);
    CHECK_FALSE(check_claim(empty3, Mode::count_all(), claim(Status::counted, 12), {}, 1));
    CHECK(check_claim(empty3, Mode::count_all(), claim(Status::counted, 13), {}, 1) ==
          "wrong answer: tool claimed counted (13 solutions), futolab's check (gac) found 12 solutions");
    // The check ignores a node limit: one node could not count the 12.
    CHECK_FALSE(check_claim(empty3, Mode::count_all(), claim(Status::counted, 12), {0, 1}, 1));
}

TEST_CASE("a check that cannot finish within the limits says so", "[trust]") {
    // Counting an empty 6x6's 812 851 200 Latin squares takes minutes; 50 ms cannot confirm it.
    const Puzzle empty6 = test::empty_puzzle(6);
    const auto start = std::chrono::steady_clock::now();
    const auto why = check_claim(empty6, Mode::count_all(), claim(Status::counted, 812'851'200), {0.05, 0, 0}, 1);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    REQUIRE(why);
    CHECK(*why == "claim not re-checked: tool claimed counted (812851200 solutions); futolab's check (gac) could not "
                  "finish within the run's limits (gac: timeout, wall time limit (0.05 s))");
    // Likewise under a CPU limit, and an outside stop.
    const auto cpu = check_claim(empty6, Mode::count_all(), claim(Status::counted, 812'851'200), {0, 0, 0, nullptr, 0.05}, 1);
    REQUIRE(cpu);
    CHECK(cpu->ends_with("could not finish within the run's limits (gac: timeout, cpu time limit (0.05 s))"));
    const std::atomic<bool> stop{true};
    const auto stopped = check_claim(empty6, Mode::count_all(), claim(Status::counted, 812'851'200), {0, 0, 0, &stop}, 1);
    REQUIRE(stopped);
    CHECK(stopped->ends_with("could not finish within the run's limits (gac: timeout)"));
    // Stopped having found more than the tool claimed: wrong whatever the rest would find.
    const auto more = check_claim(empty6, Mode::count_all(), claim(Status::counted, 3), {0.05, 0, 0}, 1);
    REQUIRE(more);
    CHECK(more->starts_with("wrong answer: tool claimed counted (3 solutions), futolab's check (gac) found at least "));
    CHECK(more->ends_with(" solutions before it stopped (gac: timeout, wall time limit (0.05 s))"));
}

TEST_CASE("the check gets what the run left of its time and CPU limits", "[trust]") {
    const std::atomic<bool> stop{false};
    const Limits limits{2.0, 100, 1u << 30, &stop, 3.0};
    const Limits left = limits_left(limits, 500'000'000, 1'000'000'000);
    CHECK(left.time_seconds == Approx(1.5));
    CHECK(left.cpu_seconds == Approx(2.0));
    CHECK(left.nodes == 0);
    CHECK(left.memory_bytes == limits.memory_bytes);
    CHECK(left.stop == &stop);
    // Used up: still a limit (0 would be none).
    const Limits spent = limits_left(limits, 3'000'000'000, 4'000'000'000);
    CHECK(spent.time_seconds > 0);
    CHECK(spent.time_seconds <= 1e-6);
    CHECK(spent.cpu_seconds > 0);
    CHECK(spent.cpu_seconds <= 1e-6);
    // None stays none.
    const Limits none = limits_left({}, 500'000'000, 500'000'000);
    CHECK(none.time_seconds == 0);
    CHECK(none.cpu_seconds == 0);
}
