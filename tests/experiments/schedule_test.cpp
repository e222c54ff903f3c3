// Execution order (config `order`) and warm-up runs (config `warmup`).
#include "experiments/config.hpp"
#include "experiments/schedule.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>

using namespace futolab;

namespace {

// 3 instances x 2 solvers x 3 repeats, in matrix order.
std::vector<PlannedRun> matrix_runs() {
    std::vector<PlannedRun> runs;
    for (int i = 0; i < 3; ++i)
        for (int s = 0; s < 2; ++s)
            for (int r = 1; r <= 3; ++r) runs.push_back({runs.size(), i, s, r, 100 + runs.size(), false});
    return runs;
}

ExperimentConfig config_with(RunOrder order, int warmup = 0, std::uint64_t seed = 1) {
    ExperimentConfig c;
    c.order = order;
    c.warmup = warmup;
    c.seed = seed;
    return c;
}

std::vector<std::size_t> indices(const std::vector<PlannedRun>& runs) {
    std::vector<std::size_t> out;
    for (const PlannedRun& r : runs) out.push_back(r.index);
    return out;
}

}  // namespace

TEST_CASE("sequential keeps the matrix order, interleaved goes repeat by repeat", "[schedule]") {
    const auto runs = matrix_runs();
    CHECK(indices(schedule_runs(runs, config_with(RunOrder::sequential))) == indices(runs));
    const auto inter = schedule_runs(runs, config_with(RunOrder::interleaved));
    REQUIRE(inter.size() == runs.size());
    for (std::size_t i = 0; i < inter.size(); ++i) {
        CHECK(inter[i].repeat == static_cast<int>(i / 6) + 1);
        CHECK(inter[i].instance == static_cast<int>(i % 6) / 2);  // instance by instance
    }
    for (std::size_t i = 0; i < inter.size(); i += 2) CHECK(inter[i].solver != inter[i + 1].solver);
    CHECK(indices(inter) == indices(schedule_runs(runs, config_with(RunOrder::interleaved))));
}

TEST_CASE("interleaved: no spec always runs right after another on the same instance", "[schedule]") {
    // A fixed solver order let the second of two gac variants find the instance in cache:
    // 0.79x its time after the first, 1.06x before it (results/oracle/REPORT.md, round 8).
    std::vector<PlannedRun> runs;
    for (int i = 0; i < 60; ++i)
        for (int s = 0; s < 3; ++s)
            for (int r = 1; r <= 4; ++r) runs.push_back({runs.size(), i, s, r, 0, false});
    const auto inter = schedule_runs(runs, config_with(RunOrder::interleaved));
    std::array<int, 3> first{};
    std::array<std::array<int, 3>, 3> follows{};  // follows[a][b]: b right after a, same instance
    for (std::size_t i = 0; i < inter.size(); i += 3) {
        ++first[static_cast<std::size_t>(inter[i].solver)];
        for (std::size_t j = i + 1; j < i + 3; ++j) {
            REQUIRE(inter[j].instance == inter[i].instance);
            REQUIRE(inter[j].repeat == inter[i].repeat);
            ++follows[static_cast<std::size_t>(inter[j - 1].solver)][static_cast<std::size_t>(inter[j].solver)];
        }
    }
    // 240 (instance, repeat) groups: each spec first about a third of the time, and each of
    // the 6 ordered pairs about 80 times (fixed order: 240 for two pairs, 0 for the others).
    for (int a = 0; a < 3; ++a) {
        CHECK(first[static_cast<std::size_t>(a)] > 50);
        for (int b = 0; b < 3; ++b)
            if (a != b) CHECK(follows[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] > 40);
    }
    CHECK(indices(inter) != indices(schedule_runs(runs, config_with(RunOrder::interleaved, 0, 2))));
}

TEST_CASE("shuffled is a seeded permutation, the same on every call and resume", "[schedule]") {
    const auto runs = matrix_runs();
    const auto a = schedule_runs(runs, config_with(RunOrder::shuffled));
    CHECK(indices(a) == indices(schedule_runs(runs, config_with(RunOrder::shuffled))));
    CHECK(indices(a) != indices(runs));
    CHECK(indices(a) != indices(schedule_runs(runs, config_with(RunOrder::shuffled, 0, 2))));
    auto sorted = indices(a);
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == indices(runs));
    // A pair's repeats are not run back to back: fewer neighbours of the same pair than in
    // matrix order (12 of 17 there).
    int same_pair = 0;
    for (std::size_t i = 1; i < a.size(); ++i)
        same_pair += a[i].instance == a[i - 1].instance && a[i].solver == a[i - 1].solver;
    CHECK(same_pair < 6);
    // Resuming (some runs done) keeps the order of the rest.
    std::vector<PlannedRun> rest;
    for (const PlannedRun& r : runs)
        if (r.index % 3 != 0) rest.push_back(r);
    std::vector<std::size_t> expected;
    for (std::size_t i : indices(a))
        if (i % 3 != 0) expected.push_back(i);
    CHECK(indices(schedule_runs(rest, config_with(RunOrder::shuffled))) == expected);
}

TEST_CASE("warm-up runs come first: N per pair with runs left, copies of its first run", "[schedule]") {
    auto runs = matrix_runs();
    runs.erase(runs.begin(), runs.begin() + 3);  // pair (0, 0) is done
    for (RunOrder order : {RunOrder::sequential, RunOrder::interleaved, RunOrder::shuffled}) {
        const auto s = schedule_runs(runs, config_with(order, 2));
        REQUIRE(s.size() == runs.size() + 5 * 2);
        std::set<std::pair<int, int>> warmed;
        for (std::size_t i = 0; i < 10; ++i) {
            CHECK(s[i].warmup);
            CHECK(s[i].seed == runs[static_cast<std::size_t>(s[i].index) - 3].seed);
            CHECK((s[i].index % 3) == 0);  // the pair's first run
            warmed.insert({s[i].instance, s[i].solver});
        }
        CHECK(warmed.size() == 5);
        CHECK_FALSE(warmed.count({0, 0}));
        for (std::size_t i = 10; i < s.size(); ++i) CHECK_FALSE(s[i].warmup);
    }
    CHECK(schedule_runs(runs, config_with(RunOrder::shuffled, 0)).size() == runs.size());
}
