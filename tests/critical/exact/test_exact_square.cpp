// The per-square exact search (critical/exact/exact_square.hpp) against the table of all squares:
// on the classes of order 4 and a spread of order 5 it must give each class's own minimum
// (the table-based class search), its set must be uniquely completable and critical by the
// table's masks, no cheaper set may be (brute force at n = 4), and a set one clue short of
// the minimum must be refused by the independent verification. Past its deadline it must
// still answer with true bounds. The CLI mode refuses what it cannot honour.
#include "critical/exact/exact_square.hpp"

#include "critical/clue_universe.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact_squares.hpp"
#include "generators/latin/square.hpp"
#include "critical/oracle/verify.hpp"

#include <catch2/catch.hpp>

#include <atomic>

#include <chrono>

using namespace futolab;
using namespace futolab::critical;

namespace {

bool unique_by_table(const std::vector<ClueMask>& violations, const ClueMask& s) {
    for (const ClueMask& v : violations)
        if (!v.empty() && !v.intersects(s)) return false;
    return true;
}

ClueSet clue_set_of(int clues, const std::vector<int>& indices) {
    ClueSet set(static_cast<std::size_t>(clues), 0);
    for (int i : indices) set[static_cast<std::size_t>(i)] = 1;
    return set;
}

// Every set of `size` clues among `allowed` (recursive choice), true if one is unique.
bool some_unique_of_size(const std::vector<ClueMask>& violations, const std::vector<int>& allowed, std::size_t from, int size,
                         ClueMask chosen) {
    if (size == 0) return unique_by_table(violations, chosen);
    for (std::size_t i = from; i + static_cast<std::size_t>(size) <= allowed.size(); ++i) {
        ClueMask next = chosen;
        next.set(allowed[i]);
        if (some_unique_of_size(violations, allowed, i + 1, size - 1, next)) return true;
    }
    return false;
}

void same_as_class_search(int n, const SquareTable& table, const SquareClass& c, std::size_t index, ExactObjective objective) {
    ExactOptions per_class;
    per_class.prune = false;
    const ClassResult want = solve_class(n, c, index, objective, table, per_class);
    const SquareOptimum got = exact_square(n, c.square, objective);
    INFO("n=" << n << " class " << index << " objective " << exact_objective_name(objective));
    REQUIRE(got.exact);
    REQUIRE_FALSE(got.timed_out);
    REQUIRE(got.feasible == want.optimum.feasible);
    if (!want.optimum.feasible) return;
    REQUIRE(got.cost == want.optimum.cost);
    REQUIRE(got.lower == got.cost);
    const ClueMask set = ClueMask::of(got.clues);
    REQUIRE(cost_of(cost_model(n, objective), set) == got.cost);
    const std::vector<ClueMask> v = table.violations(c.square);
    REQUIRE(unique_by_table(v, set));
    for (int i : got.clues) {  // critical
        ClueMask less = set;
        less.reset(i);
        REQUIRE_FALSE(unique_by_table(v, less));
    }
}

}  // namespace

TEST_CASE("per-square exact: every class of order 4, a spread of order 5", "[critical][exact][per-square][heavy]") {
    for (int n : {4, 5}) {
        const SquareTable table(n);
        const std::vector<SquareClass> classes = square_classes(n);
        const std::size_t step = n == 4 ? 1 : 997;  // n = 5: 11 of the 10 192 classes
        for (std::size_t i = 0; i < classes.size(); i += step)
            for (ExactObjective o : {ExactObjective::k_only, ExactObjective::h_plus_k, ExactObjective::two_h_three_k})
                same_as_class_search(n, table, classes[i], i, o);
    }
}

