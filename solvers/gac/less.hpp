// Bounds consistency for value(a) < value(b) — the relations of a Futoshiki.
//
// For a < b every value of a needs some larger value in b, and every value of b some smaller
// value in a, so the supports depend only on the bounds: min(b) > min(a) and max(a) < max(b).
// Enforcing these two bound revisions is therefore arc consistency (GAC) for <, and it is what
// Gecode's rel(x, IRT_LE, y) does. Each revision is one AC-3 "revise" of one variable by one
// binary constraint (Mackworth, "Consistency in networks of relations", AIJ 8, 1977), and the
// engine counts it as one check.
#pragma once

#include "solvers/gac/domain.hpp"

namespace futolab::gac {

// The domain of b (the greater cell) revised against a: drop values ≤ min(a). a ≠ 0.
constexpr Dom revise_greater(Dom b, Dom a) { return b & above(lowest(a)); }
// The domain of a (the smaller cell) revised against b: drop values ≥ max(b). b ≠ 0.
constexpr Dom revise_smaller(Dom a, Dom b) { return a & below(highest(b)); }

}  // namespace futolab::gac
