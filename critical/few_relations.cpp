#include "critical/few_relations.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/exhaustive.hpp"
#include "critical/solver_counterexample.hpp"
#include "critical/squares.hpp"
#include "critical/zero_given.hpp"
#include "generators/latin_square.hpp"
#include "solvers/oracle.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <map>
#include <string>
#include <vector>

namespace futolab::critical {
namespace {

// pair_image[g][p]: the adjacent pair that grid symmetry g (0..7) maps pair p to.
std::vector<std::vector<int>> pair_images(int n, const std::vector<CellPair>& pairs) {
    std::map<std::pair<int, int>, int> index;
    for (std::size_t p = 0; p < pairs.size(); ++p) index[{pairs[p].a, pairs[p].b}] = static_cast<int>(p);
    std::vector<int> cells(static_cast<std::size_t>(n * n));
    for (int c = 0; c < n * n; ++c) cells[c] = c + 1;
    std::vector<std::vector<int>> images(8, std::vector<int>(pairs.size()));
    for (int g = 0; g < 8; ++g) {
        const std::vector<int> moved = apply_symmetry(n, cells, g);  // moved[new] = old + 1
        std::vector<int> to(cells.size());
        for (int c = 0; c < n * n; ++c) to[moved[c] - 1] = c;
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            const int a = to[pairs[p].a], b = to[pairs[p].b];
            images[g][p] = index.at({std::min(a, b), std::max(a, b)});
        }
    }
    return images;
}

bool canonical(const std::vector<int>& set, const std::vector<std::vector<int>>& images) {
    std::vector<int> image(set.size());
    for (std::size_t g = 1; g < images.size(); ++g) {
        for (std::size_t i = 0; i < set.size(); ++i) image[i] = images[g][set[i]];
        std::sort(image.begin(), image.end());
        if (image < set) return false;
    }
    return true;
}

// Two rows (or two columns) without an endpoint: swapping them keeps every solution a solution.
bool swap_leaves_open(int n, const std::vector<int>& set, const std::vector<CellPair>& pairs) {
    unsigned rows = 0, cols = 0;
    for (int p : set)
        for (int c : {pairs[p].a, pairs[p].b}) rows |= 1U << (c / n), cols |= 1U << (c % n);
    return std::popcount(rows) <= n - 2 || std::popcount(cols) <= n - 2;
}

class Enumeration {
public:
    Enumeration(int n, int k, std::size_t shard, std::size_t shards)
        : n_(n), k_(k), shard_(shard), shards_(shards), pairs_(adjacent_pairs(n)), images_(pair_images(n, pairs_)), hits_(std::size_t{1} << k, 0) {
        if (n >= 5 && pairs_.size() <= 64) build_pool();  // n ≤ 4 has fewer squares than the pool
    }

    FewRelationsCount run() {
        std::vector<int> set;
        choose(set, 0);
        return count_;
    }

private:
    void choose(std::vector<int>& set, int from) {
        if (static_cast<int>(set.size()) == k_) return visit(set);
        for (int p = from; p < static_cast<int>(pairs_.size()); ++p) {
            set.push_back(p);
            choose(set, p + 1);
            set.pop_back();
        }
    }

    void visit(const std::vector<int>& set) {
        if (!canonical(set, images_)) return;
        if (canonical_seen_++ % shards_ != shard_) return;
        ++count_.pair_sets;
        if (swap_leaves_open(n_, set, pairs_)) {
            ++count_.swap_skipped;
            return;
        }
        // How many pool squares order the k pairs each way (bit i: pair i's b holds the smaller),
        // each square taken as it is or value-reversed (all bits flipped) so that pair 0 points
        // up; stops once every orientation has two.
        std::fill(hits_.begin(), hits_.end(), 0);
        const unsigned all = (1U << k_) - 1, wanted = 1U << (k_ - 1);
        unsigned covered = 0;
        for (std::size_t q = 0; q < pool_.size() && covered < wanted; ++q) {
            unsigned code = 0;
            for (int i = 0; i < k_; ++i) code |= static_cast<unsigned>((pool_[q] >> set[i]) & 1U) << i;
            if (code & 1U) code = ~code & all;
            if (++hits_[code] == 2) ++covered;
        }
        for (unsigned o = 0; o < (1U << (k_ - 1)); ++o) {  // first relation: a < b
            if (hits_[o << 1] >= 2) {
                ++count_.puzzles;
                ++count_.pool;
                ++count_.multiple;
            } else {
                count(set, o << 1);
            }
        }
    }

