// `alldiff=binary`: an alldifferent decomposed into its pairwise x ≠ y constraints, made arc
// consistent by AC-3 (Mackworth, "Consistency in networks of relations", AIJ 8, 1977).
//
// Revising x against y under x ≠ y removes a value a from D(x) only if a has no support
// b ≠ a in D(y), i.e. only if D(y) = {a}. So an arc (x, y) can remove something only when y
// has just become a singleton, and AC-3's queue of arcs reduces to a queue of cells that
// became singletons (the variable-oriented AC-3 of McGregor, Information Sciences 19, 1979):
// popping y revises every x in y's row and column. The fixpoint is the same as AC-3 over all
// arcs, and the same as Gecode's distinct(IPL_VAL). The engine runs this queue itself
// (engine.cpp); the free functions here are the revision and a self-contained line version
// used by the tests.
#pragma once

#include "solvers/gac/domain.hpp"

#include <cstdint>
#include <span>

namespace futolab::gac {

// D(x) revised against D(y) under x ≠ y: the value of y removed if y is a singleton.
constexpr Dom revise_neq(Dom x, Dom y) { return is_singleton(y) ? x & ~y : x; }

// AC-3 to fixpoint over every pair of one line (all-different among d). Adds one check per
// revision to `checks` (revisions are made only for arcs whose second cell is a singleton,
// as above). False on a wipe-out (d is then partly narrowed).
bool ac3_alldiff(std::span<Dom> d, std::uint64_t& checks);

}  // namespace futolab::gac
