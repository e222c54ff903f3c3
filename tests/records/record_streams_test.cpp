// Issue #45, "records written whole": on a full disk (here a file size limit, RLIMIT_FSIZE,
// with SIGXFSZ ignored as a full disk gives ENOSPC rather than a signal) every record stream —
// generate's and critical's JSONL, to a file or to a redirected stdout, and a run's results CSV
// — keeps whole records only (a record cut off is taken out again) and the command fails with
// a message; and the run's sidecar ends `failed`, not `running`, even when the disk refuses
// the sidecar's own rewrite.
#include "records_cli.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>

using futolab::test::CliResult;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

std::string fresh(const std::string& name) { return futolab::test::fresh_dir("record-streams", name).string(); }

// `args` with files limited to `blocks` blocks of 512 bytes, as sh's `ulimit -f` counts them
// (std::system runs /bin/sh; bash would count KiB). SIGXFSZ keeps its default
// (kill) here: futolab ignores it itself, so a write past the limit fails with EFBIG, as a full
// disk fails with ENOSPC, instead of killing futolab mid-record.
CliResult run_with_ulimit(int blocks, const std::string& args) {
    return run_cli_env("ulimit -f " + std::to_string(blocks) + "; ", args);
}

// `args` with files limited to exactly `bytes` (setrlimit in a child; the limit is inherited by
// the shell and futolab).
int run_with_byte_limit(std::size_t bytes, const std::string& args) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const rlimit limit{bytes, bytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        ::_exit(run_cli(args).exit_code);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The file holds whole JSONL records only, each one an instance `futolab check` accepts.
void check_whole_records(const std::string& path) {
    const std::string text = slurp(path);
    INFO(path);
    REQUIRE(!text.empty());
    CHECK(text.back() == '\n');
    CHECK(run_cli("check " + path).exit_code == 0);
}

// A sweep of 75 puzzles x 2 solvers (150 rows, about 35 KB) writing DIR/out/r.csv.
std::string two_solver_sweep(const std::string& dir) { return futolab::test::sweep_config(dir, "\"bitmask\", \"fc\""); }

// The same sweep with a 14 KB comment in its config, which the sidecar holds verbatim: a
// sidecar larger than the CSV's column schema (about 11 KB), so a file size limit can let the
// start's schema and sidecar through and refuse the end's sidecar.
std::string padded_sweep(const std::string& dir) {
    const std::string path = two_solver_sweep(dir);
    std::ofstream(path, std::ios::app) << "# " << std::string(14000, 'x') << "\n";
    return path;
}

// Every row of the CSV whole (no line cut off), and how many.
std::size_t whole_rows(const std::string& csv) {
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    CHECK_FALSE(t.truncated);
    CHECK(slurp(csv).back() == '\n');
    return t.rows.size();
}

// The sidecar as it was at the start of a fresh run: the final one (state failed) without
// what only the end writes. Its size is where a file size limit lets the start's sidecar
// through and refuses the end's.
std::string start_sidecar(std::string text) {
    text = std::regex_replace(text, std::regex("\n  state: failed *\n"), "\n  state: running\n");
    text = std::regex_replace(text, std::regex("\n  finished: [^\n]*\n"), "\n  finished: \"\"\n");
    text = std::regex_replace(text, std::regex("\n  completed: [0-9]+\n"), "\n  completed: 0\n");
    return std::regex_replace(text, std::regex("\n  load_[a-z_]+: [^\n]*"), "");
}

}  // namespace

TEST_CASE("generate and critical keep whole records when the disk fills", "[records][full-disk]") {
    const std::string dir = fresh("jsonl");
    for (const std::string& args :
         {"generate random --n 9 --count 200 --out " + dir + "/g.jsonl", "generate random --n 9 --count 200 > " + dir + "/g.jsonl",
          "generate unique --n 5 --count 100 --out " + dir + "/g.jsonl"}) {
        INFO(args);
        fs::remove(dir + "/g.jsonl");
        const CliResult r = run_with_ulimit(4, args);
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "cannot write "));
        CHECK(has(r.err, "File too large"));
        CHECK(has(r.err, "the file ends with the last whole record"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        check_whole_records(dir + "/g.jsonl");
    }
}

// critical's default search keeps its sets as rows of its results CSV (beside --out) and writes
// --out from them at the end: a full disk stops it with whole rows, and --resume finishes it.
TEST_CASE("critical keeps whole rows when the disk fills, and --resume finishes it", "[records][full-disk]") {
    const std::string dir = fresh("critical-full");
    const std::string args = "critical --n 7 --count 40 --out " + dir + "/g.jsonl";
    const CliResult r = run_with_ulimit(24, args);  // the CSV fills after about 20 of its 40 rows
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "cannot write " + dir + "/g.csv: File too large"));
    CHECK(has(r.err, "the file ends with the last whole record"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(dir + "/g.jsonl"));
    const std::string csv = slurp(dir + "/g.csv");
    REQUIRE(csv.back() == '\n');
    const auto rows = std::count(csv.begin(), csv.end(), '\n') - 1;
    CHECK(rows > 0);
    CHECK(rows < 40);
    REQUIRE(run_cli(args + " --resume").exit_code == 0);
    const std::string out = slurp(dir + "/g.jsonl");
    CHECK(std::count(out.begin(), out.end(), '\n') == 40);
    check_whole_records(dir + "/g.jsonl");
}

