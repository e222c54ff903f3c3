// Backend `bitmask`: the chronological backtracking of `backtracking` (Golomb & Baumert 1965;
// the "BT" of Haralick & Elliott 1980) over bitmasks, after the bitset Sudoku/Latin-square
// solvers that keep one "used values" word per row and column.
//
// It explores exactly the tree of `backtracking` with the same `val` option: the same
// variables (empty cells, row-major), the same value order, the same notion of an assigned
// cell (solvers/kit/static_order.hpp), so nodes, fails, solutions, max_depth, status and the first solution are
// identical (tests/solvers/bitmask checks this on random instances, under node limits too).
// What changes is the test of a value: on entering a variable, the set of values consistent
// with every assigned cell is computed once as
//     ~(row used | column used) & (mask of the related givens) & (masks of the related
//     earlier empty cells, i.e. its left and upper neighbours)
// and a value passes iff its bit is set. Every value tried is still a node, but the search
// jumps from one passing value to the next with a bit scan and counts the failing values in
// between as failed nodes in one step (see search()).
//
// Counters (those that differ from `backtracking`):
//  - checks: one per mask test, i.e. one per value tried (checks = nodes), plus one per given
//    at the root check of the givens (each given tested against the earlier givens' masks).
//    Not comparable with the per-comparison checks of `backtracking`.
//  - propagations: always 0.
// assign_limit: the cap of backtracking.cpp, checked after each passing value, so the same
// tree is cut at the same node.
#include "solvers/bitmask/bitmask.hpp"

#include "solvers/kit/static_order.hpp"
#include "solvers/kit/value_set.hpp"
#include "solvers/search_control.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace futolab::bitmask {
namespace {

using namespace kit;  // the search kit: static order, value sets


// The relation of a cell to a related neighbour, as a row of the relation table.
enum RelKind : int { kNone = 0, kSmaller = 1, kGreater = 2 };  // this cell is smaller/greater

// What a variable needs at entry, precomputed: its row and column words and the masks that
// do not change during search. At most two related neighbours (left, up) are empty and
// earlier in row-major order; the others are givens (folded into `fixed`) or later.
struct Var {
    int cell = 0, row = 0, col = 0;
    ValueSet fixed = 0;                  // 1..n allowed by the related givens
    std::array<int, 2> dyn_cell{};       // earlier empty related neighbours; padding = sentinel
    std::array<int, 2> dyn_row{};        // their row in the relation table, times (n + 1)
};

class Search {
public:
    Search(const Puzzle& p, const SolveRequest& request, std::uint64_t assign_limit)
        : puzzle_(p), n_(p.n()), sentinel_(p.cells()), rel_(3 * static_cast<std::size_t>(n_ + 1)),
          used_(2 * static_cast<std::size_t>(n_), 0), value_(p.givens()),
          node_limit_(request.limits.nodes), control_(request.limits, request.mode) {
        value_.push_back(0);  // the sentinel cell: value 0 in table row kNone = all values
        for (int w = 0; w <= n_; ++w) {
            rel_[kNone * (n_ + 1) + w] = ~ValueSet{0};
            rel_[kSmaller * (n_ + 1) + w] = values_below(w);
            rel_[kGreater * (n_ + 1) + w] = values_above(w, n_);
        }
        for (int cell : kit::empty_cells(p)) vars_.push_back(make_var(p, cell));
        frames_.resize(vars_.size());
        control_.set_assignment_limit(assign_limit);
    }

    SolveResult run(ValueOrder order) {
        SolveResult result;
        if (!givens_consistent()) {
            counters_.fails = 1;
        } else if (vars_.empty()) {
            record_solution(result);  // the givens fill the grid
        } else if (order == ValueOrder::min) {
            search<false>(result);
        } else {
            search<true>(result);
        }
        counters_.checks += counters_.nodes;  // one mask test per node
        result.counters = counters_;
        result.status = control_.status(counters_.solutions);
        return result;
    }

private:
    ValueSet rel_mask(int kind, int w) const { return rel_[kind * (n_ + 1) + w]; }

    Var make_var(const Puzzle& p, int cell) {
        Var v{cell, cell / n_, n_ + cell % n_, values_up_to(n_), {sentinel_, sentinel_}, {kNone, kNone}};
        int dyn = 0;
        auto add = [&](int other, int kind) {
            if (p.given(other) != 0) {
                v.fixed &= rel_mask(kind, p.given(other));
            } else if (kit::assigned_at(p, other, cell)) {
                v.dyn_cell[dyn] = other;
                v.dyn_row[dyn++] = kind * (n_ + 1);
            }
        };
        for (int other : p.links(cell).greater_cells()) add(other, kSmaller);
        for (int other : p.links(cell).smaller_cells()) add(other, kGreater);
        return v;
    }

    // The root check of the givens: row-major, each one mask test against the earlier ones.
    bool givens_consistent() {
        for (int cell = 0; cell < sentinel_; ++cell) {
            const int g = value_[cell];
            if (g == 0) continue;
            ValueSet ok = ~(used_[cell / n_] | used_[n_ + cell % n_]);
            const CellLinks& links = puzzle_.links(cell);
            for (int other : links.greater_cells())
                if (other < cell && value_[other] != 0) ok &= rel_mask(kSmaller, value_[other]);
            for (int other : links.smaller_cells())
                if (other < cell && value_[other] != 0) ok &= rel_mask(kGreater, value_[other]);
            ++counters_.checks;
            if ((ok & value_bit(g)) == 0) return false;
            used_[cell / n_] |= value_bit(g);
            used_[n_ + cell % n_] |= value_bit(g);
        }
        return true;
    }

