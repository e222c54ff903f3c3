// Variable and value orderings of `gac` (small strategy functions, as Minion keeps them).
//
//  static   the first unassigned cell in row-major order.
//  mrv      smallest domain ("dom", Haralick & Elliott, AIJ 14, 1980); ties → the smallest
//           cell index — exactly Gecode's INT_VAR_SIZE_MIN, which keeps the first view of the
//           array among equal merits.
//  domdeg   smallest |D(x)| / deg(x) (Bessière & Régin, CP 1996), deg(x) = the number of
//           constraints of the binary decomposition that link x to another unassigned cell:
//           the unassigned cells of its row and of its column (one ≠ each) and its unassigned
//           related neighbours (one < each). Ties → smallest cell index.
//  domwdeg  smallest |D(x)| / wdeg(x) (Boussemart, Hemery, Lecoutre & Sais, ECAI 2004): as
//           domdeg, each constraint weighted by its weight (initially 1, +1 at every failure it
//           causes). A row or column is one constraint for the weights: each of its ≠ pairs
//           carries the line's weight, so dom/wdeg starts equal to dom/deg. Ties → smallest
//           index.
// Ratios are compared exactly, as cross products of integers.
#pragma once

#include "core/random.hpp"
#include "solvers/gac/engine.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace futolab::gac {

enum class VarOrder { static_order, mrv, domdeg, domwdeg };
enum class ValOrder { min, random };

// The cell to branch on, or −1 if every cell is assigned. `weights` (one per constraint id,
// see engine.hpp) is read only by domwdeg.
int select_var(const Engine& engine, VarOrder order, std::span<const std::uint64_t> weights);

// The value order's generator (core/random.hpp): seeded on its first draw, which val=min
// never makes.
using Rng = LazyRng;

// The value index a binary branch tries (x = v, then x ≠ v).
inline int choose_value(Dom d, ValOrder order, Rng& rng) {
    if (order == ValOrder::min) return lowest(d);
    return nth(d, static_cast<int>(uniform_below(rng.engine(), static_cast<std::uint64_t>(size(d)))));
}

// The value indices a d-way branch tries, in order; returns how many.
inline int value_order(Dom d, ValOrder order, Rng& rng, std::array<std::int8_t, 64>& out) {
    int k = 0;
    for (; d != 0; d &= d - 1) out[k++] = static_cast<std::int8_t>(lowest(d));
    if (order == ValOrder::random) shuffle(std::span<std::int8_t>(out.data(), static_cast<std::size_t>(k)), rng.engine());
    return k;
}

}  // namespace futolab::gac
