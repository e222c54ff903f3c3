#include "cli_runner.hpp"
#include "../support/backends.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

using futolab::test::run_cli;

namespace {

const std::string kShared = FUTOLAB_DATA_DIR;

struct BadInput {
    std::string file, expected;
};

std::vector<BadInput> bad_inputs() {
    std::ifstream tsv(FUTOLAB_SOURCE_DIR "/tests/data/bad/EXPECTED.tsv");
    std::vector<BadInput> rows;
    for (std::string line; std::getline(tsv, line);) {
        const auto tab = line.find('\t');
        if (line.empty() || line[0] == '#' || tab == std::string::npos) continue;
        rows.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return rows;
}

std::string hash_of(const std::string& check_output) {  // "...hash=0123456789abcdef\n"
    const auto at = check_output.find("hash=");
    return at == std::string::npos ? "" : check_output.substr(at + 5, 16);
}

}  // namespace

TEST_CASE("the version and help flags exit 0", "[cli]") {
    CHECK(run_cli("--version").out.find("futolab 0.") == 0);
    for (const char* cmd : {"--help", "solve --help", "check --help", "convert --help", "list --help",
                            "generate --help", "grade --help", "critical --help", "run --help", "merge --help",
                            "analyze --help"}) {
        INFO(cmd);
        const auto r = run_cli(cmd);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("Usage") != std::string::npos);
    }
}

TEST_CASE("usage errors exit 2 with one line", "[cli]") {
    for (const char* cmd : {"", "nosuchcommand", "solve", "solve --count zero x.futo", "convert x.futo",
                            "solve --format xml good/conjure-4x4.futo"}) {
        INFO(cmd);
        const auto r = run_cli(cmd);
        CHECK(r.exit_code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}

TEST_CASE("unknown solvers and options are rejected with the valid ones listed", "[cli]") {
    auto r = run_cli("solve -s nosuch good/conjure-4x4.futo");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: unknown solver 'nosuch' (valid: " + futolab::test::backend_list() + ")\n");
    r = run_cli("solve -s gac:colour=red good/conjure-4x4.futo");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("solver 'gac' has no option 'colour' (valid: ") != std::string::npos);
}

TEST_CASE("every bad input fails with exit 2 and a one-line message naming file and line", "[cli][bad-input][long]") {
    const auto rows = bad_inputs();
    REQUIRE(rows.size() >= 25);
    for (const BadInput& row : rows) {
        INFO(row.file);
        const auto r = run_cli("check " + row.file);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find(row.expected) != std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    SUCCEED(rows.size() << " bad inputs rejected through the CLI");
}

TEST_CASE("check validates and verifies solutions", "[cli]") {
    const std::string conjure = kShared + "/conjure-tutorial-4x4.param";
    auto r = run_cli("check " + conjure + " --solution '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4'");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("conjure-tutorial-4x4: valid, n=4 h=2 k=4 hash=") == 0);
    CHECK(r.out.find("conjure-tutorial-4x4: solution verifies") != std::string::npos);
    r = run_cli("check " + conjure + " --solution '2 1 4 3/4 2 3 1/3 4 1 2/1 3 4 2'");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("conjure-tutorial-4x4: solution is wrong: column 3 repeats 4") != std::string::npos);
}

TEST_CASE("every sample converts to every format and back with the same hash", "[cli][convert][long]") {
    const std::vector<std::string> samples{kShared + "/conjure-tutorial-4x4.param", kShared + "/conjure-tutorial-4x4.futo",
                                           kShared + "/guardian-5x5.tatham"};
    const std::vector<std::pair<std::string, std::string>> formats{
        {"futo", ".futo"}, {"jsonl", ".jsonl"}, {"tatham", ".tatham"}, {"essence", ".param"}};
    const std::string dir = std::filesystem::temp_directory_path() / "futolab-cli-convert";
    std::filesystem::create_directories(dir);
    int round_trips = 0;
    for (const std::string& sample : samples) {
        const std::string hash = hash_of(run_cli("check " + sample).out);
        REQUIRE(hash.size() == 16);
        for (const auto& [name, ext] : formats) {
            INFO(sample << " -> " << name);
            const std::string out = dir + "/x" + ext;
            REQUIRE(run_cli("convert " + sample + " --to " + name + " --out " + out).exit_code == 0);
            CHECK(hash_of(run_cli("check " + out).out) == hash);
            ++round_trips;
        }
        CHECK(run_cli("convert " + sample + " --to dzn").out.find("n = ") != std::string::npos);
    }
    SUCCEED(round_trips << " CLI round trips");
}

