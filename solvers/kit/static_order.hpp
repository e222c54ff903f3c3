// The search kit: the static search order shared by `backtracking`, `bitmask` and `fc`. The
// first two take their variables, their value order and their notion of "already assigned"
// from here, so they explore the same tree by construction (the bitmask tests then check it
// node for node).
#pragma once

#include "core/puzzle.hpp"
#include "solvers/option_table.hpp"
#include "solvers/solver.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace futolab::kit {

// The order in which each variable's values are tried: min = 1..n, max = n..1.
enum class ValueOrder { min, max };

// The options of both static-order backends. `val=max` reproduces tables that try the largest
// value first; `assign_limit` reproduces tables that cap the search by "assignments", i.e.
// values that passed the consistency test (nodes − fails), as the USP course report does
// (corpora/usp-course/README.md).
struct StaticSearchConfig {
    ValueOrder val = ValueOrder::min;
    std::uint64_t assign_limit = 0;  // 0 = no limit
};

inline const OptionTable<StaticSearchConfig>& static_search_options() {
    using C = StaticSearchConfig;
    static const OptionTable<C> table{
        choice<C>("val", [](C& c) -> auto& { return c.val; }, {{"min", ValueOrder::min}, {"max", ValueOrder::max}},
                  "value order: min = 1..n, max = n..1"),
        whole<C>("assign_limit", [](C& c) -> auto& { return c.assign_limit; }, 0, kNoUpperBound,
                 "stop (status node_limit) once this many values passed the test (nodes - fails); 0 = no limit"),
    };
    return table;
}

// The Solver of a static-order backend: its Search(puzzle, request, assign_limit).run(val)
// runs one solve; the options are the table above.
template <class Search>
class StaticOrderSolver final : public Solver {
public:
    explicit StaticOrderSolver(const StaticSearchConfig& config) : config_(config) {}
    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        return Search(puzzle, request, config_.assign_limit).run(config_.val);
    }

private:
    StaticSearchConfig config_;
};

template <class Search>
std::unique_ptr<Solver> make_static_order_solver(const SolverSpec& spec) {
    return std::make_unique<StaticOrderSolver<Search>>(static_search_options().decode(spec));
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

}  // namespace futolab::kit
