#include "core/instance.hpp"
#include "core/error.hpp"
#include "core/verify.hpp"

#include <catch2/catch.hpp>

using namespace futolab;

namespace {

Puzzle conjure() {
    Instance in;
    in.n = 4;
    in.givens = {{0, 0, 2}, {1, 1, 2}};
    in.lt = {{0, 0, 1, 0}, {3, 1, 2, 1}, {2, 2, 2, 3}, {2, 3, 3, 3}};
    return Puzzle::compile(in);
}

const std::string kSolution = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";

}  // namespace

TEST_CASE("the Conjure tutorial's known solution verifies", "[verify]") {
    const Puzzle p = conjure();
    const std::vector<int> grid = solution_from_text(4, kSolution, {"test"});
    CHECK_FALSE(verify_solution(p, grid));
    CHECK(solution_to_text(4, grid) == kSolution);
}

TEST_CASE("wrong solutions are named precisely", "[verify]") {
    const Puzzle p = conjure();
    std::vector<int> grid = solution_from_text(4, kSolution, {"test"});
    std::swap(grid[0], grid[1]);  // breaks the given (1,1)=2
    CHECK(*verify_solution(p, grid) == "cell (1,1) is 1 but the given is 2");
    grid = solution_from_text(4, "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 1", {"test"});
    CHECK(*verify_solution(p, grid) == "row 4 repeats 1");
    // Swapping two columns keeps a Latin square but breaks givens or relations.
    grid = solution_from_text(4, "2 1 3 4/4 2 1 3/3 4 2 1/1 3 4 2", {"test"});
    CHECK(*verify_solution(p, grid) == "relation (3,3) < (3,4) is violated (2 vs 1)");
    grid = solution_from_text(4, "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 5", {"test"});
    CHECK(*verify_solution(p, grid) == "value 5 at (4,4) is out of range 1..4");
}

TEST_CASE("solution text errors are input errors", "[verify]") {
    CHECK_THROWS_WITH(solution_from_text(4, "2 1 4/4 2 3 1/3 4 1 2/1 3 2 4", {"x"}),
                      "x: solution row 1 has 3 values, expected 4");
    CHECK_THROWS_WITH(solution_from_text(4, "2 1 4 3/4 2 3 1/3 4 1 2", {"x"}), "x: solution has 3 rows, expected 4");
    CHECK_THROWS_WITH(solution_from_text(4, "2 1 4 a/4 2 3 1/3 4 1 2/1 3 2 4", {"x"}),
                      "x: solution row 1: 'a' is not a number");
    CHECK_THROWS_WITH(solution_from_text(4, "2 1 4 99999999999/4 2 3 1/3 4 1 2/1 3 2 4", {"x"}),
                      "x: solution row 1: '99999999999' is too large");
}
