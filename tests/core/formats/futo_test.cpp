// Grid text (.futo): tokens, relations, several puzzles per file, ids, the aligned writer.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

namespace {

bool has_lt(const Instance& in, int r1, int c1, int r2, int c2) {
    for (const LessThan& r : in.lt)
        if (r.r1 == r1 && r.c1 == c1 && r.r2 == r2 && r.c2 == c2) return true;
    return false;
}

}  // namespace

TEST_CASE("futo: cells, empty tokens, relations and where each clue was read", "[futo]") {
    const Instance in = parse_one("# comment\n"
                                  "1 < _   # trailing comment\n"
                                  "^   v\n"
                                  "\n"
                                  "0 > 2\n",
                                  Format::futo, "dir/p.futo");
    CHECK(in.n == 2);
    CHECK(in.id == "p");
    CHECK(in.source == "dir/p.futo");
    CHECK(in.line == 2);
    REQUIRE(in.givens.size() == 2);
    CHECK(in.givens[0].row == 0);
    CHECK(in.givens[0].value == 1);
    CHECK(in.givens[0].line == 2);
    CHECK(in.givens[0].column == 1);
    CHECK(in.givens[1].row == 1);
    CHECK(in.givens[1].col == 1);
    CHECK(in.givens[1].line == 5);
    CHECK(in.givens[1].column == 5);
    REQUIRE(in.lt.size() == 4);
    CHECK(has_lt(in, 0, 0, 0, 1));  // 1 < _
    CHECK(has_lt(in, 0, 0, 1, 0));  // ^: upper < lower
    CHECK(has_lt(in, 1, 1, 0, 1));  // v: upper > lower
    CHECK(has_lt(in, 1, 1, 1, 0));  // 0 > 2: right < left
    CHECK(in.lt[0].line == 2);
    CHECK(in.lt[0].column == 3);
    CHECK(in.lt[2].column == 5);
}

TEST_CASE("futo: several puzzles in one file get <stem>:<line> ids", "[futo]") {
    const auto all = parse("1 .\n. .\n. 1\n\n# second\n3 . .\n. . .\n. . .\n. . .\n. . .\n", Format::futo,
                           "x/two.futo");
    REQUIRE(all.size() == 2);
    CHECK(all[0].id == "two:1");
    CHECK(all[1].id == "two:6");
    CHECK(all[1].n == 3);
    const auto three = read_instances(test_data("good/multi-4x4.futo"));
    REQUIRE(three.size() == 3);
    CHECK(three[2].id == "multi-4x4:" + std::to_string(three[2].line));
}

TEST_CASE("futo: two-digit values and the compile check of their range", "[futo]") {
    const auto in = read_instances(test_data("good/n10-extreme.futo"));
    REQUIRE(in.size() == 1);
    CHECK(in[0].n == 10);
    CHECK_NOTHROW(Puzzle::compile(in[0]));
    const Instance high = parse_one("3 .\n. .\n. .\n", Format::futo, "h.futo");
    CHECK_THROWS_WITH(Puzzle::compile(high), "h.futo:1:1: value 3 at (1,1) is out of range 1..2");
}

TEST_CASE("futo writer: aligned columns, '.' for empty, room for < > only when needed", "[futo]") {
    Instance in;
    in.id = "w";
    in.n = 3;
    in.givens = {{0, 0, 1, 0, 0}, {2, 2, 3, 0, 0}};
    in.lt = {{1, 0, 0, 0, 0, 0}};
    CHECK(write_instances({in}, Format::futo) == "# w\n1 . .\nv . .\n. . .\n. . .\n. . 3\n");
    in.lt.push_back({1, 2, 1, 1, 0, 0});
    CHECK(write_instances({in}, Format::futo) ==
          "# w\n1   .   .\nv   .   .\n.   . > .\n.   .   .\n.   .   3\n");
    const std::string two = write_instances({in, in}, Format::futo);
    CHECK(two.find("3\n\n# w\n") != std::string::npos);  // a blank line between puzzles
}

TEST_CASE("futo writer: width 2 from n = 10", "[futo]") {
    Instance in;
    in.n = 10;
    in.givens = {{0, 0, 10, 0, 0}, {0, 1, 9, 0, 0}};
    in.lt = {{0, 2, 0, 3, 0, 0}, {0, 9, 1, 9, 0, 0}};
    const std::string text = write_instances({in}, Format::futo);
    CHECK(text.substr(0, text.find('\n')) == "10    9    . <  .    .    .    .    .    .    .");
    CHECK(text.find("\n .    .    .    .    .    .    .    .    .    ^\n") != std::string::npos);
    CHECK(hash_of(parse_one(text, Format::futo)) == hash_of(in));
}

TEST_CASE("futo: malformed grids", "[futo]") {
    CHECK_THROWS_WITH(parse("1 2\n. .\n", Format::futo, "t.futo"), Contains("t.futo:1: incomplete puzzle"));
    CHECK_THROWS_WITH(parse("1 2\n. .\n1 2 3\n", Format::futo, "t.futo"),
                      "t.futo:3: cell row has 3 cells, expected 2");
    CHECK_THROWS_WITH(parse("1 2\n. . .\n", Format::futo, "t.futo"), Contains("t.futo:2: relation row has 3 tokens"));
    CHECK_THROWS_WITH(parse("1 2\n< .\n", Format::futo, "t.futo"), Contains("t.futo:2:1: '<' in a relation row"));
    CHECK_THROWS_WITH(parse("< 1 2\n", Format::futo, "t.futo"), Contains("t.futo:1:1: '<' must stand between"));
    CHECK_THROWS_WITH(parse("1 -2\n", Format::futo, "t.futo"), Contains("t.futo:1:3: '-2' is not a cell"));
    CHECK_THROWS_WITH(parse("# only\n", Format::futo, "t.futo"), Contains("no instance found"));
}
