#include "critical/exact/hitting_set_local.hpp"

#include "critical/clue_mask.hpp"

#include <cstdint>
#include <random>

namespace futolab::critical {
namespace {

constexpr int kTabu = 7;  // moves a dropped clue stays out, an added one stays in

template <class Mask>
class Local {
public:
    Local(const std::vector<Mask>& sets, const Mask& allowed, const std::vector<int>& weight, int bound)
        : sets_(sets), allowed_(allowed), weight_(weight), bound_(bound), frozen_(Mask::kBits, -1) {
        for (const Mask& s : sets) members_.push_back((s & allowed).indices());
    }

    std::optional<Mask> run(const Mask& start, int moves) {
        chosen_ = start & allowed_;
        cost_ = 0;
        for (int e : chosen_.indices()) cost_ += weight_[e];
        for (int e : chosen_.indices())
            if (cost_ > bound_) drop(e);
        for (int move = 0; move < moves; ++move) {
            std::vector<std::size_t> missed;
            for (std::size_t j = 0; j < sets_.size(); ++j)
                if (!sets_[j].intersects(chosen_)) missed.push_back(j);
            if (missed.empty()) return chosen_;
            const std::vector<int>& options = members_[missed[rng_() % missed.size()]];
            if (options.empty()) return std::nullopt;  // a set no allowed clue hits
            step(options, missed, move);
        }
        return std::nullopt;
    }

private:
    void drop(int e) {
        chosen_.reset(e);
        cost_ -= weight_[e];
    }

    // Per chosen clue, how many sets it alone hits.
    std::vector<int> sole_hits() const {
        std::vector<int> sole(Mask::kBits, 0);
        for (std::size_t j = 0; j < sets_.size(); ++j) {
            const Mask hit = sets_[j] & chosen_;
            if (hit.count() == 1) ++sole[hit.indices().front()];
        }
        return sole;
    }

    void step(const std::vector<int>& options, const std::vector<std::size_t>& missed, int move) {
        const std::vector<int> sole = sole_hits();
        const std::vector<int> in = chosen_.indices();
        int best_score = -1 << 30, best_add = -1, best_drop = -1;
        for (int f : options) {
            if (frozen_[f] > move) continue;
            int gain = 0;
            for (std::size_t j : missed) gain += sets_[j].test(f) ? 1 : 0;
            int drop = -1, loss = 0;
            if (cost_ + weight_[f] > bound_) {  // room must be made: the cheapest loss that makes it
                loss = 1 << 20;
                for (int e : in)
                    if (frozen_[e] <= move && cost_ - weight_[e] + weight_[f] <= bound_ && sole[e] < loss) loss = sole[e], drop = e;
                if (drop < 0) continue;
            }
            const int score = 2 * (gain - loss) + static_cast<int>(rng_() % 2);  // ties broken at random
            if (score > best_score) best_score = score, best_add = f, best_drop = drop;
        }
        if (best_add < 0) return;  // every option is tabu: another missed set next time
        if (best_drop >= 0) drop(best_drop), frozen_[best_drop] = move + kTabu;
        chosen_.set(best_add);
        cost_ += weight_[best_add];
        frozen_[best_add] = move + kTabu;
    }

    const std::vector<Mask>& sets_;
    Mask allowed_;
    const std::vector<int>& weight_;
    int bound_;
    std::vector<std::vector<int>> members_;
    std::vector<int> frozen_;  // per clue: the move until which it may not change
    Mask chosen_;
    int cost_ = 0;
    std::mt19937_64 rng_{0x1c5};
};

}  // namespace

template <class Mask>
std::optional<Mask> local_hitting_set(const std::vector<Mask>& sets, const Mask& allowed, const std::vector<int>& weight, int bound,
                                      const Mask& start, int moves) {
    return Local<Mask>(sets, allowed, weight, bound).run(start, moves);
}

template std::optional<ClueMask> local_hitting_set<ClueMask>(const std::vector<ClueMask>&, const ClueMask&, const std::vector<int>&,
                                                             int, const ClueMask&, int);
template std::optional<WideClueMask> local_hitting_set<WideClueMask>(const std::vector<WideClueMask>&, const WideClueMask&,
                                                                     const std::vector<int>&, int, const WideClueMask&, int);

}  // namespace futolab::critical
