#include "generators/latin/enumerate.hpp"
#include "generators/latin/symmetry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace futolab;

TEST_CASE("Latin squares of orders 2..4 are counted and symmetries act on them", "[latin]") {
    CHECK(all_latin_squares(2).size() == 2);
    CHECK(all_latin_squares(3).size() == 12);
    const auto four = all_latin_squares(4);
    CHECK(four.size() == 576);
    for (int sym = 0; sym < 16; ++sym)
        CHECK(std::find(four.begin(), four.end(), apply_symmetry(4, four[5], sym)) != four.end());
}
