// Tatham game IDs: flag letters, skip letters, difficulty in meta, the writer.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

TEST_CASE("tatham: the Guardian example reads as documented", "[tatham]") {
    const auto all = read_instances(shared_data("guardian-5x5.tatham"));
    REQUIRE(all.size() == 1);
    const Instance& in = all[0];
    CHECK(in.id == "guardian-5x5");
    CHECK(in.n == 5);
    REQUIRE(in.givens.size() == 1);
    CHECK((in.givens[0].row == 2 && in.givens[0].col == 2 && in.givens[0].value == 2));
    CHECK(in.lt.size() == 10);
    // "0L" at (1,2): greater than its left neighbour, so (1,1) < (1,2) (1-based).
    CHECK((in.lt[0].r1 == 0 && in.lt[0].c1 == 0 && in.lt[0].r2 == 0 && in.lt[0].c2 == 1));
    CHECK(in.lt[0].column == 6);  // the flag letter
    CHECK(in.meta.is_null());
}

TEST_CASE("tatham: each skip letter skips letter - 'a' + 1 empty cells", "[tatham]") {
    // a + b skip 3 cells: 3 lands on index 3; c skips 3 more: 1 lands on index 7; g skips 7.
    const Instance in = parse_one("4:ab3,c1,g0,", Format::tatham, "s.tatham");
    REQUIRE(in.givens.size() == 2);
    CHECK((in.givens[0].row == 0 && in.givens[0].col == 3 && in.givens[0].value == 3));
    CHECK((in.givens[1].row == 1 && in.givens[1].col == 3 && in.givens[1].value == 1));
}

TEST_CASE("tatham: flags U R D L, difficulty kept in meta and written back", "[tatham]") {
    const std::string id = "3dk:0,0,0,0RD,1,0UL,0,0,0,\n";
    const Instance in = parse_one(id, Format::tatham, "f.tatham");
    CHECK(in.meta == Json::parse(R"({"tatham":{"difficulty":"k"}})"));
    REQUIRE(in.lt.size() == 4);
    // (1,0) R and D: greater than (1,1) and (2,0); (1,2) U and L: greater than (0,2) and (1,1).
    CHECK((in.lt[0].r1 == 1 && in.lt[0].c1 == 1 && in.lt[0].r2 == 1 && in.lt[0].c2 == 0));
    CHECK((in.lt[1].r1 == 2 && in.lt[1].c1 == 0));
    CHECK((in.lt[2].r1 == 0 && in.lt[2].c1 == 2 && in.lt[2].r2 == 1 && in.lt[2].c2 == 2));
    CHECK(write_instances({in}, Format::tatham) == id);
    Instance plain = in;
    plain.meta = Json{{"tatham", {{"difficulty", "hard"}}}};  // not a Tatham letter: left out
    CHECK(write_instances({plain}, Format::tatham) == "3:0,0,0,0RD,1,0UL,0,0,0,\n");
}

TEST_CASE("tatham: several IDs per file, ids by line, blank and # lines skipped", "[tatham]") {
    const auto all = parse("# dev\n2:1,0,0,0,\n\n2:0,0,0,1\n", Format::tatham, "d/p.tatham");
    REQUIRE(all.size() == 2);
    CHECK(all[0].id == "p:2");
    CHECK(all[1].id == "p:4");
}

TEST_CASE("tatham: malformed IDs", "[tatham]") {
    CHECK_THROWS_WITH(parse("2a:0,0,0,0,", Format::tatham, "t.tatham"),
                      Contains("t.tatham:1:2: adjacent mode is not supported"));
    CHECK_THROWS_WITH(parse("x:0,", Format::tatham, "t.tatham"), Contains("t.tatham:1:1: parameters 'x' must start"));
    CHECK_THROWS_WITH(parse("2d:0,0,0,0,", Format::tatham, "t.tatham"), Contains("difficulty '' is not one of"));
    CHECK_THROWS_WITH(parse("2:0,0,0,", Format::tatham, "t.tatham"), Contains("has 3 cells, expected n*n = 4"));
    CHECK_THROWS_WITH(parse("2:0,0,0,0R,", Format::tatham, "t.tatham"),
                      "t.tatham:1:10: flag 'R' of cell (2,2) points off the board");
    CHECK_THROWS_WITH(parse("3:0,a", Format::tatham, "t.tatham"), Contains("expected a number after the skip"));
    CHECK_THROWS_WITH(parse("2:0,0,0,99999999999", Format::tatham, "t.tatham"), Contains("is too large"));
    CHECK_THROWS_WITH(parse("2:ab1,0,", Format::tatham, "t.tatham"), Contains("past the last of the 4 cells"));
}
