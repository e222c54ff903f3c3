#include "core/instance.hpp"
#include "core/error.hpp"
#include "core/puzzle.hpp"

#include <catch2/catch.hpp>

using namespace futolab;

namespace {

// The Conjure tutorial 4x4 (0-based): givens (0,0)=2, (1,1)=2.
Instance conjure() {
    Instance in;
    in.id = "conjure";
    in.source = "conjure.futo";
    in.n = 4;
    in.givens = {{0, 0, 2}, {1, 1, 2}};
    in.lt = {{0, 0, 1, 0}, {3, 1, 2, 1}, {2, 2, 2, 3}, {2, 3, 3, 3}};
    return in;
}

std::string compile_error(const Instance& in) {
    try {
        Puzzle::compile(in);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("compile keeps givens, relations and per-cell links", "[puzzle]") {
    const Puzzle p = Puzzle::compile(conjure());
    CHECK(p.n() == 4);
    CHECK(p.num_givens() == 2);
    CHECK(p.num_relations() == 4);
    CHECK(p.given(0) == 2);
    CHECK(p.given(5) == 2);
    CHECK(p.given(1) == 0);
    // (0,0) < (1,0): cell 0 has cell 4 above it in value.
    REQUIRE(p.links(0).n_greater == 1);
    CHECK(p.links(0).greater[0] == 4);
    REQUIRE(p.links(4).n_smaller == 1);
    CHECK(p.links(4).smaller[0] == 0);
    CHECK(p.links(1).n_greater + p.links(1).n_smaller == 0);
}

TEST_CASE("chain bounds: a cell with j cells forced below it is at least j+1", "[puzzle]") {
    // (2,2) < (2,3) < (3,3): (2,3) is in 2..3, (3,3) in 3..4, (2,2) in 1..2.
    const Puzzle p = Puzzle::compile(conjure());
    CHECK(p.min_value(2 * 4 + 3) == 2);
    CHECK(p.max_value(2 * 4 + 3) == 3);
    CHECK(p.min_value(3 * 4 + 3) == 3);
    CHECK(p.max_value(2 * 4 + 2) == 2);
    CHECK(p.min_value(1) == 1);
    CHECK(p.max_value(1) == 4);
}

TEST_CASE("the hash depends on the puzzle, not on clue order or id", "[puzzle]") {
    Instance a = conjure();
    Instance b = conjure();
    std::reverse(b.givens.begin(), b.givens.end());
    std::reverse(b.lt.begin(), b.lt.end());
    b.id = "other";
    CHECK(Puzzle::compile(a).hash() == Puzzle::compile(b).hash());
    CHECK(Puzzle::compile(a).hash().size() == 16);
    b.givens.pop_back();
    CHECK(Puzzle::compile(a).hash() != Puzzle::compile(b).hash());
    // A fixed value: the hash is stable across builds and machines.
    CHECK(Puzzle::compile(a).canonical() == "futolab-canonical-v1;n=4;givens=0:2,5:2,;lt=0<4,10<11,11<15,13<9,");
}

TEST_CASE("compile_for_search builds the same model without the canonical text", "[puzzle]") {
    const Puzzle full = Puzzle::compile(conjure());
    const Puzzle bare = Puzzle::compile_for_search(conjure());
    CHECK(bare.id() == full.id());
    CHECK(bare.givens() == full.givens());
    CHECK(bare.relations() == full.relations());
    for (int c = 0; c < full.cells(); ++c) {
        CHECK(bare.min_value(c) == full.min_value(c));
        CHECK(bare.max_value(c) == full.max_value(c));
        CHECK(bare.links(c).n_greater == full.links(c).n_greater);
        CHECK(bare.links(c).n_smaller == full.links(c).n_smaller);
    }
    // No silent empty hash: asking for one is a programming error.
    CHECK_THROWS_AS(bare.hash(), std::logic_error);
    CHECK_THROWS_AS(bare.canonical(), std::logic_error);
    // And it validates like compile().
    Instance bad = conjure();
    bad.givens.push_back({0, 0, 3});
    CHECK_THROWS_AS(Puzzle::compile_for_search(bad), InputError);
}

TEST_CASE("invalid puzzles are rejected with one line naming source, line and problem", "[puzzle]") {
    Instance in = conjure();
    in.n = 1;
    CHECK(compile_error(in) == "conjure.futo: size n=1 is out of range 2..64");
    in.n = 65;
    CHECK(compile_error(in) == "conjure.futo: size n=65 is out of range 2..64");

    in = conjure();
    in.givens.push_back({2, 2, 5, 7, 3});
    CHECK(compile_error(in) == "conjure.futo:7:3: value 5 at (3,3) is out of range 1..4");
    in.givens.back().value = 0;
    CHECK(compile_error(in) == "conjure.futo:7:3: value 0 at (3,3) is out of range 1..4");
    in.givens.back() = {0, 0, 3, 8, 0};
    CHECK(compile_error(in) == "conjure.futo:8: cell (1,1) is given twice");

    in = conjure();
    in.lt.push_back({0, 0, 0, 2, 9, 0});
    CHECK(compile_error(in) == "conjure.futo:9: relation between non-adjacent cells (1,1) and (1,3)");
    in.lt.back() = {1, 1, 1, 1, 9, 0};
    CHECK(compile_error(in) == "conjure.futo:9: relation between cell (2,2) and itself");
    in.lt.back() = {1, 0, 0, 0, 9, 0};
    CHECK(compile_error(in) == "conjure.futo:9: cells (2,1) and (1,1) are related both ways");
    in.lt.back() = {0, 0, 1, 0, 9, 0};
    CHECK(compile_error(in) == "conjure.futo:9: relation (1,1) < (2,1) is given twice");
    in.lt.back() = {0, 4, 1, 0, 9, 0};
    CHECK(compile_error(in) == "conjure.futo:9: relation (1,5) < (2,1) has a cell outside the 4x4 board");
}

TEST_CASE("a cycle of relations is reported with its cells", "[puzzle]") {
    Instance in;
    in.source = "a.futo";
    in.n = 3;
    in.lt = {{0, 0, 0, 1, 1, 0}, {0, 1, 1, 1, 2, 0}, {1, 1, 1, 0, 3, 0}, {1, 0, 0, 0, 5, 0}};
    CHECK(compile_error(in) == "a.futo:5: relations form a cycle: (1,1) < (1,2) < (2,2) < (2,1) < (1,1)");
}

TEST_CASE("unsatisfiable but well-formed puzzles are not errors", "[puzzle]") {
    Instance in;
    in.n = 3;
    in.givens = {{0, 0, 1}, {0, 2, 1}};  // two equal givens in a row
    in.lt = {{1, 0, 1, 1}};
    in.givens.push_back({1, 0, 3});  // 3 < x is impossible for n = 3
    CHECK_NOTHROW(Puzzle::compile(in));
}

TEST_CASE("to_instance gives the canonical clue order", "[puzzle]") {
    Instance in = conjure();
    std::reverse(in.lt.begin(), in.lt.end());
    const Instance out = Puzzle::compile(in).to_instance();
    REQUIRE(out.lt.size() == 4);
    CHECK((out.lt[0].r1 == 0 && out.lt[0].c1 == 0 && out.lt[0].r2 == 1 && out.lt[0].c2 == 0));
    CHECK(Puzzle::compile(out).hash() == Puzzle::compile(in).hash());
}