    ValueSet allowed(const Var& v) const {
        return ~(used_[v.row] | used_[v.col]) & v.fixed & rel_[v.dyn_row[0] + value_[v.dyn_cell[0]]] &
               rel_[v.dyn_row[1] + value_[v.dyn_cell[1]]];
    }

    void record_solution(SolveResult& result) {
        if (++counters_.solutions == 1) result.solution.assign(value_.begin(), value_.end() - 1);
    }

    // The search state of one variable: the next value to try (in the order) and the passing
    // values not tried yet. The untried values are always a run (next..n, or next..1), so the
    // next passing value is one bit scan and the failing values before it a subtraction.
    struct Frame {
        ValueSet passing = 0;
        int next = 0;
    };

    // Counts the nodes of one step of a frame: `tried` values, all failures but the last if
    // `found`. One at_node() call for the whole run instead of one per node: a run has at most
    // n values, and a per-node loop cost a mispredicted exit per run (a third of the time). The
    // node limit stays exact: a run that would cross it is counted up to the limit (those are
    // all failures), then at_node() stops the search with status node_limit. The clock is
    // still read every 64 calls, i.e. at least every 64 n nodes. True: stop.
    static bool count_step(std::uint64_t tried, bool found, std::uint64_t depth, std::uint64_t budget,
                           SearchControl& control, Counters& c) {
        if (tried == 0) return false;
        if (control.at_node(c)) return true;
        const bool crosses = budget - c.nodes < tried;
        if (crosses) tried = budget - c.nodes;
        c.nodes += tried;
        c.fails += tried - (found && !crosses);
        c.max_depth = std::max(c.max_depth, depth);
        return crosses && control.at_node(c);
    }

    // Iterative depth-first search with the tree of backtracking.cpp. Each step of a frame
    // jumps to its next passing value v (a bit scan) and counts the values before it as failed
    // nodes and v as a node (count_step). The control and counters are locals so that stores
    // through used_ cannot alias them.
    template <bool Max>
    void search(SolveResult& result) {
        constexpr int step = Max ? -1 : 1;
        const int first = Max ? n_ : 1, end = Max ? 0 : n_ + 1;
        const std::uint64_t budget = node_limit_ == 0 ? ~std::uint64_t{0} : node_limit_;
        SearchControl control = control_;
        Counters c = counters_;
        Frame* const base = frames_.data();
        Frame* const last = base + (vars_.size() - 1);
        const Var* const vars = vars_.data();
        ValueSet* const used = used_.data();
        int* const value = value_.data();
        Frame* f = base;
        const Var* var = vars;
        std::uint64_t depth = 1;  // of the nodes of frame f
        *f = {allowed(*var), first};
        for (;;) {
            const bool found = f->passing != 0;
            const int v = !found ? end
                          : Max  ? 64 - std::countl_zero(f->passing)
                                 : std::countr_zero(f->passing) + 1;
            // Nodes tried in this step: the failing values before v, and v itself.
            const int tried = (Max ? f->next - v : v - f->next) + found;
            if (count_step(static_cast<std::uint64_t>(tried), found, depth, budget, control, c)) break;
            if (!found) {  // no value left: backtrack
                if (f == base) break;
                --f;
                --var;
                --depth;
                const ValueSet bit = value_bit(value[var->cell]);
                used[var->row] ^= bit;
                used[var->col] ^= bit;
                continue;
            }
            const ValueSet bit = value_bit(v);
            f->passing &= Max ? bit - 1 : ~(bit | (bit - 1));  // drop v and the values before it
            f->next = v + step;
            value[var->cell] = v;
            if (f == last) {
                if (++c.solutions == 1) result.solution.assign(value, value + (value_.size() - 1));
                if (control.enough(c.solutions)) break;
            }
            if (control.at_assignment(c.nodes - c.fails)) break;  // as backtracking.cpp
            if (f == last) continue;
            used[var->row] |= bit;
            used[var->col] |= bit;
            ++f;
            ++var;
            ++depth;
            *f = {allowed(*var), first};
        }
        control_ = control;
        counters_ = c;
    }

    const Puzzle& puzzle_;
    int n_;
    int sentinel_;                  // index of the extra value_ slot that always holds 0
    std::vector<ValueSet> rel_;     // [kind * (n + 1) + w]: values allowed next to a cell holding w
    std::vector<ValueSet> used_;    // rows 0..n-1, then columns n..2n-1
    std::vector<int> value_;        // row-major, plus the sentinel
    std::vector<Var> vars_;
    std::vector<Frame> frames_;  // per variable
    std::uint64_t node_limit_;   // the limit SearchControl enforces, for runs of nodes (count_step)
    SearchControl control_;
    Counters counters_;
};

}  // namespace

std::span<const OptionSpec> options() { return static_search_options().specs(); }
std::unique_ptr<Solver> make(const SolverSpec& spec) { return make_static_order_solver<Search>(spec); }

}  // namespace futolab::bitmask
