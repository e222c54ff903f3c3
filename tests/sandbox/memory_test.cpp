// Memory per run in every mode (SPEC §4, issue #41 §4), end to end through `futolab run`:
// without a memory cgroup a worker that ran out of memory is replaced, so the runs after it
// are not memout too; a tool of several processes is seen (its tree's resident memory,
// polled) and stopped at the limit; fork isolation counts a tool's memory once. The tools are
// fakes first on PATH that hold memory with perl (in every Debian: perl-base is essential).
#include "../app/cli_runner.hpp"
#include "core/sanitizers.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

std::string scratch(const std::string& name) { return futolab::test::fresh_dir("memory", name).string(); }

// A fake `minizinc` in DIR/bin: PROCESSES perl processes hold MIB MiB each for a moment, then it
// prints two solutions of an empty 4x4 (count:2: multiple, proved by the two verified grids).
void fake_minizinc(const std::string& dir, int processes, int mib) {
    fs::create_directories(dir + "/bin");
    const std::string tool = dir + "/bin/minizinc";
    std::ofstream(tool) << "#!/bin/sh\n"
                        << "i=0; while [ $i -lt " << processes << " ]; do\n"
                        << "  perl -e 'my $x; vec($x, " << mib << " * 1048576 - 1, 8) = 1; sleep 1' &\n"
                        << "  i=$((i + 1)); done\nwait\n"
                        << "printf '1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1\\n----------\\n'\n"
                        << "printf '2 1 4 3/1 2 3 4/4 3 2 1/3 4 1 2\\n----------\\n==========\\n'\n";
    fs::permissions(tool, fs::perms::owner_all);
}

// Three 4x4 instances (`empty_only`: only the empty one, whose solutions the fake tool prints).
std::string config(const std::string& dir, const std::string& solvers, const std::string& extra, bool empty_only = false) {
    std::ofstream list(dir + "/i.jsonl");
    list << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
    if (!empty_only)
        list << "{\"id\": \"b\", \"n\": 4, \"givens\": [[0, 0, 1]], \"lt\": []}\n"
             << "{\"id\": \"c\", \"n\": 4, \"givens\": [[0, 0, 2]], \"lt\": []}\n";
    list.close();
    std::ofstream(dir + "/cfg.yaml") << "name: mem\nmode: { count: 2 }\norder: sequential\ninstances:\n  - file: " << dir
                                     << "/i.jsonl\nsolvers: [ " << solvers << " ]\noutput: " << dir << "/out/m.csv\n"
                                     << extra;
    return dir + "/cfg.yaml";
}

struct Row {
    std::string solver, status, message;
    long rss_kb = -1;
};

std::vector<Row> rows_of(const std::string& csv) {
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    std::vector<Row> out;
    for (const auto& r : t.rows) {
        const std::string rss = r[t.column("max_rss_kb", csv)];
        out.push_back({r[t.column("solver", csv)], r[t.column("status", csv)], r[t.column("message", csv)],
                       rss.empty() ? -1 : std::stol(rss)});
    }
    return out;
}

}  // namespace

TEST_CASE("without a cgroup, a run that ran out of memory does not make the next runs memout", "[memory][cli][long]") {
    const std::string dir = scratch("cascade");
    // Sequential, one job: every gac run comes right after an out-of-memory run in the same job.
    // fault:kind=heap leaves what it allocated resident (fragmented heap) when it runs out.
    const std::string cfg = config(dir, "'fault:kind=heap', gac", "limits: { memory: 256MiB }\n");
    const auto r = run_cli_env("FUTOLAB_NO_CGROUP=1 FUTOLAB_TEST_FAULTS=1 ", "run -q --jobs 1 " + cfg);
    REQUIRE(r.exit_code == 0);
    const std::vector<Row> rows = rows_of(dir + "/out/m.csv");
    REQUIRE(rows.size() == 6);
    for (const Row& row : rows) {
        INFO(row.solver << " " << row.status << " " << row.message);
        if (row.solver == "fault") {
            // Under a sanitizer its allocator aborts instead of throwing: the process dies.
            CHECK((row.status == "memout" || (futolab::kSanitizerBuild && row.status == "crash")));
        } else {
            CHECK(row.status == "multiple");
            if (!futolab::kSanitizerBuild) CHECK(row.rss_kb < 128 * 1024);  // a fresh worker's peak
        }
    }
    CHECK(futolab::test::slurp(dir + "/out/m.csv.meta.yaml").find("memory_limit: rlimit") != std::string::npos);
}

TEST_CASE("a tool of several processes is seen and stopped as one tree", "[memory][cli][external]") {
    if (futolab::kSanitizerBuild) return;  // resident sizes under sanitizers say nothing
    const std::string dir = scratch("tree");
    fake_minizinc(dir, 4, 100);
    const std::string env = "PATH='" + dir + "/bin':\"$PATH\" FUTOLAB_NO_CGROUP=1 ";
    // No limit: the tree's four 100 MiB processes are in the run's peak, not just the largest.
    auto r = run_cli_env(env, "run -q --jobs 1 " + config(dir, "minizinc", "", true));
    REQUIRE(r.exit_code == 0);
    for (const Row& row : rows_of(dir + "/out/m.csv")) {
        INFO(row.message);
        CHECK(row.status == "multiple");
        CHECK(row.rss_kb >= 4 * 95 * 1024);
    }
    // 256 MiB: each process alone fits RLIMIT_AS; the tree does not, and is stopped.
    fs::remove_all(dir + "/out");
    r = run_cli_env(env, "run -q --jobs 1 " + config(dir, "minizinc", "limits: { memory: 256MiB }\n", true));
    REQUIRE(r.exit_code == 0);
    for (const Row& row : rows_of(dir + "/out/m.csv")) {
        INFO(row.message);
        CHECK(row.status == "memout");
        CHECK(row.message.find("processes held") != std::string::npos);
        CHECK(row.message.find("polled every 20 ms") != std::string::npos);
    }
    CHECK(futolab::test::slurp(dir + "/out/m.csv.meta.yaml").find("memory_poll_ms: 20") != std::string::npos);
}

TEST_CASE("fork isolation counts a tool's memory once", "[memory][cli][external]") {
    if (futolab::kSanitizerBuild) return;
    const std::string dir = scratch("fork-tool");
    fake_minizinc(dir, 1, 150);
    const std::string env = "PATH='" + dir + "/bin':\"$PATH\" ";
    for (const std::string isolation : {"fork", "process"}) {
        INFO(isolation);
        fs::remove_all(dir + "/out");
        const auto r = run_cli_env(env, "run -q --jobs 1 --isolation " + isolation + " " + config(dir, "minizinc", "", true));
        REQUIRE(r.exit_code == 0);
        for (const Row& row : rows_of(dir + "/out/m.csv")) {
            CHECK(row.status == "multiple");
            CHECK(row.rss_kb >= 150 * 1024);
            CHECK(row.rss_kb < 150 * 1024 + 100 * 1024);  // the run's process (< 100 MiB) and the tool once
        }
    }
}
