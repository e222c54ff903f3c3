// Fault tests of the experiment driver (docs/reliability.md): kill -9 at random points and
// --resume, an unwritable output directory, a full disk, time and node limits, and a
// malformed line in the middle of a corpus. Each checks what a user relies on after the
// fault: a one-line error, the exit code, and a results CSV made only of whole rows.
#include "../app/cli_runner.hpp"
#include "records/csv_reader.hpp"
#include "runner_helpers.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

using futolab::test::rows_by_run;
using futolab::test::run_cli;
using futolab::test::scratch;
using futolab::test::write_config;
namespace fs = std::filesystem;

namespace {

// Every row of `csv` is whole and equal to the same run of `whole` (apart from time columns).
// `cut_tail`: the last line may be cut. A row is one write(2), which a full disk or a file size
// limit cuts back to whole rows (write_record); a kill -9 can stop the kernel between two pages
// of that write (it checks for a fatal signal at each page), so a row that crosses a page
// boundary of the file can end cut. Readers leave a cut last line out, and --resume replaces it.
void check_rows_are_a_subset(const std::string& csv, const std::map<std::string, std::vector<std::string>>& whole,
                             bool cut_tail = false) {
    const futolab::CsvTable t = futolab::read_csv_file(csv);  // throws on a row with missing fields
    if (!cut_tail) CHECK_FALSE(t.truncated);
    for (const auto& [run, row] : rows_by_run(csv)) {
        INFO("run " << run);
        REQUIRE(whole.count(run) == 1);
        CHECK(whole.at(run) == row);
    }
}

bool one_line(const std::string& text) { return !text.empty() && text.find('\n') == text.size() - 1; }

// Runs a shell script with $FUTOLAB set to the CLI (for what run_cli cannot express: limits
// and mounts around the command) and captures its output like run_cli.
futolab::test::CliResult run_script(const std::string& script) {
    const std::string base = fs::temp_directory_path() / ("futolab-fault-" + std::to_string(::getpid()));
    const std::string cmd = "FUTOLAB='" FUTOLAB_CLI "'; { " + script + "; } >'" + base + ".out' 2>'" + base + ".err'";
    const int raw = std::system(cmd.c_str());
    futolab::test::CliResult r;
    r.exit_code = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = futolab::test::slurp(base + ".out");
    r.err = futolab::test::slurp(base + ".err");
    return r;
}

// A tmpfs needs root (CAP_SYS_ADMIN); unshare -m keeps the mount private to one command, so
// nothing outlives it. Machines without the right skip those checks with a warning.
bool can_mount_tmpfs() {
    return std::system("unshare -m sh -c 'mount -t tmpfs tmpfs /mnt' >/dev/null 2>&1") == 0;
}

// `futolab run` with its output directory DIR on a fresh tmpfs mounted with OPTIONS; the CSV
// is copied out to COPY before the mount goes away.
futolab::test::CliResult run_on_tmpfs(const std::string& cfg, const std::string& dir, const std::string& options,
                                      const std::string& copy) {
    fs::create_directories(dir);
    return run_script("unshare -m sh -c 'mount -t tmpfs -o " + options + " tmpfs " + dir + " && \"$0\" run -q --jobs 2 " +
                      cfg + " --out " + dir + "; code=$?; cp " + dir + "/results.csv " + copy +
                      " 2>/dev/null; exit $code' \"$FUTOLAB\"");
}

}  // namespace

