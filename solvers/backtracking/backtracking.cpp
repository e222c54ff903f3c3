// Backend `backtracking`: chronological backtracking, the baseline of the classic comparisons.
//   S. W. Golomb and L. D. Baumert, "Backtrack programming", J. ACM 12(4):516-524, 1965.
//   R. M. Haralick and G. L. Elliott, "Increasing tree search efficiency for constraint
//   satisfaction problems", Artificial Intelligence 14(3):263-313, 1980 (their "BT").
//
// Variables are the empty cells in static row-major order (order.hpp); values are tried
// 1..n (val=min) or n..1 (val=max). No propagation and no chain bounds: a value is only
// compared with the cells that already hold one (givens and earlier empty cells).
//
// Counters:
//  - nodes: one per value tried for a variable.
//  - checks: one per comparison of the value with one assigned cell: first the assigned cells
//    of its row (left to right), then of its column (top to bottom), then its assigned related
//    neighbours (those it must be smaller than, then those it must be greater than). The first
//    failing comparison ends the test, so a row neighbour that is also related costs two checks
//    (≠ and the relation) only when the first passes.
//  - fails: values whose test failed.
//  - max_depth: the deepest node; the first variable's values are at depth 1.
//  - propagations: always 0.
// assign_limit=N (0 = none) stops the search with status node_limit once N nodes have passed
// the test (nodes − fails = N, the "assignments" of the USP course report); the N-th assignment
// is still made, so a solution it completes counts.
// Root check of the givens: before search, each given (row-major) is compared with the earlier
// givens in the same way (checks counted); a conflict means unsat with fails = 1, nodes = 0.
#include "solvers/backtracking/backtracking.hpp"

#include "solvers/kit/static_order.hpp"
#include "solvers/search_control.hpp"

#include <cstdint>
#include <vector>

namespace futolab::backtracking {
namespace {

using namespace kit;  // the search kit: static order, value sets

// The comparisons for one cell, as ranges of Plan::cells: [ne, lt) must differ,
// [lt, gt) must be greater than the value, [gt, end) must be smaller.
struct CheckRange {
    int ne = 0, lt = 0, gt = 0, end = 0;
};

// The cells each variable (or, at the root, each given) is compared with, laid out flat so a
// node walks one contiguous array.
struct Plan {
    std::vector<int> vars;               // empty cells, row-major
    std::vector<CheckRange> var_checks;  // per variable
    std::vector<int> givens;             // given cells, row-major
    std::vector<CheckRange> given_checks;
    std::vector<std::int16_t> cells;
};

// Appends the cells `cell` is compared with — its row, its column, the cells it must be
// smaller than, those it must be greater than — keeping those `assigned` accepts.
template <class Assigned>
CheckRange append_checks(const Puzzle& p, int cell, Assigned assigned, std::vector<std::int16_t>& out) {
    const int n = p.n(), row = cell / n, col = cell % n;
    auto keep = [&](int other) {
        if (assigned(other)) out.push_back(static_cast<std::int16_t>(other));
    };
    CheckRange r;
    r.ne = static_cast<int>(out.size());
    for (int c = 0; c < n; ++c)
        if (c != col) keep(row * n + c);
    for (int rr = 0; rr < n; ++rr)
        if (rr != row) keep(rr * n + col);
    r.lt = static_cast<int>(out.size());
    for (int other : p.links(cell).greater_cells()) keep(other);
    r.gt = static_cast<int>(out.size());
    for (int other : p.links(cell).smaller_cells()) keep(other);
    r.end = static_cast<int>(out.size());
    return r;
}

Plan make_plan(const Puzzle& p) {
    Plan plan;
    plan.vars = empty_cells(p);
    for (int cell = 0; cell < p.cells(); ++cell) {
        if (p.given(cell) == 0) {
            auto assigned = [&](int other) { return assigned_at(p, other, cell); };
            plan.var_checks.push_back(append_checks(p, cell, assigned, plan.cells));
        } else {
            auto assigned = [&](int other) { return given_before(p, other, cell); };
            plan.givens.push_back(cell);
            plan.given_checks.push_back(append_checks(p, cell, assigned, plan.cells));
        }
    }
    return plan;
}

// One solve: the plan, the current values and the counters. All arrays are sized here, so
// the search itself never allocates.
class Search {
public:
    Search(const Puzzle& p, const SolveRequest& request, std::uint64_t assign_limit)
        : n_(p.n()), plan_(make_plan(p)), value_(p.givens()), next_(plan_.vars.size()),
          control_(request.limits, request.mode) {
        control_.set_assignment_limit(assign_limit);
    }