TEST_CASE("per-square exact: the cyclic squares of order 4 and 5 attain the known minima", "[critical][exact][per-square][heavy]") {
    // results/critical/exact: min k = min h+k = floor(n²/4), min 2h+3k = 2 floor(n²/4) over all
    // squares of order n ≤ 5; the cyclic square attains all three.
    for (int n : {4, 5}) {
        const int quarter = n * n / 4;
        const std::vector<int> L = cyclic_square(n);
        const SquareTable table(n);
        const std::vector<ClueMask> v = table.violations(L);
        for (auto [objective, want] : {std::pair{ExactObjective::k_only, quarter}, std::pair{ExactObjective::h_plus_k, quarter},
                                       std::pair{ExactObjective::two_h_three_k, 2 * quarter}}) {
            const SquareOptimum r = exact_square(n, L, objective);
            INFO("n=" << n << " objective " << exact_objective_name(objective));
            REQUIRE(r.exact);
            REQUIRE(r.cost == want);
            const ClueUniverse u(n, L);
            const Verification ok = verify_critical_set(u, clue_set_of(u.size(), r.clues), "gecode");
            REQUIRE(ok.uniquely_completable);
            REQUIRE(ok.critical);
            // One clue short is too small: the independent backend refuses it.
            std::vector<int> short_set = r.clues;
            short_set.pop_back();
            const Verification refused = verify_critical_set(u, clue_set_of(u.size(), short_set), "gecode");
            REQUIRE_FALSE(refused.uniquely_completable);
            REQUIRE_FALSE(unique_by_table(v, ClueMask::of(short_set)));
        }
    }
    // Brute force at n = 4, k: no set of 3 relations of the cyclic square is unique.
    const std::vector<int> L = cyclic_square(4);
    std::vector<int> relations;
    for (int i = 16; i < 16 + 24; ++i) relations.push_back(i);
    const SquareTable table(4);
    REQUIRE_FALSE(some_unique_of_size(table.violations(L), relations, 0, 3, ClueMask{}));
    REQUIRE(some_unique_of_size(table.violations(L), relations, 0, 4, ClueMask{}));
}

TEST_CASE("per-square exact: past the deadline, true bounds and a critical set", "[critical][exact][per-square]") {
    for (int n : {6, 7}) {
        ExactOptions options;
        options.deadline = std::chrono::steady_clock::now();  // already passed: bounds only
        const std::vector<int> L = cyclic_square(n);
        const SquareOptimum r = exact_square(n, L, ExactObjective::two_h_three_k, options);
        INFO("n=" << n);
        REQUIRE(r.feasible);
        REQUIRE(r.lower <= r.cost);
        if (!r.exact) REQUIRE(r.timed_out);
        const ClueUniverse u(n, L);
        const Verification ok = verify_critical_set(u, clue_set_of(u.size(), r.clues), "sat");
        REQUIRE(ok.uniquely_completable);
        REQUIRE(ok.critical);
        // 2(n−1) is a proved lower bound (issue #26): the search's may not exceed the set's cost.
        REQUIRE(r.cost >= 2 * (n - 1));
    }
}

// The experiment runner's interrupt (ExactOptions::stop, task exact-square): a raised stop ends
// the search as a deadline does, with true bounds; a lowered one changes nothing.
TEST_CASE("per-square exact: a raised stop flag ends the search with bounds, a lowered one does not", "[critical][exact][per-square]") {
    const int n = 7;
    const std::vector<int> L = cyclic_square(n);
    std::atomic<bool> stop{true};
    ExactOptions options;
    options.stop = &stop;
    const SquareOptimum stopped = exact_square(n, L, ExactObjective::h_only, options);
    CHECK_FALSE(stopped.exact);
    CHECK(stopped.timed_out);
    CHECK(stopped.lower <= stopped.cost);
    stop = false;
    const SquareOptimum whole = exact_square(5, cyclic_square(5), ExactObjective::k_only, options);
    CHECK(whole.exact);
    CHECK(whole.cost == exact_square(5, cyclic_square(5), ExactObjective::k_only).cost);
}

