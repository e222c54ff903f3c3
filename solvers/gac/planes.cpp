#include "solvers/gac/planes.hpp"

#include "solvers/bits.hpp"

#include <cstring>
#include <type_traits>

#if defined(__x86_64__) || defined(__i386__)
#define FUTOLAB_PLANES_X86 1
#include <immintrin.h>
#else
#define FUTOLAB_PLANES_X86 0
#endif

// Boards (32-byte vectors) go to the helpers of planes_rules.inc by reference, and come back by
// value, which GCC warns about (-Wpsabi: the calling convention differs with AVX). The helpers
// are internal to this file and forced inline, so no calling convention is involved.
#pragma GCC diagnostic ignored "-Wpsabi"
namespace futolab::gac {
namespace {

// The rules for the baseline instruction set (SSE2 on x86-64: two instructions per 16×16
// board operation).
namespace base {
#define PLANES_WIDE 0
#include "solvers/gac/planes_rules.inc"
#undef PLANES_WIDE
}  // namespace base

#if FUTOLAB_PLANES_X86
// The same rules compiled for AVX2, chosen at run time (fixpoint()), so that the binary stays
// a portable x86-64 one: every function defined between push and pop gets the target.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
namespace wide {
#define PLANES_WIDE 1
#include "solvers/gac/planes_rules.inc"
#undef PLANES_WIDE

template <class Layout>
[[gnu::noinline]] bool sweeps_avx2(State<Layout>& s) {
    return sweeps<Layout>(s);
}

#include "solvers/gac/planes_small_avx2.inc"
#include "solvers/gac/planes_transpose_avx2.inc"

// The values left on the planes, with the POPCNT instruction. (A template, like everything in
// this namespace: GCC 12 fails on 32-byte boards in the baseline code after a non-template
// function here has used them, an internal compiler error in expand.)
template <class Layout>
[[gnu::noinline, gnu::target("popcnt")]] int count_values(const State<Layout>& s) {
    int k = 0;
    for (int v = 0; v < s.n; ++v) {
        const auto& p = s.plane[static_cast<std::size_t>(v)];
        if constexpr (std::is_same_v<Layout, Lanes16>)
            k += __builtin_popcountll(p[0]) + __builtin_popcountll(p[1]) + __builtin_popcountll(p[2]) +
                 __builtin_popcountll(p[3]);
        else
            k += __builtin_popcountll(p);
    }
    return k;
}
}  // namespace wide
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

// (every CPU with AVX2 has POPCNT; both are asked for all the same)
bool cpu_has_avx2() { return __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("popcnt") != 0; }
#else
bool cpu_has_avx2() { return false; }
#endif

template <class Layout>
[[gnu::noinline]] bool sweeps_baseline(base::State<Layout>& s) {
    return base::sweeps<Layout>(s);
}

}  // namespace

Simd best_simd() {
#if defined(FUTOLAB_PORTABLE_SIMD)
    static const Simd choice = Simd::portable;
#else
    static const Simd choice = cpu_has_avx2() ? Simd::avx2 : Simd::portable;
#endif
    return choice;
}

bool simd_available(Simd simd) { return simd != Simd::avx2 || cpu_has_avx2(); }

using Word = std::uint64_t;

// A board under construction, as plain words: a variable lane index into a vector type costs
// a spill and a reload per bit (the loads were 6 % of a median puzzle's instructions).
template <class Layout>
struct Grid {
    static constexpr int kLane = Layout::kMaxN;            // bits per row
    static constexpr int kRowsPerWord = 64 / kLane;
    using Board = typename Layout::Board;
    std::array<Word, sizeof(Board) / sizeof(Word)> w{};
    void set(int r, Word row_bits) { w[static_cast<std::size_t>(r / kRowsPerWord)] |= row_bits << (kLane * (r % kRowsPerWord)); }
    void set(int r, int c) { set(r, Word{1} << c); }
    void set_bit(int i) {
        if constexpr (sizeof(Board) == sizeof(Word)) w[0] |= Word{1} << i;  // (one word: no word index to take)
        else w[static_cast<std::size_t>(i >> 6)] |= Word{1} << (i & 63);
    }
    Board board() const {
        Board b;
        std::memcpy(&b, w.data(), sizeof b);
        return b;
    }
};

// Everything but the planes: the board, the relations by direction, the rules' bookkeeping.
// A relation's direction is read off the difference of its cells (±1: right or left, ±n: down
// or up) and its cells' bits off their indices (bit of cell x = x + (lane − n) · row(x), the
// row by a multiplication: no division, no per-cell pass).
template <class Layout>
void BasicPlanes<Layout>::shape(const Puzzle& puzzle) {
    State& s = s_;
    const int n = puzzle.n();
    constexpr int kLane = Grid<Layout>::kLane;
    s.n = n;
    // dir[d]: the lo cells whose hi neighbour lies in direction d; dir[4 + d]: the hi cells
    // whose lo neighbour lies there. The direction by a lookup, not a branch (Tatham's puzzles
    // mix them at random: a mispredicted branch each); relations join adjacent cells.
    if (table_n_ != n) {
        // The planes of values ≥ n, read as empty (planes_small_avx2.inc): nothing writes them
        // but with a larger n, so cleared once per n, not per solve.
        for (int v = n; v < kMaxN; ++v) s.plane[static_cast<std::size_t>(v)] = Board{};
        Grid<Layout> cells;
        for (int r = 0; r < n; ++r) cells.set(r, first_k(n));
        cells_ = cells.board();
        for (int x = 0; x < n * n; ++x) bit_of_[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(x + (kLane - n) * (x / n));
        dir_of_[static_cast<std::size_t>(n + 1)] = 0;  // hi = lo + 1: right
        dir_of_[static_cast<std::size_t>(n - 1)] = 1;  // hi = lo − 1: left
        dir_of_[static_cast<std::size_t>(2 * n)] = 2;  // hi = lo + n: down
        dir_of_[0] = 3;                                // hi = lo − n: up
        table_n_ = n;
    }
    std::array<Grid<Layout>, 8> dir;
    for (const Relation& rel : puzzle.relations()) {
        const std::size_t d = dir_of_[static_cast<std::size_t>(rel.hi - rel.lo + n)];
        dir[d].set_bit(bit_of_[static_cast<std::size_t>(rel.lo)]);
        dir[4 + (d ^ 1)].set_bit(bit_of_[static_cast<std::size_t>(rel.hi)]);  // lo seen from hi: the other way
    }
    s.cells = cells_;
    s.settled = Board{};
    s.lo_cells = s.hi_cells = Board{};
    for (std::size_t d = 0; d < 4; ++d) {
        s.lo[d] = dir[d].board();
        s.hi[d] = dir[4 + d].board();
        s.lo_cells |= s.lo[d];
        s.hi_cells |= s.hi[d];
    }
    s.any_relation = puzzle.num_relations() != 0;
    // The first revision sees every union as changed, unless it holds every cell a relation
    // reads (then nothing is unsupported anyway).
    s.above.fill(~Board{});
    s.below.fill(~Board{});
    s.hidden_dirty = first_k(n);
    removed_ = 0;
}

template <class Layout>
void BasicPlanes<Layout>::load(const Puzzle& puzzle, std::span<const Dom> dom) {
    shape(puzzle);
    const int n = puzzle.n();
    std::array<Grid<Layout>, kMaxN> planes;
    for (int r = 0, x = 0; r < n; ++r)
        for (int c = 0; c < n; ++c, ++x)
            for (Dom in = first_k(n) & dom[static_cast<std::size_t>(x)]; in != 0; in &= in - 1)
                planes[static_cast<std::size_t>(lowest(in))].set(r, c);
    for (int v = 0; v < n; ++v) s_.plane[static_cast<std::size_t>(v)] = planes[static_cast<std::size_t>(v)].board();
    left_ = total(best_simd());
}

// The cells (bit x: cell x of n² ≤ 256) with a given or chain bounds: the few cells the initial
// domains do not leave full, found four at a time (SSE2: the three arrays OR-ed, compared with
// zero) where a test per cell was a third of the root's loading.
namespace {
// An 8 × 8 bit matrix (byte i = row i, bit j = column j) transposed, in three rounds of
// swapping 1 × 1, 2 × 2 and 4 × 4 blocks across the diagonal (Warren, Hacker's Delight, §7-3).
constexpr Word transpose8(Word x) {
    Word t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAu;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCu;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0u;
    return x ^ t ^ (t << 28);
}
static_assert(transpose8(0x0000000000000002u) == 0x0000000000000100u);  // (0, 1) -> (1, 0)

std::array<Word, 4> special_cells(const int* givens, const int* below, const int* above, int cells) {
    std::array<Word, 4> special{};
    int x = 0;
#if FUTOLAB_PLANES_X86
    for (; x + 4 <= cells; x += 4) {
        const auto at = [x](const int* a) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + x)); };
        const __m128i any = _mm_or_si128(_mm_or_si128(at(givens), at(below)), at(above));
        const int zero = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(any, _mm_setzero_si128())));
        special[static_cast<std::size_t>(x >> 6)] |= static_cast<Word>(~zero & 0xF) << (x & 63);  // (4 | 64: one word)
    }
