// futolab-bench's small tier in CI (issue #44 item 7): a sweep of configs/bench-small.yaml with
// gac checks clean against bench/v1/manifest.json; a copy of its CSV with a planted wrong
// status, a wrong solution, a deleted row and a stranger is caught by `check --expect`; and
// scripts/bench-regenerate.sh rebuilds the tier's files byte for byte.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = FUTOLAB_SOURCE_DIR;
const std::string kManifest = kRoot + "/bench/v1/manifest.json";

// The sweep's CSV, made once per test process (CTest runs each test case in a process of its
// own, maybe two at once: the folder is the process's).
const std::string& small_tier_csv() {
    static const std::string csv = [] {
        const fs::path dir = futolab::test::fresh_dir("bench", "small-sweep-" + std::to_string(::getpid()));
        const auto r = run_cli("run configs/bench-small.yaml --jobs 2 --out '" + dir.string() + "'", kRoot);
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        return (dir / "bench-small.csv").string();
    }();
    return csv;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The index of the first row (after the header) that contains `part` and not `unless`.
std::size_t row_with(const std::vector<std::string>& lines, const std::string& part, const std::string& unless = "\n") {
    for (std::size_t i = 1; i < lines.size(); ++i)
        if (has(lines[i], part) && !has(lines[i], unless)) return i;
    FAIL("no row with " + part);
    return 0;
}

void replace_once(std::string& line, const std::string& from, const std::string& to) {
    const auto at = line.find(from);
    REQUIRE(at != std::string::npos);
    line.replace(at, from.size(), to);
}

std::string write_lines(const std::string& name, const std::vector<std::string>& lines) {
    const fs::path path = futolab::test::fresh_dir("bench", name) / "results.csv";
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << "\n";
    return path.string();
}

}  // namespace

