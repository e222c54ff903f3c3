// JSON Lines: ids, unknown keys and meta carried through a rewrite, and line-named errors.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

namespace {

// The message a JSONL text is refused with, "(no error)" if it is read.
std::string error_of(const std::string& line) {
    try {
        parse(line, Format::jsonl, "e.jsonl");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

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

// Round 9 (R9 #7): `convert --to jsonl` wrote meta's 18446744073709551617 as
// 1.8446744073709552e+19, another number. A number whose value a double cannot keep is refused
// wherever it is carried (meta, unknown keys, at any depth); one it keeps is written by value.
TEST_CASE("jsonl: a carried number a double would change is refused, others keep their value", "[jsonl]") {
    const std::string head = R"({"id":"a","n":2,)";
    CHECK(error_of(head + R"("meta":{"x":18446744073709551617}})") ==
          "e.jsonl:1: \"meta.x\" is 18446744073709551617, which futolab would write back as 1.8446744073709552e+19 (a "
          "double cannot hold it): write it as a string to keep it");
    CHECK_THAT(error_of(head + R"("meta":{"a":[1,{"b":1.00000000000000000001}]}})"),
               Contains("\"meta.a[1].b\" is 1.00000000000000000001, which futolab would write back as 1.0"));
    CHECK_THAT(error_of(head + R"("meta":{"t":1e-400}})"), Contains("\"meta.t\" is 1e-400"));
    CHECK_THAT(error_of(head + R"("extra":[-99999999999999999999]})"),
               Contains("\"extra[0]\" is -99999999999999999999, which futolab would write back as -1e+20"));
    CHECK_THAT(error_of(head + R"("u":123456789012345678.5})"), Contains("\"u\" is 123456789012345678.5"));
    // Kept: the same value in the double's own spelling, and integers nlohmann holds exactly.
    const Instance in = parse_one(
        head + R"("meta":{"u":1E2,"v":-0,"w":0.1,"y":-0.0,"z":1.5e-7,"big":18446744073709551615,"neg":-9223372036854775808}})",
        Format::jsonl);
    CHECK(write_instances({in}, Format::jsonl) ==
          R"({"id":"a","n":2,"givens":[],"lt":[],"meta":{"u":100.0,"v":0,"w":0.1,"y":-0.0,"z":1.5e-07,)"
          R"("big":18446744073709551615,"neg":-9223372036854775808}})" "\n");
}

TEST_CASE("jsonl: keys in any order, givens and lt may be absent", "[jsonl]") {
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
    CHECK_THROWS_WITH(parse("{\"n\": 99999999999}", Format::jsonl, "e.jsonl"),
                      "e.jsonl:1: \"n\" is too large: '99999999999' (integers here are -2147483648 to 2147483647)");
    // Round 10 (finding 16): a negative number out of range was "too large".
    for (const char* typed : {"-99999999999", "-2147483649", "-4294967295", "-9223372036854775809", "-1e300"})
        CHECK_THROWS_WITH(parse(std::string("{\"n\": 2, \"givens\": [[0, 0, ") + typed + "]]}", Format::jsonl, "e.jsonl"),
                          "e.jsonl:1: givens[0][2] is too small: '" + std::string(typed) +
                              "' (integers here are -2147483648 to 2147483647)");
    CHECK_THROWS_WITH(parse("{\"n\": 1e300}", Format::jsonl, "e.jsonl"), Contains("e.jsonl:1: \"n\" is too large: '1e300'"));
    CHECK_THROWS_WITH(parse("{\"n\": 2.5}", Format::jsonl, "e.jsonl"), Contains("e.jsonl:1: \"n\" must be an integer"));
    CHECK_THROWS_WITH(parse("{\"n\": 2, \"givens\": [[0, 0, \"1\"]]}", Format::jsonl, "e.jsonl"),
                      Contains("e.jsonl:1: givens[0][2] must be an integer, got string '\"1\"'"));
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
    const auto all = parse("{\"n\": 2}\n{\"n\": 2, \"givens\": [[0, 0, 1], [0, 0, 2]]}\n", Format::jsonl, "c.jsonl");
    CHECK_NOTHROW(Puzzle::compile(all[0]));
    CHECK_THROWS_WITH(Puzzle::compile(all[1]), "c.jsonl:2: cell (1,1) is given twice");
}

TEST_CASE("jsonl: an entry's error is in the file's 0-based coordinates and names the entry", "[jsonl]") {
    const auto error = error_of;
    CHECK(error(R"({"n": 4, "lt": [[-1,0,0,0]]})") ==
          "e.jsonl:1: lt[0] = [-1,0,0,0]: cell [-1,0] is outside the 4x4 board (0-based: rows and columns 0..3)");
    CHECK(error(R"({"givens": [[0,0,1],[3,4,1]], "n": 4})") ==
          "e.jsonl:1: givens[1] = [3,4,1]: cell [3,4] is outside the 4x4 board (0-based: rows and columns 0..3)");
    CHECK(error(R"({"n": 4, "givens": [[0,0,0]]})") == "e.jsonl:1: givens[0] = [0,0,0]: value 0 is out of range 1..4");
    CHECK(error(R"({"n": 4, "lt": [[1,1,1,1]]})") == "e.jsonl:1: lt[0] = [1,1,1,1]: relation between cell [1,1] and itself");
    CHECK(error(R"({"n": 4, "lt": [[0,0,1,1]]})") ==
          "e.jsonl:1: lt[0] = [0,0,1,1]: relation between non-adjacent cells [0,0] and [1,1]");
    // n out of range: the size error of Puzzle::compile comes first, not an entry's.
    CHECK_NOTHROW(parse(R"({"n": 1, "givens": [[5,5,5]]})", Format::jsonl, "e.jsonl"));
}

// Named at the second key's line and column (red-team round 25: the line only).
TEST_CASE("jsonl: a key given twice is an error, at any depth", "[jsonl]") {
    CHECK_THROWS_WITH(parse("{\"n\": 2}\n{\"n\": 4, \"n\": 5}\n", Format::jsonl, "d.jsonl"),
                      "d.jsonl:2:10: key \"n\" is given twice in one object");
    CHECK_THROWS_WITH(parse(R"({"n": 2, "meta": {"a": {"b": 1, "b": 2}}})", Format::jsonl, "d.jsonl"),
                      "d.jsonl:1:33: key \"b\" is given twice in one object");
    // Line 2, in a nested object, after a blank line 1 and strings that hold quotes and braces.
    CHECK_THROWS_WITH(parse("\n{\"id\": \"a\\\"{\", \"n\": 2, \"meta\": {\"x\": {\"k\": \"}\", \"k\": 1}}}\n", Format::jsonl, "d.jsonl"),
                      "d.jsonl:2:49: key \"k\" is given twice in one object");
    // The same key written with an escape is the same key.
    CHECK_THROWS_WITH(parse("{\"n\": 2}\n{\"n\": 2, \"givens\": [], \"giv\\u0065ns\": []}", Format::jsonl, "d.jsonl"),
                      "d.jsonl:2:24: key \"givens\" is given twice in one object");
    // The same key in two different objects is fine.
    CHECK_NOTHROW(parse(R"({"n": 2, "meta": {"n": 3, "x": {"n": 4}}, "extra": [{"n": 1}, {"n": 1}]})", Format::jsonl, "d.jsonl"));
}

TEST_CASE("jsonl: an id with a control character is rejected at input", "[jsonl]") {
    for (const char* escape : {"\\u0000", "\\u0001", "\\u001b", "\\n", "\\r", "\\t", "\\u007f"}) {
        INFO(escape);
        CHECK_THROWS_WITH(parse(std::string("{\"id\": \"ab") + escape + "\", \"n\": 2}", Format::jsonl, "i.jsonl"),
                          Contains("i.jsonl:1: \"id\" holds the control character U+00") && Contains("at byte 3"));
    }
    // A lenient read (run --skip-invalid) lists the line under its assigned id, not the bad one.
    std::vector<SkippedInput> skipped;
    CHECK(parse_instances("{\"id\": \"a\\u0000b\", \"n\": 2}\n", "i.jsonl", Format::jsonl, &skipped).empty());
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].id == "i:1");
    // Printable non-ASCII text is an id like any other.
    CHECK(parse(R"({"id": "caf\u00e9 <b>&\"x\"", "n": 2})", Format::jsonl, "i.jsonl").front().id == "caf\u00e9 <b>&\"x\"");
}

