#include "critical/greedy/greedy.hpp"

#include "core/random.hpp"

#include <algorithm>

namespace futolab::critical {

void greedy_remove(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order, UniquenessOracle& oracle,
                   Witnesses* witnesses) {
    for (int i : order) {
        if (!set[i]) continue;
        set[i] = 0;
        if (oracle.removable(u, set, i)) continue;
        set[i] = 1;
        if (witnesses != nullptr) (*witnesses)[static_cast<std::size_t>(i)] = oracle.other_solution();
    }
}

std::vector<int> removal_order(const ClueUniverse& u, const ClueSet& set, Weights w, std::mt19937_64& rng) {
    std::vector<int> order;
    for (int i = 0; i < u.size(); ++i)
        if (set[i]) order.push_back(i);
    shuffle(order, rng);
    if (w.number != w.relation) {
        auto weight = [&](int i) { return u.clue(i).is_number ? w.number : w.relation; };
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return weight(a) > weight(b); });
    }
    return order;
}

}  // namespace futolab::critical
