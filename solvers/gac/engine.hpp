// The propagation engine of `gac`: the domain store (one word per cell), the trail that undoes
// it, and the queues that run propagators to a fixpoint. The search (search.hpp) only assigns,
// removes, propagates and undoes; it never sees a propagator.
//
// Constraints (ids used for blame and dom/wdeg weights): rows 0..n−1, columns n..2n−1, then the
// relations 2n..2n+k−1 in Puzzle::relations() order.
//
// Propagation loop — a staged fixpoint, cheapest stage first (as Gecode runs cheap propagators
// before expensive ones):
//   stage 0  the ≠ revisions of the row and column of a cell that became a singleton
//            (neq.hpp; O(n)), and the bounds revisions of the neighbours of a cell whose min
//            changed (if a relation reads it: cell < neighbour) or whose max changed (if
//            neighbour < cell) (less.hpp; O(1)). With alldiff=binary that is all.
//   stage 1  alldiff=regin: hidden singles. In a line with as many values as cells, a
//            value left in one cell only must be that cell's value; a value left in none is
//            a failure (the "hidden single" of Latin square and Sudoku solvers, e.g. Simon
//            Tatham's latin.c; Simonis, "Sudoku as a constraint problem", CP 2005 workshop
//            on modelling). It is the cheap part of GAC on the line (Hall sets of size u − 1
//            among u open cells, and missing values). The engine reads it off the places:
//            for every line and value the bitset of positions in the line whose cell still
//            holds the value (`places_`, updated by every write and undo); a (line, value)
//            whose places drop to one or none is queued. O(1) per queued pair, where a pass
//            over the line whenever one of its cells changed cost a quarter of a median
//            puzzle's instructions (issue #16). The ≠ pass reads its holders there too.
//   stage 2  alldiff=regin: Régin's filter (regin.hpp) on each row or column in which some
//            domain changed since its last run (a line none of whose domains changed is never
//            filtered again: the filter is idempotent). Skipped for a line with at most 3
//            unassigned cells, which stages 0–1 already make GAC (see run_regin). O(n²)
//            words each.
//   stage 2b set_cube (alldiff=regin): Régin's filter on each value whose places changed,
//            its rows matched to columns (run_cube: the Latin cube's third alldifferent).
// At the root (alldiff=regin, n ≤ 16, set_root_planes) the whole fixpoint of stages 0–2 is
// reached word-parallel on value planes (planes.hpp, Engine::root_planes): Régin's removals go
// back to the planes; the queues then start with only the cube (2b) to run.
// Stages 0 and 1 deduce only what GAC on the lines implies, so they do not change the
// fixpoint; they batch the cheap consequences of a change before the expensive filter runs
// (as Gecode's distinct(IPL_DOM) first propagates assigned values), which saves Régin runs.
// One propagator runs at a time; after it, the loop restarts from stage 0, so a stage runs
// only when the cheaper ones are at fixpoint. Any narrowing goes through narrow(), which
// schedules every propagator that watches the cell, so the loop ends exactly at the common
// fixpoint of all propagators — GAC on every row/column alldifferent plus bounds consistency
// on every relation.
//
// How a stronger stage plugs in (singleton arc consistency, shaving — issue 8): add it as
// stage 3 in step(): it runs only when stages 0–2 are idle, narrows domains through narrow()
// (which reschedules stages 0–2), and reports Step::fail on a wipe-out, Step::ran if it
// narrowed anything (the loop then returns to stage 0), Step::idle otherwise. A probing stage
// (SAC) tries a value with mark() / assign() / propagate() / undo() — propagate() is re-entrant
// for that because it is only called with all queues empty. Nothing else changes.
#pragma once

#include "core/puzzle.hpp"
#include "core/counters.hpp"
#include "solvers/gac/domain.hpp"
#include "solvers/gac/less.hpp"
#include "solvers/gac/neq.hpp"
#include "solvers/gac/planes.hpp"
#include "solvers/gac/regin.hpp"
#include "solvers/search_control.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace futolab::gac {

enum class Alldiff { regin, binary };

