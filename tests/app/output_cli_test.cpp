// Every output path checks its writes (issue #18): a full disk (/dev/full) is exit 1 with the
// reason, never exit 0 with the results lost; generate and critical write each record when
// it is made, so a stopped run keeps what it made.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using futolab::test::run_cli;
using futolab::test::slurp;

namespace {

const std::string kPuzzle = "good/conjure-4x4.jsonl";

void check_full_disk(const std::string& cmd, const std::string& where) {
    INFO(cmd);
    const auto r = run_cli(cmd);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "futolab: error: cannot write " + where + ": No space left on device\n");
}

std::string scratch(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("futolab-output-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

// Starts `args` in the background, waits (up to a minute) until `file` holds a whole line,
// then kills the command: prints "exit=N" (143 = it was still running when killed).
std::string started_then_killed(const std::string& args, const std::string& file) {
    return args + " & pid=$!; for i in $(seq 600); do grep -q . '" + file +
           "' 2>/dev/null && break; sleep 0.1; done; kill $pid; wait $pid; echo exit=$?";
}

}  // namespace

TEST_CASE("a full disk on stdout is exit 1 with the reason, for every command that prints", "[cli][output]") {
    for (const std::string& cmd : std::vector<std::string>{"solve --format csv " + kPuzzle, "solve " + kPuzzle, "check " + kPuzzle, "convert " + kPuzzle + " --to futo",
          "grade " + kPuzzle, "grade --format csv " + kPuzzle, "generate random --n 4 --count 3",
          "generate unique --n 4", "critical --n 4", "analyze analysis/paired.csv", "solve --help"})
        check_full_disk(cmd + " > /dev/full", "to standard output");
}

// Red-team round 28, A F1: list and schema printed through std::cout and --version through
// CLI11's, and the failed write was found at the end, its errno gone: "cannot write to standard
// output: a write failed". Each is now written as every command's text is, naming the cause.
TEST_CASE("list schema --version and --help on a full disk name the cause as other commands do", "[cli][output]") {
    for (const std::string cmd : {"list", "schema", "schema analysis/new-columns.csv", "--version", "--help", "list --help"})
        check_full_disk(cmd + " > /dev/full", "to standard output");
}

TEST_CASE("a full disk on --out is exit 1 naming the file", "[cli][output]") {
    for (const std::string& cmd : std::vector<std::string>{"convert " + kPuzzle + " --to futo --out /dev/full",
                                   "generate random --n 4 --count 3 --out /dev/full", "critical --n 4 --out /dev/full"})
        check_full_disk(cmd, "/dev/full");
    // critical's results CSV lies beside a file --out, never beside a device: in /dev it would
    // be a file futolab made there (an earlier build wrote /dev/full.csv and its sidecar).
    for (const char* made : {"/dev/full.csv", "/dev/full.csv.meta.yaml", "/dev/.full.csv.lock"})
        CHECK_FALSE(std::filesystem::exists(made));
}

TEST_CASE("bad input leaves an existing --out file alone: the output opens after the checks", "[cli][output]") {
    const std::string file = scratch("keep.jsonl");
    for (const std::string& cmd : std::vector<std::string>{
             "critical --input nosuch.jsonl --out " + file, "critical --input bad/jsonl-cycle4.jsonl --out " + file,
             "critical --free-square --input bad/jsonl-cycle4.jsonl --out " + file,
             "critical --n 4 --sampler nosuch --out " + file, "generate random --n 4 --h 17 --out " + file}) {
        INFO(cmd);
        std::ofstream(file) << "keep\n";
        CHECK(run_cli(cmd).exit_code == 2);
        CHECK(slurp(file) == "keep\n");
    }
    std::filesystem::remove(file);
}

TEST_CASE("generate writes each instance when made: lines exist before the run ends", "[cli][output]") {
    const std::string file = scratch("generate.jsonl");
    const auto r = run_cli(started_then_killed("generate random --n 5 --count 2000000000 --out " + file, file));
    CHECK(r.out == "exit=1\n");  // SIGTERM: interrupted, the 2·10^9 instances far from done
    const std::string text = slurp(file);
    REQUIRE(text.find('\n') != std::string::npos);
    CHECK(text.back() == '\n');  // a stop request ends the stream after a whole record
    // Every whole line is a valid instance.
    const std::string first = text.substr(0, text.find('\n') + 1);
    const std::string one = scratch("first.jsonl");
    std::ofstream(one) << first;
    CHECK(run_cli("check " + one).exit_code == 0);
    std::filesystem::remove(file);
    std::filesystem::remove(one);
}

// The default search is an experiment (app/critical_experiment.hpp): each verified set is a row
// of the results CSV beside --out as soon as it is found, so a kill loses no finished square;
// --resume with the same options searches only the rest, and --out then holds every set, in
// the order of the squares, as one uninterrupted run writes them.
using futolab::test::has;

TEST_CASE("critical keeps each set in its results CSV when verified: --resume after a kill finishes it", "[cli][output][lifecycle]") {
    const std::string file = scratch("critical.jsonl"), csv = scratch("critical.csv"), whole = scratch("whole.jsonl");
    for (const std::string& f : {file, csv, csv + ".meta.yaml", csv + ".schema.json", whole, scratch("whole.csv"),
                                 scratch("whole.csv.meta.yaml"), scratch("whole.csv.schema.json")})
        std::filesystem::remove(f);
    const std::string args = "critical --n 7 --count 300 --objective h+k --iterations 1";
    const auto r = run_cli(started_then_killed(args + " --out " + file, csv));
    CHECK(r.out == "exit=1\n");  // SIGTERM: interrupted, the running search not written
    const std::string rows = slurp(csv);
    const auto done = std::count(rows.begin(), rows.end(), '\n') - 1;
    REQUIRE(done >= 0);
    CHECK(done < 300);
    CHECK(has(slurp(csv + ".meta.yaml"), "state: interrupted"));
    CHECK(run_cli(args + " --out " + file).exit_code == 2);  // without --resume: refused, the CSV kept
    CHECK(slurp(csv) == rows);
    CHECK(run_cli("critical --n 7 --count 301 --objective h+k --iterations 1 --resume --out " + file).exit_code == 2);
    const auto resumed = run_cli(args + " --resume --out " + file);
    REQUIRE(resumed.exit_code == 0);
    CHECK(has(resumed.err, std::to_string(done) + " from the CSV"));
    REQUIRE(run_cli(args + " --out " + whole).exit_code == 0);
    const std::string text = slurp(file);
    CHECK(std::count(text.begin(), text.end(), '\n') == 300);
    CHECK(text == slurp(whole));
    CHECK(text.find("\"id\":\"critical-n7-s1\"") != std::string::npos);
}

// A row of the default search whose record names another square is refused on resume, as any
// task's forged output is (experiments/output_facts.hpp, critical_record_id).
TEST_CASE("critical --resume refuses a set record renamed in its results CSV", "[cli][output]") {
    const std::string file = scratch("renamed.jsonl"), csv = scratch("renamed.csv");
    for (const std::string& f : {file, csv, csv + ".meta.yaml", csv + ".schema.json"}) std::filesystem::remove(f);
    REQUIRE(run_cli("critical --n 4 --count 2 --out " + file).exit_code == 0);
    std::string rows = slurp(csv);
    const std::string id = "\"\"id\"\":\"\"critical-n4-s1\"\"";
    REQUIRE(rows.find(id) != std::string::npos);
    rows.replace(rows.find(id), id.size(), "\"\"id\"\":\"\"critical-n4-s9\"\"");
    std::ofstream(csv, std::ios::trunc) << rows;
    const auto r = run_cli("critical --n 4 --count 2 --resume --out " + file);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "column 'output'"));
}

// Standard input is read once: the search reads a private copy, named as ids name standard
// input (stdin:LINE), so the records are those of the same file given by name, renamed.
TEST_CASE("critical --input - searches standard input's squares, and cannot resume them", "[cli][output]") {
    const std::string corpus = std::string(FUTOLAB_DATA_DIR) + "/tatham-check/n04.tatham";
    const auto piped = run_cli("critical --input - < " + corpus);
    const auto named = run_cli("critical --input " + corpus);
    REQUIRE(piped.exit_code == 0);
    REQUIRE(named.exit_code == 0);
    CHECK(has(piped.out, "\"id\":\"stdin:"));
    std::string renamed = named.out;
    for (std::size_t at = renamed.find("\"id\":\"n04:"); at != std::string::npos; at = renamed.find("\"id\":\"n04:", at))
        renamed.replace(at, 10, "\"id\":\"stdin:");
    CHECK(piped.out == renamed);
    const auto resumed = run_cli("critical --input - --resume --out " + scratch("stdin.jsonl") + " < " + corpus);
    CHECK(resumed.exit_code == 2);
    CHECK(has(resumed.err, "cannot be read again"));
}