TEST_CASE("per-square exact: order and objective are checked", "[critical][exact][per-square]") {
    REQUIRE_THROWS_AS(exact_square(10, cyclic_square(10), ExactObjective::k_only), InputError);
    REQUIRE_THROWS_AS(exact_square(4, cyclic_square(4), ExactObjective::frontier), InputError);
    // n = 2: the other square reverses every comparison, so one relation determines L.
    const SquareOptimum two = exact_square(2, {1, 2, 2, 1}, ExactObjective::k_only);
    REQUIRE(two.exact);
    REQUIRE(two.cost == 1);
}

#include "../../app/cli_runner.hpp"

TEST_CASE("critical --exact --square on the command line", "[critical][exact][per-square][cli][long]") {
    using futolab::test::run_cli;
    const std::string cyclic4 = "\"1 2 3 4/2 3 4 1/3 4 1 2/4 1 2 3\"";
    const auto r = run_cli("critical --exact --square " + cyclic4 + " --objective k");
    REQUIRE(r.exit_code == 0);
    const Json rec = Json::parse(r.out.substr(0, r.out.find('\n')));
    REQUIRE(rec["meta"]["exact"] == true);
    REQUIRE(rec["meta"]["per_square"] == true);
    REQUIRE(rec["meta"]["minimum"] == 4);
    REQUIRE(rec["meta"]["lower_bound"] == 4);
    REQUIRE(rec["meta"]["k"] == 4);
    REQUIRE(rec["meta"]["h"] == 0);
    REQUIRE(rec["meta"]["critical"] == true);
    REQUIRE(rec["meta"].contains("cpu_seconds"));
    // Conflicting or meaningless flags are refused, naming the flag.
    for (const std::string bad : {"--n 4", "--sample 3", "--shard 0/2", "--proof bb", "--per-class",
                                  "--engine cadical", "--below 3", "--oracle table"}) {
        const auto refused = run_cli("critical --exact --square " + cyclic4 + " --objective k " + bad);
        INFO(bad);
        REQUIRE(refused.exit_code == 2);
        REQUIRE_THAT(refused.err, Catch::Contains(bad.substr(0, bad.find(' '))));
    }
    // A CPU limit too short to finish: bounds, a verified critical set, meta.exact = false.
    const auto capped = run_cli("critical --exact --square \"" + [] {
        std::string s;
        for (int r = 0; r < 7; ++r) {
            if (r > 0) s += "/";
            for (int c = 0; c < 7; ++c) s += (c ? " " : "") + std::to_string((r + c) % 7 + 1);
        }
        return s;
    }() + "\" --objective h+k --cpu-limit 1ms");
    REQUIRE(capped.exit_code == 0);
    const Json bounded = Json::parse(capped.out.substr(0, capped.out.find('\n')));
    REQUIRE(bounded["meta"]["exact"] == false);
    REQUIRE(bounded["meta"]["timed_out"] == true);
    REQUIRE_FALSE(bounded["meta"].contains("minimum"));
    REQUIRE(bounded["meta"]["cpu_limit_s"] == 0.001);
    REQUIRE(bounded["meta"]["critical"] == true);
    REQUIRE(bounded["meta"]["lower_bound"].get<int>() <= bounded["meta"]["upper_bound"].get<int>());
    REQUIRE(bounded["meta"]["upper_bound"] == bounded["meta"]["h+k"]);
    REQUIRE(run_cli("critical --exact --square " + cyclic4 + " --objective frontier").exit_code == 2);
    REQUIRE(run_cli("critical --exact --square \"1 2/1 2\" --objective k").exit_code == 2);
    const auto big = run_cli("critical --exact --square \"" + [] {
        std::string s;
        for (int r = 0; r < 10; ++r) {
            if (r > 0) s += "/";
            for (int c = 0; c < 10; ++c) s += (c ? " " : "") + std::to_string((r + c) % 10 + 1);
        }
        return s;
    }() + "\" --objective k");
    REQUIRE(big.exit_code == 2);
    REQUIRE_THAT(big.err, Catch::Contains("takes n from 2 to 9"));
}
