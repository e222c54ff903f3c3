#include "critical/exact_squares.hpp"

#include "core/error.hpp"
#include "generators/latin/enumerate.hpp"
#include "critical/cell_pairs.hpp"

#include <string>
#include <unordered_map>

namespace futolab::critical {

template <class Mask>
Mask violation_mask_as(int n, const std::vector<int>& L, const std::vector<int>& M) {
    Mask m;
    const int cells = n * n;
    for (int c = 0; c < cells; ++c)
        if (M[c] != L[c]) m.set(c);
    const std::vector<CellPair> pairs = adjacent_pairs(n);
    for (std::size_t p = 0; p < pairs.size(); ++p)
        if ((L[pairs[p].a] < L[pairs[p].b]) != (M[pairs[p].a] < M[pairs[p].b])) m.set(cells + static_cast<int>(p));
    return m;
}
template ClueMask violation_mask_as<ClueMask>(int, const std::vector<int>&, const std::vector<int>&);
template WideClueMask violation_mask_as<WideClueMask>(int, const std::vector<int>&, const std::vector<int>&);

ClueMask violation_mask(int n, const std::vector<int>& L, const std::vector<int>& M) {
    return violation_mask_as<ClueMask>(n, L, M);
}

SquareTable::SquareTable(int n) : n_(n) {
    if (n < 2 || n > kMaxEnumeratedN)
        throw InputError("the table of all Latin squares needs 2 <= n <= " + std::to_string(kMaxEnumeratedN));
    squares_ = all_latin_squares(n);
    packed_.reserve(squares_.size());
    for (const auto& sq : squares_) packed_.push_back(pack(sq));
}

SquareTable::Packed SquareTable::pack(const std::vector<int>& sq) const {
    Packed p;
    p.cells_of_value.assign(n_, 0);
    for (int c = 0; c < n_ * n_; ++c) p.cells_of_value[sq[c] - 1] |= std::uint64_t{1} << c;
    const std::vector<CellPair> pairs = adjacent_pairs(n_);
    for (std::size_t i = 0; i < pairs.size(); ++i)
        if (sq[pairs[i].a] < sq[pairs[i].b]) p.less |= std::uint64_t{1} << i;
    return p;
}

std::size_t SquareTable::determined_by_relations() const {
    std::unordered_map<std::uint64_t, std::size_t> squares_with;
    for (const Packed& p : packed_) ++squares_with[p.less];
    std::size_t unique = 0;
    for (const auto& [pattern, count] : squares_with) unique += count == 1 ? 1 : 0;
    return unique;
}

std::vector<ClueMask> SquareTable::violations(const std::vector<int>& L) const {
    const Packed l = pack(L);
    const int cells = n_ * n_;
    const std::uint64_t all_cells = (std::uint64_t{1} << cells) - 1;
    std::vector<ClueMask> out(packed_.size());
    for (std::size_t i = 0; i < packed_.size(); ++i) {
        const Packed& m = packed_[i];
        std::uint64_t same = 0;
        for (int v = 0; v < n_; ++v) same |= m.cells_of_value[v] & l.cells_of_value[v];
        const std::uint64_t numbers = ~same & all_cells;
        const std::uint64_t flipped = m.less ^ l.less;  // 2n(n−1) ≤ 40 bits at n ≤ 5
        out[i].w[0] = numbers | (flipped << cells);
        out[i].w[1] = flipped >> (64 - cells);
    }
    return out;
}

}  // namespace futolab::critical
