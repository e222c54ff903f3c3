// Backend `fc`: forward checking over bitset domains.
//   R. M. Haralick and G. L. Elliott, "Increasing tree search efficiency for constraint
//   satisfaction problems", Artificial Intelligence 14(3):263-313, 1980 ("FC").
// MRV ("smallest domain first", their "fail first" principle) is from the same paper.
//
// Each cell has a domain of values (one uint64_t, value v = bit v - 1), initially 1..n cut to
// its chain bounds [Puzzle::min_value, max_value] (not counted as propagation). A given's
// domain is its value (empty if outside its chain bounds). At the root the givens are assigned
// one by one in row-major order and each is forward-checked like a search assignment, against
// every cell not yet assigned, later givens included: a later given whose value is removed
// wipes out, so conflicting givens are found here. An empty domain at the root means unsat
// with fails = 1, nodes = 0.
//
// Search: variables are the empty cells, chosen by `var`: static = row-major, mrv = smallest
// current domain (ties: smallest cell index). Values are taken from the current domain in
// increasing (val=min) or decreasing (val=max) order. Each value tried is a node: it is
// assigned and forward-checked; the first wipe-out makes the node a fail, and its removals
// are undone from an array trail before the next value.
//
// Forward checking an assignment cell = v revises, one by one, each peer of the cell (the
// other cells of its row and column; a related neighbour is always one of them) that is not
// yet assigned: its domain loses v, and if it is related to the cell, the values that the
// relation forbids. It stops at the first wipe-out.
//
// Counters:
//  - nodes: one per value tried. fails: nodes whose forward check wiped out a domain
//    (plus 1 for a root wipe-out). max_depth: the deepest node (first variable = depth 1).
//  - checks: one per revision, i.e. per (assigned cell, unassigned peer) pair examined, at the
//    root and in search; a revision is one bitset AND whatever it removes.
//  - propagations: values removed from domains by forward checking, at the root and in search.
#include "solvers/fc/fc.hpp"

#include "solvers/kit/static_order.hpp"
#include "solvers/kit/value_set.hpp"
#include "solvers/option_table.hpp"
#include "solvers/search_control.hpp"

#include <bit>
#include <cstdint>
#include <vector>

namespace futolab::fc {
namespace {

using kit::ValueOrder;
using kit::ValueSet;
using kit::value_bit;

enum class VarOrder { static_order, mrv };

// A peer to revise and the row of the revision table that applies to it.
enum Revision : int { kDiffer = 0, kAbove = 1, kBelow = 2 };  // peer ≠ v; also > v; also < v
struct Peer {
    int cell = 0;
    int rev_row = 0;  // Revision * (n + 1)
};

struct TrailEntry {
    ValueSet domain = 0;  // the domain before the change, and its size
    int cell = 0, size = 0;
};

class Search {
public:
    Search(const Puzzle& p, const SolveRequest& request);
    SolveResult run(VarOrder var, ValueOrder val);

private:
    bool root();
    bool forward_check(int cell, int v);
    void undo(std::size_t mark) {
        while (top_ > mark) {
            const TrailEntry& e = trail_[--top_];
            domain_[e.cell] = e.domain;
            size_[e.cell] = e.size;
        }
    }
    int take_mrv();
    void put_back(int cell) { free_[cell >> 6] |= std::uint64_t{1} << (cell & 63); }
    void record_solution(SolveResult& result) {
        if (++counters_.solutions == 1) result.solution = value_;
    }
    template <bool Mrv, bool Max>
    bool descend(int depth, SolveResult& result);

