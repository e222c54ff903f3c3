#include "critical/clue_universe.hpp"

#include "core/error.hpp"

#include <utility>

namespace futolab::critical {

ClueUniverse::ClueUniverse(int n, std::vector<int> square) : n_(n), square_(std::move(square)) {
    clues_.reserve(static_cast<std::size_t>(n * n + 2 * n * (n - 1)));
    for (int cell = 0; cell < n * n; ++cell) clues_.push_back({true, cell, 0});
    // Each adjacent pair once, oriented so that `cell` holds the smaller value in L.
    auto relate = [this](int a, int b) {
        if (square_[a] < square_[b]) clues_.push_back({false, a, b});
        else clues_.push_back({false, b, a});
    };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < n; ++c) relate(r * n + c, r * n + c + 1);
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c < n; ++c) relate(r * n + c, (r + 1) * n + c);
}

bool ClueUniverse::allowed(int i, ClueUse use) const {
    if (use == ClueUse::both) return true;
    return clues_[i].is_number == (use == ClueUse::numbers);
}

ClueSet ClueUniverse::full(ClueUse use) const {
    ClueSet set(clues_.size(), 0);
    for (int i = 0; i < size(); ++i) set[i] = allowed(i, use) ? 1 : 0;
    return set;
}

void ClueUniverse::clues_into(const ClueSet& set, Instance& in) const {
    in.n = n_;
    in.givens.clear();
    in.lt.clear();
    for (int i = 0; i < size(); ++i) {
        if (!set[i]) continue;
        const Clue& c = clues_[i];
        if (c.is_number) in.givens.push_back({c.cell / n_, c.cell % n_, square_[c.cell]});
        else in.lt.push_back({c.cell / n_, c.cell % n_, c.other / n_, c.other % n_});
    }
}

Instance ClueUniverse::to_instance(const ClueSet& set, const std::string& id) const {
    Instance in;
    in.id = id;
    clues_into(set, in);
    for (int r = 0; r < n_; ++r) in.solution.emplace_back(square_.begin() + r * n_, square_.begin() + (r + 1) * n_);
    return in;
}

ClueCounts count_clues(const ClueUniverse& u, const ClueSet& set) {
    ClueCounts counts;
    for (int i = 0; i < u.size(); ++i)
        if (set[i]) ++(u.clue(i).is_number ? counts.h : counts.k);
    return counts;
}

}  // namespace futolab::critical
