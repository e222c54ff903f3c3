// Untrusted solution text (solutions.hpp): parsed strictly, verified, repeats rejected.
#include "solvers/external/solutions.hpp"

#include "core/formats/formats.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::external;

namespace {

Puzzle conjure() { return Puzzle::compile(read_instances(std::string(FUTOLAB_DATA_DIR) + "/conjure-tutorial-4x4.param").at(0)); }

Puzzle empty(int n) {
    Instance in;
    in.n = n;
    return Puzzle::compile(in);
}

}  // namespace

TEST_CASE("parse_grid reads n rows of n values 1..n and nothing else", "[external]") {
    CHECK(parse_grid("2 1/1 2", 2).values == std::vector<int>{2, 1, 1, 2});
    CHECK(parse_grid(" 2  1 / 1 2 ", 2).values == std::vector<int>{2, 1, 1, 2});
    for (const char* bad : {"", "2 1", "2 1/1 2/", "2 1/1", "2 1/1 2 1", "2 1/1 3", "2 1/0 2", "2 1/1 x", "2 1/1 2x",
                            "2 1/1 -2", "2 1/1 99999999999999999999", "2\t1/1 2", "2 1/1 +2"}) {
        INFO("'" << bad << "'");
        const ParsedGrid g = parse_grid(bad, 2);
        CHECK_FALSE(g.error.empty());
        CHECK(g.values.empty());
    }
}

TEST_CASE("the collector accepts right solutions and names what is wrong", "[external]") {
    const Puzzle p = conjure();
    SolutionCollector c(p);
    CHECK_FALSE(c.add("2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4"));
    CHECK(c.count() == 1);
    CHECK(c.first() == std::vector<int>{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4});
    CHECK(*c.add("2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4") == "solution 2 repeats an earlier one");
    CHECK(c.add("1 2 3 4/2 3 4 1/3 4 1 2/4 1 2 3")->starts_with("solution 2 is wrong: "));
    CHECK(*c.add("1 2 3 4") == "solution 2 is malformed: 1 rows, not 4");
    CHECK(c.count() == 1);

    const Puzzle two = empty(2);
    SolutionCollector e(two);
    CHECK_FALSE(e.add("1 2/2 1"));
    CHECK_FALSE(e.add(std::vector<int>{2, 1, 1, 2}));
    CHECK(e.count() == 2);
    CHECK(e.add(std::vector<int>{2, 1, 1, 2}).has_value());
}
