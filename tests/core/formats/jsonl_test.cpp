// JSON Lines: ids, unknown keys and meta carried through a rewrite, and line-named errors.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

TEST_CASE("jsonl: ids follow SPEC §2 (id, else <stem>:<line>)", "[jsonl]") {
    const auto all = read_instances(test_data("good/corpus.jsonl"));
    REQUIRE(all.size() == 3);
    CHECK(all[0].id == "conjure-4x4");
    CHECK(all[1].id == "corpus:2");
    CHECK(all[2].id == "guardian-5x5");
    CHECK(all[2].line == 4);  // after a blank line
    // Even a one-line file names its instance by line: SPEC §2.2.
    CHECK(parse_one("{\"n\": 2}", Format::jsonl, "a/b.jsonl").id == "b:1");
    CHECK(parse_one("{\"n\": 2}", Format::jsonl, "-").id == "stdin:1");
}

TEST_CASE("jsonl: unknown keys and meta survive a rewrite, in their order", "[jsonl]") {
    const std::string line =
        R"({"id":"x","n":2,"givens":[[0,0,1]],"lt":[[0,0,0,1]],"solution":[[1,2],[2,1]],)"
        R"("meta":{"b":1,"a":[true,null]},"zeta":{"k":"v"},"alpha":[1,2.5,"s"]})";
    const Instance in = parse_one(line, Format::jsonl);
    CHECK(in.extra.size() == 2);
    CHECK(in.meta["a"][0] == true);
    CHECK(in.solution == std::vector<std::vector<int>>{{1, 2}, {2, 1}});
    CHECK(write_instances({in}, Format::jsonl) == line + "\n");
}

TEST_CASE("jsonl: keys in any order; givens and lt may be absent", "[jsonl]") {
    const Instance in = parse_one(R"({"lt": [[1,0,0,0]], "n": 3})", Format::jsonl, "k.jsonl");
    CHECK(in.n == 3);
    CHECK(in.givens.empty());
    REQUIRE(in.lt.size() == 1);
    CHECK(in.lt[0].r1 == 1);
    CHECK(in.lt[0].line == 1);
    CHECK(write_instances({in}, Format::jsonl) == "{\"id\":\"k:1\",\"n\":3,\"givens\":[],\"lt\":[[1,0,0,0]]}\n");
}

TEST_CASE("jsonl: errors name the file and line, and stay on one line", "[jsonl]") {
    const std::string ok = "{\"n\": 2}\n";
    CHECK_THROWS_WITH(parse(ok + "{\"n\": 2,}\n", Format::jsonl, "e.jsonl"), Contains("e.jsonl:2:9: malformed JSON"));
    CHECK_THROWS_WITH(parse(ok + "\n{}\n", Format::jsonl, "e.jsonl"), "e.jsonl:3: missing \"n\" (the size of the board)");
    CHECK_THROWS_WITH(parse("{\"n\": 99999999999}", Format::jsonl, "e.jsonl"), Contains("e.jsonl:1: \"n\" must be an integer"));
    CHECK_THROWS_WITH(parse("{\"n\": 2, \"givens\": [[0, 0, \"1\"]]}", Format::jsonl, "e.jsonl"),
                      Contains("e.jsonl:1: givens[0] must be an integer"));
    CHECK_THROWS_WITH(parse("{\"n\": 2, \"lt\": 5}", Format::jsonl, "e.jsonl"), Contains("\"lt\" must be an array"));
    CHECK_THROWS_WITH(parse("{\"n\": 2, \"solution\": [[1,2],[2]]}", Format::jsonl, "e.jsonl"),
                      Contains("solution row 2 must be an array of 2 integers"));
    CHECK_THROWS_WITH(parse("\"x\"", Format::jsonl, "e.jsonl"), Contains("expected a JSON object {...}, got string"));
    // A control character inside a string: the message escapes it.
    try {
        parse("{\"n\": \"a\x01\"}", Format::jsonl, "e.jsonl");
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).find('\x01') == std::string::npos);
    }
}

TEST_CASE("jsonl: a Puzzle::compile error names the instance's line", "[jsonl]") {
    const auto all = parse("{\"n\": 2}\n{\"n\": 2, \"givens\": [[0, 0, 3]]}\n", Format::jsonl, "c.jsonl");
    CHECK_NOTHROW(Puzzle::compile(all[0]));
    CHECK_THROWS_WITH(Puzzle::compile(all[1]), "c.jsonl:2: value 3 at (1,1) is out of range 1..2");
}
