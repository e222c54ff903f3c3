// The root presolve of `gac` for n ≤ 16, word-parallel over the whole board (issue #28 item 1).
//
// The engine's stages 0–1 (engine.hpp) cost ~70–100 instructions per removed value, and at
// the root of a median puzzle they remove most of the n³ candidates one at a time: three
// quarters of a median puzzle's instructions (callgrind, Tatham n10:30). Here the same rules
// run on value planes instead: for each value v a 16×16 bit board of the cells that still
// hold v (4 words; row r in the 16-bit lane r mod 4 of word r / 4), so one rule handles every
// cell of the board in a few word operations, as word-parallel Sudoku solvers do (tdoku's
// bit-sliced band representation, G. Dillon 2019; the "planes" of Norvig-style solvers):
//   - ≠:  a cell left with one value (a naked single: the planes' once/twice accumulation)
//         takes that value from its row and column (two row/column masks per value);
//   - hidden singles: a row lane or a column holding v in one cell only fixes that cell to v;
//         a line holding v nowhere fails;
//   - relations lo < hi: lo keeps v only if hi holds a value above v, hi keeps v only if lo
//         holds one below (GAC on <, the engine's less.hpp), as shifts of the prefix and
//         suffix unions of the planes, one per direction a relation points.
// These are exactly the rules of the engine's stages 0–1, so the loop ends at their common
// fixpoint, and the engine, started there, reaches the same root fixpoint as from the initial
// domains (the largest common fixpoint of monotone propagators does not depend on the order
// they run in: chaotic iteration, Apt, "The essence of constraint propagation", TCS 221, 1999).
// So nodes and fails are unchanged, in every mode; only the engine's `checks` at the root
// change (these passes revise whole boards and count none), and `propagations` stays the
// number of values removed (tests/solvers/gac/planes_test.cpp checks both against
// root=queue, and the fixpoint against the rules run cell by cell).
//
// Measured (results/oracle/REPORT.md, round 8, before round 11's changes): a sweep cost ~3.5 k instructions at n = 10
// and the sweeps needed are the depth of the deduction chain (8–33 on median puzzles), so
// callgrind counts ~5 % more instructions at the median than the queues; yet the wall time,
// per instance, interleaved in one run, is 0.90× the queues' at n = 7..12 (0.86× at n ≥ 10;
// neutral at n ≤ 6) on 1 845 Tatham puzzles: few branches and no scattered stores, where the
// queues pay a mispredicted branch and a trail write per removed value.
//
// Two layouts (round 10): the 16×16 boards above for n ≤ 16, and for n ≤ 8 one 8×8 board per
// word (row r in the 8-bit lane r), where a board operation is one scalar instruction instead
// of two SSE2 ones plus the shuffles of a move between words. The rules are the same code
// (planes_rules.inc), over the layout's helpers, and the engine picks the layout by n.
//
// Instruction sets (round 11): planes.cpp compiles the rules twice, for the baseline and under
// an AVX2 target pragma (where a board test is one vptest, a column fold stays in the vector
// unit, a row test is a lane compare), and picks at run time (Simd below): the binary stays a
// portable x86-64 one, and node counts never depend on the choice. On AVX2 the 8×8 planes of
// every value sit side by side in two registers and each rule runs for all values at once
// (planes_small_avx2.inc), and planes and cell domains are turned into each other by a bit
// transposition per row (planes_transpose_avx2.inc). Hidden singles are Gauss–Seidel: the
// cells a plane forces leave the other planes at once. Measured: results/oracle/REPORT.md,
// issue #28 round 11.
//
// Fixed costs (round 12): at n ≤ 8 on AVX2 the planes are loaded a row of cells a step and
// read back into the engine's domains by byte spreads and masked row stores; a board the
// first fixpoint solves gives its domains as one value per cell (solved_domains), not by
// transposition; the engine builds its relation arcs only when a search can read them.
// Warm instructions per median puzzle −22 % at n = 7..8, −3 to −9 % at n = 9..12 (REPORT).
#pragma once

#include "core/puzzle.hpp"
#include "solvers/gac/domain.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace futolab::gac {

// n ≤ 16: one board is 4 words of 4 row lanes of 16 bits (GCC/Clang vector extension: one
// operator per word-wise operation, two SSE2 instructions on a portable build).
struct Lanes16 {
    static constexpr int kMaxN = 16;
    typedef std::uint64_t Board __attribute__((vector_size(32)));
    static Dom row(const Board& b, int r) { return (b[r >> 2] >> (16 * (r & 3))) & 0xFFFF; }
};
// n ≤ 8: one board is one word of 8 row lanes of 8 bits.
struct Lanes8 {
    static constexpr int kMaxN = 8;
    using Board = std::uint64_t;
    static Dom row(Board b, int r) { return (b >> (8 * r)) & 0xFF; }
};

