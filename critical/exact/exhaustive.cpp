#include "critical/exact/exhaustive.hpp"

#include "core/error.hpp"
#include "critical/objective.hpp"
#include "generators/latin/enumerate.hpp"
#include "generators/latin/symmetry.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <limits>
#include <string>

namespace futolab::critical {
namespace {

using Bits = std::vector<std::uint64_t>;

bool is_orbit_representative(int n, const std::vector<int>& sq) {
    for (int sym = 1; sym < 16; ++sym)
        if (apply_symmetry(n, sq, sym) < sq) return false;
    return true;
}

// Clue i of L covers M iff M violates it.
bool violates(const Clue& clue, const std::vector<int>& L, const std::vector<int>& M) {
    if (clue.is_number) return M[clue.cell] != L[clue.cell];
    return M[clue.cell] > M[clue.other];
}

// Exact weighted set cover by depth-first branch and bound: branch on the uncovered element
// with the fewest candidate clues (each branch picks one clue covering it; later siblings
// exclude the earlier ones, so every subset is visited once).
class SetCover {
public:
    SetCover(std::vector<Bits> sets, std::vector<int> weights, std::size_t elements, int upper_bound)
        : sets_(std::move(sets)), weights_(std::move(weights)), elements_(elements), best_(upper_bound) {
        banned_.assign(sets_.size(), 0);
        for (std::size_t i = 0; i < sets_.size(); ++i)
            if (weights_[i] <= 0) banned_[i] = 1;  // weight 0 marks a clue kind not allowed
        for (std::size_t i = 0; i < sets_.size(); ++i)
            if (!banned_[i]) min_weight_ = std::min(min_weight_, weights_[i]);
    }

    // Finds a cover cheaper than the upper bound; returns false if there is none.
    bool solve() {
        Bits covered((elements_ + 63) / 64, 0);
        dfs(covered, 0);
        return !best_choice_.empty();
    }
    int best() const { return best_; }
    const std::vector<int>& choice() const { return best_choice_; }
    std::uint64_t nodes() const { return nodes_; }

private:
    bool has(std::size_t set, std::size_t e) const { return (sets_[set][e / 64] >> (e % 64)) & 1U; }

    // The uncovered element with the fewest allowed clues covering it (-1: all covered).
    long pick(const Bits& covered, std::vector<int>& candidates) const {
        long chosen = -1;
        for (std::size_t e = 0; e < elements_; ++e) {
            if ((covered[e / 64] >> (e % 64)) & 1U) continue;
            std::vector<int> here;
            for (std::size_t i = 0; i < sets_.size(); ++i)
                if (!banned_[i] && has(i, e)) here.push_back(static_cast<int>(i));
            if (chosen < 0 || here.size() < candidates.size()) {
                chosen = static_cast<long>(e);
                candidates = std::move(here);
                if (candidates.size() <= 1) break;
            }
        }
        return chosen;
    }

    void dfs(const Bits& covered, int cost) {
        ++nodes_;
        std::vector<int> candidates;
        if (pick(covered, candidates) < 0) {
            if (cost < best_) best_ = cost, best_choice_ = chosen_;
            return;
        }
        if (cost + min_weight_ >= best_) return;  // at least one more clue is needed
        std::stable_sort(candidates.begin(), candidates.end(), [&](int a, int b) { return weights_[a] < weights_[b]; });
        for (int i : candidates) {
            if (cost + weights_[i] >= best_) break;  // sorted by weight: the rest cost more
            Bits next = covered;
            for (std::size_t w = 0; w < next.size(); ++w) next[w] |= sets_[i][w];
            chosen_.push_back(i);
            dfs(next, cost + weights_[i]);
            chosen_.pop_back();
            banned_[i] = 1;
        }
        for (int i : candidates) banned_[i] = 0;  // candidates were allowed on entry
    }

    std::vector<Bits> sets_;
    std::vector<int> weights_;
    std::size_t elements_;
    int best_;
    int min_weight_ = std::numeric_limits<int>::max();
    std::vector<char> banned_;
    std::vector<int> chosen_, best_choice_;
    std::uint64_t nodes_ = 0;
};

// Improves `best` with L's cheapest uniquely completable set under the weights, if cheaper.
void minimise_square(const ClueUniverse& u, const std::vector<std::vector<int>>& all, Weights w, ExactMinimum& best,
                     std::uint64_t& nodes) {
    std::vector<const std::vector<int>*> others;
    for (const auto& M : all)
        if (M != u.square()) others.push_back(&M);
    std::vector<Bits> sets(u.size(), Bits((others.size() + 63) / 64, 0));
    std::vector<int> weights(u.size());
    for (int i = 0; i < u.size(); ++i) {
        weights[i] = u.clue(i).is_number ? w.number : w.relation;
        for (std::size_t j = 0; j < others.size(); ++j)
            if (violates(u.clue(i), u.square(), *others[j])) sets[i][j / 64] |= std::uint64_t{1} << (j % 64);
    }
    SetCover cover(std::move(sets), std::move(weights), others.size(),
                   best.found ? best.cost : std::numeric_limits<int>::max());
    const bool improved = cover.solve();
    nodes += cover.nodes();
    if (!improved) return;
    best.found = true;
    best.cost = cover.best();
    best.square = u.square();
    best.set.assign(u.size(), 0);
    for (int i : cover.choice()) best.set[i] = 1;
}

}  // namespace

ExhaustiveResult exhaustive_minimum(int n) {
    if (n < 2 || n > kMaxExhaustiveN)
        throw InputError("exhaustive mode needs 2 <= n <= " + std::to_string(kMaxExhaustiveN) + ", got " + std::to_string(n));
    const auto t0 = std::chrono::steady_clock::now();
    ExhaustiveResult result;
    result.n = n;
    const std::vector<std::vector<int>> all = all_latin_squares(n);
    result.squares = all.size();
    for (const auto& L : all) {
        if (!is_orbit_representative(n, L)) continue;
        ++result.classes;
        const ClueUniverse u(n, L);
        minimise_square(u, all, {2, 3}, result.weighted, result.nodes);
        minimise_square(u, all, {0, 1}, result.relations, result.nodes);
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

}  // namespace futolab::critical