// Round 8: numbers JSON holds as doubles were quoted re-printed ('1.8446744073709552e+19' for
// 2^64, '1.0' for 1e0, '3.0' for 3.0000000000000001) and an entry's number was named by its
// entry only (lt[0]): now as typed, at its inner position.
TEST_CASE("jsonl: a number is quoted as the line typed it, named by its inner position", "[jsonl]") {
    const auto error = error_of;
    CHECK(error(R"({"n": 4, "lt": [[0, 0, 18446744073709551616, 0]]})") ==
          "e.jsonl:1: lt[0][2] is too large: '18446744073709551616' (integers here are -2147483648 to 2147483647)");
    CHECK_THAT(error(R"({"n": 1e0})"), Contains("\"n\" must be an integer, got number '1e0'"));
    CHECK_THAT(error(R"({"n": 8E0})"), Contains("got number '8E0'"));
    CHECK_THAT(error(R"({"n": 3.0000000000000001})"), Contains("got number '3.0000000000000001'"));
    CHECK_THAT(error(R"({"n": 4, "givens": [[0, 1, 2.50]]})"), Contains("givens[0][2] must be an integer, got number '2.50'"));
    CHECK_THAT(error(R"({"n": 4, "givens": [[0, 1e0]]})"), Contains("givens[0] must be [row, col, value], got '[0,1e0]'"));
    CHECK_THAT(error(R"({"n": 2, "solution": [[1, 2], [2, 1.0e0]]})"), Contains("solution[1][1] must be an integer, got number '1.0e0'"));
    CHECK_THAT(error(R"({"n": 4, "x": 1, "x": 2})"), Contains("e.jsonl:1:18: key \"x\" is given twice in one object"));
}

