#include "solvers/gac/planes.hpp"

#include "solvers/bits.hpp"

#include <type_traits>

// Boards (32-byte vectors) go to the helpers below by reference, and come back by value,
// which GCC warns about (-Wpsabi: the calling convention differs with AVX). The helpers are
// internal to this file and forced inline, so no calling convention is involved.
#pragma GCC diagnostic ignored "-Wpsabi"
namespace futolab::gac {
namespace {

using Word = std::uint64_t;

// The lanes of a word folded into its lowest one: `once` the bits held in some lane, `twice`
// those held in two lanes or more (once/twice accumulation, lanes combined pairwise).
template <int Lane>
[[gnu::always_inline]] inline void fold_lanes(Word& once, Word& twice) {
#pragma GCC unroll 3
    for (int shift = 32; shift >= Lane; shift /= 2) {
        twice |= (twice >> shift) | (once & (once >> shift));
        once |= once >> shift;
    }
}

// The board operations of a layout (planes.hpp): Ops<Lanes16>, Ops<Lanes8>.
template <class Layout>
struct Ops;

// 16×16 boards: 4 words, row r in the 16-bit lane r mod 4 of word r / 4.
template <>
struct Ops<Lanes16> {
    using Board = Lanes16::Board;
    static constexpr Word kLaneLow = 0x0001000100010001u;   // bit 0 of each 16-bit lane
    static constexpr Word kLaneTop = 0x8000800080008000u;   // bit 15 of each lane
    static constexpr Word kLaneRest = 0x7FFF7FFF7FFF7FFFu;  // bits 0..14 of each lane
    static constexpr int kLane = 16;

    // (the two halves OR-ed first: one vector OR instead of two lane extractions, 11 % of the
    // presolve's instructions on Tatham n10:30)
    [[gnu::always_inline]] static bool any(const Board& x) {
        typedef Word Half __attribute__((vector_size(16)));
        const Half h = __builtin_shufflevector(x, x, 0, 1) | __builtin_shufflevector(x, x, 2, 3);
        return (h[0] | h[1]) != 0;
    }
    // Each word's 4 lanes folded into one: the columns held in some row; `twice` the columns
    // held in two rows or more (once/twice accumulation, lanes combined pairwise).
    [[gnu::always_inline]] static void fold_columns(const Board& x, Word& once, Word& twice) {
        Word o = x[0], t = 0;
        for (int i = 1; i < 4; ++i) {
            t |= o & x[i];
            o |= x[i];
        }
        fold_lanes<16>(o, t);
        once = o & 0xFFFF;
        twice = t & 0xFFFF;
    }
    [[gnu::always_inline]] static Board broadcast(Word columns) {
        const Word w = columns * kLaneLow;
        return Board{w, w, w, w};
    }
    [[gnu::always_inline]] static Board from_below(const Board& x) {
        const Board next = __builtin_shufflevector(x, Board{}, 1, 2, 3, 4);
        return (x >> 16) | (next << 48);
    }
    [[gnu::always_inline]] static Board from_above(const Board& x) {
        const Board prev = __builtin_shufflevector(Board{}, x, 3, 4, 5, 6);
        return (x << 16) | (prev >> 48);
    }
    static void set(Board& b, int r, Word lane_bits) { b[r >> 2] |= lane_bits << (16 * (r & 3)); }
    static void clear(Board& b, int r, int c) { b[r >> 2] &= ~(Word{1} << (16 * (r & 3) + c)); }
    static int count(const Board& b) { return count_bits(b[0]) + count_bits(b[1]) + count_bits(b[2]) + count_bits(b[3]); }
};

// 8×8 boards: one word, row r in the 8-bit lane r.
template <>
struct Ops<Lanes8> {
    using Board = Lanes8::Board;
    static constexpr Word kLaneLow = 0x0101010101010101u;
    static constexpr Word kLaneTop = 0x8080808080808080u;
    static constexpr Word kLaneRest = 0x7F7F7F7F7F7F7F7Fu;
    static constexpr int kLane = 8;

