// Essence parameter files: Conjure's layout, free whitespace, comments, empty collections.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

TEST_CASE("essence: the Conjure tutorial instance", "[essence]") {
    const auto all = read_instances(shared_data("conjure-tutorial-4x4.param"));
    REQUIRE(all.size() == 1);
    const Instance& in = all[0];
    CHECK(in.id == "conjure-tutorial-4x4");
    CHECK(in.n == 4);
    CHECK(in.line == 1);
    REQUIRE(in.givens.size() == 2);
    CHECK((in.givens[1].row == 1 && in.givens[1].col == 1 && in.givens[1].value == 2));
    CHECK((in.givens[1].line == 4 && in.givens[1].column == 9));
    REQUIRE(in.lt.size() == 4);
    CHECK((in.lt[1].r1 == 3 && in.lt[1].c1 == 1 && in.lt[1].r2 == 2 && in.lt[1].c2 == 1));
    CHECK(in.lt[1].line == 8);
}

TEST_CASE("essence: any layout, $ comments, empty and typed collections, trailing commas", "[essence]") {
    const Instance in = parse_one("language Essence 1.3\n"
                                  "$ a comment\n"
                                  "letting less_than be relation()   $ none\n"
                                  "letting hints be function((2,1)-->1,(1,2)\n-->\n2,) : `function (int, int) --> int`\n"
                                  "letting   n\n be 2\n",
                                  Format::essence, "x.essence-param");
    CHECK(in.id == "x");
    CHECK(in.n == 2);
    CHECK(in.line == 7);
    CHECK(in.lt.empty());
    REQUIRE(in.givens.size() == 2);
    CHECK((in.givens[0].row == 1 && in.givens[0].col == 0));
    CHECK(hash_of(in) == hash_of(parse_one(write_instances({in}, Format::essence), Format::essence)));
}

TEST_CASE("essence writer: Conjure's layout, empty collections as function() and relation()", "[essence]") {
    Instance in;
    in.id = "e";
    in.n = 3;
    CHECK(write_instances({in}, Format::essence) ==
          "$ e\nletting n be 3\nletting hints be function()\nletting less_than be relation()\n");
    in.givens = {{0, 1, 3, 0, 0}};
    in.lt = {{0, 0, 1, 0, 0, 0}, {2, 2, 2, 1, 0, 0}};
    CHECK(write_instances({in}, Format::essence) ==
          "$ e\nletting n be 3\nletting hints be function(\n        (1,2) --> 3\n)\n"
          "letting less_than be relation(\n        ((1,1), (2,1)),\n        ((3,3), (3,2))\n)\n");
}

