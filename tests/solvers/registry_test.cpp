// The registry rows' looks in figures (solvers/registry/registry.hpp PlotLook): every backend has one,
// no two are the same, none is the ring that marks a value at a limit, and the long-standing
// ones do not move (changing one changes every committed figure: this test says so).
#include "analysis/palette.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <tuple>
#include <vector>
#include <string>
#include <utility>

using namespace futolab;

TEST_CASE("every registered backend has its own look", "[registry][palette]") {
    std::set<std::pair<std::string, int>> seen;
    const std::regex colour("#[0-9A-F]{6}");
    for (const BackendInfo& row : backend_table()) {
        INFO(row.name);
        CHECK(std::regex_match(std::string(row.look.colour), colour));
        CHECK(row.look.colour != "#F0E442");  // Okabe–Ito's yellow: too pale on white
        CHECK(row.look.colour != "#000000");  // the virtual best solver's
        CHECK(row.look.point >= 1);
        CHECK(row.look.point <= kPointTypes);
        CHECK(row.look.point != kLimitRing);
        CHECK(seen.insert({std::string(row.look.colour), row.look.point}).second);
    }
}

TEST_CASE("the long-standing backends keep their looks", "[registry][palette]") {
    const std::vector<std::tuple<std::string, std::string, int>> want{
        {"backtracking", "#D55E00", 7}, {"bitmask", "#E69F00", 4}, {"fc", "#56B4E9", 5},
        {"gac", "#009E73", 9},          {"gecode", "#0072B2", 12}, {"minizinc", "#CC79A7", 13},
        {"clpfd", "#CC79A7", 11},       {"ilp", "#0072B2", 10}};
    for (const auto& [name, colour, point] : want) {
        INFO(name);
        CHECK(backend_info(name).look.colour == colour);
        CHECK(backend_info(name).look.point == point);
    }
}