TEST_CASE("kill -9 at random points, then --resume: every run exactly once", "[runner][resume][fault][threads][lifecycle]") {
    const std::string dir = scratch("kill");
    const std::string cfg = write_config(dir);
    const auto start = std::chrono::steady_clock::now();
    REQUIRE(run_cli("run -q --jobs 2 " + cfg + " --out " + dir + "/whole").exit_code == 0);
    const double whole_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const auto whole = rows_by_run(dir + "/whole/results.csv");
    REQUIRE(whole.size() == futolab::test::kSweepRuns);
    // Kill points spread over the rows: each sweep is killed once its CSV holds K rows, K drawn
    // from 1 to 4/5 of the sweep. A point drawn as a fraction of the sweep's time landed before
    // the header on a build whose start (calibration, workers) is most of a short sweep (the
    // clang tsan build: header at 0.8 s of 1.4 s), so no kill interrupted a sweep there.
    std::mt19937 rng(12345);
    int interrupted = 0;
    // Six attempts, and up to six more while fewer than three interrupted a sweep (a sweep that
    // ends between two looks at its CSV is not interrupted); the check below is about the resumes.
    for (int attempt = 0; attempt < 12 && !(attempt >= 6 && interrupted >= 3); ++attempt) {
        const std::size_t k = std::uniform_int_distribution<std::size_t>(1, whole.size() * 4 / 5)(rng);
        INFO("killed at " << k << " rows of " << whole.size() << " (the uninterrupted sweep took " << whole_ms << " ms)");
        const std::string out = dir + "/k" + std::to_string(attempt);
        const std::string csv = out + "/results.csv";
        run_cli("run -q --jobs 2 " + cfg + " --out " + out + " & pid=$!; while kill -0 $pid 2>/dev/null && [ \"$(cat " + csv +
                " 2>/dev/null | wc -l)\" -le " + std::to_string(k) + " ]; do sleep 0.002; done; kill -9 $pid; wait $pid");
        if (fs::exists(out + "/results.csv") && fs::file_size(out + "/results.csv") > 0) {  // killed after the header
            const std::size_t rows = futolab::read_csv_file(out + "/results.csv").rows.size();
            if (rows < whole.size()) ++interrupted;
            check_rows_are_a_subset(out + "/results.csv", whole, true);  // a cut last line is left out
        }
        const auto resumed = run_cli("run -q --resume " + cfg + " --out " + out);
        CHECK(resumed.exit_code == 0);
        CHECK(rows_by_run(out + "/results.csv") == whole);
        CHECK_FALSE(futolab::read_csv_file(out + "/results.csv").truncated);  // the resume replaced a cut row
    }
    CHECK(interrupted >= 3);  // the test must really interrupt sweeps, not just rerun them
}

TEST_CASE("an unwritable output directory is a one-line error and exit 1", "[runner][fault]") {
    const std::string dir = scratch("unwritable");
    const std::string cfg = write_config(dir);
    // Root ignores file modes, so "unwritable" is, where mounts are allowed, a read-only file
    // system. A path under a regular file is the input's mistake, exit 2, as for every output
    // folder (red-team round 30, F2: it was exit 1, "cannot create the output folder").
    std::ofstream(dir + "/a-file") << "not a directory\n";
    auto r = run_cli("run -q " + cfg + " --out " + dir + "/a-file/out");
    CHECK(r.exit_code == 2);
    CHECK(one_line(r.err));
    CHECK(r.err.find(dir + "/a-file/out: " + dir + "/a-file is not a folder but a regular file") != std::string::npos);
    if (!can_mount_tmpfs()) {
        WARN("cannot mount a tmpfs here: the read-only file system case is skipped");
        return;
    }
    r = run_on_tmpfs(cfg, dir + "/ro", "ro", dir + "/ro-copy.csv");
    CHECK(r.exit_code == 1);
    CHECK(one_line(r.err));
    CHECK(r.err.find("Read-only file system") != std::string::npos);
}

