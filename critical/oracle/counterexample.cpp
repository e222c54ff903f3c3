#include "critical/oracle/counterexample.hpp"

#include <algorithm>
#include <utility>

namespace futolab::critical {

TableOracle::TableOracle(const SquareTable& table, std::vector<int> L)
    : table_(table), L_(std::move(L)), violations_(table.violations(L_)) {}

std::optional<Counterexample> TableOracle::find(const ClueMask& set) {
    ++queries_;
    std::size_t best = violations_.size();
    int best_count = kMaskBits + 1;
    for (std::size_t i = 0; i < violations_.size(); ++i) {
        const ClueMask& v = violations_[i];
        if (v.intersects(set) || v.empty()) continue;  // M violates S, or M = L
        const int count = v.count();
        if (count < best_count) best_count = count, best = i;
    }
    if (best == violations_.size()) return std::nullopt;
    return Counterexample{table_.square(best), violations_[best]};
}

std::vector<Counterexample> TableOracle::smallest_sets(std::size_t limit) const {
    // Counting sort by size (a comparison sort of 161 279 entries per class cost more than the
    // whole search of many classes).
    std::vector<std::vector<std::size_t>> by_size(kMaskBits + 1);
    for (std::size_t i = 0; i < violations_.size(); ++i)
        if (!violations_[i].empty()) by_size[violations_[i].count()].push_back(i);
    std::vector<Counterexample> out;
    for (const auto& bucket : by_size)
        for (std::size_t i : bucket) {
            if (out.size() >= limit) return out;
            const ClueMask& v = violations_[i];
            // By size, so a kept set inside v makes v a superset (not minimal).
            const bool superset = std::any_of(out.begin(), out.end(), [&](const Counterexample& k) {
                return (k.violated & v) == k.violated;
            });
            if (!superset) out.push_back({table_.square(i), v});
        }
    return out;
}

}  // namespace futolab::critical
