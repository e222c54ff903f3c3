#include "critical/exact/hitting_set_lagrange.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

namespace futolab::critical {
namespace {

constexpr std::int64_t kScale = std::int64_t{1} << 16;  // multipliers in units of 1/kScale
// Subgradient steps at the root (cold start) and at every other node (warm, from the parent's
// multipliers): measured on C7 (objective k), more steps at the nodes cost more than the
// nodes they save.
constexpr int kRootSteps = 300, kNodeSteps = 30;
constexpr int kPatience = 4;  // steps without a better bound before the step size halves

template <class Mask>
class Lagrangian {
public:
    Lagrangian(const BasicHittingProblem<Mask>& p, int upper, const LeafCheck<Mask>* check)
        : p_(p), sets_(p.sets), check_(check), upper_(upper), limit_(static_cast<std::int64_t>(upper) * kScale),
          reduced_(Mask::kBits, 0) {
        if (p.limit >= 0) throw std::logic_error("lagrange_hitting_set takes no side constraint");
        for (const Mask& s : sets_) clues_.push_back((s & p.allowed).indices());
    }

    BasicHittingSolution<Mask> run() {
        if (upper_ >= 0) dfs(Mask{}, 0, Mask{}, std::vector<std::int64_t>(sets_.size(), 0), kRootSteps);
        BasicHittingSolution<Mask> s;
        s.timed_out = timed_out_;
        s.found = found_;
        s.cost = found_ ? cost_of(best_set_) : 0;
        s.set = best_set_;
        s.nodes = nodes_;
        return s;
    }

private:
    int cost_of(const Mask& m) const {
        int c = 0;
        for (int i : m.indices()) c += p_.weight[i];
        return c;
    }

    void mark(std::size_t j) {
        if (p_.used) (*p_.used)[j] = 1;
    }
    void mark_positive(const std::vector<std::int64_t>& u) {
        for (std::size_t j : unhit_)
            if (u[j] > 0) mark(j);
    }

    // A hitting set within the bound: the answer, unless the check adds sets it misses (then
    // false, and the search goes on with them).
    bool found(const Mask& set) {
        if (check_) {
            std::vector<Mask> more = (*check_)(set);
            if (!more.empty()) {
                for (Mask& s : more) {
                    clues_.push_back((s & p_.allowed).indices());
                    sets_.push_back(s);
                    if (p_.used) p_.used->push_back(0);
                }
                return false;
            }
        }
        found_ = done_ = true;
        best_set_ = set;
        return true;
    }

    // The sets `chosen` misses, into unhit_; false (after marking it) at one with no clue left.
    bool collect_unhit(const Mask& chosen, const Mask& avail, std::vector<std::int64_t>& u) {
        unhit_.clear();
        u.resize(sets_.size(), 0);  // sets the check added start at 0
        for (std::size_t j = 0; j < sets_.size(); ++j) {
            if (sets_[j].intersects(chosen)) {
                u[j] = 0;  // hit: its constraint is gone below this node
                continue;
            }
            if (!sets_[j].intersects(avail)) return mark(j), false;
            unhit_.push_back(j);
        }
        return true;
    }

    // The bound of multipliers u at a node costing `cost`: reduced_ holds each available
    // clue's reduced cost (scaled) afterwards.
    std::int64_t bound(const std::vector<int>& avail, const Mask& avail_mask, int cost, const std::vector<std::int64_t>& u) {
        for (int e : avail) reduced_[e] = p_.weight[e] * kScale;
        std::int64_t lb = cost * kScale;
        for (std::size_t j : unhit_) {
            if (u[j] == 0) continue;
            lb += u[j];
            for (int e : clues_[j])
                if (avail_mask.test(e)) reduced_[e] -= u[j];
        }
        for (int e : avail) lb += std::min<std::int64_t>(0, reduced_[e]);
        return lb;
    }

    // Greedy hitting set from the clues of negative reduced cost, then for each set still
    // missed its clue of least reduced cost; `chosen` plus it if it costs at most upper_.
    bool try_primal(const Mask& chosen, int cost, const std::vector<int>& avail, const Mask& avail_mask) {
        Mask x;
        for (int e : avail)
            if (reduced_[e] < 0) x.set(e);
        for (std::size_t j : unhit_) {
            if (sets_[j].intersects(x)) continue;
            int pick = -1;
            for (int e : clues_[j])
                if (avail_mask.test(e) && (pick < 0 || reduced_[e] < reduced_[pick])) pick = e;
            x.set(pick);
        }
        if (cost + cost_of(x) > upper_) return false;
        return found(chosen | x);
    }