// Stage 3 (issue #8): singleton arc consistency by probing. Each value v of an open cell x
// whose domain has at most `max_size` values is tried — x = v, propagate stages 0–2 to their
// fixpoint, undo — and removed if that fails: SAC-1 of Debruyne & Bessière, "Some practicable
// filtering techniques for the constraint satisfaction problem", IJCAI 1997, restricted by
// domain size as a budget. A failed probe is exactly the contradiction a "forcing chain" of
// human solvers (and Tatham's solver) finds from a cell's candidates, and the filter this
// reaches is stronger than any fixed chain length. Probing at every node keeps the tree small
// on the puzzles where plain GAC has a heavy tail; at the root only, it costs one pass.
//
// With `after_fails` > 0 (Where::all only), probing starts once the search has failed that
// many times: puzzles that GAC alone nearly solves (a few nodes) never pay for a probe pass,
// while a search that keeps failing — the heavy tail — gets SAC from then on.
struct ProbeOptions {
    enum class Where { none, root, all } where = Where::none;
    int max_size = 0;                // probe cells with 2..max_size values (0: any size)
    std::uint64_t after_fails = 0;   // all: start probing after this many fails (0: at once)
    // Cells probed per fixpoint, in sweeps over the board (0: until the SAC fixpoint). One
    // sweep gives most of the pruning at a fraction of SAC-1's repeated passes.
    int sweeps = 0;
    // Inside a probe, skip Régin's filter (stage 2): a probe then propagates the row/column
    // ≠, hidden singles and relation bounds only. Any failure it finds is still a proof
    // (weaker propagation never fails wrongly), at a fraction of the cost — Régin is two
    // thirds of a full probe (callgrind, Tatham n08:74).
    bool light = false;
    // Incremental probing: a cell is probed again only if a domain of its row or column
    // changed since all its values were last probed successfully (outside probes). The idea
    // of SAC-2 / SAC-Opt (Bartak & Erben, "A new algorithm for singleton arc consistency",
    // FLAIRS 2004; Bessiere & Debruyne, "Optimal and suboptimal singleton arc consistency
    // algorithms", IJCAI 2005) — redo only probes that a removal may have invalidated — with
    // a coarse, cheap support test: the lines of the cell instead of the values its probe
    // used. A change elsewhere can still make a probe fail, so the filter is weaker than the
    // SAC fixpoint, but every removal is still proved by a failed probe. Stamps only grow
    // (undo does not restore them): a probe that succeeded in a smaller state succeeds in any
    // larger one, so a cell verified deeper in the tree stays verified after backtracking.
    bool incremental = false;
};

// A relation seen from one of its cells: the other cell and the constraint id.
struct Arc {
    std::int32_t cell;
    std::int32_t constraint;
};

struct CellArcs {
    std::array<Arc, 4> greater;  // relations this < other (the first n_greater)
    std::array<Arc, 4> smaller;  // relations other < this (the first n_smaller)
    std::uint8_t n_greater = 0, n_smaller = 0;
    // User-provided, so that a vector of them sets the two counts only instead of zeroing
    // 66 bytes per cell; arcs past the counts are never read (nor copied: the engine clears
    // its vector, then resizes it).
    CellArcs() {}
    std::span<const Arc> greater_arcs() const { return {greater.data(), n_greater}; }
    std::span<const Arc> smaller_arcs() const { return {smaller.data(), n_smaller}; }
    bool any() const { return n_greater + n_smaller > 0; }
};

// A FIFO of cells, each present at most once (so capacity = number of cells suffices).
class CellQueue {
public:
    // Empty, for `cells` cells. (The same size as before: only what is queued is cleared, as
    // a queue is usually empty between solves; the ring's slots are written before read.)
    void reset(int cells) {
        if (capacity_ == cells) {
            clear();
        } else {
            ring_.resize(static_cast<std::size_t>(cells));
            in_.assign(static_cast<std::size_t>(cells), 0);
            capacity_ = cells;
        }
        head_ = tail_ = count_ = 0;
    }
    bool empty() const { return count_ == 0; }
    void push(int cell) {
        if (in_[cell]) return;
        in_[cell] = 1;
        ring_[tail_] = cell;
        tail_ = tail_ + 1 == capacity_ ? 0 : tail_ + 1;
        ++count_;
    }
    int pop() {
        const int cell = ring_[head_];
        head_ = head_ + 1 == capacity_ ? 0 : head_ + 1;
        --count_;
        in_[cell] = 0;
        return cell;
    }
    void clear() {
        while (!empty()) pop();
    }

private:
    std::vector<int> ring_;
    std::vector<std::uint8_t> in_;
    int head_ = 0, tail_ = 0, count_ = 0, capacity_ = 0;
};

