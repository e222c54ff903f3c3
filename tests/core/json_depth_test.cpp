// A JSON value nested past read_json's bound is refused at the line and column of the bracket
// that opens the level too many, and a key given twice in one object at the line and column of
// its second occurrence (red-team round 25): both are found in the SAX handler, which nlohmann
// tells no position, so the bench manifest said "m.json: nested deeper than 16 levels" or
// "m.json: key "name" is given twice in one object" and the JSONL and certificate readers named
// a line but no column.
#include "core/json_read.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

using futolab::JsonRead;
using futolab::read_json;

TEST_CASE("read_json names the line and column of the bracket that nests too deep", "[json][depth]") {
    struct Case {
        std::string text;
        std::size_t line, column;
    };
    const std::vector<Case> cases{
        {"[[[[1]]]]", 1, 4},                                   // arrays
        {R"({"a":{"b":{"c":{"d":1}}}})", 1, 16},               // objects
        {R"({"a":[{"b":[1]}]})", 1, 12},                       // both, by turns
        {"[\n [\n  [\n   [1]]]]", 4, 4},                       // on a later line
        {"{\"k\": 1,\n \"a\": {\"b\": {\"c\": {}}}}", 2, 19},  // an empty object is a level too
        {R"(["[[[\"{{", {"]]": [[1]]}])", 1, 21},              // brackets and \" inside strings are text
        {"[1,\n2,\n[ [ {\"x\": \"}}\"}, [[]] ] ]]", 3, 5},     // closed levels before it do not count
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const JsonRead read = read_json(c.text, 3);
        CHECK(read.problem == "nested deeper than 3 levels");
        CHECK(read.line == c.line);
        CHECK(read.column == c.column);
    }
    // At the bound it reads; with no bound (0) any depth does.
    CHECK(read_json("[[[1]]]", 3).problem.empty());
    CHECK(read_json(R"({"a":{"b":{"c":1}}})", 3).problem.empty());
    CHECK(read_json("[[[[[[1]]]]]]", 0).problem.empty());
}

TEST_CASE("a deep value far into a long line is located at its bracket", "[json][depth]") {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string line2 = "{\"pad\": \"" + std::string(5000, 'x') + "\", \"deep\": " + deep + "}";
    const JsonRead read = read_json("{\"first\": 1,\n\"v\": " + line2 + "}", 64);
    CHECK(read.problem == "nested deeper than 64 levels");
    CHECK(read.line == 2);
    // "v": { (level 2) … "deep": then 62 brackets to level 64: the 63rd opens level 65.
    CHECK(read.column == std::string("\"v\": ").size() + line2.find('[') + 63);
}

TEST_CASE("read_json names the line and column of a key's second occurrence", "[json][key-twice]") {
    struct Case {
        std::string text, key;
        std::size_t line, column;
    };
    const std::vector<Case> cases{
        {R"({"a": 1, "a": 2})", "a", 1, 10},                                   // at the top
        {R"({"a": {"b": 1, "c": 2, "b": 3}})", "b", 1, 24},                    // in a nested object
        {"{\"x\": [1,\n {\"y\": 1},\n {\"y\": 2, \"y\": 3}]}", "y", 3, 11},  // in an array, on a later line
        {R"({"a": 1, "\u0061": 2})", "a", 1, 10},                              // the same key, escaped
        {R"({"s": "\"a\": {", "t": ["\\", "{"], "a": 1, "t": 2})", "t", 1, 45},  // quotes and escapes in strings
        {R"({"v": "a", "a": 1, "a": 2})", "a", 1, 20},                          // a value equal to the key is no key
        {R"({"p": {"q": 1}, "q": 1, "p": 2, "q": 3})", "p", 1, 25},             // the first key given twice stops it
        {"\t{ \"k\" :1,\r\n  \"k\":2}", "k", 2, 3},                             // CR LF: the column counts from LF
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const JsonRead read = read_json(c.text, 64);
        CHECK(read.problem == "key \"" + c.key + "\" is given twice in one object");
        CHECK(read.line == c.line);
        CHECK(read.column == c.column);
    }
    // The same key in two objects, or as a value, is no key given twice.
    CHECK(read_json(R"({"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": "a"})").problem.empty());
}

// The one scan of strings behind these positions and the JSON Lines reader's `-0` column
// (core/json_read.hpp find_outside_strings): three copies of its loop became one.
TEST_CASE("find_outside_strings visits each byte outside strings and each opening quote", "[json][scan]") {
    const auto outside = [](std::string_view text) {
        std::string seen;
        CHECK(futolab::find_outside_strings(text, [&](std::size_t i) {
                  seen += text[i];
                  return false;
              }) == text.size());
        return seen;
    };
    CHECK(outside(R"({"a": [1, "b"]})") == R"({": [1, "]})");
    CHECK(outside(R"(["x\"]", 1])") == R"([", 1])");             // an escaped quote does not close the string
    CHECK(outside(R"(["\\", "]"])") == R"([", "])");             // an escaped backslash does not escape the quote after it
    CHECK(outside(R"(["a\u005c", 2])") == R"([", 2])");          // a \u escape is text
    CHECK(outside(R"({"k": {"[": ["{", {"}": "]"}]}})") == R"({": {": [", {": "}]}})");  // nested, brackets in strings
    CHECK(outside(R"(["abc)") == "[\"");                          // a string left open runs to the end
    CHECK(outside(R"(["ab\)") == "[\"");                          // a backslash at the end escapes nothing there
    CHECK(outside("\"\\") == "\"");
    CHECK(outside("") == "");
    // Stops at the first offset its visitor takes: the third quote that opens a string.
    const std::string_view text = R"({"a": "x\"y", "b": 1})";
    std::size_t quotes = 0;
    CHECK(futolab::find_outside_strings(text, [&](std::size_t i) { return text[i] == '"' && ++quotes == 3; }) ==
          text.find("\"b\""));
    CHECK(futolab::find_outside_strings(text, [](std::size_t) { return true; }) == 0);
}
