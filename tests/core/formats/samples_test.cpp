// Every sample in shared/data loads and compiles; the Conjure instance is the same puzzle in
// .param and .futo, and its known solution verifies.
#include "test_util.hpp"

#include "core/verify.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace futolab;
using namespace futolab::test;

TEST_CASE("samples: the Conjure instance, as .param and .futo, is one puzzle with the known solution",
          "[samples]") {
    const auto param = read_instances(shared_data("conjure-tutorial-4x4.param"));
    const auto futo = read_instances(shared_data("conjure-tutorial-4x4.futo"));
    REQUIRE(param.size() == 1);
    REQUIRE(futo.size() == 1);
    const Puzzle p = Puzzle::compile(param[0]);
    CHECK(p.hash() == Puzzle::compile(futo[0]).hash());
    CHECK(p.num_givens() == 2);
    CHECK(p.num_relations() == 4);
    const SourceLoc loc{"known solution", 0, 0};
    const auto grid = solution_from_text(4, "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4", loc);
    CHECK(verify_solution(p, grid) == std::nullopt);
    const auto wrong = solution_from_text(4, "1 2 4 3/4 1 3 2/3 4 2 1/2 3 1 4", loc);
    CHECK(verify_solution(p, wrong) != std::nullopt);
}

TEST_CASE("samples: the Guardian 5x5 loads and its first row reads 1 < 3 < 5", "[samples]") {
    const auto all = read_instances(shared_data("guardian-5x5.tatham"));
    REQUIRE(all.size() == 1);
    const Puzzle p = Puzzle::compile(all[0]);
    const SourceLoc loc{"guardian", 0, 0};
    CHECK(verify_solution(p, solution_from_text(5, "1 3 5 2 4/2 1 3 4 5/5 4 2 3 1/3 5 4 1 2/4 2 1 5 3", loc)) ==
          std::nullopt);
}

TEST_CASE("samples: every puzzle of tatham-dev/*.tatham loads and compiles", "[samples]") {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(shared_data("tatham-dev")))
        if (entry.path().extension() == ".tatham") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() == 9);
    std::size_t total = 0;
    for (const std::string& file : files) {
        INFO(file);
        const auto all = read_instances(file);
        const int n = std::stoi(std::filesystem::path(file).stem().string().substr(1));
        for (const Instance& in : all) {
            CHECK(in.n == n);
            CHECK(in.meta["tatham"]["difficulty"].is_string());
            CHECK_NOTHROW(Puzzle::compile(in));
        }
        total += all.size();
    }
    CHECK(total == 615);  // 75 per size for n = 4..8, 60 for n = 9..12
}
