#include "critical/solver_counterexample.hpp"

#include "core/puzzle.hpp"
#include "critical/clue_universe.hpp"
#include "critical/squares.hpp"
#include "solvers/gac/engine.hpp"

#include <stdexcept>
#include <utility>

namespace futolab::critical {
namespace {

// Solutions enumerated per shrink search before it settles for the best seen and searches
// again inside that (a shrink puzzle has only the cells of one trade open: usually a handful).
constexpr std::uint64_t kShrinkCap = 4096;

template <class Mask>
Puzzle puzzle_of(const ClueUniverse& u, const Mask& set) {
    ClueSet s(static_cast<std::size_t>(u.size()), 0);
    for (int i : set.indices())
        if (i < u.size()) s[i] = 1;
    return Puzzle::compile(u.to_instance(s, "counterexample"));
}

// Depth-first enumeration below the engine's propagated state: the open cell with the
// fewest values first, L's value first (then the others in increasing order). `visit` gets
// each solution and returns true to stop; the return value says whether it stopped.
template <class Visit>
bool enumerate(gac::Engine& e, const std::vector<int>& L, std::uint64_t& nodes, Visit& visit) {
    int x = -1, fewest = 65;
    for (int c = 0; c < e.cells(); ++c) {
        const int s = gac::size(e.dom(c));
        if (s > 1 && s < fewest) fewest = s, x = c;
    }
    if (x < 0) return visit(e);
    auto branch = [&](int index) {
        ++nodes;
        const std::size_t mark = e.mark();
        e.assign(x, index);
        const bool stop = e.propagate() && enumerate(e, L, nodes, visit);
        e.undo(mark);
        return stop;
    };
    gac::Dom d = e.dom(x);
    const int own = L.empty() ? -1 : L[x] - 1;
    if (own >= 0 && gac::has(d, own)) {
        if (branch(own)) return true;
        d &= ~gac::bit(own);
    }
    for (; d != 0; d &= d - 1)
        if (branch(gac::lowest(d))) return true;
    return false;
}

std::vector<int> values_of(const gac::Engine& e) {
    std::vector<int> sq(static_cast<std::size_t>(e.cells()));
    for (int c = 0; c < e.cells(); ++c) sq[c] = gac::lowest(e.dom(c)) + 1;
    return sq;
}

// Runs `visit` over the solutions of the puzzle of `set` (L's clues in it) until it stops.
template <class Mask, class Visit>
void search(const ClueUniverse& u, const Mask& set, std::uint64_t& nodes, Visit visit) {
    const Puzzle p = puzzle_of(u, set);
    Counters counters;
    gac::Engine e(p, gac::Alldiff::regin, counters);
    if (!e.root()) throw std::logic_error("counterexample search: L does not satisfy its own clues");
    e.leave_root();
    enumerate(e, u.square(), nodes, visit);
}

}  // namespace

std::vector<std::vector<int>> engine_solutions(const Puzzle& p, std::size_t limit, std::uint64_t* nodes) {
    std::vector<std::vector<int>> out;
    Counters counters;
    gac::Engine e(p, gac::Alldiff::regin, counters);
    if (!e.root() || limit == 0) return out;
    e.leave_root();
    std::uint64_t count = 0;
    auto visit = [&](const gac::Engine& at) {
        out.push_back(values_of(at));
        return out.size() >= limit;
    };
    enumerate(e, {}, count, visit);
    if (nodes) *nodes += count;
    return out;
}

template <class Mask>
BasicSolverOracle<Mask>::BasicSolverOracle(int n, std::vector<int> L, bool shrink) : n_(n), L_(std::move(L)), shrink_(shrink) {
    if (n * n + 2 * n * (n - 1) > Mask::kBits) throw std::logic_error("solver oracle: the clues of this order do not fit the mask");
}

template <class Mask>
std::optional<typename BasicSolverOracle<Mask>::Found> BasicSolverOracle<Mask>::find(const Mask& set) {
    ++stats_.queries;
    const ClueUniverse u(n_, L_);
    std::optional<Found> found;
    search(u, set, stats_.nodes, [&](const gac::Engine& e) {
        std::vector<int> M = values_of(e);
        if (M == L_) return false;
        const Mask v = violation_mask_as<Mask>(n_, L_, M);
        found = Found{std::move(M), v};
        return true;
    });
    if (!found) return std::nullopt;
    check(*found, set);
    return shrink_ ? shrink(std::move(*found)) : std::move(*found);
}

template <class Mask>
typename BasicSolverOracle<Mask>::Found BasicSolverOracle<Mask>::shrink(Found m) {
    const ClueUniverse u(n_, L_);
    const Mask all = Mask::prefix(u.size());
    const int before = m.violated.count();
    for (bool complete = false; !complete;) {
        const Mask outside = all.minus(m.violated);
        Found best = m;
        std::uint64_t seen = 0;
        search(u, outside, stats_.nodes, [&](const gac::Engine& e) {
            std::vector<int> M = values_of(e);
            const Mask v = violation_mask_as<Mask>(n_, L_, M);
            if (!v.empty() && v.count() < best.violated.count()) best = {std::move(M), v};
            return ++seen >= kShrinkCap;
        });
        complete = seen < kShrinkCap || best.violated == m.violated;  // capped: again inside the best
        check(best, outside);
        m = std::move(best);
    }
    if (m.violated.count() < before) {
        ++stats_.shrunk;
        stats_.shrunk_clues += static_cast<std::uint64_t>(before - m.violated.count());
    }
    return m;
}

// Independent of the search: M is a Latin square other than L that keeps every clue of S.
template <class Mask>
void BasicSolverOracle<Mask>::check(const Found& m, const Mask& set) const {
    if (!is_latin_square(n_, m.square) || m.square == L_ || m.violated != violation_mask_as<Mask>(n_, L_, m.square) ||
        m.violated.intersects(set))
        throw std::logic_error("counterexample search returned a square that is not a counterexample");
}

template class BasicSolverOracle<ClueMask>;
template class BasicSolverOracle<WideClueMask>;

}  // namespace futolab::critical