TEST_CASE("solve --format csv prints the SPEC columns and verified solutions", "[cli][solve]") {
    const auto r = run_cli("solve --format csv --count 2 -s gac " + kShared + "/conjure-tutorial-4x4.futo");
    CHECK(r.exit_code == 0);
    CHECK(r.out.rfind("experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,"
                      "nodes,fails,checks,propagations,max_depth,wall_ns,cpu_ns,solution,run,message,grade,output,"
                      "spec,max_rss_kb,host,core,isolation,time_limit_ms,cpu_limit_ms,memory_limit_kb,build,calibration_ns,"
                      "deterministic,session\n",
                      0) == 0);
    CHECK(r.out.find(",unique,1,") != std::string::npos);
    // run 0, no message, grade or output; spec `gac` (all defaults); peak memory unknown in-process.
    CHECK(r.out.find(",2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4,0,,,,gac,,") != std::string::npos);
}

TEST_CASE("generate is deterministic per seed and its output validates", "[cli][generate]") {
    const std::string cmd = "generate random --n 6 --givens 0.3 --relations 0.2 --count 4 --seed 11";
    const auto a = run_cli(cmd), b = run_cli(cmd);
    REQUIRE(a.exit_code == 0);
    CHECK(a.out == b.out);
    CHECK(std::count(a.out.begin(), a.out.end(), '\n') == 4);
    const std::string file = (std::filesystem::temp_directory_path() / "futolab-cli-gen.jsonl").string();
    REQUIRE(run_cli("generate unique --n 5 --count 2 --seed 3 --out " + file).exit_code == 0);
    const auto solved = run_cli("solve --count 2 --format csv -s fc " + file);
    CHECK(solved.exit_code == 0);
    CHECK(std::count(solved.out.begin(), solved.out.end(), '\n') == 3);
    CHECK(solved.out.find(",multiple,") == std::string::npos);
    CHECK(run_cli("generate random --n 1").exit_code == 2);
    CHECK(run_cli("generate sideways --n 5").exit_code == 2);
}

TEST_CASE("grade names the weakest propagation that solves a puzzle", "[cli][grade]") {
    const auto r = run_cli("grade " + kShared + "/guardian-5x5.tatham");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("guardian-5x5") != std::string::npos);
    CHECK(run_cli("grade good/nonexistent.futo").exit_code == 2);
}

TEST_CASE("critical writes verified critical sets, exhaustive gives the small-n minima", "[cli][critical]") {
    auto r = run_cli("critical --n 5 --count 2 --seed 4");
    CHECK(r.exit_code == 0);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 2);
    CHECK(r.out.find("\"critical\":true") != std::string::npos);
    const std::string file = (std::filesystem::temp_directory_path() / "futolab-cli-crit.jsonl").string();
    REQUIRE(run_cli("critical --square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4' --use both --out " + file).exit_code == 0);
    r = run_cli("solve --count 2 --format csv -s gecode " + file);  // a critical set is uniquely completable
    CHECK(r.out.find(",unique,1,") != std::string::npos);
    CHECK(run_cli("critical --square '1 2/1 2'").exit_code == 2);
    CHECK(run_cli("critical --exhaustive --n 9").exit_code == 2);
}

TEST_CASE("critical --free-square writes verified zero-given puzzles and restarts from them", "[cli][critical]") {
    const std::string file = (std::filesystem::temp_directory_path() / "futolab-cli-free.jsonl").string();
    auto r = run_cli("critical --free-square --n 4 --count 2 --seed 1 --iterations 30 --out " + file);
    CHECK(r.exit_code == 0);
    r = run_cli("solve --count 2 --format csv -s gecode " + file);  // both puzzles are unique
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 3);
    CHECK(r.out.find(",multiple,") == std::string::npos);
    r = run_cli("critical --free-square --input " + file + " --iterations 5");
    CHECK(r.exit_code == 0);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 2);
    CHECK(r.out.find("\"givens\":[]") != std::string::npos);
    CHECK(r.out.find("\"critical\":true") != std::string::npos);
    CHECK(run_cli("critical --free-square --square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4'").exit_code == 2);
    CHECK(run_cli("critical --free-square --n 4 --objective h").exit_code == 2);
}
