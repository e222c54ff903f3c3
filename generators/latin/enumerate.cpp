#include "generators/latin/enumerate.hpp"

namespace futolab {
namespace {

void extend(int n, int cell, std::vector<int>& sq, std::vector<unsigned>& row_used, std::vector<unsigned>& col_used,
            std::vector<std::vector<int>>& out) {
    if (cell == n * n) {
        out.push_back(sq);
        return;
    }
    const int r = cell / n, c = cell % n;
    for (int v = 1; v <= n; ++v) {
        const unsigned bit = 1U << v;
        if ((row_used[r] | col_used[c]) & bit) continue;
        sq[cell] = v;
        row_used[r] |= bit;
        col_used[c] |= bit;
        extend(n, cell + 1, sq, row_used, col_used, out);
        row_used[r] &= ~bit;
        col_used[c] &= ~bit;
    }
}

}  // namespace

std::vector<std::vector<int>> all_latin_squares(int n) {
    std::vector<std::vector<int>> out;
    std::vector<int> sq(static_cast<std::size_t>(n * n), 0);
    std::vector<unsigned> row_used(n, 0), col_used(n, 0);
    extend(n, 0, sq, row_used, col_used, out);
    return out;
}

}  // namespace futolab