    SolveResult run(ValueOrder order) {
        SolveResult result;
        if (!givens_consistent()) {
            counters_.fails = 1;
        } else if (plan_.vars.empty()) {
            record_solution(result);  // the givens fill the grid
        } else if (order == ValueOrder::min) {
            search<false>(result);
        } else {
            search<true>(result);
        }
        result.counters = counters_;
        result.status = control_.status(counters_.solutions);
        return result;
    }

private:
    bool consistent(const CheckRange& r, int v) {
        const std::int16_t* cell = plan_.cells.data();
        for (int i = r.ne; i < r.lt; ++i) {
            ++counters_.checks;
            if (value_[cell[i]] == v) return false;
        }
        for (int i = r.lt; i < r.gt; ++i) {
            ++counters_.checks;
            if (!(v < value_[cell[i]])) return false;
        }
        for (int i = r.gt; i < r.end; ++i) {
            ++counters_.checks;
            if (!(v > value_[cell[i]])) return false;
        }
        return true;
    }

    bool givens_consistent() {
        for (std::size_t i = 0; i < plan_.givens.size(); ++i)
            if (!consistent(plan_.given_checks[i], value_[plan_.givens[i]])) return false;
        return true;
    }

    void record_solution(SolveResult& result) {
        if (++counters_.solutions == 1) result.solution = value_;
    }

    // Iterative depth-first search; next_[d] is the value variable d tries next, advanced as
    // soon as a value is taken so a failure, a solution and a backtrack all just continue.
    template <bool Max>
    void search(SolveResult& result) {
        constexpr int step = Max ? -1 : 1;
        const int first = Max ? n_ : 1;
        const int last_var = static_cast<int>(plan_.vars.size()) - 1;
        int d = 0;
        next_[0] = first;
        for (;;) {
            const int v = next_[d];
            if (Max ? v < 1 : v > n_) {  // variable d has no value left: backtrack
                if (d == 0) return;
                --d;  // its next_ already points past the value that led here
                continue;
            }
            if (control_.at_node(counters_)) return;
            ++counters_.nodes;
            if (static_cast<std::uint64_t>(d) >= counters_.max_depth) counters_.max_depth = d + 1;
            next_[d] += step;
            if (!consistent(plan_.var_checks[d], v)) {
                ++counters_.fails;
                continue;
            }
            value_[plan_.vars[d]] = v;  // a stale value after backtracking is never read
            if (d == last_var) {
                record_solution(result);
                if (control_.enough(counters_.solutions)) return;
            }
            // Every node that did not fail is an assignment (assign_limit).
            if (control_.at_assignment(counters_.nodes - counters_.fails)) return;
            if (d < last_var) next_[++d] = first;
        }
    }

    int n_;
    Plan plan_;
    std::vector<int> value_;  // row-major; valid for givens and the variables before the current one
    std::vector<int> next_;
    SearchControl control_;
    Counters counters_;
};

}  // namespace

std::span<const OptionSpec> options() { return static_search_options().specs(); }
std::unique_ptr<Solver> make(const SolverSpec& spec) { return make_static_order_solver<Search>(spec); }

}  // namespace futolab::backtracking