    [[gnu::always_inline]] static bool any(Board x) { return x != 0; }
    [[gnu::always_inline]] static void fold_columns(Board x, Word& once, Word& twice) {
        Word o = x, t = 0;
        fold_lanes<8>(o, t);
        once = o & 0xFF;
        twice = t & 0xFF;
    }
    [[gnu::always_inline]] static Board broadcast(Word columns) { return columns * kLaneLow; }
    [[gnu::always_inline]] static Board from_below(Board x) { return x >> 8; }
    [[gnu::always_inline]] static Board from_above(Board x) { return x << 8; }
    static void set(Board& b, int r, Word lane_bits) { b |= lane_bits << (8 * r); }
    static void clear(Board& b, int r, int c) { b &= ~(Word{1} << (8 * r + c)); }
    static int count(Board b) { return count_bits(b); }
};

// The lane rules, the same formulas for both layouts over their lane constants.
template <class O>
struct Lanes : O {
    using Board = typename O::Board;
    // Per lane, its top bit iff the lane is not empty (Hacker's Delight §6-1, by lanes).
    [[gnu::always_inline]] static Board lane_nonzero(const Board& x) {
        return (((x & O::kLaneRest) + O::kLaneRest) | x) & O::kLaneTop;
    }
    // Lanes whose top bit is set, filled (the top bits as from lane_nonzero, nothing else).
    [[gnu::always_inline]] static Board lane_fill(const Board& tops) {
        const Board one = tops >> (O::kLane - 1);
        return (one << O::kLane) - one;  // per lane 2^lane − 1; a word's top lane wraps to the same
    }
    // Per lane, its top bit iff the lane holds exactly one bit (x & (x − 1) lane by lane: the
    // 1 is subtracted only in non-empty lanes, so no borrow crosses a lane).
    [[gnu::always_inline]] static Board lane_single(const Board& x) {
        const Board nonzero = lane_nonzero(x);
        return nonzero & ~lane_nonzero(x & (x - (nonzero >> (O::kLane - 1))));
    }
    // A board seen from a neighbour: at (r, c) the bit of (r, c + 1), (r, c − 1), (r + 1, c),
    // (r − 1, c). A bit shifted across a lane's edge lands in the lane's last column or in
    // column 0, where no relation points that way (n ≤ the lane width), so it is never read.
    template <int Direction>
    [[gnu::always_inline]] static Board toward(const Board& x) {
        if constexpr (Direction == 0) return x >> 1;
        if constexpr (Direction == 1) return x << 1;
        if constexpr (Direction == 2) return O::from_below(x);
        return O::from_above(x);
    }
    // gone[v] |= mask & ~(the union, seen from direction D), for each value v in `values`.
    template <int Direction>
    static void unsupported(const Board& mask, const Board* unions, Dom values, Board* gone) {
        for (; values != 0; values &= values - 1) {
            const int v = lowest(values);
            gone[v] |= mask & ~toward<Direction>(unions[v]);
        }
    }
    static void set_cell(Board& b, int r, int c) { O::set(b, r, Word{1} << c); }
};

}  // namespace

template <class Layout>
void BasicPlanes<Layout>::load(int n, std::span<const Relation> relations, std::span<const Dom> dom) {
    using L = Lanes<Ops<Layout>>;
    n_ = n;
    cells_ = row_tops_ = settled_ = Board{};
    const Word row = first_k(n);
    for (int r = 0; r < n; ++r) {
        L::set(cells_, r, row);
        L::set(row_tops_, r, Word{1} << (L::kLane - 1));
    }
    columns_ = row;
    for (int v = 0; v < n; ++v) plane_[static_cast<std::size_t>(v)] = cells_;
    for (int r = 0, x = 0; r < n; ++r)
        for (int c = 0; c < n; ++c, ++x)
            for (Dom gone = first_k(n) & ~dom[static_cast<std::size_t>(x)]; gone != 0; gone &= gone - 1) {
                L::clear(plane_[static_cast<std::size_t>(lowest(gone))], r, c);
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
        L::set_cell(lo_[static_cast<std::size_t>(d)], lr, lc);
        L::set_cell(hi_[static_cast<std::size_t>(d ^ 1)], hr, hc);
        L::set_cell(lo_cells_, lr, lc);
        L::set_cell(hi_cells_, hr, hc);
        dirs_ |= (1u << d) | (1u << (4 + (d ^ 1)));
    }
    removed_ = 0;
}

// (forced inline, as the helpers above: it is called for every value in every pass)
template <class Layout>
[[gnu::always_inline]] inline void BasicPlanes<Layout>::narrow(int v, const Board& gone) {
    if (!Lanes<Ops<Layout>>::any(gone)) return;
    plane_[static_cast<std::size_t>(v)] &= ~gone;
    hidden_dirty_ |= bit(v);
    changed_ = true;
}

template <class Layout>
int BasicPlanes<Layout>::total() const {
    int k = 0;
    for (int v = 0; v < n_; ++v) k += Ops<Layout>::count(plane_[static_cast<std::size_t>(v)]);
    return k;
}

// Naked singles and their ≠: a cell left with one value takes it from its row and column.
template <class Layout>
[[gnu::always_inline]] inline bool BasicPlanes<Layout>::singles() {
    using L = Lanes<Ops<Layout>>;
    Board once{}, twice{};
    for (int v = 0; v < n_; ++v) {
        twice |= once & plane_[static_cast<std::size_t>(v)];
        once |= plane_[static_cast<std::size_t>(v)];
    }
    if (L::any(cells_ & ~once)) return false;  // a cell without a value
    const Board fresh = once & ~twice & ~settled_;
    if (!L::any(fresh)) return true;
    settled_ |= fresh;
    for (int v = 0; v < n_; ++v) {
        Board& p = plane_[static_cast<std::size_t>(v)];
        const Board fixed = p & fresh;
        if (!L::any(fixed)) continue;
        Word cols = 0, cols_twice = 0;
        L::fold_columns(fixed, cols, cols_twice);
        // two cells of a row or a column fixed to v at once
        if (cols_twice != 0 || L::any(L::lane_nonzero(fixed) & ~L::lane_single(fixed))) return false;
        narrow(v, p & (L::lane_fill(L::lane_nonzero(fixed)) | L::broadcast(cols)) & ~fixed);
    }
    return true;
}

// Hidden singles: a value with one place in a row or a column is that cell's value.
template <class Layout>
[[gnu::always_inline]] inline bool BasicPlanes<Layout>::hidden() {
    using L = Lanes<Ops<Layout>>;
    std::array<Board, kMaxN> forced;  // (set for the planes looked at, read for those only)
    Board all{}, twice{};
    // Only planes that changed since they were last looked at: a forced cell found before was
    // made a singleton then, so no other plane can force it now without holding it.
    const Dom look = hidden_dirty_;
    hidden_dirty_ = 0;
    for (Dom rest = look; rest != 0; rest &= rest - 1) {
        const int v = lowest(rest);
        const Board p = plane_[static_cast<std::size_t>(v)];
        if (L::any(row_tops_ & ~L::lane_nonzero(p))) return false;  // a row without v
        Word cols = 0, cols_twice = 0;
        L::fold_columns(p, cols, cols_twice);
        if ((columns_ & ~cols) != 0) return false;  // a column without v
        const Board f = p & (L::lane_fill(L::lane_single(p)) | L::broadcast(cols & ~cols_twice));
        forced[static_cast<std::size_t>(v)] = f;
        twice |= all & f;
        all |= f;
    }
    if (L::any(twice)) return false;  // one cell forced to two values
    if (!L::any(all)) return true;
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
template <class Layout>
[[gnu::always_inline]] inline bool BasicPlanes<Layout>::relations() {
    using L = Lanes<Ops<Layout>>;
    if (dirs_ == 0) return true;
    std::array<Board, kMaxN> gone;  // (set for the values revised, read for those only)
    Dom revise = 0;
    Board acc{};
    for (int v = n_ - 1; v >= 0; --v) {
        const auto i = static_cast<std::size_t>(v);
        if (L::any((acc ^ above_[i]) & hi_cells_)) revise |= bit(v);
        above_[i] = acc;
        acc |= plane_[i];
    }
    acc = Board{};
    for (int v = 0; v < n_; ++v) {
        const auto i = static_cast<std::size_t>(v);
        if (L::any((acc ^ below_[i]) & lo_cells_)) revise |= bit(v);
        below_[i] = acc;
        acc |= plane_[i];
    }
    if (revise == 0) return true;
    for (Dom rest = revise; rest != 0; rest &= rest - 1) gone[static_cast<std::size_t>(lowest(rest))] = Board{};
    if (dirs_ & 0x01) L::template unsupported<0>(lo_[0], above_.data(), revise, gone.data());
    if (dirs_ & 0x02) L::template unsupported<1>(lo_[1], above_.data(), revise, gone.data());
    if (dirs_ & 0x04) L::template unsupported<2>(lo_[2], above_.data(), revise, gone.data());
    if (dirs_ & 0x08) L::template unsupported<3>(lo_[3], above_.data(), revise, gone.data());
    if (dirs_ & 0x10) L::template unsupported<0>(hi_[0], below_.data(), revise, gone.data());
    if (dirs_ & 0x20) L::template unsupported<1>(hi_[1], below_.data(), revise, gone.data());
    if (dirs_ & 0x40) L::template unsupported<2>(hi_[2], below_.data(), revise, gone.data());
    if (dirs_ & 0x80) L::template unsupported<3>(hi_[3], below_.data(), revise, gone.data());
    for (Dom rest = revise; rest != 0; rest &= rest - 1) {
        const int v = lowest(rest);
        narrow(v, plane_[static_cast<std::size_t>(v)] & gone[static_cast<std::size_t>(v)]);
    }
    return true;
}

// Gauss–Seidel over the rules (each sees what the one before removed), until a sweep changes
// nothing. A sweep costs a few thousand instructions whatever changed, and the sweeps needed
// are the depth of the deduction chain (8 on Tatham n08:57, 33 on n10:30): the price of
// handling the whole board per step, against the queues' per-value cost (REPORT, round 8).
// Running one rule to its own fixpoint first, or the relations before the hidden singles,
// cost 2–12 % more instructions on median puzzles.
template <class Layout>
[[gnu::always_inline]] inline bool BasicPlanes<Layout>::sweeps() {
    bool ok = true;
    do {
        changed_ = false;
        ok = singles() && hidden() && relations();
    } while (ok && changed_);
    return ok;
}

#if defined(__x86_64__) || defined(__i386__)
namespace {
bool cpu_has_avx2() {
    static const bool yes = __builtin_cpu_supports("avx2") != 0;
    return yes;
}
}  // namespace

// Every rule and helper is forced inline, so the whole loop is compiled here for AVX2: a board
// operation is one 256-bit instruction instead of two 128-bit ones (callgrind, Tatham n10:30:
// 148 k → 106 k instructions; REPORT, round 10).
template <class Layout>
__attribute__((target("avx2"))) bool BasicPlanes<Layout>::sweeps_avx2() {
    return sweeps();
}
#else
namespace {
bool cpu_has_avx2() { return false; }
}  // namespace

template <class Layout>
bool BasicPlanes<Layout>::sweeps_avx2() {
    return sweeps();
}
#endif

template <class Layout>
bool BasicPlanes<Layout>::fixpoint(Simd simd) {
    const int before = total();
    // (the one-word boards are scalar: AVX2 has nothing to add there)
    const bool wide = std::is_same_v<Layout, Lanes16> && simd == Simd::best && cpu_has_avx2();
    const bool ok = wide ? sweeps_avx2() : sweeps();
    removed_ = static_cast<std::uint64_t>(before - total());
    return ok;
}

template class BasicPlanes<Lanes16>;
template class BasicPlanes<Lanes8>;

}  // namespace futolab::gac
