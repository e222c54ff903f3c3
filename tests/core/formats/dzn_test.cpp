// MiniZinc data: what the file holds, and (where MiniZinc is installed) that
// models/futoshiki.mzn solves it to the known solution.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

TEST_CASE("dzn: n, givens with 0 for empty, k and 1-based relation rows", "[dzn]") {
    const auto conjure = read_instances(shared_data("conjure-tutorial-4x4.param"));
    const std::string dzn = write_instances(conjure, Format::dzn);
    CHECK_THAT(dzn, Contains("n = 4;\n"));
    CHECK_THAT(dzn, Contains("givens = [|2, 0, 0, 0\n          |0, 2, 0, 0\n"));
    CHECK_THAT(dzn, Contains("k = 4;\n"));
    CHECK_THAT(dzn, Contains("lt = [|1, 1, 2, 1\n"));
    CHECK_THAT(dzn, Contains("|4, 2, 3, 2 |];\n"));
    Instance none;
    none.n = 2;
    CHECK_THAT(write_instances({none}, Format::dzn), Contains("k = 0;\nlt = array2d(1..0, 1..4, []);\n"));
}

TEST_CASE("dzn: models/futoshiki.mzn solves the Conjure instance (needs minizinc)", "[dzn][minizinc]") {
    if (std::system("minizinc --version > /dev/null 2>&1") != 0) {
        WARN("minizinc is not installed: model check skipped");
        return;
    }
    const auto dir = std::filesystem::temp_directory_path() / "futolab-dzn-test";
    std::filesystem::create_directories(dir);
    const auto data = dir / "conjure.dzn", out = dir / "out.txt";
    {
        std::ofstream file(data);
        file << write_instances(read_instances(shared_data("conjure-tutorial-4x4.param")), Format::dzn);
    }
    const std::string cmd = "minizinc --solver gecode --all-solutions " + std::string(FUTOLAB_SOURCE_DIR) +
                            "/models/futoshiki.mzn " + data.string() + " > " + out.string() + " 2> /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    CHECK(slurp(out.string()) == "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\n----------\n==========\n");
    std::filesystem::remove_all(dir);
}
