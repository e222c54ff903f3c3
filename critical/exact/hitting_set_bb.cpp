#include "critical/exact/hitting_set_bb.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace futolab::critical {
namespace {

template <class Mask>
class BranchAndBound {
public:
    BranchAndBound(const BasicHittingProblem<Mask>& p, int lower, int upper) : p_(p), lower_(lower), best_(upper + 1) {
        std::map<int, Mask> by_weight;  // weight classes in increasing order
        for (int i : p.allowed.indices()) by_weight[p.weight[i]].set(i);
        for (const auto& [w, mask] : by_weight) classes_.push_back({w, mask});
    }

    BasicHittingSolution<Mask> run() {
        dfs(Mask{}, 0, 0, Mask{});
        BasicHittingSolution<Mask> s;
        s.timed_out = timed_out_;
        s.found = found_;
        s.cost = found_ ? best_ : 0;
        s.set = best_set_;
        s.nodes = nodes_;
        return s;
    }

private:
    int cheapest(const Mask& m) const {
        for (const auto& [w, mask] : classes_)
            if (m.intersects(mask)) return w;
        return 0;
    }

    void dfs(const Mask& chosen, int cost, int limited_used, Mask excluded) {
        if (done_) return;
        if ((++nodes_ & 0xffff) == 0 && p_.deadline.passed()) {
            done_ = timed_out_ = true;
            return;
        }
        Mask avail = p_.allowed.minus(excluded);
        if (p_.limit >= 0 && limited_used >= p_.limit) avail = avail.minus(p_.limited);
        // One pass over the unhit sets: a set with no available clue is a dead end; the one
        // with the fewest is branched on; the bound packs sets disjoint from those packed
        // before (the pool is roughly sorted by size, small sets first, which packs well).
        int bound = cost, fewest = Mask::kBits + 1;
        Mask used, branch;
        std::size_t branch_index = 0;
        bool unhit = false;
        packed_.clear();
        for (std::size_t j = 0; j < p_.sets.size(); ++j) {
            const Mask& s = p_.sets[j];
            if (s.intersects(chosen)) continue;
            const Mask c = s & avail;
            if (c.empty()) return mark(j);
            unhit = true;
            if (!c.intersects(used)) {
                used = used | c;
                bound += cheapest(c);
                if (p_.used) packed_.push_back(j);
                if (bound >= best_) {
                    for (std::size_t k : packed_) mark(k);
                    return;
                }
            }
            const int count = c.count();
            if (count < fewest) fewest = count, branch = c, branch_index = j;
        }
        if (!unhit) {
            if (cost < best_) best_ = cost, best_set_ = chosen, found_ = true;
            if (cost <= lower_) done_ = true;
            return;
        }
        mark(branch_index);
        std::vector<int> clues = branch.indices();
        std::stable_sort(clues.begin(), clues.end(), [&](int a, int b) { return p_.weight[a] < p_.weight[b]; });
        for (int i : clues) {
            if (cost + p_.weight[i] >= best_ || done_) break;
            Mask next = chosen;
            next.set(i);
            dfs(next, cost + p_.weight[i], limited_used + (p_.limited.test(i) ? 1 : 0), excluded);
            excluded.set(i);
        }
    }

    void mark(std::size_t set) {
        if (p_.used) (*p_.used)[set] = 1;
    }

    const BasicHittingProblem<Mask>& p_;
    std::vector<std::size_t> packed_;
    int lower_, best_;
    std::vector<std::pair<int, Mask>> classes_;
    bool found_ = false, done_ = false, timed_out_ = false;
    Mask best_set_;
    std::uint64_t nodes_ = 0;
};

}  // namespace

template <class Mask>
BasicHittingSolution<Mask> min_hitting_set(const BasicHittingProblem<Mask>& p, int lower, int upper) {
    return BranchAndBound<Mask>(p, lower, upper).run();
}

template HittingSolution min_hitting_set<ClueMask>(const HittingProblem&, int, int);
template BasicHittingSolution<WideClueMask> min_hitting_set<WideClueMask>(const BasicHittingProblem<WideClueMask>&, int, int);

}  // namespace futolab::critical