// Round 11 (finding 16): a valid character the grammar has no place for was quoted as its first
// byte (shown '<0xEF>' for '４'), the form of a byte that is not UTF-8 at all. It is quoted whole.
TEST_CASE("essence: an unexpected character is quoted whole, a bad byte as a byte", "[essence]") {
    for (const std::string ch : {"\xEF\xBC\x94", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xC2\xB2"}) {
        INFO(ch);
        CHECK_THROWS_WITH(parse("letting n be " + ch + "\n", Format::essence, "p.param"),
                          "p.param:1:14: unexpected character '" + ch + "'");
    }
    // A byte that starts no character is quoted as that byte (main's visible_text shows <0xFF>).
    CHECK_THROWS_WITH(parse("letting n be \xFF\n", Format::essence, "p.param"), Contains("character '\xFF'"));
    CHECK_THROWS_WITH(parse("letting n be \xEF\xBC" "4\n", Format::essence, "p.param"), Contains("character '\xEF'"));
    CHECK_THROWS_WITH(parse("letting n be \xF0\x9F\x98\n", Format::essence, "p.param"), Contains("character '\xF0'"));
}

TEST_CASE("essence: malformed parameters", "[essence]") {
    CHECK_THROWS_WITH(parse("letting n be 4\nletting hints be function((1,1) -> 2)", Format::essence, "p.param"),
                      Contains("p.param:2:33: unexpected character '-'"));
    CHECK_THROWS_WITH(parse("letting n be four", Format::essence, "p.param"),
                      "p.param:1:14: expected a number, found 'four'");
    CHECK_THROWS_WITH(parse("letting n 4", Format::essence, "p.param"), Contains("p.param:1:11: expected 'be'"));
    CHECK_THROWS_WITH(parse("n be 4", Format::essence, "p.param"), Contains("p.param:1:1: expected 'letting'"));
    CHECK_THROWS_WITH(parse("letting n be 2\nletting hints be relation()", Format::essence, "p.param"),
                      Contains("p.param:2:18: expected 'function'"));
    CHECK_THROWS_WITH(parse("letting n be 2 letting hints be function() : function", Format::essence, "p.param"),
                      Contains("expected a `type` after ':'"));
    CHECK_THROWS_WITH(parse("letting n be 2 letting hints be function() : `int", Format::essence, "p.param"),
                      Contains("unterminated `type`"));
    CHECK_THROWS_WITH(parse("letting n be 2\nletting hints be function((1,1) --> 1 (1,2) --> 2)", Format::essence,
                            "p.param"),
                      Contains("p.param:2:39: expected ',' or ')', found '('"));
}

namespace {

// The message of reading `text` as p.param, or "read".
std::string essence_error(const std::string& text) {
    try {
        parse(text, Format::essence, "p.param");
    } catch (const InputError& e) {
        return e.what();
    }
    return "read";
}

}  // namespace

// Round 28, C F2: a second `letting hints` or `letting less_than` was merged into the first (a
// concatenated file read as another puzzle), as `letting n` twice never was.
TEST_CASE("essence: each letting is given once", "[essence]") {
    CHECK(essence_error("letting n be 4\nletting hints be function((1,1) --> 2)\nletting hints be function((2,2) --> 2)\n") ==
          "p.param:3:1: 'letting hints' is given twice");
    CHECK(essence_error("letting n be 4\nletting less_than be relation()\nletting less_than be relation(((1,1),(1,2)))\n") ==
          "p.param:3:1: 'letting less_than' is given twice");
    CHECK(essence_error("letting n be 4\nletting n be 4\n") == "p.param:2:1: 'letting n' is given twice");
    CHECK(essence_error("letting hints be function()\nletting n be 2\n  letting hints be function()\n") ==
          "p.param:3:3: 'letting hints' is given twice");
}

// Round 28, C F2: every word after `language` was skipped to the line's end, so any language,
// any version, the line twice or after the lettings was read. Conjure writes `language Essence
// 1.3` first, and refuses a language or version it does not know.
TEST_CASE("essence: the language line is language Essence 1.3 once and before the lettings", "[essence]") {
    const std::string n = "letting n be 4\n";
    CHECK(essence_error("language Essence 1.3\n" + n) == "read");
    CHECK(essence_error("$ made by conjure\n\nlanguage Essence 1.3   $ its version\n\n" + n) == "read");
    CHECK(essence_error("language Essence 1.3\r\n" + n) == "read");
    CHECK(essence_error("language Foo 1\n" + n) ==
          "p.param:1:10: expected 'language Essence 1.3' (as Conjure writes it), found 'Foo'");
    CHECK(essence_error("language Essence 9.9\n" + n) ==
          "p.param:1:18: expected 'language Essence 1.3' (as Conjure writes it), found '9'");
    CHECK(essence_error("language Essence 1.4\n" + n) ==
          "p.param:1:20: expected 'language Essence 1.3' (as Conjure writes it), found '4'");
    CHECK(essence_error("language Essence\n" + n) ==
          "p.param:1:17: expected 'language Essence 1.3' (as Conjure writes it), found the end of the line");
    CHECK(essence_error("language\nEssence 1.3\n" + n) ==
          "p.param:1:9: expected 'language Essence 1.3' (as Conjure writes it), found the end of the line");
    CHECK(essence_error("language Essence 1.3.7x\n" + n) ==
          "p.param:1:21: expected 'language Essence 1.3' (as Conjure writes it), found '.' after 1.3");
    CHECK(essence_error("language Essence 1.3x\n" + n) ==
          "p.param:1:20: expected 'language Essence 1.3' (as Conjure writes it), found '3x'");
    CHECK(essence_error("language Essence 1 .3\n" + n) ==
          "p.param:1:20: expected 'language Essence 1.3' (as Conjure writes it), found '.'");
    CHECK(essence_error("language essence 1.3\n" + n) ==
          "p.param:1:10: expected 'language Essence 1.3' (as Conjure writes it), found 'essence'");
    CHECK(essence_error("language Essence 1.3\nlanguage Essence 1.3\n" + n) ==
          "p.param:2:1: the 'language' line is given twice");
    CHECK(essence_error(n + "language Essence 1.3\n") ==
          "p.param:2:1: the 'language' line comes after a letting: it must come first");
    CHECK(essence_error("language") ==
          "p.param:1:9: expected 'language Essence 1.3' (as Conjure writes it), found the end of the line");
}
