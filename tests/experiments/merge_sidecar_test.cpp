// A shard's sidecar says how its sweep ran (isolation, memory limit mechanism, timing order,
// warm-up and pinning, the matrix's total_runs), and merge copies that into the merged sidecar:
// each is held to what a sweep of the sidecar's own config writes, by merge as by resume
// (experiments/sidecar_protocol.hpp). Merge checked them only shard against shard, so an
// order kind's sidecar edited to say `isolation: process` or `warmup: 1`, or a 2-run sweep's
// to say `total_runs: 3`, was merged.
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/runner_helpers.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::replace_in_file;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Two runs (seeds 3 and 4) of a kind that runs only as threads of futolab, without limits.
const std::string kTwoRuns = "name: c\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 3, count: 2 }\n"
                             "methods: [ \"exact-sample\" ]\n";

fs::path sweep(const std::string& name, const std::string& config, const std::string& flags = "") {
    const fs::path dir = futolab::test::fresh_dir("merge-sidecar", name);
    std::ofstream(dir / "cfg.yaml") << config;
    const auto made = run_cli("run -q cfg.yaml --out base" + flags, dir.string());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    return dir;
}

// DIR/base copied to DIR/o with `from` replaced by `to` in NAME.csv's sidecar: merge and resume
// refuse it (exit 2), merge saying "its sidecar says `says`" and writing nothing.
void refused(const fs::path& dir, const std::string& name, const std::string& from, const std::string& to,
             const std::string& says, const std::string& flags = "") {
    INFO(from << " -> " << to);
    fs::remove_all(dir / "o");
    fs::remove_all(dir / "m");
    fs::copy(dir / "base", dir / "o");
    replace_in_file((dir / "o" / (name + ".csv.meta.yaml")).string(), from, to);
    const auto merged = run_cli("merge o/" + name + ".csv --out m/" + name + ".csv", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 2);
    CHECK(has(merged.err, "o/" + name + ".csv: its sidecar says " + says));
    CHECK(has(merged.err, ": refusing to merge it"));
    CHECK_FALSE(fs::exists(dir / "m" / (name + ".csv")));
    const auto resumed = run_cli("run -q cfg.yaml --out o --resume" + flags, dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 2);
    CHECK(has(resumed.err, "refusing to resume"));
}

void accepted(const fs::path& dir, const std::string& name, const std::string& flags = "") {
    fs::remove_all(dir / "o");
    fs::remove_all(dir / "m");
    fs::copy(dir / "base", dir / "o");
    const auto merged = run_cli("merge o/" + name + ".csv --out m/" + name + ".csv", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    const auto resumed = run_cli("run -q cfg.yaml --out o --resume" + flags, dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
}

}  // namespace

TEST_CASE("merge holds a shard sidecar's run fields to its own config, as resume does", "[merge][resume][exact-sample]") {
    const fs::path dir = sweep("order-kind", kTwoRuns);
    accepted(dir, "c");
    refused(dir, "c", "isolation: thread", "isolation: process",
            "isolation: process, where task exact-sample runs only as threads of futolab (thread)");
    refused(dir, "c", "memory_limit: none", "memory_limit: 100MB",
            "memory_limit: 100MB, where a sweep of its config in isolation thread writes none");
    refused(dir, "c", "warmup: 0", "warmup: 1", "timing warmup: 1, where its config sets 0");
    refused(dir, "c", "order: shuffled", "order: sequential", "timing order: sequential, where its config runs shuffled");
    refused(dir, "c", "pin: false", "pin: true", "timing pin: true, where its config sets no pin");
    refused(dir, "c", "total_runs: 2", "total_runs: 3", "total_runs: 3, where its config's run matrix has 2 runs");
}

TEST_CASE("merge takes a sweep in the isolation --isolation chose and refuses one its config cannot run in", "[merge][resume]") {
    const std::string config = "name: s\nrepeats: 2\ninstances:\n  - file: " + futolab::test::kRoot +
                               "/corpora/tatham-dev/n04.tatham\nsolvers: [ \"gac\" ]\noutput: s.csv\n";
    const fs::path dir = sweep("isolation-flag", config + "isolation: thread\n", " --isolation fork");
    accepted(dir, "s", " --isolation fork");
    refused(dir, "s", "memory_limit: none", "memory_limit: rlimit",
            "memory_limit: rlimit, where a sweep of its config in isolation fork writes none", " --isolation fork");
    // limits.memory needs a process of the run's own: a sidecar saying thread is none of its sweeps'.
    const fs::path limited = sweep("isolation-limits", config + "limits: { memory: 2GB }\n", " --isolation fork");
    accepted(limited, "s", " --isolation fork");
    refused(limited, "s", "memory_limit: rlimit", "memory_limit: cgroup-v2",
            "memory_limit: cgroup-v2, where a sweep of its config in isolation fork writes rlimit", " --isolation fork");
    refused(limited, "s", "isolation: fork", "isolation: thread", "isolation: thread, where its config cannot run so",
            " --isolation fork");
}
