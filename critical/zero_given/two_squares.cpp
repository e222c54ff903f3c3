#include "critical/zero_given/two_squares.hpp"

#include <algorithm>
#include <bit>
#include <vector>
#include <stdexcept>

namespace futolab::critical {
namespace {

// Set bits of a domain (n ≤ 16 bits) by table: the portable -O2 build has no popcnt
// instruction, and std::popcount's library call was a tenth of the search.
int bits_in(std::uint32_t d) {
    static const auto table = [] {
        std::vector<std::uint8_t> t(1U << 16);
        for (std::uint32_t i = 1; i < t.size(); ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1U));
        return t;
    }();
    return table[d & 0xFFFFU];
}

}  // namespace

TwoSquares::TwoSquares(int n)
    : n_(n), full_((std::uint32_t{1} << n) - 1), partners_(static_cast<std::size_t>(n * n)), range_(static_cast<std::size_t>(n * n)),
      above_(static_cast<std::size_t>(n * n)), below_(static_cast<std::size_t>(n * n)), value_(static_cast<std::size_t>(n * n)),
      up_(static_cast<std::size_t>(n * n)), down_(static_cast<std::size_t>(n * n)), row_(static_cast<std::size_t>(n)),
      col_(static_cast<std::size_t>(n)) {
    if (n < 1 || n > 16) throw std::invalid_argument("TwoSquares: 1 <= n <= 16");
}

// Chain lengths by repeated relaxation (at most n² rounds over a DAG of ≤ 2n(n−1) arcs; the
// caller has rejected cycles, and a chain longer than n is cut to an empty range).
void TwoSquares::prepare(const std::vector<LessThan>& lt) {
    const int cells = n_ * n_;
    for (int c = 0; c < cells; ++c) partners_[c].clear(), above_[c].clear(), below_[c].clear(), up_[c] = down_[c] = 0;
    for (const LessThan& r : lt) {
        const int small = r.r1 * n_ + r.c1, large = r.r2 * n_ + r.c2;
        above_[small].push_back(large);
        below_[large].push_back(small);
        partners_[small].push_back({large, true});
        partners_[large].push_back({small, false});
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int c = 0; c < cells; ++c) {
            for (int s : below_[c])
                if (std::min(up_[s] + 1, n_) > up_[c]) up_[c] = std::min(up_[s] + 1, n_), changed = true;
            for (int l : above_[c])
                if (std::min(down_[l] + 1, n_) > down_[c]) down_[c] = std::min(down_[l] + 1, n_), changed = true;
        }
    }
    bound_.clear();
    free_.clear();
    for (int c = 0; c < cells; ++c) {
        const int lo = 1 + up_[c], hi = n_ - down_[c];  // values lo..hi
        range_[c] = lo > hi ? 0 : ((std::uint32_t{1} << hi) - 1) & ~((std::uint32_t{1} << (lo - 1)) - 1);
        (partners_[c].empty() && range_[c] == full_ ? free_ : bound_).push_back(c);
    }
}

const std::vector<std::vector<int>>& TwoSquares::solve(const std::vector<LessThan>& lt, std::uint64_t budget) {
    prepare(lt);
    std::fill(row_.begin(), row_.end(), 0U);
    std::fill(col_.begin(), col_.end(), 0U);
    std::fill(value_.begin(), value_.end(), 0);
    found_.clear();
    budget_ = budget;
    gave_up_ = false;
    descend(0);
    return found_;
}

// The values left to a cell: its chain range, minus its row's and column's, cut by the
// relations to assigned neighbours (values 1..n as bits 0..n−1).
std::uint32_t TwoSquares::domain(int cell) const {
    std::uint32_t d = range_[cell] & ~(row_[cell / n_] | col_[cell % n_]) & full_;
    for (const Partner& p : partners_[cell]) {
        const int v = value_[p.cell];
        if (v != 0) d &= p.below ? (std::uint32_t{1} << (v - 1)) - 1 : full_ & ~((std::uint32_t{1} << v) - 1);
    }
    return d;
}

// true: stop (two squares found, or the budget spent).
bool TwoSquares::descend(int assigned) {
    const int cells = n_ * n_;
    if (assigned == cells) {
        found_.push_back(value_);
        return found_.size() == 2;
    }
    int cell = -1, size = n_ + 1;
    std::uint32_t allowed = 0;
    // Smallest domain first: the cells with relations or a cut range (their domain needs the
    // partners), then the free ones (row and column only).
    for (std::size_t i = 0; i < bound_.size() && size > 1; ++i) {
        const int c = bound_[i];
        if (value_[c] != 0) continue;
        const std::uint32_t d = domain(c);
        if (d == 0) return false;  // a wipe-out: no square below this node
        const int s = bits_in(d);
        if (s < size) cell = c, size = s, allowed = d;
    }
    for (std::size_t i = 0; i < free_.size() && size > 1; ++i) {
        const int c = free_[i];
        if (value_[c] != 0) continue;
        const std::uint32_t d = ~(row_[c / n_] | col_[c % n_]) & full_;
        if (d == 0) return false;
        const int s = bits_in(d);
        if (s < size) cell = c, size = s, allowed = d;
    }
    const int r = cell / n_, c = cell % n_;
    for (; allowed; allowed &= allowed - 1) {
        if (budget_-- == 0) {
            gave_up_ = true;
            return true;
        }
        const int bit = std::countr_zero(allowed);
        value_[cell] = bit + 1;
        row_[r] |= 1U << bit, col_[c] |= 1U << bit;
        const bool stop = descend(assigned + 1);
        row_[r] &= ~(1U << bit), col_[c] &= ~(1U << bit);
        if (stop) {
            value_[cell] = 0;
            return true;
        }
    }
    value_[cell] = 0;
    return false;
}

}  // namespace futolab::critical