#endif
    for (; x < cells; ++x)
        if ((givens[x] | below[x] | above[x]) != 0) special[static_cast<std::size_t>(x >> 6)] |= Word{1} << (x & 63);
    return special;
}
}  // namespace

// Plane v = the cells whose chain bounds admit v, less the givens of other values: per value,
// a suffix union of "min above v" and a prefix union of "max below v" (a few board operations
// per value instead of one bit operation per removed cell value).
template <class Layout>
void BasicPlanes<Layout>::load_root(const Puzzle& puzzle, Simd simd) {
    shape(puzzle);
    root_planes(puzzle, simd);
    left_ = total(simd);
}

template <class Layout>
void BasicPlanes<Layout>::root_planes(const Puzzle& puzzle, [[maybe_unused]] Simd simd) {
    State& s = s_;
    const int n = puzzle.n();
    const int* givens = puzzle.givens().data();
    const int* below = puzzle.chain_below().data();
    const int* above = puzzle.chain_above().data();
#if FUTOLAB_PLANES_X86
    if constexpr (std::is_same_v<Layout, Lanes16>) {
        if (simd == Simd::avx2) {  // the cells' domains, then one transposition per row
            alignas(32) std::uint16_t cells[16][16] = {};
            wide::root_domains<Layout>(givens, below, above, n, cells);
            wide::planes_from_domains<Layout>(s, cells);
            return;
        }
    } else {
        if (simd == Simd::avx2) {  // a row of cells a step, then a movemask per value
            wide::root_small_planes<Layout>(givens, below, above, n, s.plane.data());
            return;
        }
    }
#endif
    const int inverse = (65536 + n - 1) / n;  // x · inverse / 2^16 = x / n for x < 256, n ≤ 16
    const auto special = special_cells(givens, below, above, n * n);
    std::array<Grid<Layout>, kMaxN> given, min_is, max_is;  // by value index: givens, chain bounds
    Grid<Layout> any_given, empty;  // empty: chain bounds that cross (a relation cycle, min > max)
    for (std::size_t k = 0; k < special.size(); ++k)
        for (Word rest = special[k]; rest != 0; rest &= rest - 1) {
            const int x = static_cast<int>(k) * 64 + lowest(rest);
            const int r = (x * inverse) >> 16;
            const int i = x + (Grid<Layout>::kLane - n) * r;  // the cell's bit on a board
            const int g = givens[x], lo = below[x] + 1, hi = n - above[x];
            if (g != 0) {
                given[static_cast<std::size_t>(g - 1)].set_bit(i);
                any_given.set_bit(i);
            }
            if (lo > hi) {  // (1 ≤ lo ≤ hi ≤ n otherwise)
                empty.set_bit(i);
                continue;
            }
            min_is[static_cast<std::size_t>(lo - 1)].set_bit(i);
            max_is[static_cast<std::size_t>(hi - 1)].set_bit(i);
        }
    const Board other_given = any_given.board(), none = empty.board();
    Board low{};  // cells whose min is above v
    for (int v = n - 1; v >= 0; --v) {
        const auto i = static_cast<std::size_t>(v);
        s.plane[i] = s.cells & ~low & ~none & ~(other_given & ~given[i].board());
        low |= min_is[i].board();
    }
    Board high{};  // cells whose max is below v
    for (int v = 0; v < n; ++v) {
        const auto i = static_cast<std::size_t>(v);
        s.plane[i] &= ~high;
        high |= max_is[i].board();
    }
}