TEST_CASE("a gac sweep of the small tier checks clean against the manifest", "[bench][cli]") {
    const auto r = run_cli("check --expect '" + kManifest + "' --tier small '" + small_tier_csv() + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    REQUIRE(lines_of(r.out).size() == 1);
    CHECK(has(r.out, "futolab-bench v1 (tier small): "));
    CHECK(has(r.out, " 0 wrong, 0 undecided, 0 missing, 0 not in the manifest"));
}

TEST_CASE("check --expect catches a planted wrong status, a wrong solution, a missing run and a stranger", "[bench][cli]") {
    std::vector<std::string> lines = lines_of(slurp(small_tier_csv()));
    // A wrong status: a unique instance said to have two solutions, a row whose cells agree (its
    // status with its count, its solution a Latin square): only the manifest shows it wrong. (An
    // unsat row said `multiple` with its 0 solutions is no row futolab writes: refused, exit 2,
    // tests/app/held_rows_cli_test.cpp.)
    replace_once(lines[row_with(lines, ",count:2,unique,1,", "exhaustive-n3-k")], ",count:2,unique,1,", ",count:2,multiple,2,");
    // A wrong solution: a unique instance's solution with its first two rows swapped (another
    // Latin square). After the status every cell up to `solution` is a plain number, so the
    // solution is the 9th cell after it.
    std::string& unique = lines[row_with(lines, ",count:2,unique,", "exhaustive-n3-k")];
    std::size_t at = unique.find(",count:2,unique,") + std::string(",count:2,unique").size();
    for (int cell = 0; cell < 9; ++cell) at = unique.find(',', at) + 1;
    const std::size_t end = unique.find(',', at);
    const std::string solution = unique.substr(at, end - at);
    const std::size_t first = solution.find('/'), second = solution.find('/', first + 1);
    REQUIRE(second != std::string::npos);
    unique.replace(at, end - at, solution.substr(first + 1, second - first - 1) + "/" + solution.substr(0, first) +
                                     solution.substr(second));
    // A missing run, and a run of a puzzle that is not in the manifest (its id and hash changed).
    const std::size_t missing = row_with(lines, "exhaustive-n3-k");
    std::string stranger = lines[missing];
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(missing));
    const std::size_t id_end = stranger.find(',', stranger.find(',') + 1);
    stranger.replace(stranger.find(',') + 1, id_end - stranger.find(',') - 1 + 17, "stranger,0123456789abcdef");
    lines.push_back(stranger);

    const auto r = run_cli("check --expect '" + kManifest + "' --tier small '" + write_lines("planted", lines) + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(has(r.out, "gac (count:2) says multiple, expected unique"));
    CHECK(has(r.out, "gac (count:2) found a solution whose hash is "));
    CHECK(has(r.out, ": exhaustive-n3-k (hash "));
    CHECK(has(r.out, "no run of gac (count:2)"));
    CHECK(has(r.out, ": stranger (hash 0123456789abcdef): not in tier small of "));
    CHECK(has(r.out, " 2 wrong, 0 undecided, 1 missing, 1 not in the manifest"));
    CHECK(lines_of(r.out).size() == 5);  // four problem lines and the summary
}

TEST_CASE("check --expect refuses a results CSV with a bad status cell, naming file, line and column", "[bench][cli][bad-input]") {
    std::vector<std::string> lines = lines_of(slurp(small_tier_csv()));
    replace_once(lines[1], ",count:2,", ",count:2,maybe");
    const std::string csv = write_lines("bad-status", lines);
    const auto r = run_cli("check --expect '" + kManifest + "' '" + csv + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(has(r.err, csv + ":2"));
    CHECK(has(r.err, "maybe"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("check --tier needs --expect, --expect refuses --solution", "[bench][cli][bad-input]") {
    auto r = run_cli("check --tier small good/conjure-4x4.futo");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--tier applies only with --expect"));
    r = run_cli("check --expect '" + kManifest + "' --solution '1 2/2 1' x.csv");
    CHECK(r.exit_code == 2);
    r = run_cli("check --expect '" + kManifest + "' --tier nosuch '" + small_tier_csv() + "'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--tier: 'nosuch' is not a tier of "));
}

// The generated and selected files of the small tier come out of the script byte for byte
// (scripts/bench-regenerate.sh; its unsat puzzles need jq, which scripts/install-deps.sh
// installs).
TEST_CASE("the small tier regenerates byte for byte", "[bench][cli]") {
    // Not a skip: a check that passes without checking would read as "reproduced".
    INFO("jq is missing: run scripts/install-deps.sh");
    REQUIRE(std::system("command -v jq >/dev/null 2>&1") == 0);
    const fs::path dir = futolab::test::fresh_dir("bench", "regenerate");
    const std::string cmd = "cd '" + kRoot + "' && FUTOLAB='" FUTOLAB_CLI "' bash scripts/bench-regenerate.sh --out '" +
                            dir.string() + "' --verify small >'" + (dir / "log").string() + "' 2>&1";
    const int status = std::system(cmd.c_str());
    INFO(slurp((dir / "log").string()));
    REQUIRE(status == 0);
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(kRoot + "/bench/v1/small")) {
        INFO(entry.path());
        CHECK(slurp(entry.path().string()) == slurp((dir / "small" / entry.path().filename()).string()));
        ++files;
    }
    CHECK(files == 5);
}

TEST_CASE("check --expect refuses one results CSV given twice by any name and warns on a copy", "[bench][cli][bad-input]") {
    const std::string csv = small_tier_csv();
    const fs::path dir = futolab::test::fresh_dir("bench", "given-twice");
    fs::create_symlink(csv, dir / "link.csv");
    fs::create_hard_link(csv, dir / "hard.csv");
    fs::copy_file(csv, dir / "copy.csv");
    for (const std::string& name : {csv, (dir / "link.csv").string(), (dir / "hard.csv").string()}) {
        INFO(name);
        const auto r = run_cli("check --expect '" + kManifest + "' '" + csv + "' '" + name + "'");
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(has(r.err, name + ": given twice (inputs 1 and 2): its runs would count twice"));
    }
    // A copy is no error (a shard beside its merge is a copy of part of it), but its runs count
    // twice: said on standard error, naming both.
    const auto once = run_cli("check --expect '" + kManifest + "' '" + csv + "'");
    const auto copy = run_cli("check --expect '" + kManifest + "' '" + csv + "' '" + (dir / "copy.csv").string() + "'");
    CHECK(copy.exit_code == once.exit_code);
    CHECK(has(copy.err, "futolab: warning: " + csv + " and " + (dir / "copy.csv").string() + " hold the same "));
    CHECK(has(copy.err, " runs, measurements included (a copy?): they are counted twice\n"));
    CHECK_FALSE(has(once.err, "warning"));
}

// Red-team round 25, B F11: a manifest entry's "n": 3 for a 2x2 puzzle checked as all right.
// check --expect reads no instance file: the rows of the puzzle (its hash) state its n, h and
// k, and an entry that disagrees is refused, exit 2, one line at the entry's field, naming the
// row; in any tier, selected or not (unsat-unique-n5-both-s501 is in tier small only).
TEST_CASE("check --expect refuses a manifest entry whose n or h or k its puzzle's run contradicts", "[bench][cli][bad-input]") {
    const std::string shipped = slurp(kManifest);
    const std::string entry = R"("id": "unsat-unique-n5-both-s501", "n": 5, "h": 5, "k": 5,)";
    const std::size_t at = shipped.find(entry);
    REQUIRE(at != std::string::npos);
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(shipped.begin(), shipped.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    const std::size_t column = at - shipped.rfind('\n', at);  // of the entry's "id", 1-based
    struct Case {
        std::string key, edited, tier;
        std::size_t offset;  // of the value from "id"
    };
    const std::vector<Case> cases{{"n", R"("n": 6, "h": 5, "k": 5,)", "small", 40},
                                  {"h", R"("n": 5, "h": 4, "k": 5,)", "small", 48},
                                  {"k", R"("n": 5, "h": 5, "k": 40,)", "tatham", 56}};
    for (const Case& c : cases) {
        INFO(c.key);
        std::string text = shipped;
        text.replace(at + entry.find("\"n\""), entry.size() - entry.find("\"n\""), c.edited);
        const fs::path path = futolab::test::fresh_dir("bench", "facts-" + c.key) / "manifest.json";
        std::ofstream(path) << text;
        const auto r = run_cli("check --expect '" + path.string() + "' --tier " + c.tier + " '" + small_tier_csv() + "'");
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(has(r.err, "futolab: " + path.string() + ":" + std::to_string(line) + ":" + std::to_string(column + c.offset) +
                             ": instances[56] (id 'unsat-unique-n5-both-s501'): field '" + c.key + "': "));
        CHECK(has(r.err, ", but " + small_tier_csv() + ":"));
        CHECK(has(r.err, " ran this puzzle (hash 0774125189753cc4) with " + c.key + " 5\n"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}

// `solve --format csv`'s rows are futolab rows too (session and calibration_ns empty, as outside
// every sweep), checked as a sweep's are; a sweep's row (its isolation written) with either
// blanked is refused (red-team round 31, H5: solve's CSV was refused as damaged sweep rows).
TEST_CASE("check --expect checks the CSV of futolab solve, and refuses a sweep row without its session",
          "[bench][cli]") {
    const fs::path dir = futolab::test::fresh_dir("bench", "solve-csv");
    const std::string tier = kRoot + "/bench/v1/small/";
    const auto solved = run_cli("solve -s gac --count 2 --format csv " + tier + "*.jsonl " + tier + "tatham.tatham > '" +
                                (dir / "s.csv").string() + "'");
    REQUIRE(solved.exit_code == 0);
    for (const std::string& input : {"'" + (dir / "s.csv").string() + "'", std::string("- < '") + (dir / "s.csv").string() + "'"}) {
        const auto r = run_cli("check --expect " + kManifest + " --tier small " + input);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, "69 right, 0 wrong"));
    }
    // The sweep's CSV with one row's session blanked (the last cell), alone (no sidecar).
    std::vector<std::string> lines = lines_of(slurp(small_tier_csv()));
    REQUIRE(lines.size() > 2);
    REQUIRE(lines[1].back() != ',');
    lines[1].erase(lines[1].rfind(',') + 1);
    std::ofstream out(dir / "blank.csv");
    for (const std::string& line : lines) out << line << "\n";
    out.close();
    const auto r = run_cli("check --expect " + kManifest + " --tier small '" + (dir / "blank.csv").string() + "'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "column 'session' is '', empty, where every sweep run writes it (its isolation says it is a sweep's row)"));
    // The other way: a sweep's row with its isolation blanked (spot check of round 31, J4).
    std::vector<std::string> no_isolation = lines_of(slurp(small_tier_csv()));
    // (isolation is the 8th cell from the end, after which no cell holds a comma; before it, a
    // quoted options cell may)
    REQUIRE(no_isolation[0].ends_with(
        ",isolation,time_limit_ms,cpu_limit_ms,memory_limit_kb,build,calibration_ns,deterministic,session"));
    std::size_t end = no_isolation[1].size();
    for (int c = 0; c < 7; ++c) end = no_isolation[1].rfind(',', end - 1);
    const std::size_t begin = no_isolation[1].rfind(',', end - 1) + 1;
    REQUIRE(end > begin);  // an isolation written
    no_isolation[1].erase(begin, end - begin);
    std::ofstream edited(dir / "no-isolation.csv");
    for (const std::string& line : no_isolation) edited << line << "\n";
    edited.close();
    const auto e = run_cli("check --expect " + kManifest + " --tier small '" + (dir / "no-isolation.csv").string() + "'");
    INFO(e.err);
    CHECK(e.exit_code == 2);
    CHECK(has(e.err, "column 'isolation' is '', empty, where a sweep's row has one (its session says it is one)"));
}
