#include "solvers/gac/engine.hpp"

#include "solvers/gac/hidden.hpp"

namespace futolab::gac {
namespace {

// Each relation as an arc from both of its cells, with its constraint id.
std::vector<CellArcs> build_arcs(const Puzzle& puzzle) {
    std::vector<CellArcs> arcs(static_cast<std::size_t>(puzzle.cells()));
    const int first = 2 * puzzle.n();
    const auto& relations = puzzle.relations();
    for (int r = 0; r < static_cast<int>(relations.size()); ++r) {
        CellArcs& lo = arcs[relations[r].lo];
        CellArcs& hi = arcs[relations[r].hi];
        lo.greater[lo.n_greater++] = {relations[r].hi, first + r};
        hi.smaller[hi.n_smaller++] = {relations[r].lo, first + r};
    }
    return arcs;
}

}  // namespace

Engine::Engine(const Puzzle& puzzle, Alldiff alldiff, Counters& counters, ProbeOptions probe)
    : n_(puzzle.n()), num_relations_(puzzle.num_relations()), alldiff_(alldiff), counters_(counters),
      puzzle_(puzzle), dom_(static_cast<std::size_t>(puzzle.cells()), 0),
      trail_(new Entry[static_cast<std::size_t>(n_) * n_ * n_ + 1]), row_(dom_.size()), col_(dom_.size()),
      arcs_(build_arcs(puzzle)), matching_(alldiff == Alldiff::regin ? 2 * static_cast<std::size_t>(n_) : 0, Matching{}) {
    // (matching_ copies one cleared Matching: cheaper than 2n constructors that each fill it)
    for (int c = 0; c < cells(); ++c) {
        row_[c] = static_cast<std::uint8_t>(c / n_);
        col_[c] = static_cast<std::uint8_t>(c % n_);
    }
    singles_.reset(cells());
    bounds_.reset(cells());
    probe_ = probe;
    line_stamp_.assign(2 * static_cast<std::size_t>(n_), 0);
    probed_at_.assign(dom_.size(), 0);
    probe_on_ = probe.where == ProbeOptions::Where::root || (probe.where == ProbeOptions::Where::all && probe.after_fails == 0);
}

// Initial domains are the model, not propagation: they are not counted in `propagations`.
bool Engine::root() {
    bool empty = false;
    for (int c = 0; c < cells(); ++c) {
        const Dom chain = range(puzzle_.min_value(c) - 1, puzzle_.max_value(c) - 1);
        const int given = puzzle_.given(c);
        dom_[c] = given == 0 ? chain : chain & bit(given - 1);
        empty = empty || dom_[c] == 0;
        if (is_singleton(dom_[c])) singles_.push(c);
        if (arcs_[c].any()) bounds_.push(c);
    }
    if (empty) {
        culprit_ = -1;
        return failed();
    }
    if (alldiff_ == Alldiff::regin) hidden_.rows = hidden_.cols = regin_.rows = regin_.cols = first_k(n_);
    return propagate();
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

// One propagator of the cheapest non-empty stage (see the header for the stages and where a
// stronger one goes).
Engine::Step Engine::step() {
    if (!singles_.empty()) return run_neq(singles_.pop()) ? Step::ran : Step::fail;
    if (!bounds_.empty()) return run_bounds(bounds_.pop()) ? Step::ran : Step::fail;
    if (!hidden_.empty()) return run_hidden(hidden_.pop(n_)) ? Step::ran : Step::fail;
    if (!regin_.empty() && !(probing_ && probe_.light)) return run_regin(regin_.pop(n_)) ? Step::ran : Step::fail;
    if (!probing_ && probe_dirty_ && probing_enabled()) return run_probe();
    return Step::idle;
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
        probed_at_[cell] = clock_;
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
    undo(m);
    return !ok;
}

bool Engine::failed() {
    singles_.clear();
    bounds_.clear();
    hidden_ = regin_ = LineSet{};
    return false;
}

// AC-3 revisions x ≠ y for every x in y's row, then its column (neq.hpp). 2(n − 1) checks
// per pass, counted at its start (a pass that stops at a wipe-out counts them all).
bool Engine::run_neq(int y) {
    const Dom value = dom_[y];
    const int r = row_[y], c = col_[y];
    counters_.checks += 2 * static_cast<std::uint64_t>(n_ - 1);
    return eliminate(r * n_, 1, c, value, r) && eliminate(c, n_, r, value, n_ + c);
}

// `value` (one bit) removed from the n cells first, first + stride, … of `line` but its
// position `skip`. Word-parallel first: one read-only pass gathers, as a bit per position,
// the cells that still hold the value (most no longer do: this was the profile's hot loop),
// then only those are narrowed, in position order.
bool Engine::eliminate(int first, int stride, int skip, Dom value, int line) {
    const Dom* d = dom_.data();
    const int n = n_;
    Dom holders = 0;
    for (int i = 0; i < n; ++i) holders |= Dom{(d[first + i * stride] & value) != 0} << i;
    for (holders &= ~bit(skip); holders != 0; holders &= holders - 1) {
        const int x = first + lowest(holders) * stride;
        if (!narrow(x, dom_[x] & ~value, line, line)) return false;
    }
    return true;
}

// The relations of a cell whose bounds changed: each neighbour's domain revised against it
// (one check per revision).
bool Engine::run_bounds(int cell) {
    const Dom d = dom_[cell];
    for (const Arc& a : arcs_[cell].greater_arcs()) {
        ++counters_.checks;
        const Dom to = revise_greater(dom_[a.cell], d);
        if (to != dom_[a.cell] && !narrow(a.cell, to, a.constraint)) return false;
    }
    for (const Arc& a : arcs_[cell].smaller_arcs()) {
        ++counters_.checks;
        const Dom to = revise_smaller(dom_[a.cell], d);
        if (to != dom_[a.cell] && !narrow(a.cell, to, a.constraint)) return false;
    }
    return true;
}

// Hidden singles of one line (hidden.hpp), read in place: the first pass only counts, and
// most runs stop there (no value has a single place left but in an assigned cell), without
// copying the line. n checks: one revision of each cell of the line by the line's alldifferent, as for Régin.
bool Engine::run_hidden(int line) {
    counters_.checks += static_cast<std::uint64_t>(n_);
    const int first = line < n_ ? line * n_ : line - n_;
    const int stride = line < n_ ? 1 : n_;
    Dom once = 0, twice = 0, placed = 0;
    for (int i = 0, x = first; i < n_; ++i, x += stride) {
        const Dom d = dom_[x];
        twice |= once & d;
        once |= d;
        placed |= (d & (d - 1)) == 0 ? d : 0;
    }
    // A value with one place that is already that cell's value is no news: the usual case.
    if (once == first_k(n_) && (once & ~twice & ~placed) == 0) return true;
    std::array<Dom, 64> d;
    for (int i = 0, x = first; i < n_; ++i, x += stride) d[i] = dom_[x];
    if (!hidden_singles(std::span<Dom>(d.data(), static_cast<std::size_t>(n_)), first_k(n_))) {
        culprit_ = line;
        return false;
    }
    for (int i = 0, x = first; i < n_; ++i, x += stride)
        if (d[i] != dom_[x]) narrow(x, d[i], line);  // never empty
    return true;
}

// Régin on one line: gather its n domains, filter, write back what changed. n checks: one
// revision of each cell of the line by the line's alldifferent.
bool Engine::run_regin(int line) {
    std::array<Dom, 64> d;
    counters_.checks += static_cast<std::uint64_t>(n_);
    int open = 0;
    for (int i = 0; i < n_; ++i) {
        d[i] = dom_[line_cell(line, i)];
        open += !is_singleton(d[i]);
    }
    // With stages 0–1 at fixpoint (they are whenever this stage runs), a line with at most 3
    // unassigned cells is already GAC: its u open cells share u values, each value is in ≥ 2
    // of them, and then every value has a support (for u = 3: if D(y) = D(z) = {v, a}, the
    // third value would be a hidden single of x). Pruning needs a Hall set of size 2..u−2.
    if (open <= 3) {
        regin_.erase(line, n_);
        return true;
    }
    if (!regin_propagate(std::span<Dom>(d.data(), static_cast<std::size_t>(n_)), matching_[line])) {
        culprit_ = line;
        return false;
    }
    for (int i = 0; i < n_; ++i) {
        const int cell = line_cell(line, i);
        if (d[i] != dom_[cell]) narrow(cell, d[i], line, line);  // never empty after a successful filter
    }
    // The filter is idempotent: its own narrowing need not wake it again.
    regin_.erase(line, n_);
    return true;
}

}  // namespace futolab::gac
