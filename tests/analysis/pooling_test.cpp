#include "analysis/pooling.hpp"
#include "core/error.hpp"
#include "data.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;
using futolab::test::analysis_csv;
namespace fs = std::filesystem;

namespace {

const std::string kHeader = "instance,instance_hash,solver,options,seed,repeat,status,nodes,wall_ns,cpu_ns\n";

fs::path fresh_dir() {
    const fs::path dir = fs::temp_directory_path() / "futolab-pooling-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string write(const fs::path& dir, const std::string& name, const std::string& text) {
    const std::string path = (dir / name).string();
    std::ofstream(path) << text;
    return path;
}

// The message of the InputError that check_pooling throws, or "" if it passes.
std::string refusal(const std::vector<std::string>& inputs, bool pool = false) {
    try {
        check_pooling(ResultsTable::load(inputs), pool);
        return "";
    } catch (const InputError& e) {
        return e.what();
    }
}

}  // namespace

TEST_CASE("pooling: shards pool, shards with their merge do not", "[pooling]") {
    const fs::path dir = fresh_dir();
    const std::string one = "a,01,fc,,7,1,solved,3,5,5\n", two = "b,02,fc,,8,1,solved,4,5,5\n";
    const std::string s1 = write(dir, "s1.csv", kHeader + one), s2 = write(dir, "s2.csv", kHeader + two);
    const std::string merged = write(dir, "merged.csv", kHeader + one + two);
    CHECK(refusal({s1, s2}).empty());
    const std::string why = refusal({s1, s2, merged});
    CHECK(why.find(s1 + ":2 and " + merged + ":2 hold the same run (instance a, fc , seed 7, repeat 1)") == 0);
    CHECK(why.find("shards with their merge") != std::string::npos);
    CHECK(refusal({s1, s2, merged}, true).empty());  // --pool: meant
    // Repeats of one experiment by design have their own repeat numbers.
    CHECK(refusal({s1, write(dir, "r2.csv", kHeader + "a,01,fc,,7,2,solved,3,5,5\n")}).empty());
    fs::remove_all(dir);
}

TEST_CASE("pooling: a file given twice is refused, even with --pool", "[pooling]") {
    const std::string paired = analysis_csv("paired.csv");
    for (bool pool : {false, true}) {
        const std::string why = refusal({paired, paired}, pool);
        CHECK(why == paired + ": given twice (inputs 1 and 2): its runs would count twice");
    }
}

TEST_CASE("pooling: one file under two names is given twice, a hard link too, even with --pool", "[pooling]") {
    const fs::path dir = futolab::test::fresh_dir("pooling", "two-names");
    const std::string a = write(dir, "a.csv", kHeader + "a,01,fc,,7,1,solved,3,5,5\n");
    fs::create_hard_link(a, dir / "hard.csv");
    fs::create_symlink(a, dir / "link.csv");
    for (const std::string& name : {(dir / "hard.csv").string(), (dir / "link.csv").string(), (dir / "." / "a.csv").string()}) {
        INFO(name);
        CHECK(refusal({a, name}, true) == name + ": given twice (inputs 1 and 2): its runs would count twice");
    }
}

TEST_CASE("pooling: inputs of different commits or configs need --pool", "[pooling]") {
    const fs::path dir = fresh_dir();
    const std::string a = write(dir, "a.csv", kHeader + "a,01,fc,,7,1,solved,3,5,5\n");
    const std::string b = write(dir, "b.csv", kHeader + "b,02,fc,,7,1,solved,3,5,5\n");
    auto meta = [](const std::string& hash, const std::string& commit) {
        // A sidecar with every key futolab writes that a reader needs: a fragment is not read.
        return "experiment: t\nconfig_hash: " + hash + "\nfutolab: {version: 0.1.0, git_commit: " + commit +
               "}\nmachine: {cpu: c, host: h}\nrun: {state: finished, started: 2026-01-01T00:00:00Z, finished: "
               "2026-01-01T00:00:00Z, jobs: 1, shard_index: 1, shard_count: 1, total_runs: 1}\n";
    };
    auto sidecars = [&](const std::string& hash_b, const std::string& commit_b) {
        std::ofstream(a + ".meta.yaml") << meta("h1", "c1");
        std::ofstream(b + ".meta.yaml") << meta(hash_b, commit_b);
    };
    sidecars("h1", "c1");
    CHECK(refusal({a, b}).empty());
    sidecars("h1", "c2");
    CHECK(refusal({a, b}) == a + " and " + b + " come from different commits (c1 and c2): analyze would pool them as one "
                                               "experiment; compare two versions with `futolab compare`, or pool them on "
                                               "purpose with --pool");
    CHECK(refusal({a, b}, true).empty());
    sidecars("h2", "c1");
    CHECK(refusal({a, b}).find("come from different configs (h1 and h2)") != std::string::npos);
    fs::remove(b + ".meta.yaml");  // nothing known of b: nothing to refuse
    CHECK(refusal({a, b}).empty());
    fs::remove_all(dir);
}

TEST_CASE("pooling: rows of two experiments need --pool, in two files or in one, sidecars or not", "[pooling]") {
    // Round 8: with one sidecar missing, or with another experiment's rows appended to a CSV,
    // analyze and report pooled two experiments with no word.
    const fs::path dir = fresh_dir();
    const std::string header = "experiment," + kHeader;
    const std::string a = write(dir, "a.csv", header + "ea,a,01,fc,,7,1,solved,3,5,5\n");
    const std::string b = write(dir, "b.csv", header + "eb,b,02,fc,,7,1,solved,3,5,5\n");
    CHECK(refusal({a, b}) == a + ":2 is a run of experiment 'ea', " + b + ":2 of 'eb': analyze would pool two experiments "
                                                                          "as one; compare two versions with `futolab "
                                                                          "compare`, or pool them on purpose with --pool");
    CHECK(refusal({a, b}, true).empty());
    const std::string mixed = write(dir, "mixed.csv", header + "ea,a,01,fc,,7,1,solved,3,5,5\nea,c,03,fc,,7,1,solved,3,5,5\n"
                                                                "eb,b,02,fc,,7,1,solved,3,5,5\n");
    CHECK(refusal({mixed}).find(mixed + ":2 is a run of experiment 'ea', " + mixed + ":4 of 'eb'") == 0);
    CHECK(refusal({mixed}, true).empty());
    // One experiment in several files (its shards) pools as before.
    CHECK(refusal({a, write(dir, "a2.csv", header + "ea,c,03,fc,,7,1,solved,3,5,5\n")}).empty());
    fs::remove_all(dir);
}