    // Subgradient ascent from u for `steps` steps; u becomes the best multipliers seen and
    // reduced_ their reduced costs. Returns their bound.
    std::int64_t ascend(const std::vector<int>& avail, const Mask& avail_mask, int cost, std::vector<std::int64_t>& u, int steps) {
        std::int64_t best = bound(avail, avail_mask, cost, u);
        std::vector<std::int64_t> best_u = u, g(sets_.size(), 0);
        double lambda = steps >= kRootSteps ? 2.0 : 1.0;
        int stale = 0;
        const std::int64_t target = (upper_ + 1) * kScale;
        for (int step = 0; step < steps && best <= limit_; ++step) {
            double norm = 0;
            for (std::size_t j : unhit_) {
                int hits = 0;
                for (int e : clues_[j]) hits += avail_mask.test(e) && reduced_[e] < 0 ? 1 : 0;
                g[j] = 1 - hits;
                if (g[j] < 0 && u[j] == 0) g[j] = 0;  // u_j stays at 0: no component that way
                norm += static_cast<double>(g[j] * g[j]);
            }
            if (norm == 0) break;  // the relaxed optimum hits every set once: the bound is tight
            const double t = lambda * static_cast<double>(target - bound(avail, avail_mask, cost, u)) / norm;
            for (std::size_t j : unhit_) u[j] = std::max<std::int64_t>(0, u[j] + std::llround(t * static_cast<double>(g[j])));
            const std::int64_t lb = bound(avail, avail_mask, cost, u);
            if (lb > best) {
                best = lb, best_u = u, stale = 0;
            } else if (++stale >= kPatience) {
                lambda /= 2, stale = 0;
            }
        }
        u = std::move(best_u);
        return bound(avail, avail_mask, cost, u);
    }

    void dfs(Mask chosen, int cost, Mask excluded, std::vector<std::int64_t> u, int steps) {
        if (done_) return;
        if ((++nodes_ & 0xff) == 0 && p_.deadline.passed()) {
            done_ = timed_out_ = true;
            return;
        }
        for (;;) {  // again after clues are fixed in or out
            if (cost > upper_) return;
            const Mask avail_mask = p_.allowed.minus(excluded).minus(chosen);
            if (!collect_unhit(chosen, avail_mask, u)) return;
            if (unhit_.empty()) {
                if (found(chosen)) return;
                continue;  // new sets: evaluate this node again
            }
            const std::vector<int> avail = avail_mask.indices();
            const std::int64_t lb = ascend(avail, avail_mask, cost, u, steps);
            if (lb > limit_) return mark_positive(u);
            const std::size_t before = sets_.size();
            if (try_primal(chosen, cost, avail, avail_mask)) return;
            if (sets_.size() > before) continue;  // the check refused the primal set: again with its sets
            // Reduced-cost fixing: taking e raises the bound by its reduced cost; leaving out a
            // clue of negative reduced cost raises it by minus that.
            bool fixed = false;
            for (int e : avail) {
                const std::int64_t r = reduced_[e];
                if (r >= 0 && lb + r > limit_) excluded.set(e), fixed = true;
                if (r < 0 && lb - r > limit_) chosen.set(e), cost += p_.weight[e], fixed = true;
            }
            if (!fixed) break;
            mark_positive(u);
            steps = kNodeSteps;
        }
        branch(chosen, cost, excluded, u);
    }

    void branch(const Mask& chosen, int cost, Mask excluded, const std::vector<std::int64_t>& u) {
        const Mask avail_mask = p_.allowed.minus(excluded).minus(chosen);
        std::size_t pick = unhit_.front();
        int fewest = Mask::kBits + 1;
        for (std::size_t j : unhit_) {
            const int c = (sets_[j] & avail_mask).count();
            if (c < fewest) fewest = c, pick = j;
        }
        mark(pick);
        std::vector<int> clues = (sets_[pick] & avail_mask).indices();
        std::vector<std::int64_t> r(clues.size());
        for (std::size_t i = 0; i < clues.size(); ++i) r[i] = reduced_[clues[i]];
        std::vector<std::size_t> order(clues.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return r[a] < r[b]; });
        for (std::size_t i : order) {
            if (done_) return;
            const int e = clues[i];
            Mask next = chosen;
            next.set(e);
            dfs(next, cost + p_.weight[e], excluded, u, kNodeSteps);
            excluded.set(e);
        }
    }

    const BasicHittingProblem<Mask>& p_;
    std::vector<Mask> sets_;  // p.sets, then the sets the check adds
    const LeafCheck<Mask>* check_;
    int upper_;
    std::int64_t limit_;
    std::vector<std::vector<int>> clues_;  // each set's allowed clues
    std::vector<std::size_t> unhit_;       // at the node being evaluated
    std::vector<std::int64_t> reduced_;    // per clue, scaled
    bool found_ = false, done_ = false, timed_out_ = false;
    Mask best_set_;
    std::uint64_t nodes_ = 0;
};

}  // namespace

template <class Mask>
BasicHittingSolution<Mask> lagrange_hitting_set(const BasicHittingProblem<Mask>& p, int upper, const LeafCheck<Mask>* check) {
    return Lagrangian<Mask>(p, upper, check).run();
}

template HittingSolution lagrange_hitting_set<ClueMask>(const HittingProblem&, int, const LeafCheck<ClueMask>*);
template BasicHittingSolution<WideClueMask> lagrange_hitting_set<WideClueMask>(const BasicHittingProblem<WideClueMask>&, int,
                                                                               const LeafCheck<WideClueMask>*);

}  // namespace futolab::critical
