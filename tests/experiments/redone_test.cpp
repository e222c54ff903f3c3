// experiments/sidecar_protocol.hpp, redone_problem (red-team round 28, B F4): a sidecar's
// `redone` items are held to the sweep it describes: each `at` within run.first_started …
// run.finished, each status one --redo of its config takes, its rows at most the shard's runs.
#include "experiments/sidecar_protocol.hpp"

#include "experiments/config.hpp"
#include "records/sidecar.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using futolab::RedoRecord;
using futolab::SidecarFacts;

namespace {

// Two runs of gac and backtracking counting to 2 under a time limit, in process isolation.
const futolab::ExperimentConfig& config() {
    static const futolab::ExperimentConfig c =
        futolab::parse_config("name: c\nmode: { count: 2 }\nlimits: { time: 2s }\ninstances:\n  - file: x.tatham\n"
                              "solvers: [ gac, backtracking ]\n",
                              "c.yaml");
    return c;
}

// A finished sweep's sidecar from 08:00:00 to 08:10:00 with these redo items.
SidecarFacts sidecar(const std::vector<RedoRecord>& redone, const std::string& finished = "2026-12-01T08:10:00Z") {
    SidecarFacts f;
    f.identity.name = "c";
    f.isolation = "process";
    f.total_runs = 2;
    f.shard_runs = 2;
    f.first_started = "2026-12-01T08:00:00Z";
    f.started = "2026-12-01T08:09:00Z";
    f.finished = finished;
    f.redone = redone;
    return f;
}

std::string problem(const RedoRecord& redo, const std::string& finished = "2026-12-01T08:10:00Z") {
    return futolab::redone_problem(sidecar({{"2026-12-01T08:05:00Z", {"timeout"}, 1}, redo}, finished), config());
}

}  // namespace

TEST_CASE("redone: a redo of the sweep itself is taken", "[resume][merge][redo]") {
    CHECK(futolab::redone_problem(sidecar({}), config()).empty());
    CHECK(problem({"2026-12-01T08:09:00Z", {"timeout", "crash", "error", "memout"}, 2}).empty());
    CHECK(problem({"2026-12-01T08:00:00Z", {"timeout"}, 0}).empty());
    // A minute and 2 s either way for a step of the clock and the whole seconds.
    CHECK(problem({"2026-12-01T07:58:58Z", {"timeout"}, 0}).empty());
    CHECK(problem({"2026-12-01T08:11:02Z", {"timeout"}, 0}).empty());
    CHECK(problem({"2026-12-01T08:30:00Z", {"timeout"}, 0}, "").empty());  // the run goes on: now bounds it
}

TEST_CASE("redone: a redo outside the sweep's span is refused", "[resume][merge][redo]") {
    CHECK_THAT(problem({"2030-12-01T08:22:07Z", {"timeout"}, 1}),
               StartsWith("redone[1] at: 2030-12-01T08:22:07Z, after run.finished 2026-12-01T08:10:00Z (its sidecar)"));
    CHECK_THAT(problem({"2026-12-01T08:11:03Z", {"timeout"}, 1}), StartsWith("redone[1] at: 2026-12-01T08:11:03Z, after"));
    CHECK_THAT(problem({"2020-12-01T08:22:07Z", {"timeout"}, 1}),
               StartsWith("redone[1] at: 2020-12-01T08:22:07Z, before run.first_started 2026-12-01T08:00:00Z, the start of "
                          "the CSV's first run"));
    CHECK_THAT(problem({"2026-12-01T07:58:57Z", {"timeout"}, 1}), Contains("before run.first_started"));
    CHECK_THAT(problem({"2999-12-01T08:22:07Z", {"timeout"}, 1}, ""),
               StartsWith("redone[1] at: 2999-12-01T08:22:07Z, after now (the run goes on: run.finished \"\")"));
    // Without run.first_started (an older futolab's) only the end bounds it.
    SidecarFacts older = sidecar({{"2020-12-01T08:22:07Z", {"timeout"}, 1}});
    older.first_started.clear();
    CHECK(futolab::redone_problem(older, config()).empty());
}

TEST_CASE("redone: a redo's statuses are ones --redo of its config takes", "[resume][merge][redo]") {
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {"bogus"}, 1}),
               StartsWith("redone[1] statuses: bogus, which is no run status (valid: solved, ") && Contains(") (its sidecar)"));
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {"timeout", "node_limit"}, 1}),
               StartsWith("redone[1] statuses: node_limit, a status no run of its config writes, which --redo refuses (it "
                          "runs under limits.time, in process isolation; its statuses: "));
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {"counted"}, 1}), Contains("a status no run of its config writes"));  // count:2
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {}, 1}), StartsWith("redone[1] statuses: [], where a --redo names at least one"));
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {"crash", "timeout", "crash"}, 1}),
               StartsWith("redone[1] statuses: crash twice, where a --redo names each status once"));
    // Without a time limit a timeout is no status of its runs.
    const futolab::ExperimentConfig untimed = futolab::parse_config(
        "name: c\nmode: { count: 2 }\ninstances:\n  - file: x.tatham\nsolvers: [ gac ]\n", "c.yaml");
    CHECK_THAT(futolab::redone_problem(sidecar({{"2026-12-01T08:09:00Z", {"timeout"}, 1}}), untimed),
               Contains("statuses: timeout, a status no run of its config writes"));
}

TEST_CASE("redone: a redo takes out at most the shard's runs", "[resume][merge][redo]") {
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {"timeout"}, 999}),
               StartsWith("redone[1] rows: 999, more than the 2 runs of shard 0 of 1 (its sidecar)"));
    CHECK_THAT(problem({"2026-12-01T08:09:00Z", {"timeout"}, 3}), Contains("rows: 3, more than the 2 runs"));
}
