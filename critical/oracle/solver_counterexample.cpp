#include "critical/oracle/solver_counterexample.hpp"

#include "core/puzzle.hpp"
#include "critical/clue_universe.hpp"
#include "generators/latin/square.hpp"
#include "solvers/options.hpp"
#include "solvers/run/oracle.hpp"
#include "solvers/registry/registry.hpp"

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

// Runs `visit` over the solutions of the puzzle of `set` (L's clues in it), L's value first at
// every cell, until it stops.
template <class Mask, class Visit>
void search(SearchKernel& kernel, const ClueUniverse& u, const Mask& set, std::uint64_t& nodes, Visit visit) {
    if (!kernel.enumerate(puzzle_of(u, set), u.square(), nodes, visit))
        throw std::logic_error("counterexample search: L does not satisfy its own clues");
}

std::unique_ptr<SearchKernel> default_kernel() {
    std::unique_ptr<SearchKernel> kernel = make_search_kernel(parse_solver_spec(kDefaultOracleSpec));
    if (kernel == nullptr) throw std::logic_error("counterexample search: the default oracle backend offers no search kernel");
    return kernel;
}

}  // namespace

std::vector<std::vector<int>> kernel_solutions(SearchKernel& kernel, const Puzzle& p, std::size_t limit,
                                               std::uint64_t* nodes) {
    std::vector<std::vector<int>> out;
    if (limit == 0) return out;
    std::uint64_t count = 0;
    kernel.enumerate(p, {}, count, [&](const std::vector<int>& solution) {
        out.push_back(solution);
        return out.size() >= limit;
    });
    if (nodes) *nodes += count;
    return out;
}

template <class Mask>
BasicSolverOracle<Mask>::BasicSolverOracle(int n, std::vector<int> L, bool shrink)
    : n_(n), L_(std::move(L)), shrink_(shrink), kernel_(default_kernel()) {
    if (n * n + 2 * n * (n - 1) > Mask::kBits) throw std::logic_error("solver oracle: the clues of this order do not fit the mask");
}

template <class Mask>
std::optional<typename BasicSolverOracle<Mask>::Found> BasicSolverOracle<Mask>::find(const Mask& set) {
    ++stats_.queries;
    const ClueUniverse u(n_, L_);
    std::optional<Found> found;
    search(*kernel_, u, set, stats_.nodes, [&](const std::vector<int>& M) {
        if (M == L_) return false;
        const Mask v = violation_mask_as<Mask>(n_, L_, M);
        found = Found{M, v};
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
        search(*kernel_, u, outside, stats_.nodes, [&](const std::vector<int>& M) {
            const Mask v = violation_mask_as<Mask>(n_, L_, M);
            if (!v.empty() && v.count() < best.violated.count()) best = {M, v};
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
