// Red-team round 25, A F3: `run --resume` after FUTOLAB_NO_CGROUP was set or unset appended rows
// measured under another memory limit mechanism (RLIMIT_AS alone, or a kernel memory cgroup
// bounding the whole tree) and rewrote the sidecar's memory_limit, where merge refuses the same
// two halves as "shards of two isolations". A resume now refuses a change of mechanism, one
// line, exit 2, saying what differs, where the sidecar says it and how to get the old one
// back, the CSV and sidecar untouched; it never rewrites the mechanism recorded.
#include "records/sidecar.hpp"
#include "sandbox/cgroup.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli_env;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

constexpr const char* kNoCgroup = "FUTOLAB_NO_CGROUP=1 ";

// A finished sweep `m` (4 runs, process isolation, a memory limit) in DIR/out, under `env`.
void limited_sweep(const fs::path& dir, const std::string& env) {
    std::ofstream(dir / "m.yaml") << "name: m\nseed: 1\nrepeats: 2\nmode: { count: 2 }\nlimits: { time: 10s, memory: 512MB }\n"
                                     "instances:\n  - file: " FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl\n"
                                     "solvers: [ fc, gac ]\noutput: out/m.csv\n";
    const auto r = run_cli_env(env, "run -q m.yaml", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
}

// Its CSV without its last row, so a resume has a run to do.
void drop_last_row(const fs::path& csv) {
    std::string text = slurp(csv.string());
    text.pop_back();
    text.erase(text.rfind('\n') + 1);
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
}

// The sidecar's run.memory_limit line replaced by `line` ("" removes it).
void set_memory_limit(const fs::path& sidecar, const std::string& line) {
    std::string text = slurp(sidecar.string());
    const std::size_t at = text.find("  memory_limit: ");
    REQUIRE(at != std::string::npos);
    const std::size_t end = text.find('\n', at) + 1;
    text.replace(at, end - at, line.empty() ? "" : "  " + line + "\n");
    std::ofstream(sidecar, std::ios::binary | std::ios::trunc) << text;
}

std::string recorded(const fs::path& csv) { return futolab::read_sidecar(csv.string()).memory_limit; }

// A resume under `env` refused: one line naming the CSV, both mechanisms, the sidecar's line
// and `advice`; the CSV and sidecar as they were.
void refused(const fs::path& dir, const std::string& env, const std::string& was, const std::string& is, const std::string& advice) {
    const fs::path csv = dir / "out" / "m.csv";
    const std::string before = slurp(csv.string()), sidecar = slurp(csv.string() + ".meta.yaml");
    const auto r = run_cli_env(env, "run -q m.yaml --resume", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(has(r.err, "futolab: out/m.csv: its rows ran with limits.memory enforced by " + was + ", this resume would enforce it by " +
                         is + " (out/m.csv.meta.yaml:"));
    CHECK(has(r.err, "refusing to resume (its rows would mix two memory limit mechanisms); " + advice));
    CHECK(slurp(csv.string()) == before);
    CHECK(slurp(csv.string() + ".meta.yaml") == sidecar);
}

}  // namespace

TEST_CASE("resume refuses a change of the memory limit mechanism and never rewrites the recorded one", "[resume][memory][long]") {
    const std::optional<futolab::CgroupSite> site = futolab::memory_cgroup_site();
    const std::string here = site ? futolab::cgroup_mechanism(site->version) : "rlimit";  // a resume's without the switch
    const fs::path dir = fresh_dir("resume-memory-limit", "mechanism");
    const fs::path csv = dir / "out" / "m.csv";

    SECTION("made under RLIMIT_AS (FUTOLAB_NO_CGROUP=1)") {
        limited_sweep(dir, kNoCgroup);
        REQUIRE(recorded(csv) == "rlimit");
        drop_last_row(csv);
        if (site) refused(dir, "", "rlimit", here, "resume with FUTOLAB_NO_CGROUP=1 (as its rows ran), or use a new --out");
        // The same mechanism again: resumed, the recorded one kept.
        const auto r = run_cli_env(kNoCgroup, "run -q m.yaml --resume", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(recorded(csv) == "rlimit");
    }
    SECTION("made under a memory cgroup, resumed with FUTOLAB_NO_CGROUP=1") {
        if (!site) return;  // no cgroup here: the first run could not use one
        limited_sweep(dir, "");
        REQUIRE(recorded(csv) == here);
        drop_last_row(csv);
        refused(dir, kNoCgroup, here, "rlimit", "resume without FUTOLAB_NO_CGROUP (as its rows ran), or use a new --out");
        CHECK(run_cli_env("", "run -q m.yaml --resume", dir.string()).exit_code == 0);
        CHECK(recorded(csv) == here);
    }
    SECTION("recorded as a cgroup of a version this host does not give") {
        limited_sweep(dir, kNoCgroup);
        drop_last_row(csv);
        const std::string other = here == "cgroup-v2" ? "cgroup-v1" : "cgroup-v2";
        set_memory_limit(csv.string() + ".meta.yaml", "memory_limit: " + other);
        refused(dir, "", other, here,
                "resume where futolab may make memory cgroups (" + other + ", as its rows ran), or use a new --out");
    }
    SECTION("taken out of a sidecar of today: refused as edited, the key being one every such sidecar holds") {
        limited_sweep(dir, kNoCgroup);
        drop_last_row(csv);
        set_memory_limit(csv.string() + ".meta.yaml", "");
        const auto r = run_cli_env("", "run -q m.yaml --resume", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "key 'run.memory_limit' is missing"));
    }
}
