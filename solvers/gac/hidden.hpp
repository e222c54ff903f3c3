// Hidden singles of one alldifferent line with as many values as cells (a Latin square row or
// column): a value left in exactly one cell's domain must be that cell's value, a value left in
// no domain — or two values left only in one cell — is a failure. It is the cheap part of what
// GAC on the line implies (the Hall sets of size u − 1 among u open cells, and the missing
// values), found in O(n) words; it is the "hidden single" rule of Latin square and Sudoku
// solvers (e.g. Simon Tatham's latin.c, and the survey of Simonis, "Sudoku as a constraint
// problem", CP Workshop on Modelling and Reformulating CSPs, 2005). The engine runs it before
// Régin (engine.hpp, stage 1) so that those deductions do not each cost a Régin run.
#pragma once

#include "solvers/gac/domain.hpp"

#include <span>

namespace futolab::gac {

// d holds one domain per cell of the line; `values` is the word of the line's values (all n
// of them). One pass: narrows d in place; false on a failure (d may then be partly narrowed).
// A narrowed cell can leave another value with one place, so the engine, which reschedules a
// line whenever one of its domains changes, repeats it to fixpoint.
inline bool hidden_singles(std::span<Dom> d, Dom values) {
    Dom once = 0, twice = 0;
    for (const Dom x : d) {
        twice |= once & x;
        once |= x;
    }
    if (once != values) return false;  // some value has no cell left
    const Dom single = once & ~twice;
    if (single == 0) return true;
    for (Dom& x : d) {
        const Dom h = x & single;
        if (h == 0) continue;
        if (!is_singleton(h)) return false;  // two values that only this cell can take
        x = h;
    }
    return true;
}

}  // namespace futolab::gac