// A line nested 300 000 levels in `meta` crashed `check` (a stack overflow in the recursive
// copy into Instance::meta); in `givens` the message's dump did. Refused as the line is read.
// Named at the bracket that opens level 65 (red-team round 25: no column).
TEST_CASE("jsonl: a line nested deeper than 64 levels is refused, naming its line and column", "[jsonl]") {
    const auto nested = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
    CHECK(error_of("{\"n\": 4}\n{\"n\": 4, \"meta\": {\"x\": " + nested(300000) + "}}") ==
          "e.jsonl:2:86: nested deeper than 64 levels");
    CHECK(error_of("{\"n\": 4, \"givens\": " + nested(300000) + "}") == "e.jsonl:1:83: nested deeper than 64 levels");
    const std::string deep_ok = "{\"n\":4,\"meta\":{\"x\":" + nested(62) + "}}";  // 64 levels with the record and meta
    CHECK(error_of(deep_ok) == "(no error)");
    CHECK(write_instances(parse(deep_ok, Format::jsonl, "e.jsonl"), Format::jsonl).find(nested(62)) != std::string::npos);
}

TEST_CASE("jsonl: a solution is n rows of n integers - its width is n, and an empty one is refused", "[jsonl]") {
    // Rows are as wide as n, not as many as the rows given, even with n after the solution.
    CHECK(error_of(R"({"n":4,"solution":[[1,2,3,4],[2,3,4,1],[3,4,1,2]]})") ==
          "e.jsonl:1: \"solution\" has 3 rows, expected n = 4");
    CHECK(error_of(R"({"solution":[[1,2,3],[2,3,1],[3,1,2],[1,2,3]],"n":4})") ==
          "e.jsonl:1: solution row 1 must be an array of 4 integers, got '[1,2,3]'");
    CHECK(error_of(R"({"n":2,"solution":[[]]})") == "e.jsonl:1: \"solution\" has 1 row, expected n = 2");
    // No known solution is the key left out, not an empty array (a rewrite would drop it).
    CHECK(error_of(R"({"n":4,"solution":[]})") ==
          "e.jsonl:1: \"solution\" is empty, expected n = 4 rows of 4 integers (leave the key out when no solution is "
          "known)");
    CHECK(error_of(R"({"n":2,"solution":[[1,2],[2,1]]})") == "(no error)");
}

// Red-team round 24, C F3: nlohmann skips a byte-order mark at the start of what it parses, so
// one at the start of line 2, or a second one after the file's own, was read in silence, where
// the futo, tatham and essence readers refuse it.
TEST_CASE("jsonl: a byte-order mark is skipped at the start of the file only", "[jsonl]") {
    const std::string refused = ": U+FEFF, a UTF-8 byte-order mark, at the start of a line: skipped only at the start of a file";
    CHECK(error_of("{\"n\":4}\n\xEF\xBB\xBF{\"n\":4}\n") == "e.jsonl:2:1" + refused);
    CHECK(error_of("\xEF\xBB\xBF\xEF\xBB\xBF{\"n\":4}\n") == "e.jsonl:1:1" + refused);
    CHECK(error_of("{\"n\":4}\n\xEF\xBB\xBF\n") == "e.jsonl:2:1" + refused);  // a line of a mark alone is not blank
    CHECK(error_of("\xEF\xBB\xBF{\"n\":4}\n{\"n\":4}\n") == "(no error)");
}