    // Distinct uniform random squares (Jacobson–Matthews, fixed seed), each as one bit per
    // adjacent pair: 1 if the pair's second cell holds the smaller value. Two pool squares
    // with the same bits on a puzzle's pairs are two solutions of it, checked by construction
    // (the squares are checked Latin here), so most puzzles need no search.
    void build_pool() {
        std::set<std::vector<int>> squares;
        std::mt19937_64 rng(20261124);
        while (static_cast<int>(squares.size()) < kPool) {
            std::vector<int> sq = random_latin_square(n_, rng), reversed = sq;
            if (!is_latin_square(n_, sq)) throw std::logic_error("few_relations: the sampler gave a non-Latin square");
            for (int& v : reversed) v = n_ + 1 - v;
            squares.insert(std::min(sq, reversed));  // never both: a square and its reversal would count twice
        }
        for (const std::vector<int>& sq : squares) {
            std::uint64_t bits = 0;
            for (std::size_t p = 0; p < pairs_.size(); ++p)
                if (sq[pairs_[p].b] < sq[pairs_[p].a]) bits |= std::uint64_t{1} << p;
            pool_.push_back(bits);
        }
    }

    void count(const std::vector<int>& set, unsigned orientation) {
        ++count_.puzzles;
        Instance in;
        in.n = n_;
        in.id = "few-relations";
        for (int i = 0; i < k_; ++i) {
            int lo = pairs_[set[i]].a, hi = pairs_[set[i]].b;
            if ((orientation >> i) & 1U) std::swap(lo, hi);
            in.lt.push_back({lo / n_, lo % n_, hi / n_, hi % n_});
        }
        if (has_cycle(in)) {  // no solution, whatever a solver says
            ++count_.cyclic;
            return;
        }
        const std::vector<std::vector<int>> found = engine_solutions(Puzzle::compile(in), 2);
        for (const std::vector<int>& s : found)
            if (!solves(in, s)) throw std::logic_error("few_relations: the search returned a non-solution");
        if (found.size() == 2 && found[0] != found[1]) {
            ++count_.multiple;  // two solutions checked here: a certificate, no trust in the search
        } else if (found.empty()) {
            // No cycle, yet no solution (a chain forcing a clash): the one answer that rests on
            // a search's completeness, so a second backend must agree.
            if (second_opinion_.count_to_two(Puzzle::compile(in)).status != Status::unsat)
                throw std::logic_error("few_relations: gac and fc disagree on an unsatisfiable puzzle");
            ++count_.unsat;
        } else {
            ++count_.unique;  // confirmed by a second backend before it counts as unique
            const OracleAnswer a = second_opinion_.count_to_two(Puzzle::compile(in));
            if (a.status != Status::unique) throw std::logic_error("few_relations: gac and fc disagree on a puzzle");
            if (!count_.example) count_.example = in;
        }
    }

    // A directed cycle of relations (then no Latin square satisfies them), by depth-first search.
    bool has_cycle(const Instance& in) const {
        std::vector<std::vector<int>> next(static_cast<std::size_t>(n_ * n_));
        for (const LessThan& r : in.lt) next[r.r1 * n_ + r.c1].push_back(r.r2 * n_ + r.c2);
        std::vector<int> state(next.size(), 0);  // 0 new, 1 on the path, 2 done
        auto dfs = [&](auto&& self, int v) -> bool {
            state[v] = 1;
            for (int w : next[v])
                if (state[w] == 1 || (state[w] == 0 && self(self, w))) return true;
            state[v] = 2;
            return false;
        };
        for (int v = 0; v < n_ * n_; ++v)
            if (state[v] == 0 && dfs(dfs, v)) return true;
        return false;
    }

    // Independent of the search: a Latin square keeping every relation.
    bool solves(const Instance& in, const std::vector<int>& s) const {
        if (!is_latin_square(n_, s)) return false;
        for (const LessThan& r : in.lt)
            if (s[r.r1 * n_ + r.c1] >= s[r.r2 * n_ + r.c2]) return false;
        return true;
    }

    int n_, k_;
    std::size_t shard_, shards_;
    std::vector<CellPair> pairs_;
    std::vector<std::vector<int>> images_;
    static constexpr int kPool = 4096;
    std::vector<std::uint64_t> pool_;
    std::vector<std::uint32_t> hits_;
    CountOracle second_opinion_{"fc"};
    FewRelationsCount count_;
    std::size_t canonical_seen_ = 0;
};

}  // namespace

FewRelationsCount few_relations(int n, int k, std::size_t shard, std::size_t shards) {
    if (n < 2 || n > 6 || k < 1 || k > std::min(2 * n * (n - 1), 16))
        throw InputError("--few-relations needs 2 <= n <= 6 and 1 <= k <= min(2n(n-1), 16)");
    const auto t0 = std::chrono::steady_clock::now();
    if (shards == 0 || shard >= shards) throw InputError("--few-relations: shard I/N needs 0 <= I < N");
    FewRelationsCount c = Enumeration(n, k, shard, shards).run();
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

}  // namespace futolab::critical