TEST_CASE("a full disk stops the run with one line, exit 1 and whole rows", "[runner][fault][threads][long]") {
    const std::string dir = scratch("full");
    const std::string cfg = write_config(dir);
    REQUIRE(run_cli("run -q --jobs 2 " + cfg + " --out " + dir + "/whole").exit_code == 0);
    const auto whole = rows_by_run(dir + "/whole/results.csv");

    SECTION("file size limit (ulimit -f, SIGXFSZ ignored): writes fail with EFBIG") {
        const std::string out = dir + "/limited";
        auto r = run_script("(ulimit -f 24; trap '' XFSZ; \"$FUTOLAB\" run -q --jobs 2 " + cfg + " --out " + out + ")");
        CHECK(r.exit_code == 1);
        CHECK(one_line(r.err));
        CHECK(r.err.find("cannot write " + out + "/results.csv") != std::string::npos);
        const std::size_t rows = futolab::read_csv_file(out + "/results.csv").rows.size();
        CHECK(rows > 0);
        CHECK(rows < whole.size());
        check_rows_are_a_subset(out + "/results.csv", whole);
        // With room again, --resume completes the same sweep.
        CHECK(run_cli("run -q --resume " + cfg + " --out " + out).exit_code == 0);
        CHECK(rows_by_run(out + "/results.csv") == whole);
    }
    // (40 KiB: the sidecar and the 11 KiB column schema go first, written whole, and room for
    // some rows must be left, or no row could show that rows are written whole)
    SECTION("a real ENOSPC on a 40 KiB tmpfs") {
        if (!can_mount_tmpfs()) {
            WARN("cannot mount a tmpfs here: the ENOSPC case is skipped");
            return;
        }
        const std::string copy = dir + "/enospc-copy.csv";
        const auto r = run_on_tmpfs(cfg, dir + "/small", "size=40k", copy);
        CHECK(r.exit_code == 1);
        CHECK(one_line(r.err));
        CHECK(r.err.find("No space left on device") != std::string::npos);
        CHECK(futolab::read_csv_file(copy).rows.size() > 0);
        check_rows_are_a_subset(copy, whole);
    }
}

