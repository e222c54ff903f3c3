// analysis/same_runs.hpp: two inputs that hold the same runs (a copy, a shard beside its
// merge) are named in a warning; different measurements, another header, one file under two
// names (compare's own note) and an empty CSV are not.
#include "analysis/same_runs.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

fs::path scratch() {
    const fs::path dir = fs::temp_directory_path() / ("futolab-same-runs-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

std::string write(const std::string& name, const std::string& text) {
    const fs::path p = scratch() / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
}

const std::string kHeader = "instance,spec,seed,repeat,wall_ns\n";

}  // namespace

TEST_CASE("same runs: a copy and a shard beside its merge are named, other measurements are not", "[analysis][compare]") {
    const std::string a = write("a.csv", kHeader + "p1,gac,1,0,100\np2,gac,1,0,200\n");
    const std::string copy = write("copy.csv", kHeader + "p2,gac,1,0,200\r\np1,gac,1,0,100\r\n");  // rows reordered, CR LF
    const std::string merged = write("merged.csv", kHeader + "p1,gac,1,0,100\np2,gac,1,0,200\np3,gac,1,0,300\n");
    const std::string remeasured = write("new.csv", kHeader + "p1,gac,1,0,101\np2,gac,1,0,200\n");
    const std::string other_header = write("other.csv", "instance,spec,seed,repeat,cpu_ns\np1,gac,1,0,100\np2,gac,1,0,200\n");
    const std::string empty = write("empty.csv", kHeader);

    auto w = same_runs_warnings({a, copy}, {"A", "C"});
    REQUIRE(w.size() == 1);
    REQUIRE_THAT(w[0], Catch::Contains("A and C hold the same 2 runs"));

    w = same_runs_warnings({merged, a}, {"M", "A"});
    REQUIRE(w.size() == 1);
    REQUIRE_THAT(w[0], Catch::Contains("every run of A (2) is a row of M"));

    REQUIRE(same_runs_warnings({a, remeasured}, {"A", "N"}).empty());
    REQUIRE(same_runs_warnings({a, other_header}, {"A", "O"}).empty());
    REQUIRE(same_runs_warnings({empty, a}, {"E", "A"}).empty());
    REQUIRE(same_runs_warnings({a, (fs::path(a).parent_path() / "." / "a.csv").string()}, {"A", "A2"}).empty());

    // Three inputs: each pair on its own.
    REQUIRE(same_runs_warnings({a, remeasured, copy}, {"A", "N", "C"}).size() == 1);
    fs::remove_all(scratch());
}

// A copy re-saved with a byte-order mark (a spreadsheet's "CSV UTF-8") holds the same runs: its
// header was compared with the mark and differed, and the copy went unnamed.
TEST_CASE("same runs: a copy that starts with a byte-order mark is named", "[analysis][compare][bom]") {
    const std::string a = write("a.csv", kHeader + "p1,gac,1,0,100\n");
    const std::string marked = write("marked.csv", "\xEF\xBB\xBF" + kHeader + "p1,gac,1,0,100\n");
    const auto w = same_runs_warnings({a, marked}, {"A", "M"});
    REQUIRE(w.size() == 1);
    REQUIRE_THAT(w[0], Catch::Contains("A and M hold the same 1 run, measurements"));
    fs::remove_all(scratch());
}
