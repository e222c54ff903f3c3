#include "generators/latin/enumerate.hpp"
#include "generators/latin/symmetry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using namespace futolab;

TEST_CASE("the symmetry classes partition the squares and are canonical", "[latin]") {
    for (int n = 2; n <= 4; ++n) {
        const auto classes = square_classes(n);
        std::size_t squares = 0;
        for (const SquareClass& c : classes) {
            squares += static_cast<std::size_t>(c.orbit);
            REQUIRE(canonical_square(n, c.square) == c.square);
        }
        REQUIRE(squares == all_latin_squares(n).size());
    }
    REQUIRE(square_classes(4).size() == 70);
    REQUIRE_THROWS(square_classes(6));
}

// The counts a config's `classes:` range is checked against as it is read (no enumeration).
TEST_CASE("square_class_count is the number of classes square_classes enumerates", "[latin]") {
    for (int n = 2; n <= kMaxEnumeratedN; ++n) CHECK(square_class_count(n) == square_classes(n).size());
    CHECK_THROWS(square_class_count(1));
    CHECK_THROWS(square_class_count(kMaxEnumeratedN + 1));
}

TEST_CASE("a symmetry class's orbit counts its distinct images", "[latin]") {
    for (const std::vector<int>& sq : all_latin_squares(3)) {
        std::vector<std::vector<int>> images;
        for (int sym = 0; sym < 16; ++sym) images.push_back(apply_symmetry(3, sq, sym));
        std::sort(images.begin(), images.end());
        images.erase(std::unique(images.begin(), images.end()), images.end());
        CHECK(static_cast<int>(images.size()) == orbit_size(3, sq));
        CHECK(canonical_square(3, sq) == images.front());
    }
}

// square_classes tests each square against its images cell by cell, without building them; the
// reference is canonical_square and orbit_size, which build every image.
TEST_CASE("square_classes keeps exactly the squares canonical_square keeps, with orbit_size's orbits", "[latin]") {
    for (int n = 2; n <= 4; ++n) {
        std::vector<SquareClass> reference;
        for (const std::vector<int>& sq : all_latin_squares(n))
            if (canonical_square(n, sq) == sq) reference.push_back({sq, orbit_size(n, sq)});
        const std::vector<SquareClass> fast = square_classes(n);
        REQUIRE(fast.size() == reference.size());
        for (std::size_t i = 0; i < fast.size(); ++i) {
            CHECK(fast[i].square == reference[i].square);
            CHECK(fast[i].orbit == reference[i].orbit);
        }
    }
    std::size_t squares = 0;  // n = 5: the orbits of the 10 192 classes cover the 161 280 squares
    for (const SquareClass& c : square_classes(5)) squares += static_cast<std::size_t>(c.orbit);
    CHECK(squares == 161280);
}