    int n_;
    int stride_;                    // peers per cell: 2 (n - 1)
    std::vector<Peer> peers_;       // [cell * stride_ + j]
    std::vector<ValueSet> rev_;     // [Revision * (n + 1) + v]: what a peer keeps when a cell is v
    std::vector<int> given_;        // row-major, 0 = empty
    std::vector<int> vars_;         // empty cells, row-major
    std::vector<std::uint64_t> free_;  // mrv: bitset of the unassigned empty cells
    std::vector<ValueSet> domain_;
    std::vector<int> size_;             // values in each domain, kept for mrv
    std::vector<char> assigned_;
    std::vector<int> value_;
    std::vector<TrailEntry> trail_;  // sized for the worst case: nothing grows during search
    std::size_t top_ = 0;
    SearchControl control_;
    Counters counters_;
};

Search::Search(const Puzzle& p, const SolveRequest& request)
    : n_(p.n()), stride_(2 * (p.n() - 1)), rev_(3 * static_cast<std::size_t>(n_ + 1)), given_(p.givens()),
      vars_(kit::empty_cells(p)), free_((static_cast<std::size_t>(p.cells()) + 63) / 64, 0),
      domain_(static_cast<std::size_t>(p.cells())), size_(domain_.size()), assigned_(domain_.size(), 0),
      value_(p.givens()), control_(request.limits, request.mode) {
    for (int v = 1; v <= n_; ++v) {
        rev_[kDiffer * (n_ + 1) + v] = kit::values_up_to(n_) & ~value_bit(v);
        rev_[kAbove * (n_ + 1) + v] = kit::values_above(v, n_);
        rev_[kBelow * (n_ + 1) + v] = kit::values_below(v);
    }
    for (int cell = 0; cell < p.cells(); ++cell) {
        const int row = cell / n_, col = cell % n_;
        auto add = [&](int other) {
            int rev = kDiffer;
            for (int g : p.links(cell).greater_cells()) rev = g == other ? kAbove : rev;
            for (int s : p.links(cell).smaller_cells()) rev = s == other ? kBelow : rev;
            peers_.push_back({other, rev * (n_ + 1)});
        };
        for (int c = 0; c < n_; ++c)
            if (c != col) add(row * n_ + c);
        for (int r = 0; r < n_; ++r)
            if (r != row) add(r * n_ + col);
        domain_[cell] = kit::value_range(p.min_value(cell), p.max_value(cell));
        if (given_[cell] != 0) domain_[cell] &= value_bit(given_[cell]);
        size_[cell] = kit::count_values(domain_[cell]);
    }
    // Every trail entry records a strict shrink of one domain, so the trail never holds more
    // entries than there are values in the initial domains.
    std::size_t values = 0;
    for (int size : size_) values += static_cast<std::size_t>(size);
    trail_.resize(values);
    for (int cell : vars_) put_back(cell);
}

SolveResult Search::run(VarOrder var, ValueOrder val) {
    SolveResult result;
    if (!root()) {
        counters_.fails = 1;
    } else if (vars_.empty()) {
        record_solution(result);  // the givens fill the grid
    } else {
        const bool mrv = var == VarOrder::mrv, max = val == ValueOrder::max;
        if (mrv && max) descend<true, true>(0, result);
        else if (mrv) descend<true, false>(0, result);
        else if (max) descend<false, true>(0, result);
        else descend<false, false>(0, result);
    }
    result.counters = counters_;
    result.status = control_.status(counters_.solutions);
    return result;
}

// Assigns and forward-checks the givens in row-major order. False: a domain wiped out.
bool Search::root() {
    for (ValueSet d : domain_)
        if (d == 0) return false;  // chain bounds alone leave no value (a chain longer than n)
    for (int cell = 0; cell < static_cast<int>(given_.size()); ++cell) {
        if (given_[cell] == 0) continue;
        assigned_[cell] = 1;
        if (!forward_check(cell, given_[cell])) return false;
    }
    top_ = 0;  // root removals are never undone
    return true;
}

// Revises every unassigned peer of `cell` against its new value v; stops at a wipe-out.
bool Search::forward_check(int cell, int v) {
    const Peer* peer = &peers_[static_cast<std::size_t>(cell) * stride_];
    for (int j = 0; j < stride_; ++j) {
        const int other = peer[j].cell;
        if (assigned_[other]) continue;
        ++counters_.checks;
        const ValueSet old = domain_[other];
        const ValueSet kept = old & rev_[peer[j].rev_row + v];
        if (kept == old) continue;
        const int removed = kit::count_values(old ^ kept);
        trail_[top_++] = {old, other, size_[other]};
        domain_[other] = kept;
        size_[other] -= removed;
        counters_.propagations += static_cast<std::uint64_t>(removed);
        if (kept == 0) return false;
    }
    return true;
}

// Removes and returns the unassigned empty cell with the smallest domain, ties to the smallest
// index. Free cells are scanned in index order, so the first with one value ends the scan (no
// unassigned domain is empty: a wipe-out is never searched below).
int Search::take_mrv() {
    int best = -1, best_size = n_ + 1;
    for (std::size_t w = 0; w < free_.size() && best_size > 1; ++w) {
        for (std::uint64_t bits = free_[w]; bits != 0; bits &= bits - 1) {
            const int cell = static_cast<int>(w * 64) + std::countr_zero(bits);
            if (size_[cell] < best_size) {
                best = cell;
                best_size = size_[cell];
                if (best_size == 1) break;
            }
        }
    }
    free_[best >> 6] &= ~(std::uint64_t{1} << (best & 63));
    return best;
}

// Tries every value of the next variable; true when the search must stop (limit or enough
// solutions). Recursion depth is at most the number of empty cells (4096 at n = 64).
template <bool Mrv, bool Max>
bool Search::descend(int depth, SolveResult& result) {
    const int cell = Mrv ? take_mrv() : vars_[depth];
    const bool last = depth + 1 == static_cast<int>(vars_.size());
    assigned_[cell] = 1;
    ValueSet values = domain_[cell];
    bool stop = false;
    while (values != 0 && !stop) {
        const int v = Max ? 64 - std::countl_zero(values) : std::countr_zero(values) + 1;
        values &= ~value_bit(v);
        if (control_.at_node(counters_)) {
            stop = true;
            break;
        }
        ++counters_.nodes;
        if (static_cast<std::uint64_t>(depth) >= counters_.max_depth) counters_.max_depth = depth + 1;
        const std::size_t mark = top_;
        value_[cell] = v;
        if (!forward_check(cell, v)) {
            ++counters_.fails;
        } else if (last) {
            record_solution(result);
            stop = control_.enough(counters_.solutions);
        } else {
            stop = descend<Mrv, Max>(depth + 1, result);
        }
        undo(mark);
    }
    assigned_[cell] = 0;
    if (Mrv) put_back(cell);
    return stop;
}

class ForwardChecking final : public Solver {
public:
    ForwardChecking(VarOrder var, ValueOrder val) : var_(var), val_(val) {}
    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        return Search(puzzle, request).run(var_, val_);
    }

private:
    VarOrder var_;
    ValueOrder val_;
};

struct Config {
    VarOrder var = VarOrder::mrv;
    ValueOrder val = ValueOrder::min;
};

const OptionTable<Config>& table() {
    static const OptionTable<Config> t{
        choice<Config>("val", [](Config& c) -> auto& { return c.val; }, {{"min", ValueOrder::min}, {"max", ValueOrder::max}},
                       "value order within the current domain: min = increasing, max = decreasing"),
        choice<Config>("var", [](Config& c) -> auto& { return c.var; },
                       {{"static", VarOrder::static_order}, {"mrv", VarOrder::mrv}},
                       "variable order: static = empty cells row-major, mrv = smallest current domain (ties: smallest cell)"),
    };
    return t;
}

}  // namespace

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make(const SolverSpec& spec) {
    const Config c = table().decode(spec);
    return std::make_unique<ForwardChecking>(c.var, c.val);
}

}  // namespace futolab::fc