template <class Layout>
int BasicPlanes<Layout>::total([[maybe_unused]] Simd simd) const {
#if FUTOLAB_PLANES_X86
    if (simd == Simd::avx2) return wide::count_values<Layout>(s_);
#endif
    int k = 0;
    for (int v = 0; v < s_.n; ++v) {
        if constexpr (std::is_same_v<Layout, Lanes16>) {
            const Board& p = s_.plane[static_cast<std::size_t>(v)];
            k += count_bits(p[0]) + count_bits(p[1]) + count_bits(p[2]) + count_bits(p[3]);
        } else {
            k += count_bits(s_.plane[static_cast<std::size_t>(v)]);
        }
    }
    return k;
}

template <class Layout>
bool BasicPlanes<Layout>::fixpoint(Simd simd) {
    const int before = left_;  // (kept by load(), load_root() and remove(): one count a call, not two)
    s_.touched = Board{};
    bool ok = false;
#if FUTOLAB_PLANES_X86
    // (16 × 16: the rules for AVX2; 8 × 8: every value at once, planes_small_avx2.inc)
    if (simd == Simd::avx2) {
        if constexpr (std::is_same_v<Layout, Lanes16>) ok = wide::sweeps_avx2<Layout>(s_);
        else ok = wide::sweeps_small_avx2<Layout>(s_);
    } else {
        ok = sweeps_baseline<Layout>(s_);
    }
#else
    (void)simd;
    ok = sweeps_baseline<Layout>(s_);
#endif
    left_ = total(simd);
    removed_ = static_cast<std::uint64_t>(before - left_);
    return ok;
}

