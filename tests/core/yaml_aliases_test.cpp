// core/yaml_aliases.hpp: a message naming a place inside a node that YAML aliases repeat says
// which aliases those are (red-team round 29, C4: yaml-cpp gives a node reached through `*s`
// its anchor's place, so the error named the anchor's line and column alone).
#include "core/error.hpp"
#include "core/yaml_aliases.hpp"
#include "core/yaml_bounds.hpp"

#include <catch2/catch.hpp>

#include <string>

using futolab::format_location;
using futolab::load_yaml_bounded;
using futolab::yaml_alias_note;

namespace {

// The message an error at `node`'s place gives, as every YAML reader names a place.
std::string where(const std::string& source, const YAML::Node& node) {
    return format_location({source, node.Mark().line + 1, node.Mark().column + 1});
}

}  // namespace

TEST_CASE("a place inside an anchored node names the aliases that repeat it", "[core][yaml][messages]") {
    const std::string text = "a: &lim { time: 5x, memory: 1GiB }\nb: *lim\nc:\n  - *lim\n";
    const YAML::Node root = load_yaml_bounded(text, "k.yaml");
    // The value read through the alias `b` has the anchor's place: both uses are named.
    CHECK(where("k.yaml", root["b"]["time"]) == "k.yaml:1:17 (inside anchor &lim, repeated by its aliases at 2:4, 4:5)");
    CHECK(where("k.yaml", root["a"]) == "k.yaml:1:4 (inside anchor &lim, repeated by its aliases at 2:4, 4:5)");
    // Outside the anchor, and in another file of the same text: nothing added.
    CHECK(where("k.yaml", root["c"]) == "k.yaml:4:3");
    CHECK(where("other.yaml", root["b"]["time"]) == "other.yaml:1:17");
}

TEST_CASE("every anchor holding a place is named innermost first and long alias lists are cut", "[core][yaml][messages]") {
    std::string text = "outer: &o { inner: &i [ x, y ], z: 1 }\nuse_o: *o\n";
    for (int i = 0; i < 7; ++i) text += "i" + std::to_string(i) + ": *i\n";
    const YAML::Node root = load_yaml_bounded(text, "n.yaml");
    CHECK(yaml_alias_note("n.yaml", 1, 25) ==
          " (inside anchor &i, repeated by its aliases at 3:5, 4:5, 5:5, 6:5, 7:5 and 2 more; inside anchor &o, repeated by its "
          "alias at 2:8)");  // x: *o repeats it too
    CHECK(yaml_alias_note("n.yaml", 1, 36) == " (inside anchor &o, repeated by its alias at 2:8)");  // 1
    CHECK(where("n.yaml", root["use_o"]["z"]) == "n.yaml:1:36 (inside anchor &o, repeated by its alias at 2:8)");
}

TEST_CASE("an anchor no alias repeats, or a text loaded again without aliases, adds nothing", "[core][yaml][messages]") {
    (void)load_yaml_bounded("a: &x [ 1, 2 ]\nb: *x\n", "r.yaml");
    CHECK_FALSE(yaml_alias_note("r.yaml", 1, 4).empty());
    (void)load_yaml_bounded("a: &x [ 1, 2 ]\nb: 3\n", "r.yaml");  // the same file, edited: the old note goes
    CHECK(yaml_alias_note("r.yaml", 1, 4).empty());
    (void)load_yaml_bounded("a: '*' \nb: [ 1 ]\n", "r.yaml");  // a '*' that is no alias
    CHECK(yaml_alias_note("r.yaml", 2, 4).empty());
}
