// `alldiff=regin`: generalised arc consistency for alldifferent, after J.-C. Régin, "A filtering
// algorithm for constraints of difference in CSPs", AAAI-94, pp. 362–367.
//
// The value graph joins each variable to the values of its domain. A value is consistent for a
// variable iff their edge belongs to some matching that covers every variable (Berge). Given
// one such maximum matching M, an edge belongs to some maximum matching iff it is in M, or lies
// on an even alternating cycle (its two ends are in one strongly connected component of the
// graph with M's edges oriented one way and the others the other way), or lies on an even
// alternating path that starts at a free value. Everything else is removed: exactly GAC.
//
// Bitset fast path (m ≤ 64 variables, values are the bits of a 64-bit word):
//  - the matching is kept between calls (per line in the engine); a call repairs only the
//    variables whose matched value has left their domain, each by one breadth-first search
//    for an augmenting path over bitsets (Berge's augmenting-path theorem, PNAS 43, 1957);
//  - the alternating cycles are found on the variables alone: x → y iff D(x) holds y's matched
//    value; naming each variable by its matched value makes D(x) itself the successor set, and
//    Tarjan's algorithm (SIAM J. Computing 1(2), 1972) runs over those words;
//  - the even paths from free values are a closure over words: the values reachable backwards
//    from free values along alternating paths.
// Cost O(m²) words per call. Domains and matching are plain arrays: no allocation.
#pragma once

#include "solvers/gac/domain.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace futolab::gac {

// A matching between m ≤ 64 variables and the values 0..63 (value index = value − 1).
// Valid for any later call whose domains still contain its edges; a call repairs the rest.
struct Matching {
    std::array<std::int8_t, 64> value_of;  // variable → matched value, −1 = unmatched
    std::array<std::int8_t, 64> var_of;    // value → matched variable, −1 = free
    std::array<Dom, 64> edge;              // variable → its matched value as a bit, 0 = none
    Matching() { clear(); }
    void clear() {
        value_of.fill(-1);
        var_of.fill(-1);
        edge.fill(0);
    }
};

// Narrows d (m = d.size() ≤ 64 variables, all-different) to GAC. False if no assignment of
// distinct values exists (then d is unchanged); a successful call never empties a domain.
bool regin_propagate(std::span<Dom> d, Matching& matching);

// regin_propagate, telling also whether it narrowed anything (callers then skip writing back
// a line the filter left as it was: most calls, issue #46).
enum class Filtered { fail, unchanged, narrowed };
Filtered regin_filter(std::span<Dom> d, Matching& matching);

}  // namespace futolab::gac