template <class Layout>
void BasicPlanes<Layout>::export_rows(Dom* out) const {
    constexpr int kLane = Grid<Layout>::kLane, kRowsPerWord = Grid<Layout>::kRowsPerWord;
    const int n = s_.n;
    for (int v = 0; v < n; ++v) {
        Grid<Layout> g;  // (the plane as words: no variable index into a vector type)
        std::memcpy(g.w.data(), &s_.plane[static_cast<std::size_t>(v)], sizeof(Board));
        for (int r = 0; r < n; ++r)
            *out++ = (g.w[static_cast<std::size_t>(r / kRowsPerWord)] >> (kLane * (r % kRowsPerWord))) & first_k(kLane);
    }
}

template <class Layout>
void BasicPlanes<Layout>::update_domains(Dom* dom, bool all, [[maybe_unused]] Simd simd) const {
    constexpr int kLane = Grid<Layout>::kLane, kRowsPerWord = Grid<Layout>::kRowsPerWord;
    const int n = s_.n;
    Grid<Layout> touched;
    std::memcpy(touched.w.data(), &s_.touched, sizeof(Board));
    int narrowed = 0;
    for (const Word w : touched.w) narrowed += count_bits(w);
    if constexpr (std::is_same_v<Layout, Lanes8>) {
        // (a narrowed cell costs ~4n instructions below, the whole board ~200 on AVX2: round 12)
#if FUTOLAB_PLANES_X86
        if (simd == Simd::avx2 && (all || narrowed > 4)) return wide::domains_from_small_planes<Layout>(s_, dom);
#endif
        if (simd == Simd::portable && all) {  // every cell, one 8 × 8 transposition per row (any CPU)
            for (int r = 0; r < n; ++r) {
                Word row = 0;  // byte v: the columns of row r holding v
                for (int v = 0; v < n; ++v) row |= ((s_.plane[static_cast<std::size_t>(v)] >> (8 * r)) & 0xFF) << (8 * v);
                const Word t = transpose8(row);  // byte c: the domain of cell (r, c)
                for (int c = 0; c < n; ++c) dom[r * n + c] = (t >> (8 * c)) & 0xFF;
            }
            return;
        }
    }
    // (a cell costs n steps below, a row of a plane a few: past ~n cells the whole board is cheaper)
#if FUTOLAB_PLANES_X86
    if constexpr (std::is_same_v<Layout, Lanes16>) {
        if (simd == Simd::avx2 && (all || narrowed > n)) return wide::domains_from_planes<Layout>(s_, dom);  // (before the copy below)
    }
#endif
    std::array<Grid<Layout>, kMaxN> planes;  // (as words: no variable index into a vector type)
    for (int v = 0; v < n; ++v) std::memcpy(planes[static_cast<std::size_t>(v)].w.data(), &s_.plane[static_cast<std::size_t>(v)], sizeof(Board));
    if (all || narrowed > n) {
        std::fill(dom, dom + n * n, Dom{0});
        // (bit i of word k is cell (k · rows per word + i / lane, i mod lane): a board's bits
        // in one pass per word, with the cell index kept as word offset + i − (lane − n) · row)
        for (int v = 0; v < n; ++v)
            for (std::size_t k = 0; k < touched.w.size(); ++k) {
                const int base = static_cast<int>(k) * kRowsPerWord * n;
                for (Word rest = planes[static_cast<std::size_t>(v)].w[k]; rest != 0; rest &= rest - 1) {
                    const int i = lowest(rest);
                    dom[base + i - (kLane - n) * (i / kLane)] |= bit(v);
                }
            }
        return;
    }
    for (std::size_t k = 0; k < touched.w.size(); ++k)
        for (Word rest = touched.w[k]; rest != 0; rest &= rest - 1) {
            const int i = lowest(rest);  // bit i of word k: row k · (rows per word) + i / lane
            const int r = static_cast<int>(k) * kRowsPerWord + i / kLane, c = i % kLane;
            Dom d = 0;
            for (int v = 0; v < n; ++v) d |= ((planes[static_cast<std::size_t>(v)].w[k] >> i) & 1) << v;
            dom[r * n + c] = d;
        }
}