// The instructions of the sweeps and of the reads and writes of domains: avx2 (one instruction
// per board operation instead of two; at n ≤ 8 every value at once), portable (the best code
// without AVX2, e.g. one 8 × 8 bit transposition per row to read domains back), or baseline
// (the plainest code, the tests' reference). All three give the same planes and domains.
enum class Simd { avx2, portable, baseline };
// The choice, made once per process: avx2 where the CPU (and an x86-64 build) has it, else
// portable. A build with FUTOLAB_PORTABLE_SIMD (the asan preset) never picks avx2, so CI runs
// the whole suite on the portable paths as well as, in the release build, on AVX2.
Simd best_simd();
// Whether `simd` can run here (avx2 needs the CPU's AVX2; the others run everywhere).
bool simd_available(Simd simd);

template <class Layout>
class BasicPlanes {
public:
    static constexpr int kMaxN = Layout::kMaxN;
    using Word = std::uint64_t;
    using Board = typename Layout::Board;

    // The domains `dom` (n² cells, row-major, n ≤ kMaxN) and the relations of the puzzle
    // (its givens and chain bounds are not read: `dom` is the state).
    void load(const Puzzle& puzzle, std::span<const Dom> dom);
    // The engine's initial domains (chain bounds, givens fixed; Engine::root) read from the
    // puzzle: as load() with those domains, without building them cell by cell first.
    // (simd: as fixpoint(); on AVX2 the 16 × 16 planes come from a transposition per row.)
    void load_root(const Puzzle& puzzle, Simd simd = best_simd());
    // The rules to their common fixpoint. False if some cell or some (line, value) is left
    // without a place, or two cells of a line must take the same value.
    bool fixpoint(Simd simd = best_simd());
    // Values removed by fixpoint().
    std::uint64_t removed() const { return removed_; }
    // The plane of value index v.
    const Board& plane(int v) const { return s_.plane[static_cast<std::size_t>(v)]; }
    // The columns of row r that hold value index v (bit c: column c).
    Dom row_places(int v, int r) const { return Layout::row(s_.plane[static_cast<std::size_t>(v)], r); }
    // All of them: out[v · n + r] = row_places(v, r), for n² entries.
    void export_rows(Dom* out) const;
    // The cell domains (dom[r · n + c], bit v: value index v) of every cell, or (all = false)
    // of the cells the last fixpoint() narrowed only (the whole board if there are many).
    void update_domains(Dom* dom, bool all, Simd simd = best_simd()) const;
    // After fixpoint(): every cell has one value left (the planes hold a solution).
    bool solved() const { return left_ == s_.n * s_.n; }
    // When solved(): every cell's domain (its one value), a store per cell — cheaper than
    // update_domains' transpositions, which expect any number of values per cell.
    void solved_domains(Dom* dom, Simd simd = best_simd()) const;
    // The lines in which the last fixpoint() removed some value (bit r: row r; bit c: column c).
    void changed_lines(Dom& rows, Dom& cols) const;
    // Removes `values` from the cell in row r, column c (for the next fixpoint() to propagate).
    void remove(int r, int c, Dom values);


    // What the rules read and write (planes.cpp; public only for the rules there, which are
    // compiled twice, for the baseline and for AVX2, as free functions).
    struct State {
        int n = 0;
        std::array<Board, kMaxN> plane{};
        Board cells{};     // the n × n cells
        Board settled{};   // singletons whose ≠ has been applied
        // Relations by direction: lo[d] = the smaller cells whose greater neighbour lies in
        // direction d (0 right, 1 left, 2 down, 3 up); hi[d] = the greater cells whose smaller
        // neighbour lies there; 0 where no relation points that way.
        std::array<Board, 4> lo{}, hi{};
        Board lo_cells{}, hi_cells{};  // every lo cell, every hi cell
        bool any_relation = false;
        // Per value, the unions of the planes above and below it at the last revision.
        std::array<Board, kMaxN> above{}, below{};
        Dom hidden_dirty = 0;  // planes changed since hidden singles last looked at them
        bool changed = false;
        Board touched{};       // the cells narrowed since fixpoint() started
    };

private:
    void shape(const Puzzle& puzzle);
    void root_planes(const Puzzle& puzzle, Simd simd);  // load_root's planes
    int total(Simd simd) const;
    State s_;
    std::uint64_t removed_ = 0;
    int left_ = 0;  // values left on the planes (after load(), load_root(), fixpoint(), remove())
    // shape()'s tables, made for table_n_: the n × n cells' board; each cell's bit on a board (cell x of row r: bit
    // x + (lane − n) · r), and each relation's direction seen from its smaller cell, indexed by
    // hi − lo + n (0 right, 1 left, 2 down, 3 up). A lookup each where the arithmetic was
    // ~38 instructions a relation, the most of shape() (issue #46).
    int table_n_ = 0;
    Board cells_{};
    std::array<std::uint8_t, kMaxN * kMaxN> bit_of_{};
    std::array<std::uint8_t, 2 * kMaxN + 1> dir_of_{};
};

using Planes = BasicPlanes<Lanes16>;       // n ≤ 16
using SmallPlanes = BasicPlanes<Lanes8>;   // n ≤ 8

}  // namespace futolab::gac
