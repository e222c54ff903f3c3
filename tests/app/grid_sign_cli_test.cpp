// A grid value typed with a sign is malformed input, named as typed (red-team round 27, C F8):
// the one reader of grid text (check --solution, critical --square, a results CSV's solution
// cell) read "-0" as 0, so `check --solution "…/1 2 4 -0"` answered "solution is wrong: value 0
// … is out of range" (exit 1, a rejected claim) and merge quoted the cell as '… 0'. Now exit 2,
// one line naming the option or cell and the token, never read as 0.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// One 4x4 puzzle with its one solution 3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 3 (the report's one.jsonl).
const std::string kPuzzle =
    R"({"id":"unique-n4-both-s3","n":4,"givens":[[0,1,4],[0,3,1],[3,2,4]],"lt":[[2,0,2,1],[3,0,3,1]]})";
const std::string kSolution = "3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 3";
const std::string kZero = " is not a whole number in plain digits (0 is written without a sign)";
const std::string kSign = " is not a whole number in plain digits";

fs::path with_puzzle(const std::string& name) {
    const fs::path dir = fresh_dir("grid-sign", name);
    std::ofstream(dir / "one.jsonl") << kPuzzle << "\n";
    return dir;
}

}  // namespace

TEST_CASE("check --solution: a value with a sign is malformed input and -0 is not read as 0", "[cli][check]") {
    const fs::path dir = with_puzzle("check");
    REQUIRE(run_cli("check one.jsonl --solution '" + kSolution + "'", dir.string()).exit_code == 0);
    for (const auto& [grid, says] : std::vector<std::pair<std::string, std::string>>{
             {"3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 -0", "--solution: solution row 4: '-0'" + kZero},  // the report's
             {"-0 4 2 1/4 1 3 2/2 3 1 4/1 2 4 3", "--solution: solution row 1: '-0'" + kZero},
             {"3 4 2 1/4 1 3 2/2 3 1 -00/1 2 4 3", "--solution: solution row 3: '-00'" + kZero},
             {"3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 -3", "--solution: solution row 4: '-3'" + kSign},
             {"3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 +3", "--solution: solution row 4: '+3'" + kSign},
             {"3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 +0", "--solution: solution row 4: '+0'" + kSign},
         }) {
        const auto r = run_cli("check one.jsonl --solution '" + grid + "'", dir.string());
        INFO(grid << " -> " << r.out << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: " + says + "\n");
        CHECK_FALSE(has(r.out + r.err, "solution is wrong"));
    }
    // 0 without a sign is a value, out of range: the claim is checked and false (exit 1).
    const auto zero = run_cli("check one.jsonl --solution '3 4 2 1/4 1 3 2/2 3 1 4/1 2 4 0'", dir.string());
    CHECK(zero.exit_code == 1);
    CHECK(has(zero.out + zero.err, "value 0 at (4,4) is out of range 1..4"));
}

TEST_CASE("critical --square: a value with a sign is malformed input", "[cli][critical]") {
    const fs::path dir = with_puzzle("square");
    for (const auto& [square, says] : std::vector<std::pair<std::string, std::string>>{
             {"1 2/2 -0", "solution row 2: '-0'" + kZero},
             {"-0 2/2 1", "solution row 1: '-0'" + kZero},
             {"1 2 3/2 3 1/3 1 -2", "solution row 3: '-2'" + kSign},
         }) {
        const auto r = run_cli("critical --square '" + square + "' --out o.jsonl", dir.string());
        INFO(square << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, says));
        CHECK(r.err.find('\n') == r.err.size() - 1);
        CHECK_FALSE(fs::exists(dir / "o.jsonl"));
    }
}

TEST_CASE("merge: a results CSV's solution cell with -0 is refused quoting the cell as written", "[cli][merge]") {
    const fs::path dir = with_puzzle("merge");
    std::ofstream(dir / "g.yaml") << "name: g\nseed: 1\ninstances:\n  - file: one.jsonl\nsolvers: [ gac ]\noutput: out/g.csv\n";
    REQUIRE(run_cli("run g.yaml -q", dir.string()).exit_code == 0);
    const std::string csv = slurp((dir / "out/g.csv").string());
    REQUIRE(has(csv, kSolution));
    for (const std::string typed : {"1 2 4 -0", "-0 4 2 1", "1 2 4 -3"}) {
        std::string edited = csv;
        const std::string row = typed.starts_with("-0") ? "3 4 2 1" : "1 2 4 3";
        edited.replace(edited.find(kSolution) + kSolution.find(row), row.size(), typed);
        std::ofstream(dir / "out/g.csv", std::ios::binary) << edited;
        const auto r = run_cli("merge out/g.csv --out m.csv", dir.string());
        INFO(typed << " -> " << r.err);
        CHECK(r.exit_code == 2);
        const std::string token = typed.starts_with("-0") ? "-0" : typed.substr(typed.rfind(' ') + 1);
        CHECK(has(r.err, "'" + token + "' is not a whole number in plain digits"));
        CHECK_FALSE(has(r.err, "1 2 4 0"));  // never quoted as read
        CHECK_FALSE(fs::exists(dir / "m.csv"));
    }
}