// A set of lines (rows and columns, n ≤ 64: one word each), taken lowest index first, rows
// before columns: a fixed order keeps the counters deterministic.
struct LineSet {
    Dom rows = 0, cols = 0;
    bool empty() const { return (rows | cols) == 0; }
    void add(int row, int col) {
        rows |= bit(row);
        cols |= bit(col);
    }
    void erase(int line, int n) {
        if (line < n) rows &= ~bit(line);
        else cols &= ~bit(line - n);
    }
    int pop(int n) {
        Dom& word = rows != 0 ? rows : cols;
        const int i = lowest(word);
        word &= word - 1;
        return &word == &rows ? i : n + i;
    }
};

class Engine {
public:
    // Allocates everything the search will need (trail: n³ + 1 entries, since every entry on
    // one path removes at least one of the n³ cell values).
    Engine(const Puzzle& puzzle, Alldiff alldiff, Counters& counters, ProbeOptions probe = {}) {
        reset(puzzle, alldiff, counters, probe);
    }
    // The engine of a new puzzle, as if constructed anew, reusing the buffers (no allocation
    // unless the puzzle is larger than any before): `gac` keeps one engine per thread.
    void reset(const Puzzle& puzzle, Alldiff alldiff, Counters& counters, ProbeOptions probe = {});

    // Initial domains [min_value, max_value] of each cell (the chain bounds of the relation
    // DAG), givens fixed, then propagation to fixpoint. False if the root fails.
    bool root();
    // Runs the scheduled propagators to fixpoint. False on a wipe-out (queues are then empty).
    bool propagate();
    // Probing checks the clock of `control` (a pass can take long at large n) and stops early
    // when time is up; the search then stops at its next node.
    void set_control(SearchControl& control) { control_ = &control; }
    // alldiff=regin: also GAC on each value's alldifferent across the lines — the rows that
    // hold value v take distinct columns, a matching of rows to columns over v's places
    // (stage 2b, run_cube): never (off), always (on), or wherever stage 3 probes (with_probe:
    // from the root with sac=root, from the sac_restart with sac=all,sac_after=F). Off by
    // default; reset() turns it off. Call before root().
    enum class Cube { off, on, with_probe };
    void set_cube(Cube mode) {
        cube_ = alldiff_ == Alldiff::regin ? mode : Cube::off;
        cube_on_ = cube_ == Cube::on || (cube_ == Cube::with_probe && probe_on_);
        // (kept from the last solve of the same n, as the lines' matchings are: see reset())
        if (cube_ != Cube::off && cube_matching_.size() != static_cast<std::size_t>(n_))
            cube_matching_.assign(static_cast<std::size_t>(n_), Matching{});
    }
    // alldiff=regin, n ≤ 16: run the root's stages 0–1 on value planes first (planes.hpp;
    // the default) or in the queues only. The same fixpoint either way (nodes and fails do not
    // change); reset() turns it on. Call before root().
    void set_root_planes(bool on) { root_planes_ = on; }
    // The search is below the root: probing continues only with ProbeOptions::Where::all.
    // Back at the root (queues empty, domains undone to the root fixpoint) once probing has
    // switched on (after_fails): runs the probing stage there. False if the root fails.
    bool reprobe_root() {
        probe_dirty_ = true;
        return propagate();
    }
    void leave_root() {
        probe_on_ = probe_.where == ProbeOptions::Where::all && probe_.after_fails == 0;
        cube_on_ = cube_ == Cube::on || (cube_ == Cube::with_probe && probe_on_);
    }

    // Branching decisions: not counted as propagation. The value index must be in the domain,
    // and remove() must leave the domain non-empty.
    void assign(int cell, int index) { write(cell, bit(index)); }
    void remove(int cell, int index) { write(cell, dom_[cell] & ~bit(index)); }

    std::size_t mark() const { return top_; }
    void undo(std::size_t mark) {
        if (alldiff_ == Alldiff::regin) {
            while (top_ > mark) {
                --top_;
                const Entry e = trail_[top_];
                restore_places(e.cell, e.old & ~dom_[e.cell]);
                dom_[e.cell] = e.old;
            }
            return;
        }
        while (top_ > mark) {
            --top_;
            dom_[trail_[top_].cell] = trail_[top_].old;
        }
    }

