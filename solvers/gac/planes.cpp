#include "solvers/gac/planes.hpp"

#include "solvers/bits.hpp"

// Boards (32-byte vectors) go to the helpers below by reference, and come back by value,
// which GCC warns about (-Wpsabi: the calling convention differs with AVX). The helpers are
// internal to this file and forced inline, so no calling convention is involved.
#pragma GCC diagnostic ignored "-Wpsabi"
namespace futolab::gac {
namespace {

using Board = Planes::Board;
using Word = Planes::Word;

constexpr Word kLaneLow = 0x0001000100010001u;   // bit 0 of each 16-bit lane
constexpr Word kLaneTop = 0x8000800080008000u;   // bit 15 of each lane
constexpr Word kLaneRest = 0x7FFF7FFF7FFF7FFFu;  // bits 0..14 of each lane

// (the two halves OR-ed first: one vector OR instead of two lane extractions, 11 % of the
// presolve's instructions on Tatham n10:30)
[[gnu::always_inline]] inline bool any(const Board& x) {
    typedef Word Half __attribute__((vector_size(16)));
    const Half h = __builtin_shufflevector(x, x, 0, 1) | __builtin_shufflevector(x, x, 2, 3);
    return (h[0] | h[1]) != 0;
}

// Per lane, its top bit iff the lane is not empty (Hacker's Delight §6-1, by lanes).
[[gnu::always_inline]] inline Board lane_nonzero(const Board& x) { return (((x & kLaneRest) + kLaneRest) | x) & kLaneTop; }
// Lanes whose top bit is set, filled (the top bits as from lane_nonzero, nothing else).
[[gnu::always_inline]] inline Board lane_fill(const Board& tops) {
    const Board one = tops >> 15;
    return (one << 16) - one;  // per lane 2¹⁶ − 1; a word's top lane wraps to the same
}
// Per lane, its top bit iff the lane holds exactly one bit (x & (x − 1) lane by lane: the
// 1 is subtracted only in non-empty lanes, so no borrow crosses a lane).
[[gnu::always_inline]] inline Board lane_single(const Board& x) {
    const Board nonzero = lane_nonzero(x);
    return nonzero & ~lane_nonzero(x & (x - (nonzero >> 15)));
}

// Each word's 4 lanes folded into one: the columns held in some row; `twice` the columns held
// in two rows or more (once/twice accumulation, lanes combined pairwise).
[[gnu::always_inline]] inline void fold_columns(const Board& x, Word& once, Word& twice) {
    Word o = x[0], t = 0;
    for (int i = 1; i < 4; ++i) {
        t |= o & x[i];
        o |= x[i];
    }
    t |= (t >> 32) | (o & (o >> 32));
    o |= o >> 32;
    t |= (t >> 16) | (o & (o >> 16));
    o |= o >> 16;
    once = o & 0xFFFF;
    twice = t & 0xFFFF;
}
[[gnu::always_inline]] inline Board broadcast(Word columns) {
    const Word w = columns * kLaneLow;
    return Board{w, w, w, w};
}

// A board seen from a neighbour: at (r, c) the bit of (r, c + 1), (r, c − 1), (r + 1, c),
// (r − 1, c). A bit shifted across a lane's edge lands in column 15 or 0, where no relation
// points that way (n ≤ 16), so it is never read.
[[gnu::always_inline]] inline Board from_right(const Board& x) { return x >> 1; }
[[gnu::always_inline]] inline Board from_left(const Board& x) { return x << 1; }
[[gnu::always_inline]] inline Board from_below(const Board& x) {
    const Board next = __builtin_shufflevector(x, Board{}, 1, 2, 3, 4);
    return (x >> 16) | (next << 48);
}
[[gnu::always_inline]] inline Board from_above(const Board& x) {
    const Board prev = __builtin_shufflevector(Board{}, x, 3, 4, 5, 6);
    return (x << 16) | (prev >> 48);
}
template <int Direction>
[[gnu::always_inline]] inline Board toward(const Board& x) {
    if constexpr (Direction == 0) return from_right(x);
    if constexpr (Direction == 1) return from_left(x);
    if constexpr (Direction == 2) return from_below(x);
    return from_above(x);
}

// gone[v] |= mask & ~(the union, seen from direction D), for each value v in `values`.
template <int Direction>
void unsupported(const Board& mask, const Board* unions, Dom values, Board* gone) {
    for (; values != 0; values &= values - 1) {
        const int v = lowest(values);
        gone[v] |= mask & ~toward<Direction>(unions[v]);
    }
}

[[gnu::always_inline]] inline void set_cell(Board& b, int r, int c) { b[r >> 2] |= Word{1} << (16 * (r & 3) + c); }

}  // namespace

void Planes::load(int n, std::span<const Relation> relations, std::span<const Dom> dom) {
    n_ = n;
    cells_ = row_tops_ = settled_ = Board{};
    const Word row = first_k(n);
    for (int r = 0; r < n; ++r) {
        cells_[r >> 2] |= row << (16 * (r & 3));
        row_tops_[r >> 2] |= Word{0x8000} << (16 * (r & 3));
    }
    columns_ = row;
    for (int v = 0; v < n; ++v) plane_[static_cast<std::size_t>(v)] = cells_;
    for (int r = 0, x = 0; r < n; ++r)
        for (int c = 0; c < n; ++c, ++x)
            for (Dom gone = first_k(n) & ~dom[static_cast<std::size_t>(x)]; gone != 0; gone &= gone - 1) {
                Board& p = plane_[static_cast<std::size_t>(lowest(gone))];
                p[r >> 2] &= ~(Word{1} << (16 * (r & 3) + c));
            }
    lo_ = hi_ = {};
    lo_cells_ = hi_cells_ = Board{};
    // The first revision sees every union as changed, unless it holds every cell a relation
    // reads (then nothing is unsupported anyway).
    above_.fill(~Board{});
    below_.fill(~Board{});
    dirs_ = 0;
    hidden_dirty_ = first_k(n);
    for (const Relation& rel : relations) {
        const int lr = rel.lo / n, lc = rel.lo % n, hr = rel.hi / n, hc = rel.hi % n;
        // the direction of hi seen from lo; lo is seen from hi the other way (d ^ 1)
        const int d = hr == lr ? (hc > lc ? 0 : 1) : (hr > lr ? 2 : 3);
        set_cell(lo_[static_cast<std::size_t>(d)], lr, lc);
        set_cell(hi_[static_cast<std::size_t>(d ^ 1)], hr, hc);
        set_cell(lo_cells_, lr, lc);
        set_cell(hi_cells_, hr, hc);
        dirs_ |= (1u << d) | (1u << (4 + (d ^ 1)));
    }
    removed_ = 0;
}

// (forced inline, as the helpers above: it is called for every value in every pass)
[[gnu::always_inline]] inline void Planes::narrow(int v, const Board& gone) {
    if (!any(gone)) return;
    plane_[static_cast<std::size_t>(v)] &= ~gone;
    hidden_dirty_ |= bit(v);
    changed_ = true;
}

int Planes::total() const {
    int k = 0;
    for (int v = 0; v < n_; ++v)
        for (int i = 0; i < 4; ++i) k += count_bits(plane_[static_cast<std::size_t>(v)][i]);
    return k;
}

// Gauss–Seidel over the rules (each sees what the one before removed), until a sweep changes
// nothing. A sweep costs a few thousand instructions whatever changed, and the sweeps needed
// are the depth of the deduction chain (8 on Tatham n08:57, 33 on n10:30): the price of
// handling the whole board per step, against the queues' per-value cost (REPORT, round 8).
// Running one rule to its own fixpoint first, or the relations before the hidden singles,
// cost 2–12 % more instructions on median puzzles.
bool Planes::fixpoint() {
    const int before = total();
    bool ok = true;
    do {
        changed_ = false;
        ok = singles() && hidden() && relations();
    } while (ok && changed_);
    removed_ = static_cast<std::uint64_t>(before - total());
    return ok;
}

// Naked singles and their ≠: a cell left with one value takes it from its row and column.
bool Planes::singles() {
    Board once{}, twice{};
    for (int v = 0; v < n_; ++v) {
        twice |= once & plane_[static_cast<std::size_t>(v)];
        once |= plane_[static_cast<std::size_t>(v)];
    }
    if (any(cells_ & ~once)) return false;  // a cell without a value
    const Board fresh = once & ~twice & ~settled_;
    if (!any(fresh)) return true;
    settled_ |= fresh;
    for (int v = 0; v < n_; ++v) {
        Board& p = plane_[static_cast<std::size_t>(v)];
        const Board fixed = p & fresh;
        if (!any(fixed)) continue;
        Word cols = 0, cols_twice = 0;
        fold_columns(fixed, cols, cols_twice);
        // two cells of a row or a column fixed to v at once
        if (cols_twice != 0 || any(lane_nonzero(fixed) & ~lane_single(fixed))) return false;
        narrow(v, p & (lane_fill(lane_nonzero(fixed)) | broadcast(cols)) & ~fixed);
    }
    return true;
}

// Hidden singles: a value with one place in a row or a column is that cell's value.
bool Planes::hidden() {
    std::array<Board, kMaxN> forced;  // (set for the planes looked at, read for those only)
    Board all{}, twice{};
    // Only planes that changed since they were last looked at: a forced cell found before was
    // made a singleton then, so no other plane can force it now without holding it.
    const Dom look = hidden_dirty_;
    hidden_dirty_ = 0;
    for (Dom rest = look; rest != 0; rest &= rest - 1) {
        const int v = lowest(rest);
        const Board p = plane_[static_cast<std::size_t>(v)];
        if (any(row_tops_ & ~lane_nonzero(p))) return false;  // a row without v
        Word cols = 0, cols_twice = 0;
        fold_columns(p, cols, cols_twice);
        if ((columns_ & ~cols) != 0) return false;  // a column without v
        const Board f = p & (lane_fill(lane_single(p)) | broadcast(cols & ~cols_twice));
        forced[static_cast<std::size_t>(v)] = f;
        twice |= all & f;
        all |= f;
    }
    if (any(twice)) return false;  // one cell forced to two values
    if (!any(all)) return true;
    for (int v = 0; v < n_; ++v) {
        Board& p = plane_[static_cast<std::size_t>(v)];
        narrow(v, p & all & (has(look, v) ? ~forced[static_cast<std::size_t>(v)] : ~Board{}));
    }
    return true;
}

// Bounds of the relations: lo keeps v only where its neighbour hi holds a value above v
// (the union of the planes above v, seen from lo's side); hi keeps v only where lo holds one
// below v. A value is revised only if one of its two unions changed where a relation reads
// it since its last revision (its own plane's shrinking cannot make a value unsupported).
bool Planes::relations() {
    if (dirs_ == 0) return true;
    std::array<Board, kMaxN> gone;  // (set for the values revised, read for those only)
    Dom revise = 0;
    Board acc{};
    for (int v = n_ - 1; v >= 0; --v) {
        const auto i = static_cast<std::size_t>(v);
        if (any((acc ^ above_[i]) & hi_cells_)) revise |= bit(v);
        above_[i] = acc;
        acc |= plane_[i];
    }
    acc = Board{};
    for (int v = 0; v < n_; ++v) {
        const auto i = static_cast<std::size_t>(v);
        if (any((acc ^ below_[i]) & lo_cells_)) revise |= bit(v);
        below_[i] = acc;
        acc |= plane_[i];
    }
    if (revise == 0) return true;
    for (Dom rest = revise; rest != 0; rest &= rest - 1) gone[static_cast<std::size_t>(lowest(rest))] = Board{};
    if (dirs_ & 0x01) unsupported<0>(lo_[0], above_.data(), revise, gone.data());
    if (dirs_ & 0x02) unsupported<1>(lo_[1], above_.data(), revise, gone.data());
    if (dirs_ & 0x04) unsupported<2>(lo_[2], above_.data(), revise, gone.data());
    if (dirs_ & 0x08) unsupported<3>(lo_[3], above_.data(), revise, gone.data());
    if (dirs_ & 0x10) unsupported<0>(hi_[0], below_.data(), revise, gone.data());
    if (dirs_ & 0x20) unsupported<1>(hi_[1], below_.data(), revise, gone.data());
    if (dirs_ & 0x40) unsupported<2>(hi_[2], below_.data(), revise, gone.data());
    if (dirs_ & 0x80) unsupported<3>(hi_[3], below_.data(), revise, gone.data());
    for (Dom rest = revise; rest != 0; rest &= rest - 1) {
        const int v = lowest(rest);
        narrow(v, plane_[static_cast<std::size_t>(v)] & gone[static_cast<std::size_t>(v)]);
    }
    return true;
}

}  // namespace futolab::gac