template <class Layout>
void BasicPlanes<Layout>::solved_domains(Dom* dom, [[maybe_unused]] Simd simd) const {
    constexpr int kLane = Grid<Layout>::kLane, kRowsPerWord = Grid<Layout>::kRowsPerWord;
    const int n = s_.n;
#if FUTOLAB_PLANES_X86
    if (simd == Simd::avx2) {
        if constexpr (std::is_same_v<Layout, Lanes16>) return wide::solved_domains_avx2<Layout>(s_, dom);
        // (the whole board's spread, ~190 instructions at n = 7, where the loop below takes a
        // store per cell and a step per bit: ~460)
        else return wide::domains_from_small_planes<Layout>(s_, dom);
    }
#endif
    const int words = (n + kRowsPerWord - 1) / kRowsPerWord;
    for (int v = 0; v < n; ++v) {
        Grid<Layout> g;  // (as words: no variable index into a vector type)
        std::memcpy(g.w.data(), &s_.plane[static_cast<std::size_t>(v)], sizeof(Board));
        for (int k = 0; k < words; ++k) {
            const int base = k * kRowsPerWord * n;  // (bit i of word k: cell base + i − (lane − n) · (i / lane))
            for (Word rest = g.w[static_cast<std::size_t>(k)]; rest != 0; rest &= rest - 1) {
                const int i = lowest(rest);
                dom[base + i - (kLane - n) * (i / kLane)] = bit(v);
            }
        }
    }
}

// Word-parallel, as the rules are (a loop over the rows was ~110 instructions at n = 7): the
// rows are the word's non-empty lanes, their top bits (Lanes::lane_nonzero in planes_rules.inc)
// gathered into the top of the word by one multiplication (each lane's bit lands on its own
// bit there, and no two partial products meet: Warren, Hacker's Delight, §7-1's gather); the
// columns are the lanes OR-ed together.
template <class Layout>
void BasicPlanes<Layout>::changed_lines(Dom& rows, Dom& cols) const {
    constexpr int kLane = Grid<Layout>::kLane, kRowsPerWord = Grid<Layout>::kRowsPerWord;
    constexpr Word kLow = ~Word{0} / first_k(kLane);  // bit 0 of every lane
    constexpr Word kRest = kLow * (first_k(kLane) >> 1), kTop = kLow << (kLane - 1);
    // lane i's bit (at kLane · i) to bit 64 − kRowsPerWord + i: the multiplier's bit for lane j
    // is at 64 − kRowsPerWord + j − kLane · j
    constexpr Word kGather = [] {
        Word m = 0;
        for (int j = 0; j < kRowsPerWord; ++j) m |= Word{1} << (64 - kRowsPerWord + j - kLane * j);
        return m;
    }();
    Grid<Layout> g;
    std::memcpy(g.w.data(), &s_.touched, sizeof(Board));
    Word all = 0;
    rows = 0;
    for (std::size_t k = 0; k < g.w.size(); ++k) {
        const Word w = g.w[k];
        all |= w;
        const Word tops = (((w & kRest) + kRest) | w) & kTop;
        rows |= (((tops >> (kLane - 1)) * kGather) >> (64 - kRowsPerWord)) << (k * kRowsPerWord);
    }
    for (int shift = 32; shift >= kLane; shift /= 2) all |= all >> shift;
    cols = all & first_k(kLane);
}

template <class Layout>
void BasicPlanes<Layout>::remove(int r, int c, Dom values) {
    constexpr int kLane = Grid<Layout>::kLane, kRowsPerWord = Grid<Layout>::kRowsPerWord;
    const auto k = static_cast<std::size_t>(r / kRowsPerWord);
    const Word cell = Word{1} << (kLane * (r % kRowsPerWord) + c);
    for (; values != 0; values &= values - 1) {
        const auto v = static_cast<std::size_t>(lowest(values));
        Grid<Layout> g;
        std::memcpy(g.w.data(), &s_.plane[v], sizeof(Board));
        left_ -= (g.w[k] & cell) != 0;
        g.w[k] &= ~cell;
        std::memcpy(&s_.plane[v], g.w.data(), sizeof(Board));
        s_.hidden_dirty |= bit(static_cast<int>(v));
    }
}

template class BasicPlanes<Lanes16>;
template class BasicPlanes<Lanes8>;

}  // namespace futolab::gac
