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
    CHECK_THROWS_WITH(solution_from_text(4, "2 1 4 -99999999999/4 2 3 1/3 4 1 2/1 3 2 4", {"x"}),
                      "x: solution row 1: '-99999999999' is not a whole number in plain digits");
    CHECK_THROWS_WITH(solution_from_text(4, "2 1 4 +3/4 2 3 1/3 4 1 2/1 3 2 4", {"x"}),
                      "x: solution row 1: '+3' is not a whole number in plain digits");
    CHECK_THROWS_WITH(solution_from_text(2, "1/2 1", {"x"}), "x: solution row 1 has 1 value, expected 2");
}

// Round 10 (finding 16): `critical --square "…/"` counted the empty text after a trailing '/'
// as a row ("row 1 has 3 values, expected 4") while `check --solution "…/"` read past it.
// One reader now: a trailing '/' or an empty row is refused by both, naming what is wrong.
TEST_CASE("solution and square texts follow one rule: rows separated by '/', none empty", "[verify]") {
    const std::string square = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";
    int n = 0;
    CHECK(square_from_text(square, n, {"x"}) == solution_from_text(4, square, {"x"}));
    CHECK(n == 4);
    CHECK(solution_from_text(4, " 2 1  4 3 /4\t2 3 1/3 4 1 2/1 3 2 4 ", {"x"}) == solution_from_text(4, square, {"x"}));
    for (const std::string& bad :
         std::vector<std::string>{square + "/", square + "/ ", square + "//", "/" + square, "2 1 4 3//4 2 3 1/3 4 1 2"}) {
        INFO(bad);
        std::string from_solution, from_square;
        try {
            solution_from_text(4, bad, {"x"});
        } catch (const InputError& e) {
            from_solution = e.what();
        }
        try {
            square_from_text(bad, n, {"x"});
        } catch (const InputError& e) {
            from_square = e.what();
        }
        CHECK_THAT(from_solution, Catch::Matches("x: solution (ends with '/'|row [0-9] is empty).*"));
        CHECK(from_square == from_solution);
    }
    CHECK_THROWS_WITH(solution_from_text(4, square + "/", {"x"}),
                      "x: solution ends with '/': rows are separated by '/', not ended by it");
    CHECK_THROWS_WITH(solution_from_text(4, "", {"x"}), "x: solution row 1 is empty");
    CHECK_THROWS_WITH(square_from_text("1", n, {"x"}), "x: a square needs 2 to 64 rows separated by '/', got 1");
}

// Red-team round 27, C F8: "-0" was read as 0, so `check --solution "…/1 2 4 -0"` was a wrong
// answer (exit 1, "value 0 at (4,4) is out of range") and merge quoted the cell as '0'. A grid
// value is never written with a sign: every signed token is malformed, named as typed, in every
// reader of grid text (check --solution, critical --square, a CSV's solution cell).
TEST_CASE("a grid value with a sign is refused as typed and -0 is never read as 0", "[verify]") {
    const std::string zero = " is not a whole number in plain digits (0 is written without a sign)";
    const std::string sign = " is not a whole number in plain digits";
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 -0", "x: solution row 4: '-0'" + zero},
        {"-0 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4", "x: solution row 1: '-0'" + zero},
        {"2 1 4 3/4 2 -00 1/3 4 1 2/1 3 2 4", "x: solution row 2: '-00'" + zero},
        {"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 -4", "x: solution row 4: '-4'" + sign},
        {"2 1 4 3/4 2 3 1/-3 4 1 2/1 3 2 4", "x: solution row 3: '-3'" + sign},
        {"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 +0", "x: solution row 4: '+0'" + sign},
        {"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 +4", "x: solution row 4: '+4'" + sign},
        {"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 -", "x: solution row 4: '-'" + sign},
        {"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 -0x", "x: solution row 4: '-0x'" + sign},
    };
    int n = 0;
    for (const auto& [text, why] : refused) {
        INFO(text);
        CHECK_THROWS_WITH(solution_from_text(4, text, {"x"}), why);
        CHECK_THROWS_WITH(square_from_text(text, n, {"x"}), why);  // critical --square's reader
    }
    // A CSV cell's place is the reader's: "q.csv:7:12: solution row 4: '-0' …".
    CHECK_THROWS_WITH(solution_from_text(4, refused[0].first, {"q.csv", 7, 12}), "q.csv:7:12: solution row 4: '-0'" + zero);
    CHECK(solution_from_text(4, "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 0", {"x"}).back() == 0);  // 0 unsigned: a value, out of range
}
