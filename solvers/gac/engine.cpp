#include "solvers/gac/engine.hpp"

#include <algorithm>

namespace futolab::gac {
namespace {

// Each relation as an arc from both of its cells, with its constraint id; and per cell which
// of its bounds a relation reads (Engine::has_arcs_).
void build_arcs(const Puzzle& puzzle, std::vector<CellArcs>& arcs, std::vector<std::uint8_t>& has_arcs) {
    const auto cells = static_cast<std::size_t>(puzzle.cells());
    arcs.clear();  // then fresh elements (counts 0) and no copies of old ones
    arcs.resize(cells);
    has_arcs.assign(cells, 0);
    const int first = 2 * puzzle.n();
    const auto& relations = puzzle.relations();
    for (int r = 0; r < static_cast<int>(relations.size()); ++r) {
        CellArcs& lo = arcs[relations[r].lo];
        CellArcs& hi = arcs[relations[r].hi];
        lo.greater[lo.n_greater++] = {relations[r].hi, first + r};
        hi.smaller[hi.n_smaller++] = {relations[r].lo, first + r};
        has_arcs[static_cast<std::size_t>(relations[r].lo)] |= 1;  // its min is read
        has_arcs[static_cast<std::size_t>(relations[r].hi)] |= 2;  // its max is read
    }
}

}  // namespace

void Engine::reset(const Puzzle& puzzle, Alldiff alldiff, Counters& counters, ProbeOptions probe) {
    n_ = puzzle.n();
    num_relations_ = puzzle.num_relations();
    alldiff_ = alldiff;
    counters_ = &counters;
    puzzle_ = &puzzle;
    const auto cells = static_cast<std::size_t>(puzzle.cells());
    // (root() writes every domain, and root_from() or init_places() every place: resized, not
    // cleared; the per-solve fixed costs are a quarter of a median puzzle's instructions)
    dom_.resize(cells);
    if (const std::size_t need = cells * static_cast<std::size_t>(n_) + 1; need > trail_capacity_) {
        trail_.reset(new Entry[need]);
        trail_capacity_ = need;
    }
    top_ = 0;
    if (row_.size() != cells) {  // (the same n as the last solve: the same rows and columns)
        row_.resize(cells);
        col_.resize(cells);
        for (int r = 0, c = 0; r < n_; ++r)  // (no division per cell)
            for (int k = 0; k < n_; ++k, ++c) {
                row_[c] = static_cast<std::uint8_t>(r);
                col_[c] = static_cast<std::uint8_t>(k);
            }
    }
    // (the relations' arcs are built by root(), and only where a search or a queue can read
    // them: a root the planes solve never does — build_arcs was a twentieth of such a solve.
    // Until then no cell has any, so a write to a solved board, which moves no bound, is safe.)
    has_arcs_.assign(cells, 0);
    // (one cleared Matching copied: cheaper than 2n constructors that each fill it)
    // The lines' matchings are kept from the last solve of the same n, not cleared: what Régin
    // keeps is a consistent matching of the variables < n (value_of and var_of agree), and a
    // call repairs whatever the new domains do not hold (regin.hpp); the filter's result (GAC)
    // does not depend on the matching it starts from, so nodes and counters do not either.
    // Another n clears them: entries past the last n may be stale from an older solve, and
    // two variables matched to one value would break the repair.
    if (const std::size_t lines = alldiff == Alldiff::regin ? 2 * static_cast<std::size_t>(n_) : 0;
        matching_.size() != lines || matching_n_ != n_) {
        matching_.assign(lines, Matching{});
        matching_n_ = n_;
    }
    places_.resize(alldiff == Alldiff::regin ? 2 * static_cast<std::size_t>(n_) * n_ : 0);
    hidden_vals_.assign(alldiff == Alldiff::regin ? 2 * static_cast<std::size_t>(n_) : 0, 0);
    hidden_ = regin_ = LineSet{};
    cube_ = Cube::off;
    cube_on_ = false;
    solved_root_ = false;
    root_planes_ = true;
    cube_dirty_ = 0;
    singles_.reset(static_cast<int>(cells));
    bounds_.reset(static_cast<int>(cells));
    culprit_ = -1;
    probe_ = probe;
    probe_on_ = probe.where == ProbeOptions::Where::root || (probe.where == ProbeOptions::Where::all && probe.after_fails == 0);
    probing_ = false;
    probe_dirty_ = true;
    probe_cursor_ = 0;
    probe_budget_ = 0;
    clock_ = 1;
    if (probe.incremental) {
        line_stamp_.assign(2 * static_cast<std::size_t>(n_), 0);
        probed_at_.assign(cells, 0);
    }
    control_ = nullptr;
}

// Initial domains are the model, not propagation: they are not counted in `propagations`.
// With root planes (alldiff=regin, n ≤ 16) the planes read them from the puzzle (root_from).
// Otherwise the domains are computed first, through a restrict pointer (a store through dom_ would
// otherwise make the compiler reload the puzzle's arrays for every cell), then queued.
bool Engine::root() {
    if (root_planes_ && alldiff_ == Alldiff::regin && n_ <= Planes::kMaxN) return root_planes();
    build_arcs(*puzzle_, arcs_, has_arcs_);
    const int cells = this->cells();
    Dom* __restrict dom = dom_.data();
    const Puzzle& puzzle = *puzzle_;
    Dom empty = 1;  // 0 once some domain is empty
    for (int c = 0; c < cells; ++c) {
        const Dom chain = range(puzzle.min_value(c) - 1, puzzle.max_value(c) - 1);
        const int given = puzzle.given(c);
        dom[c] = given == 0 ? chain : chain & bit(given - 1);
        empty &= dom[c] != 0;
    }
    if (empty == 0) {
        culprit_ = -1;
        return failed();
    }
    for (int c = 0; c < cells; ++c) {
        if (is_singleton(dom_[c])) singles_.push(c);
        if (has_arcs_[c] != 0) bounds_.push(c);
    }
    if (alldiff_ == Alldiff::regin) {
        init_places();
        regin_.rows = regin_.cols = first_k(n_);
        cube_dirty_ = first_k(n_);
    }
    return propagate();
}

// n ≤ 16: the root's fixpoint on value planes (planes.hpp), word-parallel: stages 0–1 to their
// fixpoint there, then Régin (stage 2) on one line with 4 open cells or more at a time, each of
// its removals handed back to the planes, whose next fixpoint does the cascade a queue would
// (issue #28, round 11: the queues paid ~275 instructions per new singleton); then the domains
// and places once, for the search, with only the cube (2b) left to run. Régin runs on the
// lines with 4 open cells or more only. At the fixpoint of stages 0–1 a line with k ≤ 3 open
// cells is already domain
// consistent: its open cells hold only the k values its fixed cells lack (naked singles),
// each at least two, and each of those values lies in two open cells at least (else a hidden
// single); for k = 2 that is the complete 2 × 2 graph, and for k = 3 removing any (cell,
// value) leaves two cells that each hold one of the two other values and not both only the
// same one (that value's partner would be a hidden single), so every edge is in a perfect
// matching. A Hall set that prunes needs 2 ≤ size ≤ k − 2, so k ≥ 4 (a naked pair).
bool Engine::root_planes() { return n_ <= SmallPlanes::kMaxN ? root_from(small_planes_) : root_from(planes_); }

template <class P>
bool Engine::root_from(P& planes) {
    planes.load_root(*puzzle_);
    LineSet todo{first_k(n_), first_k(n_)};  // lines Régin has not seen as they are
    for (bool sweep = true, first = true;; first = false) {
        if (sweep && !planes_fixpoint(planes, todo, first)) return failed();
        if (sweep && planes.solved()) {
            // A solution (the rules checked every line and relation). The places and the
            // relations' arcs are not built: no narrowing can follow, as every narrowing of a
            // singleton fails first (a write of a cell's own value reads neither).
            regin_ = LineSet{};
            cube_dirty_ = 0;
            solved_root_ = true;
            return propagate();
        }
        std::array<Dom, Planes::kMaxN> d;  // the line's domains (next_open_line)
        const int line = next_open_line(todo, d);
        if (line < 0) break;
        if (!planes_regin(planes, line, d, todo, sweep)) return failed();
    }
    // Stages 0–1 are at their fixpoint and every line is GAC: only the cube (stage 2b) may
    // have work left. Writes can follow now (the cube, exclusions, the search): they read
    // the relations' arcs.
    build_arcs(*puzzle_, arcs_, has_arcs_);
    std::array<Dom, Planes::kMaxN * Planes::kMaxN> rows;  // rows[v · n + r]: the columns of row r holding v
    planes.export_rows(rows.data());
    std::fill(places_.begin(), places_.end(), 0);
    for (int v = 0, i = 0; v < n_; ++v) {
        Dom* cp = places(n_) + v;  // column c's places of v: cp[c · n]
        for (int r = 0; r < n_; ++r, ++i) {
            const Dom cols = rows[static_cast<std::size_t>(i)];
            places(r)[v] = cols;
            for (Dom rest = cols; rest != 0; rest &= rest - 1) cp[static_cast<std::size_t>(lowest(rest)) * n_] |= bit(r);
        }
    }
    regin_ = LineSet{};
    cube_dirty_ = first_k(n_);
    return propagate();
}

// The planes' rules to their fixpoint; then the lines they changed join `todo`, and the
// domains (dom_) are read off the planes: all of them the first time, later those of the
// cells the fixpoint narrowed. False (culprit −1) on a failure.
template <class P>
bool Engine::planes_fixpoint(P& planes, LineSet& todo, bool first) {
    const bool ok = planes.fixpoint();
    counters_->propagations += planes.removed();
    if (!ok) {
        culprit_ = -1;
        return false;
    }
    Dom changed_rows = 0, changed_cols = 0;
    planes.changed_lines(changed_rows, changed_cols);
    todo.rows |= changed_rows;
    todo.cols |= changed_cols;
    if (first && planes.solved()) planes.solved_domains(dom_.data());  // (root_from stops there)
    else planes.update_domains(dom_.data(), first);
    return true;
}

// The first line of `todo` (rows first) with 4 open cells or more, taken out of it with the
// lines before it, its domains in `d`; or −1. At the planes' fixpoint a line with at most 3
// open cells is GAC (see run_regin), so only a later change can give Régin work there; it
// rejoins `todo` then.
int Engine::next_open_line(LineSet& todo, std::array<Dom, Planes::kMaxN>& d) const {
    while (!todo.empty()) {
        const int line = todo.pop(n_);
        const int first = line < n_ ? line * n_ : line - n_;
        const int stride = line < n_ ? 1 : n_;
        int open = 0;
        for (int i = 0, x = first; i < n_; ++i, x += stride) {
            d[static_cast<std::size_t>(i)] = dom_[x];
            open += several(dom_[x]);
        }
        if (open >= 4) return line;
    }
    return -1;
}

// Régin's filter on one line at the planes' fixpoint, its domains `d` (next_open_line). What
// it removes leaves dom_ and the planes (`removed` then asks for a fixpoint), and the crossing
// lines of the narrowed cells join `todo` (the line itself is GAC now). False (culprit: the
// line) if it has no matching.
template <class P>
bool Engine::planes_regin(P& planes, int line, std::array<Dom, Planes::kMaxN>& d, LineSet& todo, bool& removed) {
    const bool is_row = line < n_;
    const int first = is_row ? line * n_ : line - n_;
    const int stride = is_row ? 1 : n_;
    counters_->checks += static_cast<std::uint64_t>(n_);
    removed = false;
    const Filtered filtered = regin_filter(std::span<Dom>(d.data(), static_cast<std::size_t>(n_)), matching_[line]);
    if (filtered == Filtered::fail) {
        culprit_ = line;
        return false;
    }
    if (filtered == Filtered::unchanged) return true;
    for (int i = 0, x = first; i < n_; ++i, x += stride) {
        const Dom gone = dom_[x] & ~d[static_cast<std::size_t>(i)];
        if (gone == 0) continue;
        counters_->propagations += static_cast<std::uint64_t>(size_sparse(gone));
        dom_[x] = d[static_cast<std::size_t>(i)];
        planes.remove(row_[x], col_[x], gone);
        removed = true;
        if (is_row) todo.cols |= bit(i);
        else todo.rows |= bit(i);
    }
    return true;
}

// The places of the initial domains: every position, less the values each cell lacks. Only
// givens and cells with chain bounds lack any: a given leaves every place of its lines but
// its value's (a straight pass over the values), a chain-bounded cell a few (one step each).
// Then the (line, value) pairs with one place or none are queued for stage 1.
void Engine::init_places() {
    const Dom all = first_k(n_);
    std::fill(places_.begin(), places_.end(), all);
    for (int c = 0; c < cells(); ++c) {
        const Dom d = dom_[c];
        if (d == all) continue;
        Dom* rp = places(row_[c]);
        Dom* cp = places(n_ + col_[c]);
        const Dom in_row = bit(col_[c]), in_col = bit(row_[c]);
        if (is_singleton(d)) {
            for (int v = 0; v < n_; ++v) {
                rp[v] &= ~in_row;
                cp[v] &= ~in_col;
            }
            rp[lowest(d)] |= in_row;
            cp[lowest(d)] |= in_col;
            continue;
        }
        for (Dom gone = all & ~d; gone != 0; gone &= gone - 1) {
            rp[lowest(gone)] &= ~in_row;
            cp[lowest(gone)] &= ~in_col;
        }
    }
    for (int line = 0; line < 2 * n_; ++line)
        for (int v = 0; v < n_; ++v)
            if (!several(places(line)[v])) queue_hidden(line, v);
}

// One propagator of the cheapest non-empty stage (see the header for the stages and where a
// stronger one goes).
inline Engine::Step Engine::step() {
    if (!singles_.empty()) return run_neq(singles_.pop()) ? Step::ran : Step::fail;
    if (!bounds_.empty()) return run_bounds(bounds_.pop()) ? Step::ran : Step::fail;
    if (!hidden_.empty()) return run_hidden(hidden_.pop(n_)) ? Step::ran : Step::fail;
    if (!regin_.empty() && !(probing_ && probe_.light)) return run_regin(regin_.pop(n_)) ? Step::ran : Step::fail;
    if (cube_on_ && cube_dirty_ != 0 && !(probing_ && probe_.light)) return run_cube(lowest(cube_dirty_)) ? Step::ran : Step::fail;
    if (!probing_ && probe_dirty_ && probing_enabled()) {
        if (cube_ == Cube::with_probe && !cube_on_) {  // probing just switched on: the cube too,
            cube_on_ = true;                           // on every value, before the first probe
            cube_dirty_ = first_k(n_);
            return Step::ran;
        }
        return run_probe();
    }
    return Step::idle;
}

bool Engine::propagate() {
    if (!probing_) probe_budget_ = static_cast<long>(probe_.sweeps) * cells();
    for (;;) {
        switch (step()) {
            case Step::fail: return failed();
            case Step::idle: return true;
            case Step::ran: break;
        }
    }
}

// SAC-1 with a cyclic cursor: cells are probed in turn from where the last call stopped; the
// first value whose probe fails is removed and the loop goes back to the cheap stages (which
// run on the narrowed domain) before probing resumes at the same cell. The fixpoint is
// reached when every cell has been probed since the last change; stage 3 then stays idle
// until a domain changes (a removal here, or the search's next decision).
Engine::Step Engine::run_probe() {
    probe_dirty_ = false;
    for (int quiet = 0; quiet < cells(); ++quiet, probe_cursor_ = probe_cursor_ + 1 == cells() ? 0 : probe_cursor_ + 1) {
        if (probe_.sweeps > 0 && probe_budget_-- <= 0) return Step::idle;  // this fixpoint's sweeps are spent
        const int cell = probe_cursor_;
        const Dom d = dom_[cell];
        if (is_singleton(d) || (probe_.max_size != 0 && size(d) > probe_.max_size) || probe_fresh(cell)) continue;
        // Stopping a pass early only forgoes pruning: what is left is still a sound fixpoint
        // of stages 0–2.
        if (control_ && control_->out_of_time()) return Step::idle;
        for (Dom rest = d; rest != 0; rest &= rest - 1) {
            const int index = lowest(rest);
            if (probe_fails(cell, index)) return narrow(cell, dom_[cell] & ~bit(index), culprit_) ? Step::ran : Step::fail;
        }
        if (probe_.incremental) probed_at_[cell] = clock_;
    }
    return Step::idle;
}

// x = v propagated to the fixpoint of stages 0–2, then undone. Called with every queue empty
// (stage 3 runs only then), and a probe leaves them empty (a fixpoint, or failed()).
bool Engine::probe_fails(int cell, int index) {
    const std::size_t m = mark();
    probing_ = true;
    write(cell, bit(index));
    const bool ok = propagate();
    probing_ = false;
    regin_ = LineSet{};  // lines a light probe left for stage 2: empty before the probe
    cube_dirty_ = 0;     // (likewise stage 2b)
    undo(m);
    return !ok;
}

bool Engine::failed() {
    singles_.clear();
    bounds_.clear();
    clear_hidden();
    regin_ = LineSet{};
    cube_dirty_ = 0;
    return false;
}

void Engine::clear_hidden() {
    while (!hidden_.empty()) hidden_vals_[hidden_.pop(n_)] = 0;
}

// `value` (one bit) removed from the n cells first, first + stride, … of `line` but its
// position `skip`. Word-parallel first: one read-only pass gathers, as a bit per position,
// the cells that still hold the value (most no longer do: this was the profile's hot loop),
// then only those are narrowed, in position order.
bool Engine::eliminate(int first, int stride, int skip, Dom value, int line) {
    const Dom* d = dom_.data();
    Dom holders = 0;
    for (int i = 0; i < n_; ++i) holders |= Dom{(d[first + i * stride] & value) != 0} << i;
    for (holders &= ~bit(skip); holders != 0; holders &= holders - 1) {
        const int x = first + lowest(holders) * stride;
        if (!narrow(x, dom_[x] & ~value, line, line)) return false;
    }
    return true;
}

// The ≠ pass with places (alldiff=regin), the engine's hottest loop: the holders are the
// value's places in the line, and each removal updates two places directly — the line's own
// (left with the assigned cell only, which is no news for stage 1) and the crossing line's,
// which stage 1 hears of if it drops to one place or none. The write itself is write_domain()
// written out with locals (keep the two in step): Dom, the trail's entries and top_ are all
// 64-bit words, so through the members every store would make the compiler reload the rest;
// this halves the instructions per removed value (callgrind, Tatham n12:10).
inline bool Engine::eliminate_placed(int first, int stride, int skip, Dom value, int line) {
    const int n = n_;  // (locals: the trail's int32 stores could alias the members)
    const int v = lowest(value);
    const bool is_row = line < n;
    const int cross_base = is_row ? n : 0;               // the crossing line at position i
    const Dom in_cross = bit(is_row ? line : line - n);  // this line's position in it
    Dom* const own = places(line);
    // cross[i · n] = the value's places in the crossing line at position i
    Dom* const cross = places_.data() + static_cast<std::size_t>(cross_base) * n + v;
    Dom* const hidden_vals = hidden_vals_.data() + cross_base;
    const std::uint8_t* const has_arcs = has_arcs_.data();
    Dom* const dom = dom_.data();
    Entry* const trail = trail_.get();
    const std::size_t top0 = top_;
    std::size_t top = top0;
    Dom crossed = 0;  // positions whose crossing line lost the value
    Dom hidden = 0;   // crossing lines (by position) that stage 1 must look at
    bool ok = true;
    for (Dom holders = own[v] & ~bit(skip); holders != 0; holders &= holders - 1) {
        const int i = lowest(holders);
        const int x = first + i * stride;
        const Dom old = dom[x];
        const Dom to = old & ~value;
        if (to == 0) {
            culprit_ = line;
            ok = false;
            break;
        }
        trail[top++] = {old, x};
        dom[x] = to;
        crossed |= bit(i);
        if (!several(cross[static_cast<std::size_t>(i) * n] &= ~in_cross)) {
            hidden_vals[i] |= value;
            hidden |= bit(i);
        }
        if (is_singleton(to)) singles_.push(x);
        if (const int w = has_arcs[x];
            w != 0 && (((w & 1) && (old & below(v)) == 0) || ((w & 2) && (old & above(v)) == 0)))
            bounds_.push(x);
    }
    top_ = top;
    own[v] &= ~crossed;
    cube_dirty_ |= crossed != 0 ? value : 0;
    counters_->propagations += top - top0;  // one trail entry per removed value
    if (crossed == 0) return ok;
    // Stages 1–2 of the crossing lines (the line itself is settled, see narrow()).
    (is_row ? hidden_.cols : hidden_.rows) |= hidden;
    (is_row ? regin_.cols : regin_.rows) |= crossed;
    if (!probing_) {
        probe_dirty_ = true;
        if (probe_.incremental) {
            line_stamp_[line] = ++clock_;
            for (Dom c = crossed; c != 0; c &= c - 1) line_stamp_[cross_base + lowest(c)] = clock_;
        }
    }
    return ok;
}

// AC-3 revisions x ≠ y for every x in y's row, then its column (neq.hpp). 2(n − 1) checks
// per pass, counted at its start (a pass that stops at a wipe-out counts them all).
bool Engine::run_neq(int y) {
    const Dom value = dom_[y];
    const int r = row_[y], c = col_[y];
    counters_->checks += 2 * static_cast<std::uint64_t>(n_ - 1);
    if (alldiff_ == Alldiff::regin)
        return eliminate_placed(r * n_, 1, c, value, r) && eliminate_placed(c, n_, r, value, n_ + c);
    return eliminate(r * n_, 1, c, value, r) && eliminate(c, n_, r, value, n_ + c);
}

// The relations of a cell whose bounds changed: each neighbour's domain revised against it
// (one check per revision).
bool Engine::run_bounds(int cell) {
    const Dom d = dom_[cell];
    for (const Arc& a : arcs_[cell].greater_arcs()) {
        ++counters_->checks;
        const Dom to = revise_greater(dom_[a.cell], d);
        if (to != dom_[a.cell] && !narrow(a.cell, to, a.constraint)) return false;
    }
    for (const Arc& a : arcs_[cell].smaller_arcs()) {
        ++counters_->checks;
        const Dom to = revise_smaller(dom_[a.cell], d);
        if (to != dom_[a.cell] && !narrow(a.cell, to, a.constraint)) return false;
    }
    return true;
}

// Hidden singles of one line (engine.hpp, stage 1) from its places: each queued value with no
// place left is a failure; with one place, that cell takes it (if it holds other values
// too). One check per queued value: the revision of one cell by the line's alldifferent.
bool Engine::run_hidden(int line) {
    const Dom* p = places(line);
    const int first = line < n_ ? line * n_ : line - n_;
    const int stride = line < n_ ? 1 : n_;
    Dom queued = hidden_vals_[line];
    hidden_vals_[line] = 0;
    counters_->checks += static_cast<std::uint64_t>(size_sparse(queued));
    for (; queued != 0; queued &= queued - 1) {
        const int v = lowest(queued);
        if (p[v] == 0) {  // the value has no cell left in the line
            culprit_ = line;
            return false;
        }
        if (!is_singleton(p[v])) continue;  // at the root every value is queued once
        const int x = first + lowest(p[v]) * stride;
        // Two values with their only place in x: the second one finds x = the first and fails.
        if (dom_[x] != bit(v) && !narrow(x, bit(v), line)) return false;
    }
    return true;
}

// Régin on one line: gather its n domains, filter, write back what changed. n checks: one
// revision of each cell of the line by the line's alldifferent.
bool Engine::run_regin(int line) {
    std::array<Dom, 64> d;
    counters_->checks += static_cast<std::uint64_t>(n_);
    const int first = line < n_ ? line * n_ : line - n_;
    const int stride = line < n_ ? 1 : n_;
    int open = 0;
    for (int i = 0, x = first; i < n_; ++i, x += stride) {
        d[i] = dom_[x];
        open += several(d[i]);  // (no domain of the line is empty: narrow() fails first)
    }
    // With stages 0–1 at fixpoint (they are whenever this stage runs), a line with at most 3
    // unassigned cells is already GAC: its u open cells share u values, each value is in ≥ 2
    // of them, and then every value has a support (for u = 3: if D(y) = D(z) = {v, a}, the
    // third value would be a hidden single of x). Pruning needs a Hall set of size 2..u−2.
    if (open <= 3) {
        regin_.erase(line, n_);
        return true;
    }
    const Filtered filtered = regin_filter(std::span<Dom>(d.data(), static_cast<std::size_t>(n_)), matching_[line]);
    if (filtered == Filtered::fail) {
        culprit_ = line;
        return false;
    }
    if (filtered == Filtered::narrowed)
        for (int i = 0, x = first; i < n_; ++i, x += stride)
            if (d[i] != dom_[x]) narrow(x, d[i], line, line);  // never empty after a successful filter
    // The filter is idempotent: its own narrowing need not wake it again.
    regin_.erase(line, n_);
    return true;
}

// Stage 2b: Régin on value v's rows-to-columns matching — the "variables" are the rows, the
// "values" the columns, row r's domain is v's places in it (the columns whose cell in row r
// still holds v). A column that loses row r there loses v from cell (r, c). This is the third
// alldifferent of the Latin cube (rows × columns × values; each of its lines holds one 1):
// the Hall sets it finds across several lines — two rows whose v can only go in the same
// two columns take those columns from every other row — are the "fish" of Sudoku solvers
// and the set elimination in all three dimensions of Tatham's latin.c, which GAC on rows and
// columns alone does not see. Its singletons are stages 0–1 already, so, as a line, a value
// with at most 3 open rows is left alone (see run_regin). Failures are blamed on no
// constraint (culprit −1: dom/wdeg weighs lines and relations only). n checks per run.
bool Engine::run_cube(int v) {
    std::array<Dom, 64> d;
    counters_->checks += static_cast<std::uint64_t>(n_);
    int open = 0;
    for (int r = 0; r < n_; ++r) {
        d[r] = places(r)[v];
        open += several(d[r]);
    }
    cube_dirty_ &= ~bit(v);
    if (open <= 3) return true;
    const Filtered filtered = regin_filter(std::span<Dom>(d.data(), static_cast<std::size_t>(n_)), cube_matching_[v]);
    if (filtered == Filtered::fail) {
        culprit_ = -1;
        return false;
    }
    if (filtered == Filtered::narrowed) {
        for (int r = 0; r < n_; ++r)
            for (Dom gone = places(r)[v] & ~d[r]; gone != 0; gone &= gone - 1) {
                const int x = r * n_ + lowest(gone);
                narrow(x, dom_[x] & ~bit(v), -1);  // never empty after a successful filter
            }
    }
    cube_dirty_ &= ~bit(v);  // the filter is idempotent: its own narrowing need not wake it
    return true;
}

}  // namespace futolab::gac