    int n() const { return n_; }
    int cells() const { return n_ * n_; }
    // The root's planes fixed every cell (root_planes): no variable is left to branch on.
    bool solved_root() const { return solved_root_; }
    Dom dom(int cell) const { return dom_[cell]; }
    std::span<const Dom> domains() const { return dom_; }
    const CellArcs& arcs(int cell) const { return arcs_[cell]; }
    int num_constraints() const { return 2 * n_ + num_relations_; }
    // The constraint whose propagator detected the last failure (−1 if none: a root given
    // outside its chain bounds).
    int culprit() const { return culprit_; }

private:
    enum class Step { idle, ran, fail };
    struct Entry {
        Dom old;
        std::int32_t cell;
    };

    [[gnu::always_inline]] inline Step step();
    bool run_neq(int cell);
    bool eliminate(int first, int stride, int skip, Dom value, int line);
    [[gnu::always_inline]] inline bool eliminate_placed(int first, int stride, int skip, Dom value, int line);
    bool run_bounds(int cell);
    bool run_hidden(int line);
    void init_places();
    bool root_planes();
    template <class P>
    bool root_from(P& planes);
    template <class P>
    bool planes_fixpoint(P& planes, LineSet& todo, bool first);
    int next_open_line(LineSet& todo, std::array<Dom, Planes::kMaxN>& d) const;
    template <class P>
    bool planes_regin(P& planes, int line, std::array<Dom, Planes::kMaxN>& d, LineSet& todo, bool& removed);
    void clear_hidden();
    Dom* places(int line) { return &places_[static_cast<std::size_t>(line) * n_]; }
    // Undo: the values `back` return to `cell`, so its position returns to their places.
    void restore_places(int cell, Dom back) {
        Dom* rp = places(row_[cell]);
        Dom* cp = places(n_ + col_[cell]);
        const Dom in_row = bit(col_[cell]), in_col = bit(row_[cell]);
        for (; back != 0; back &= back - 1) {
            const int v = lowest(back);
            rp[v] |= in_row;
            cp[v] |= in_col;
        }
    }
    // Every write but the ≠ pass's (which does it itself, see eliminate()): the values `gone`
    // leave `cell`'s position in the places of its row and column; a value left with one
    // place or none there is queued for stage 1.
    [[gnu::always_inline]] void remove_places(int cell, Dom gone) {
        cube_dirty_ |= gone;  // (stage 2b: these values' places changed)
        const int r = row_[cell], c = col_[cell];
        Dom* rp = places(r);
        Dom* cp = places(n_ + c);
        for (; gone != 0; gone &= gone - 1) {
            const int v = lowest(gone);
            if (!several(rp[v] &= ~bit(c))) queue_hidden(r, v);
            if (!several(cp[v] &= ~bit(r))) queue_hidden(n_ + c, v);
        }
    }
    static bool several(Dom d) { return (d & (d - 1)) != 0; }
    void queue_hidden(int line, int v) {
        hidden_vals_[line] |= bit(v);
        if (line < n_) hidden_.rows |= bit(line);
        else hidden_.cols |= bit(line - n_);
    }
    bool run_regin(int line);
    bool run_cube(int v);
    Step run_probe();
    bool probing_enabled() {
        if (!probe_on_ && probe_.after_fails > 0 && probe_.where == ProbeOptions::Where::all &&
            counters_->fails >= probe_.after_fails)
            probe_on_ = true;
        return probe_on_;
    }
    bool probe_fails(int cell, int index);
    bool failed();


    // Narrowing by a propagator of constraint `by`: counted in propagations; a wipe-out is a
    // failure blamed on `by` (the domain is then left as it was). `settled` is a line (0..2n−1,
    // or −1) that this narrowing need not wake for stage 2, because Régin has nothing new to
    // find there: the ≠ pass of an assigned cell y removes y's value from y's own lines,
    // which y's assignment has already scheduled; Régin's filter leaves its line GAC. (Stage
    // 1 needs no such hint: it is woken by the places, per value, see remove_places().)
    [[gnu::always_inline]] bool narrow(int cell, Dom to, int by, int settled = -1) {
        if (to == 0) {
            culprit_ = by;
            return false;
        }
        counters_->propagations += static_cast<std::uint64_t>(size_sparse(dom_[cell] & ~to));
        write(cell, to, settled);
        return true;
    }

