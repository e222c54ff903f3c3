// The cheap two-solution search of the few-relations enumeration (critical/zero_given/two_squares.hpp)
// against brute force: over every Latin square of order 3 and 4, random relation sets (no
// directed cycle) have min(2, #solutions) solutions, and the search finds exactly that many,
// each a valid, distinct solution; a spent budget is said, not hidden.
#include "critical/zero_given/two_squares.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

using futolab::LessThan;
using futolab::critical::TwoSquares;

namespace {

// Every Latin square of order n (row-major fill; n ≤ 4 here: 12 and 576 squares).
void all_squares(int n, std::vector<int>& sq, int cell, std::vector<std::vector<int>>& out) {
    if (cell == n * n) return out.push_back(sq);
    const int r = cell / n, c = cell % n;
    for (int v = 1; v <= n; ++v) {
        bool clash = false;
        for (int i = 0; i < n && !clash; ++i) clash = (i < c && sq[r * n + i] == v) || (i < r && sq[i * n + c] == v);
        if (clash) continue;
        sq[cell] = v;
        all_squares(n, sq, cell + 1, out);
    }
}

bool keeps(int n, const std::vector<int>& sq, const std::vector<LessThan>& lt) {
    for (const LessThan& r : lt)
        if (sq[r.r1 * n + r.c1] >= sq[r.r2 * n + r.c2]) return false;
    return true;
}

// k random adjacent pairs, random directions. A directed cycle (a 2×2 block oriented round)
// is kept: the caller of TwoSquares rejects cycles first, but the search must still say 0.
std::vector<LessThan> random_relations(int n, int k, std::mt19937_64& rng) {
    std::vector<LessThan> lt;
    std::set<std::pair<int, int>> used;
    while (static_cast<int>(lt.size()) < k) {
        const int r = static_cast<int>(rng() % n), c = static_cast<int>(rng() % n);
        const bool right = rng() % 2;
        const int r2 = right ? r : r + 1, c2 = right ? c + 1 : c;
        if (r2 >= n || c2 >= n || !used.insert({r * n + c, r2 * n + c2}).second) continue;
        if (rng() % 2) lt.push_back({r, c, r2, c2});
        else lt.push_back({r2, c2, r, c});
    }
    return lt;
}

}  // namespace

TEST_CASE("two squares: min(2, solutions) found, each valid and distinct (brute force, n = 3, 4)", "[critical]") {
    std::mt19937_64 rng(7);
    for (int n : {3, 4}) {
        std::vector<std::vector<int>> squares;
        std::vector<int> sq(static_cast<std::size_t>(n * n), 0);
        all_squares(n, sq, 0, squares);
        REQUIRE(squares.size() == (n == 3 ? 12U : 576U));
        TwoSquares search(n);
        int seen_unique = 0, seen_none = 0, seen_many = 0;
        for (int trial = 0; trial < 400; ++trial) {
            const int k = 1 + static_cast<int>(rng() % (2 * n * (n - 1)));
            const std::vector<LessThan> lt = random_relations(n, k, rng);
            std::size_t solutions = 0;
            for (const std::vector<int>& s : squares) solutions += keeps(n, s, lt);
            const auto& found = search.solve(lt, 1'000'000);
            REQUIRE_FALSE(search.gave_up());
            REQUIRE(found.size() == std::min<std::size_t>(solutions, 2));
            for (const std::vector<int>& s : found) {
                CHECK(keeps(n, s, lt));
                CHECK(std::find(squares.begin(), squares.end(), s) != squares.end());  // Latin
            }
            if (found.size() == 2) CHECK(found[0] != found[1]);
            seen_none += solutions == 0, seen_unique += solutions == 1, seen_many += solutions >= 2;
        }
        CHECK(seen_none > 0);  // the trials reach all three answers
        CHECK(seen_unique > 0);
        CHECK(seen_many > 0);
    }
}

TEST_CASE("two squares: a spent budget is said, and nothing is claimed", "[critical]") {
    TwoSquares search(6);
    const std::vector<LessThan> none;
    CHECK(search.solve(none, 1'000).size() == 2);  // no relations: the first two squares at once
    CHECK_FALSE(search.gave_up());
    CHECK(search.solve(none, 3).empty());  // 3 assignments cannot fill 36 cells
    CHECK(search.gave_up());
    // A chain longer than a row allows (7 cells rising at n = 6): an empty range, no square.
    std::vector<LessThan> chain;
    for (int c = 0; c < 5; ++c) chain.push_back({0, c, 0, c + 1});
    chain.push_back({0, 5, 1, 5});
    CHECK(search.solve(chain, 1'000'000).empty());
    CHECK_FALSE(search.gave_up());
    CHECK_THROWS(TwoSquares(17));
}
