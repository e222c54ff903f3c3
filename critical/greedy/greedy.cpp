#include "critical/greedy/greedy.hpp"

#include "core/random.hpp"

#include <algorithm>
#include <optional>
#include <span>

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

namespace {

// One round of the easy-first pass: each clue of `pending` asked with `ask` (an optional
// answer); the clues it leaves open are returned, in order, for the next round. A clue kept
// stays for the rest of the pass, so the oracle may settle it (UniquenessOracle::settle).
template <class Ask>
std::vector<int> easy_round(const ClueUniverse& u, const std::vector<int>& pending, ClueSet& set,
                            UniquenessOracle& oracle, Witnesses* witnesses, Ask&& ask) {
    std::vector<int> later;
    for (const int i : pending) {
        set[i] = 0;
        const std::optional<bool> removable = ask(i);
        if (removable && *removable) continue;
        set[i] = 1;
        if (!removable) {
            later.push_back(i);
            continue;
        }
        if (witnesses != nullptr) (*witnesses)[static_cast<std::size_t>(i)] = oracle.other_solution();
        oracle.settle(u, i);
    }
    return later;
}

// Ends the oracle's pass however the pass ends (an oracle error propagates as an exception).
struct PassGuard {
    UniquenessOracle& oracle;
    ~PassGuard() { oracle.end_pass(); }
};

}  // namespace

std::uint64_t easy_first_nodes_before_conflicts(int n) {
    if (n <= 12) return 1000;
    return n <= 16 ? 3000 : 10000;
}

void greedy_remove_easy_first(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order,
                              UniquenessOracle& oracle, Witnesses* witnesses) {
    const PassGuard pass{oracle};
    std::vector<int> pending;
    for (int i : order)
        if (set[i]) pending.push_back(i);
    const auto node_round = [&](std::uint64_t nodes) {
        pending = easy_round(u, pending, set, oracle, witnesses, [&](int i) { return oracle.removable_within(u, set, i, nodes); });
    };
    const auto conflict_round = [&](std::uint64_t conflicts) {
        pending = easy_round(u, pending, set, oracle, witnesses, [&](int i) { return oracle.removable_by_kernel(u, set, i, conflicts); });
    };
    const std::uint64_t before = easy_first_nodes_before_conflicts(u.n());
    for (const std::uint64_t nodes : kEasyFirstNodes)
        if (nodes <= before) node_round(nodes);
    conflict_round(kEasyFirstConflicts[0]);
    for (const std::uint64_t nodes : kEasyFirstNodes)
        if (nodes > before) node_round(nodes);
    for (const std::uint64_t conflicts : std::span(kEasyFirstConflicts).subspan(1)) conflict_round(conflicts);
    pending = easy_round(u, pending, set, oracle, witnesses, [&](int i) { return oracle.removable_by_kernel(u, set, i, 0); });
}

std::string_view greedy_order_name(GreedyOrder order) { return name_in(kGreedyOrders, order); }

void greedy_pass(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order, GreedyOrder how,
                 UniquenessOracle& oracle, Witnesses* witnesses) {
    if (how == GreedyOrder::easy_first) greedy_remove_easy_first(u, set, order, oracle, witnesses);
    else greedy_remove(u, set, order, oracle, witnesses);
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