    // Trails, writes and schedules the propagators watching `cell` (stage 1 through the
    // places of the removed values, stage 2 of its lines but `settled`, see narrow()). Forced inline (GCC/Clang attribute) like narrow(): the ≠
    // pass calls them once per removed value, and inlined with a known `settled` they cost
    // 4 % fewer instructions on a median puzzle (callgrind, Tatham n08:57).
    [[gnu::always_inline]] void write(int cell, Dom to, int settled = -1) {
        if (alldiff_ == Alldiff::regin) remove_places(cell, dom_[cell] & ~to);
        write_domain(cell, to, settled);
    }
    // write() without the places: trail, domain, scheduling.
    [[gnu::always_inline]] void write_domain(int cell, Dom to, int settled) {
        const Dom old = dom_[cell];
        trail_[top_++] = {old, cell};
        dom_[cell] = to;
        if (alldiff_ == Alldiff::regin) {
            if (settled != row_[cell]) regin_.rows |= bit(row_[cell]);
            if (settled != n_ + col_[cell]) regin_.cols |= bit(col_[cell]);
        }
        if (is_singleton(to)) singles_.push(cell);
        if (const int w = has_arcs_[cell];
            w != 0 && (((w & 1) && lowest(old) != lowest(to)) || ((w & 2) && highest(old) != highest(to))))
            bounds_.push(cell);
        if (!probing_) {
            probe_dirty_ = true;
            if (probe_.incremental) {
                ++clock_;
                line_stamp_[row_[cell]] = line_stamp_[n_ + col_[cell]] = clock_;
            }
        }
    }
    // Incremental probing: no domain of the cell's lines changed since its last full probe.
    bool probe_fresh(int cell) const {
        return probe_.incremental && probed_at_[cell] >= line_stamp_[row_[cell]] &&
               probed_at_[cell] >= line_stamp_[n_ + col_[cell]];
    }

    int n_ = 0;
    int num_relations_ = 0;
    Alldiff alldiff_ = Alldiff::regin;
    Counters* counters_ = nullptr;
    const Puzzle* puzzle_ = nullptr;
    std::vector<Dom> dom_;
    // Not value-initialised: at n = 64 it is 4 MB, of which a search touches a small part.
    std::unique_ptr<Entry[]> trail_;
    std::size_t trail_capacity_ = 0;
    std::size_t top_ = 0;
    std::vector<std::uint8_t> row_, col_;
    std::vector<CellArcs> arcs_;
    // Per cell, which of its bounds a relation reads: bit 0, its min (it has a greater
    // neighbour); bit 1, its max (a smaller neighbour). A change of a bound no relation reads
    // queues nothing: such runs of run_bounds() were a third of its calls at the root of
    // Tatham n10:30 (one byte per cell, read by the ≠ pass for every removal).
    std::vector<std::uint8_t> has_arcs_;
    std::vector<Matching> matching_;  // per line, kept across calls (see regin.hpp)
    int matching_n_ = 0;              // the n the matchings are for (see reset)
    // Stage 2b (set_cube): per value, its rows-to-columns matching, and the values whose
    // places changed since their last run.
    Cube cube_ = Cube::off;
    bool cube_on_ = false;  // stage 2b runs here
    std::vector<Matching> cube_matching_;
    Dom cube_dirty_ = 0;
    // alldiff=regin: places_[line·n + v] = the positions in `line` (rows 0..n−1, columns
    // n..2n−1; the column index in a row, the row index in a column) whose cell holds value
    // index v. hidden_vals_[line] = the values whose places dropped to ≤ 1 since stage 1 last
    // looked at the line.
    std::vector<Dom> places_, hidden_vals_;
    LineSet hidden_, regin_;  // lines waiting for stage 1 and stage 2
    CellQueue singles_, bounds_;
    int culprit_ = -1;
    ProbeOptions probe_;
    bool probe_on_ = false;    // stage 3 enabled here (root, or everywhere)
    bool probing_ = false;     // inside a probe: stage 3 must not recurse
    bool probe_dirty_ = true;  // a domain changed since the last complete probe pass
    int probe_cursor_ = 0;     // the next cell to probe
    long probe_budget_ = 0;    // cells still to probe in this fixpoint (sweeps > 0)
    std::uint64_t clock_ = 1;  // incremental probing: changes outside probes, counted
    std::vector<std::uint64_t> line_stamp_;  // per line, the clock of its last change
    std::vector<std::uint64_t> probed_at_;   // per cell, the clock of its last full probe
    SearchControl* control_ = nullptr;
    Planes planes_;             // the root's stages 0–1 for 8 < n ≤ 16 (root_planes)
    SmallPlanes small_planes_;  // the same for n ≤ 8, one word per board
    bool root_planes_ = true;
    bool solved_root_ = false;
};

}  // namespace futolab::gac