TEST_CASE("a 1 s time limit on a hard instance stops within 10 %", "[runner][limits][fault]") {
    const std::string dir = scratch("timeout");
    // Counting all 7x7 Latin squares (6.1e13) cannot finish in 1 s.
    std::ofstream(dir + "/empty7.jsonl") << "{\"id\": \"empty-7\", \"n\": 7, \"givens\": [], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: timeout\nmode: { count: all }\nlimits: { time: 1s }\ninstances:\n"
                                        "  - file: " << dir << "/empty7.jsonl\n"
                                     << "solvers: [ backtracking, gac ]\noutput: " << dir << "/t.csv\n";
    REQUIRE(run_cli("run -q --jobs 2 " + dir + "/cfg.yaml").exit_code == 0);
    const futolab::CsvTable t = futolab::read_csv_file(dir + "/t.csv");
    REQUIRE(t.rows.size() == 2);
    for (const auto& row : t.rows) {
        CHECK(row[t.column("status", "t")] == "timeout");
        CHECK(std::stoll(row[t.column("wall_ns", "t")]) < 1'100'000'000);
    }
}

TEST_CASE("a run that hits the node limit is recorded as node_limit and the sweep goes on", "[runner][limits][fault]") {
    const std::string dir = scratch("nodelimit");
    // The hard instance comes first in the matrix; the easy Tatham puzzles after it must run.
    std::ofstream(dir + "/empty7.jsonl") << "{\"id\": \"empty-7\", \"n\": 7, \"givens\": [], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: nodes\nmode: { count: all }\nlimits: { nodes: 1000000 }\ninstances:\n"
                                        "  - file: " << dir << "/empty7.jsonl\n"
                                     << "  - file: " << futolab::test::kRoot << "/tests/data/good/guardian-5x5.tatham\n"
                                     << "solvers: [ backtracking, gac ]\noutput: " << dir << "/n.csv\n";
    REQUIRE(run_cli("run -q --jobs 1 " + dir + "/cfg.yaml").exit_code == 0);
    const futolab::CsvTable t = futolab::read_csv_file(dir + "/n.csv");
    REQUIRE(t.rows.size() == 4);
    for (const auto& row : t.rows) {
        const std::string id = row[t.column("instance", "n")], status = row[t.column("status", "n")];
        INFO(id << ": " << status);
        CHECK(status == (id == "empty-7" ? "node_limit" : "counted"));
    }
}

TEST_CASE("a malformed line in the middle of a JSONL corpus is named in the error", "[runner][fault]") {
    const std::string dir = scratch("badline");
    std::ofstream(dir + "/c.jsonl") << "{\"id\": \"a\", \"n\": 2, \"givens\": [], \"lt\": []}\n"
                                    << "{\"id\": \"b\", \"n\": 2, \"givens\": [], \"lt\": []}\n"
                                    << "{\"id\": \"c\", \"n\": 2, \"givens\": [[0, 0, 1]], \"lt\": [}\n"
                                    << "{\"id\": \"d\", \"n\": 2, \"givens\": [], \"lt\": []}\n";
    auto r = run_cli("solve " + dir + "/c.jsonl");
    CHECK(r.exit_code == 2);
    CHECK(one_line(r.err));
    CHECK(r.err.find(dir + "/c.jsonl:3:") != std::string::npos);
    // The same through a config: the run stops before it starts, naming the corpus line.
    std::ofstream(dir + "/cfg.yaml") << "name: badline\ninstances:\n  - file: " << dir << "/c.jsonl\n"
                                     << "solvers: [ gac ]\noutput: " << dir << "/x.csv\n";
    r = run_cli("run -q " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(one_line(r.err));
    CHECK(r.err.find(dir + "/c.jsonl:3:") != std::string::npos);
    CHECK_FALSE(fs::exists(dir + "/x.csv"));
}

TEST_CASE("run with skip-invalid leaves bad instances out and lists them in the sidecar", "[runner][fault][threads]") {
    const std::string dir = scratch("skipinvalid");
    std::ofstream(dir + "/c.jsonl") << "{\"id\": \"a\", \"n\": 2, \"givens\": [], \"lt\": []}\n"
                                    << "{\"id\": \"c\", \"n\": 2, \"givens\": [[0, 0, 1]], \"lt\": [}\n"
                                    << "{\"id\": \"cycle\", \"n\": 2, \"lt\": [[0,0,0,1],[0,1,1,1],[1,1,1,0],[1,0,0,0]]}\n"
                                    << "{\"id\": \"d\", \"n\": 3, \"givens\": [], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: skip\ninstances:\n  - file: " << dir << "/c.jsonl\n"
                                     << "solvers: [ gac, fc ]\noutput: " << dir << "/x.csv\n";
    auto r = run_cli("run -q --skip-invalid " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 0);
    // One stderr line per skipped input, naming the line (a syntax error, then a cycle).
    CHECK(r.err.find(dir + "/c.jsonl:2:") != std::string::npos);
    CHECK(r.err.find(dir + "/c.jsonl:3") != std::string::npos);
    CHECK(r.out.find("2 invalid inputs skipped") != std::string::npos);
    const auto rows = rows_by_run(dir + "/x.csv");
    CHECK(rows.size() == 4);  // a and d, two solvers each
    const YAML::Node meta = YAML::LoadFile(dir + "/x.csv.meta.yaml");
    REQUIRE(meta["skipped_inputs"].size() == 2);
    CHECK(meta["skipped_inputs"][0]["id"].as<std::string>() == "c:2");  // unparsable: its id by line
    CHECK(meta["skipped_inputs"][1]["id"].as<std::string>() == "cycle");
    CHECK(meta["skipped_inputs"][1]["error"].as<std::string>().find("cycle") != std::string::npos);
    // Resumable like any run; shards merge with the list carried over.
    CHECK(run_cli("run -q --skip-invalid --resume " + dir + "/cfg.yaml").exit_code == 0);
    CHECK(rows_by_run(dir + "/x.csv") == rows);
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli("run -q --skip-invalid --shard " + std::string(shard) + " --out " + dir + "/s " + dir +
                        "/cfg.yaml").exit_code == 0);
    REQUIRE(run_cli("merge " + dir + "/s/x.shard-0-of-2.csv " + dir + "/s/x.shard-1-of-2.csv --out " + dir + "/m.csv")
                .exit_code == 0);
    CHECK(YAML::LoadFile(dir + "/m.csv.meta.yaml")["skipped_inputs"].size() == 2);
    // Without the flag the run does not start; with every instance bad, it does not either.
    CHECK(run_cli("run -q " + dir + "/cfg.yaml").exit_code == 2);
    std::ofstream(dir + "/c.jsonl") << "{\"id\": \"c\", \"n\": 2, \"lt\": [}\n";
    r = run_cli("run -q --skip-invalid --out " + dir + "/none " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("every instance is invalid") != std::string::npos);
}
