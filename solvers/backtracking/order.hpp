// The static search order shared by `backtracking` and `bitmask`. Both backends take their
// variables, their value order and their notion of "already assigned" from here, so they
// explore the same tree by construction (the bitmask tests then check it node for node).
#pragma once

#include "core/puzzle.hpp"
#include "solvers/options.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace futolab::backtracking {

// The order in which each variable's values are tried: min = 1..n, max = n..1.
enum class ValueOrder { min, max };

// The option table of both backends. `val=max` reproduces tables that try the largest value
// first; `assign_limit` reproduces tables that cap the search by "assignments", i.e. values
// that passed the consistency test (nodes − fails), as the USP course report does
// (corpora/usp-course/README.md).
inline std::span<const OptionSpec> value_order_options() {
    static const std::vector<OptionSpec> table{
        {"val", {"min", "max"}, "min", "value order: min = 1..n, max = n..1"},
        {"assign_limit", {"<uint>"}, "0",
         "stop (status node_limit) once this many values passed the test (nodes - fails); 0 = no limit"},
    };
    return table;
}

inline ValueOrder value_order(const SolverSpec& spec) {
    return spec.get("val") == "max" ? ValueOrder::max : ValueOrder::min;
}

// 0 = no limit. Read with a fallback so that backends sharing value_order() (fc) but not this
// table are unaffected.
inline std::uint64_t assign_limit(const SolverSpec& spec) {
    return spec.options.count("assign_limit") ? spec.get_uint("assign_limit") : 0;
}

// The variables: the empty cells in static row-major order.
inline std::vector<int> empty_cells(const Puzzle& puzzle) {
    std::vector<int> vars;
    for (int cell = 0; cell < puzzle.cells(); ++cell)
        if (puzzle.given(cell) == 0) vars.push_back(cell);
    return vars;
}

// Whether `other` holds a value when the search reaches the empty cell `cell`: a given always
// does, an empty cell does iff it comes earlier in row-major order.
inline bool assigned_at(const Puzzle& puzzle, int other, int cell) {
    return puzzle.given(other) != 0 || other < cell;
}

// The root check of the givens visits them in row-major order, each against the givens before
// it: `other` counts as assigned when the given `cell` is checked.
inline bool given_before(const Puzzle& puzzle, int other, int cell) {
    return puzzle.given(other) != 0 && other < cell;
}

}  // namespace futolab::backtracking
