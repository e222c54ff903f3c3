// Messages of merge and resume about their inputs (issue #45, red-team round 11, tester B):
// F21 `merge X X` was said to hold "a sidecar copied from another shard?"; F18 a sidecar that
// lists one input file twice was said to list a file "the config no longer reads".
#include "records/merge.hpp"
#include "records/sidecar.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using Catch::Matchers::Contains;

TEST_CASE("merge refuses one file given twice as such, also through another path (round 11, F21)", "[merge][records]") {
    const fs::path dir = fs::temp_directory_path() / "futolab-merge-inputs-test";
    fs::remove_all(dir);
    fs::create_directories(dir / "sub");
    const std::string csv = (dir / "x.csv").string();
    std::ofstream(csv) << "experiment\n";
    const std::string out = (dir / "m.csv").string();
    CHECK_THROWS_WITH(futolab::merge_results({csv, csv}, out),
                      Contains(csv + ": the same file as input 1 (" + csv + "): a file given twice; refusing to merge it "
                                     "with itself"));
    const std::string other = (dir / "sub" / ".." / "x.csv").string();
    CHECK_THROWS_WITH(futolab::merge_results({csv, other}, out), Contains("the same file as input 1"));
    fs::create_hard_link(csv, dir / "y.csv");
    CHECK_THROWS_WITH(futolab::merge_results({csv, (dir / "y.csv").string()}, out), Contains("a file given twice"));
    CHECK_FALSE(fs::exists(out));
    fs::remove_all(dir);
}

TEST_CASE("an input listed twice is named so, not as one no longer read (round 11, F18)", "[resume][merge][records]") {
    const futolab::InputFile p{"p4.tatham", "77cf677348f16c37"}, e{"e5.tatham", "0000000000000001"};
    CHECK(futolab::input_difference({p, p}, {p}) == "input file p4.tatham listed twice (as input 2), read once");
    CHECK(futolab::input_difference({p, e}, {p}) == "input file e5.tatham no longer read");
    CHECK(futolab::input_difference({p}, {p}).empty());
}
