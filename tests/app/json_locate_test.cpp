// Where a value of a JSON text sits (app/json_locate.hpp), for messages about a field of the
// futolab-bench manifest: keys and indices followed through strings holding brackets, quotes and
// escapes, nested values skipped whole, and a missing step named at the value that lacks it.
#include "app/json_locate.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using futolab::app::JsonStep;
using futolab::app::locate_json_value;

namespace {

std::string at(std::string_view text, const std::vector<JsonStep>& steps, bool at_key = false) {
    const auto p = locate_json_value(text, steps, at_key);
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

}  // namespace

TEST_CASE("json_locate: keys and indices reach their value's line and column", "[bench][json]") {
    const std::string text = "{\"a\": 1,\n \"b\": [10, {\"c\": \"x\"}, [1, [2]], 40],\n \"d\": {}}\n";
    CHECK(at(text, {}) == "1:1");
    CHECK(at(text, {std::string("a")}) == "1:7");
    CHECK(at(text, {std::string("b")}) == "2:7");
    CHECK(at(text, {std::string("b"), std::size_t{0}}) == "2:8");
    CHECK(at(text, {std::string("b"), std::size_t{1}, std::string("c")}) == "2:18");
    CHECK(at(text, {std::string("b"), std::size_t{3}}) == "2:34");
    CHECK(at(text, {std::string("d")}) == "3:7");
    CHECK(at(text, {std::string("b")}, true) == "2:2");  // the key itself
    CHECK(at(text, {std::string("b"), std::size_t{1}, std::string("c")}, true) == "2:13");
}

TEST_CASE("json_locate: a missing key or index is named at the value that lacks it", "[bench][json]") {
    const std::string text = "{\"a\": {\"x\": 1},\n \"b\": [1, 2]}";
    CHECK(at(text, {std::string("z")}) == "1:1");
    CHECK(at(text, {std::string("a"), std::string("y")}) == "1:7");
    CHECK(at(text, {std::string("b"), std::size_t{2}}) == "2:7");
    CHECK(at(text, {std::string("a"), std::size_t{0}}) == "1:7");  // an index into an object
    CHECK(at(text, {std::string("b"), std::size_t{0}, std::string("x")}) == "2:8");
    CHECK(at("[]", {std::size_t{0}}) == "1:1");
    CHECK(at("", {}) == "0:0");
}

TEST_CASE("json_locate: strings with brackets, quotes and escapes are skipped whole", "[bench][json]") {
    const std::string text = R"({"s": "}]{[\"", "t\"": ["a,b", "\\"], "u": {"v": "{"}, "w": 5})";
    CHECK(at(text, {std::string("w")}) == "1:61");
    CHECK(at(text, {std::string("t\"")}) == "1:24");
    CHECK(at(text, {std::string("t\""), std::size_t{1}}) == "1:32");
    CHECK(at(text, {std::string("u"), std::string("v")}) == "1:50");
    // A key with escapes is matched as JSON reads it: "\u0061" is "a", "\u00e9" is "é".
    CHECK(at(R"({"x": 0, "\u0061": 1, "caf\u00e9": 2})", {std::string("a")}) == "1:20");
    CHECK(at(R"({"x": 0, "\u0061": 1, "caf\u00e9": 2})", {std::string("caf\u00e9")}, true) == "1:23");
    // Numbers, literals and white space of every kind between values.
    CHECK(at("[1e5 ,\t-2.5,true,\r\n null , \"z\"]", {std::size_t{4}}) == "2:9");
}
