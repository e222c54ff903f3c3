// A JSON Lines integer typed `-0` (red-team round 26, left open): `"n": -0`, a given's or a
// relation's cell `-0` were read as 0, while every other reader of futolab refuses a zero with a
// minus sign (core/numbers.hpp negative_zero), which no futolab writer writes. Refused now in every
// integer the reader takes (n, givens, lt, solution), at its line and column; `-0.0` stays a
// number that is not an integer, and numbers carried by value (meta, unknown keys) are read as
// before.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace futolab;
using namespace futolab::test;

namespace {

std::string error_of(const std::string& text, const std::string& source = "z.jsonl") {
    try {
        parse(text, Format::jsonl, source);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string refusal(int line, std::size_t column, const std::string& what) {
    return "z.jsonl:" + std::to_string(line) + ":" + std::to_string(column) + ": " + what +
           " is '-0', zero with a minus sign, which futolab never writes (write 0)";
}

// The 1-based column of the `k`-th (from 0) "-0" in `text` (the cases below hold no other).
std::size_t column_of(const std::string& text, int k) {
    std::size_t at = text.find("-0");
    for (int i = 0; i < k; ++i) at = text.find("-0", at + 1);
    return at + 1;
}

}  // namespace

TEST_CASE("jsonl: -0 in every integer field is refused at its line and column", "[jsonl][numbers]") {
    struct Case {
        std::string line, what;
    };
    const std::string sol = R"("solution": [[1,2],[2,1]])";
    const std::vector<Case> cases{
        {R"({"n": -0})", "\"n\""},
        {R"({"id": "a", "n":-0, "givens": []})", "\"n\""},
        {R"({"n": 4, "givens": [[-0, 0, 1]]})", "givens[0][0]"},
        {R"({"n": 4, "givens": [[0, -0, 1]]})", "givens[0][1]"},
        {R"({"n": 4, "givens": [[0, 0, 1], [1, 1, -0]]})", "givens[1][2]"},
        {R"({"n": 4, "lt": [[-0, 0, 0, 1]]})", "lt[0][0]"},
        {R"({"n": 4, "lt": [[0, 0, 0, 1], [1, 0, 1, -0]]})", "lt[1][3]"},
        {R"({"n": 2, "solution": [[1, 2], [2, -0]]})", "solution[1][1]"},
        {R"({"solution": [[-0, 2], [2, 1]], "n": 2})", "solution[0][0]"},  // read once n is known
    };
    for (const Case& c : cases) {
        INFO(c.line);
        CHECK(error_of(c.line) == refusal(1, column_of(c.line, 0), c.what));
        // On a later line, after a good one; and a lenient read skips it, saying the same.
        CHECK(error_of("{\"n\": 2, \"" + sol.substr(1) + "}\n\n" + c.line) == refusal(3, column_of(c.line, 0), c.what));
        std::vector<SkippedInput> skipped;
        CHECK(parse_instances(c.line + "\n{\"n\": 2}\n", "z.jsonl", Format::jsonl, &skipped).size() == 1);
        REQUIRE(skipped.size() == 1);
        CHECK(skipped[0].error == refusal(1, column_of(c.line, 0), c.what));
    }
}

TEST_CASE("jsonl: the column of a -0 counts the -0 before it and skips strings and doubles", "[jsonl][numbers]") {
    // A -0 in meta (carried by value) or an unknown key comes first; "-0" in strings, keys and ids,
    // and -0.0, -0e1, -0E1 (doubles) are no whole -0.
    const std::vector<std::string> lines{
        R"({"meta": {"x": -0}, "n": 4, "givens": [[0, 0, -0]]})",
        R"({"id": "-0", "meta": {"-0": "-0\"-0", "y": [-0.0, -0e1, -0E1, -0]}, "n": -0})",
        R"({"other": [-0, {"z": -0}], "lt": [[0, 0, 0, 1]], "givens": [[-0, 1, 2]], "n": 4})",
    };
    const std::vector<std::string> whats{"givens[0][2]", "\"n\"", "givens[0][0]"};
    const std::vector<int> before{1, 1, 2};  // whole -0s before the refused one
    for (std::size_t i = 0; i < lines.size(); ++i) {
        INFO(lines[i]);
        const std::string& line = lines[i];
        // The refused -0 is the last one typed as a whole number: found by its rank among them.
        std::size_t at = 0;
        int whole = -1;
        for (std::size_t p = line.find("-0"); p != std::string::npos; p = line.find("-0", p + 1)) {
            const bool in_text = line[p - 1] == '"' || line[p - 1] == '\\';  // inside "-0" or "-0\"-0"
            const char next = line[p + 2];
            if (!in_text && next != '.' && next != 'e' && next != 'E' && ++whole == before[i]) at = p + 1;
        }
        REQUIRE(at != 0);
        CHECK(error_of(line) == refusal(1, at, whats[i]));
    }
}

TEST_CASE("jsonl: a -0 that is no integer field reads as before", "[jsonl][numbers]") {
    // Carried by value and written back as 0 (docs/formats.md); -0.0 is a double, no integer.
    const auto read = parse(R"({"id": "a", "n": 2, "meta": {"x": -0, "y": -0.0}, "extra": [-0]})", Format::jsonl);
    REQUIRE(read.size() == 1);
    CHECK(read[0].meta["x"] == 0);
    CHECK(error_of(R"({"n": 4, "givens": [[0, 0, -0.0]]})") == "z.jsonl:1: givens[0][2] must be an integer, got number '-0.0'");
    // A -0 where a string or an array belongs is quoted as typed ("got number '0'" before).
    CHECK(error_of(R"({"id": -0, "n": 2})") == "z.jsonl:1: \"id\" must be a string, got number '-0'");
    CHECK(error_of(R"({"n": 2, "givens": [-0]})") == "z.jsonl:1: givens[0] must be [row, col, value], got '-0'");
    // 0 and a negative number are what they were: 0 in range, -1 outside the board.
    CHECK(parse(R"({"n": 2, "givens": [[0, 0, 1]]})", Format::jsonl).at(0).givens.at(0).row == 0);
    CHECK(error_of(R"({"n": 2, "givens": [[-1, 0, 1]]})") ==
          "z.jsonl:1: givens[0] = [-1,0,1]: cell [-1,0] is outside the 2x2 board (0-based: rows and columns 0..1)");
}
