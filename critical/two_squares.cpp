#include "critical/two_squares.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace futolab::critical {

TwoSquares::TwoSquares(int n)
    : n_(n), full_((std::uint32_t{1} << n) - 1), earlier_(static_cast<std::size_t>(n * n)), range_(static_cast<std::size_t>(n * n)),
      above_(static_cast<std::size_t>(n * n)), below_(static_cast<std::size_t>(n * n)), value_(static_cast<std::size_t>(n * n)),
      up_(static_cast<std::size_t>(n * n)), down_(static_cast<std::size_t>(n * n)), row_(static_cast<std::size_t>(n)),
      col_(static_cast<std::size_t>(n)) {
    if (n < 1 || n > 16) throw std::invalid_argument("TwoSquares: 1 <= n <= 16");
}

// Chain lengths by repeated relaxation (at most n² rounds over a DAG of ≤ 2n(n−1) arcs; the
// caller has rejected cycles, and a chain longer than n is cut to an empty range).
void TwoSquares::prepare(const std::vector<LessThan>& lt) {
    const int cells = n_ * n_;
    for (int c = 0; c < cells; ++c) earlier_[c].clear(), above_[c].clear(), below_[c].clear(), up_[c] = down_[c] = 0;
    for (const LessThan& r : lt) {
        const int small = r.r1 * n_ + r.c1, large = r.r2 * n_ + r.c2;
        above_[small].push_back(large);
        below_[large].push_back(small);
        if (small < large) earlier_[large].push_back({small, false});
        else earlier_[small].push_back({large, true});
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
    for (int c = 0; c < cells; ++c) {
        const int lo = 1 + up_[c], hi = n_ - down_[c];  // values lo..hi
        range_[c] = lo > hi ? 0 : ((std::uint32_t{1} << hi) - 1) & ~((std::uint32_t{1} << (lo - 1)) - 1);
    }
}

const std::vector<std::vector<int>>& TwoSquares::solve(const std::vector<LessThan>& lt, std::uint64_t budget) {
    prepare(lt);
    std::fill(row_.begin(), row_.end(), 0U);
    std::fill(col_.begin(), col_.end(), 0U);
    found_.clear();
    budget_ = budget;
    gave_up_ = false;
    descend(0);
    return found_;
}

// true: stop (two squares found, or the budget spent).
bool TwoSquares::descend(int cell) {
    if (cell == n_ * n_) {
        found_.push_back(value_);
        return found_.size() == 2;
    }
    const int r = cell / n_, c = cell % n_;
    std::uint32_t allowed = range_[cell] & ~(row_[r] | col_[c]) & full_;
    for (const Earlier& e : earlier_[cell]) {
        const int v = value_[e.cell];  // values 1..n as bits 0..n−1
        allowed &= e.below ? (std::uint32_t{1} << (v - 1)) - 1 : full_ & ~((std::uint32_t{1} << v) - 1);
    }
    for (; allowed; allowed &= allowed - 1) {
        if (budget_-- == 0) {
            gave_up_ = true;
            return true;
        }
        const int bit = std::countr_zero(allowed);
        value_[cell] = bit + 1;
        row_[r] |= 1U << bit, col_[c] |= 1U << bit;
        const bool stop = descend(cell + 1);
        row_[r] &= ~(1U << bit), col_[c] &= ~(1U << bit);
        if (stop) return true;
    }
    return false;
}

}  // namespace futolab::critical