// critical to standard output keeps its rows in a scratch folder it removes as it ends: a full
// disk there is said as the scratch results' failure, naming no file that is gone and promising
// no records in it, and says standard output got nothing (red-team spot check of round 30, G5).
TEST_CASE("critical to standard output says a full disk is its scratch results' and that nothing was written",
          "[records][full-disk]") {
    const std::string dir = fresh("critical-scratch-full");
    // 40 blocks: the exact search's CSV fills mid-search; 1 block: its column schema already.
    for (const auto& [blocks, args] : std::vector<std::pair<int, std::string>>{
             {40, "critical --exact --n 4 --objective h+k"}, {1, "critical --exact --n 4 --objective h+k"},
             {2, "critical --n 6 --count 30"}}) {
        INFO(args << " with ulimit -f " << blocks);
        const CliResult r = run_with_ulimit(blocks, args + " > " + dir + "/so");
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "cannot write the search's scratch results (in a temporary folder of TMPDIR, removed as the command "
                         "ends): File too large: nothing was written to standard output\n"));
        CHECK_FALSE(has(r.err, "futolab-critical-search-"));
        CHECK_FALSE(has(r.err, "last whole record"));
        CHECK(fs::file_size(dir + "/so") == 0);
    }
}

TEST_CASE("a run keeps whole rows when the disk fills, and its sidecar says failed", "[records][full-disk][runner]") {
    const std::string dir = fresh("run");
    // 16 KB: the column schema (about 11 KB) and the sidecar fit, the CSV does not.
    const CliResult r = run_with_ulimit(32, "run -q " + two_solver_sweep(dir));
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "cannot write " + dir + "/out/r.csv: File too large"));
    const std::size_t rows = whole_rows(dir + "/out/r.csv");
    CHECK(rows > 0);
    CHECK(rows < 150);
    CHECK(has(slurp(dir + "/out/r.csv.meta.yaml"), "\n  state: failed\n"));
    // The resume finds whole rows only and finishes the sweep.
    CHECK(run_cli("run -q " + two_solver_sweep(dir) + " --resume").exit_code == 0);
    CHECK(whole_rows(dir + "/out/r.csv") == 150);
}

TEST_CASE("a run's sidecar ends failed even when the full disk refuses its rewrite", "[records][full-disk][runner]") {
    // A first failed run shows how large the sidecar is at the start of such a run.
    const std::string a = fresh("sidecar-a"), b = fresh("sidecar-b");  // paths of one length: one sidecar size
    REQUIRE(a.size() == b.size());
    REQUIRE(run_with_ulimit(32, "run -q " + padded_sweep(a)).exit_code == 1);
    const std::string final_a = slurp(a + "/out/r.csv.meta.yaml");
    const std::size_t start_size = start_sidecar(final_a).size();
    REQUIRE(start_size + 40 < final_a.size());
    // The second: the start's sidecar fits, the CSV does not, nor does the end's sidecar.
    REQUIRE(fs::file_size(a + "/out/r.csv.schema.json") < start_size);  // the schema fits, at the start and the end
    CHECK(run_with_byte_limit(start_size + 8, "run -q " + padded_sweep(b)) == 1);
    const std::string meta = slurp(b + "/out/r.csv.meta.yaml");
    // The start's sidecar, its state set in place (the end's is 40 bytes or more longer). Two
    // runs' start sidecars differ by a few bytes: measured numbers and times have as many digits
    // as they need (15 533 against 15 535 bytes once).
    CHECK(meta.size() <= start_size + 8);
    CHECK(meta.size() + 16 >= start_size);
    CHECK(has(meta, "\n  state: failed \n"));
    CHECK_FALSE(has(meta, "running"));
    whole_rows(b + "/out/r.csv");
    // The reader takes the state as the word.
    const CliResult report = run_cli("report " + b + "/out/r.csv --out " + b + "/page.html");
    CHECK(report.exit_code == 0);
}

// Red-team round 19, A F3: a run whose CSV's header or first sidecar the disk refused left the
// CSV behind without a sidecar (its header alone, or empty), which the next command took for
// someone else's file. It is removed again with its schema, and the same command runs.
TEST_CASE("a run whose CSV header or first sidecar cannot be written leaves no CSV behind", "[records][full-disk][runner]") {
    const std::string a = fresh("unstarted-schema"), b = fresh("unstarted-header");
    // 8 blocks: the header fits, the column schema (about 11 KB) does not.
    const CliResult schema = run_with_ulimit(8, "run -q " + two_solver_sweep(a));
    INFO(schema.err);
    CHECK(schema.exit_code == 1);
    CHECK(has(schema.err, "cannot write " + a + "/out/r.csv.schema.json: File too large"));
    // 100 bytes: the lock's pid fits, the CSV's header does not.
    CHECK(run_with_byte_limit(100, "run -q " + two_solver_sweep(b)) == 1);
    for (const std::string& dir : {a, b}) {
        INFO(dir);
        for (const std::string file : {"/out/r.csv", "/out/r.csv.schema.json", "/out/r.csv.meta.yaml"})
            CHECK_FALSE(fs::exists(dir + file));
        CHECK(run_cli("run -q " + two_solver_sweep(dir)).exit_code == 0);
        CHECK(whole_rows(dir + "/out/r.csv") == 150);
    }
}
