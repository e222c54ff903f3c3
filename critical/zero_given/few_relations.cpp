#include "critical/zero_given/few_relations.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/oracle/solver_counterexample.hpp"
#include "generators/latin/square.hpp"
#include "critical/zero_given/two_squares.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "generators/latin/random.hpp"
#include "solvers/options.hpp"
#include "solvers/run/oracle.hpp"
#include "solvers/registry/registry.hpp"
#include "generators/latin/symmetry.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace futolab::critical {

// The pool of random squares, transposed: for each adjacent pair p, one bit per pool square
// (1: the pair's second cell holds the smaller value), 64 squares a word.
struct FewRelationsPool {
    int n = 0;
    int word_count = 0;                // per pair
    std::vector<std::uint64_t> words;  // [p * word_count + w]
    std::uint64_t word(int p, int w) const { return words[static_cast<std::size_t>(p) * word_count + w]; }
};

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

// Distinct uniform random squares (Jacobson–Matthews, fixed seed; none the value reversal of
// another, so a square and its reversal never count twice). Two pool squares with the same
// bits on a puzzle's pairs are two solutions of it, checked by construction (the squares are
// checked Latin here), so most puzzles need no search. The pool and its order are those of
// the first version (issue #15), so the per-puzzle "by the pool" counts are unchanged.
// Pool sizes: 4096 squares up to n = 5 (the first version's pool, so its counts hold), 16384
// at n = 6, where K = 8 left 2 % of its puzzles to a search with 4096 squares and 0.35 % with
// 16384 (shard 7/4096: 1.4 s CPU against 2.6 s; 65536 squares: 2.2 s, the rare orientations
// then scanning a long pool in vain).
int pool_size(int n) { return n <= 5 ? 4096 : 16384; }

FewRelationsPool build_pool(int n, const std::vector<CellPair>& pairs) {
    std::set<std::vector<int>> squares;
    std::mt19937_64 rng(20261124);
    const int size = pool_size(n);
    while (static_cast<int>(squares.size()) < size) {
        std::vector<int> sq = random_latin_square(n, rng), reversed = sq;
        if (!is_latin_square(n, sq)) throw std::logic_error("few_relations: the sampler gave a non-Latin square");
        for (int& v : reversed) v = n + 1 - v;
        squares.insert(std::min(sq, reversed));
    }
    FewRelationsPool pool;
    pool.n = n;
    pool.word_count = size / 64;
    pool.words.assign(pairs.size() * static_cast<std::size_t>(pool.word_count), 0);
    int q = 0;
    for (const std::vector<int>& sq : squares) {
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            if (sq[pairs[p].b] >= sq[pairs[p].a]) continue;
            pool.words[p * static_cast<std::size_t>(pool.word_count) + q / 64] |= std::uint64_t{1} << (q % 64);
        }
        ++q;
    }
    return pool;
}

constexpr int kMaxK = kMaxFewRelations;
constexpr int kFirstWords = 16;  // the first 1024 pool squares, 64 per word: kept per orientation of every prefix
// Shards split the enumeration tree at this depth: its prefixes I, I + N, ... The subtrees of
// the first prefixes are by far the largest (every later pair may follow), so the depth grows
// with k to keep the largest one a small part of a shard: at K = 8 a depth-3 subtree held 2
// million canonical sets, a depth-5 one at most C(55, 3) = 26 235 sets.
int shard_depth(int k) { return k <= 3 ? k : std::max(3, k - 3); }

class Enumeration {
public:
    Enumeration(int n, int k, std::size_t shard, std::size_t shards, const FewRelationsPool* pool, const std::atomic<bool>* stop)
        : n_(n), k_(k), shard_(shard), shards_(shards), pairs_(adjacent_pairs(n)), images_(pair_images(n, pairs_)),
          pool_(pool), stop_(stop), matches_(static_cast<std::size_t>(k)) {
        for (int d = 1; d < k; ++d) matches_[d].resize((std::size_t{1} << (d - 1)) * kFirstWords);
        const int count = static_cast<int>(pairs_.size());
        for (int p = 0; p < count; ++p) {
            int least = p;
            for (const std::vector<int>& image : images_) least = std::min(least, image[p]);
            orbit_min_.push_back(least);
            lines_.push_back({(1U << (pairs_[p].a / n)) | (1U << (pairs_[p].b / n)),
                              (1U << (pairs_[p].a % n)) | (1U << (pairs_[p].b % n))});
        }
    }

    FewRelationsCount run() {
        extend(0);
        return count_;
    }

private:
    // Chooses set_[depth] among the pairs after set_[depth - 1]. Orderly pruning: a set is
    // canonical only if no symmetry maps any of its pairs below its least pair set_[0], so
    // set_[0] must be the least of its orbit and every later pair's orbit must stay at or
    // above set_[0]. The full test (visit) still compares all 8 images.
    void extend(int depth) {
        const int count = static_cast<int>(pairs_.size());
        for (int p = depth == 0 ? 0 : set_[depth - 1] + 1; p < count; ++p) {
            if (depth == 0 ? orbit_min_[p] != p : orbit_min_[p] < set_[0]) continue;
            set_[depth] = p;
            if (depth + 1 == shard_depth(k_) && prefix_seen_++ % shards_ != shard_) continue;
            if (depth + 1 == k_) {
                visit();
            } else {
                if (pool_) extend_matches(depth + 1);
                extend(depth + 1);
            }
        }
    }

    // matches_[d]: for each orientation o of pairs set_[1..d-1] (bit i-1: pair i reversed),
    // kFirstWords words marking the pool squares that order those pairs that way, each square
    // taken as it is or value-reversed (all bits flipped) so that the first relation points
    // up. A set's prefix is shared by all its extensions, so a leaf only splits its parent's
    // orientations by its last pair.
    void extend_matches(int d) {
        std::uint64_t* next = matches_[d].data();
        if (d == 1) return std::fill(matches_[1].begin(), matches_[1].end(), ~std::uint64_t{0});
        const std::uint64_t* prev = matches_[d - 1].data();
        const std::size_t half = std::size_t{1} << (d - 2);  // the parent's orientations
        for (int w = 0; w < kFirstWords; ++w) {
            const std::uint64_t flipped = pool_->word(set_[d - 1], w) ^ pool_->word(set_[0], w);
            for (std::size_t o = 0; o < half; ++o) {
                next[o * kFirstWords + w] = prev[o * kFirstWords + w] & ~flipped;
                next[(o + half) * kFirstWords + w] = prev[o * kFirstWords + w] & flipped;
            }
        }
    }

    bool canonical() const {
        std::uint64_t mask = 0;
        for (int i = 0; i < k_; ++i) mask |= std::uint64_t{1} << set_[i];
        for (std::size_t g = 1; g < images_.size(); ++g) {
            std::uint64_t image = 0;
            for (int i = 0; i < k_; ++i) image |= std::uint64_t{1} << images_[g][set_[i]];
            // Sorted index lists compare at their first difference: the least pair in exactly
            // one of the two sets; the image is smaller iff that pair is in the image.
            const std::uint64_t differ = image ^ mask;
            if ((differ & (~differ + 1) & image) != 0) return false;
        }
        return true;
    }

    // Two rows (or two columns) without an endpoint: swapping them keeps every solution a solution.
    bool swap_leaves_open() const {
        unsigned rows = 0, cols = 0;
        for (int i = 0; i < k_; ++i) rows |= lines_[set_[i]][0], cols |= lines_[set_[i]][1];
        return std::popcount(rows) <= n_ - 2 || std::popcount(cols) <= n_ - 2;
    }

    void visit() {
        // One relaxed load per set (a few ns against the canonical test): a stop ends the count
        // within a puzzle's search (red-team round 17, A F3: it took no signal at all).
        if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) throw FewRelationsStopped();
        if (!canonical()) return;
        ++count_.pair_sets;
        if (swap_leaves_open()) {
            ++count_.swap_skipped;
            return;
        }
        const unsigned orientations = 1U << (k_ - 1);  // first relation: a < b
        for (unsigned o = 0; o < orientations; ++o) {
            if (pool_ && two_in_pool(o)) {
                ++count_.puzzles;
                ++count_.pool;
                ++count_.multiple;
            } else {
                count(o << 1);
            }
        }
    }

    // Do two pool squares order the set's pairs the way of orientation o (bit i-1: pair i
    // reversed)? The first kFirstWords words from the parent's matches split by the last
    // pair; the rest of the pool, 64 squares per AND over every pair, only if still short.
    bool two_in_pool(unsigned o) const {
        const int last = k_ - 1;
        unsigned found = 0;
        if (last == 0) {
            found = 2;  // one relation: every square, as it is or reversed, keeps it
        } else {
            const bool reversed = (o >> (last - 1)) & 1U;
            const std::uint64_t* parent = &matches_[last][(o & ~(1U << (last - 1))) * kFirstWords];
            for (int w = 0; w < kFirstWords && found < 2; ++w) {
                const std::uint64_t flipped = pool_->word(set_[last], w) ^ pool_->word(set_[0], w);
                const std::uint64_t m = parent[w] & (reversed ? flipped : ~flipped);
                if (m) found += (m & (m - 1)) ? 2 : 1;  // two bits or more count as two
            }
        }
        for (int w = kFirstWords; w < pool_->word_count && found < 2; ++w) {
            const std::uint64_t base = pool_->word(set_[0], w);
            std::uint64_t m = ~std::uint64_t{0};
            for (int i = 1; i < k_ && m; ++i) {
                const std::uint64_t flipped = pool_->word(set_[i], w) ^ base;
                m &= ((o >> (i - 1)) & 1U) ? flipped : ~flipped;
            }
            if (m) found += (m & (m - 1)) ? 2 : 1;
        }
        return found >= 2;
    }

    void count(unsigned orientation) {
        ++count_.puzzles;
        Instance in;
        in.n = n_;
        in.id = "few-relations";
        for (int i = 0; i < k_; ++i) {
            int lo = pairs_[set_[i]].a, hi = pairs_[set_[i]].b;
            if ((orientation >> i) & 1U) std::swap(lo, hi);
            in.lt.push_back({lo / n_, lo % n_, hi / n_, hi % n_});
        }
        if (has_cycle(in)) {  // no solution, whatever a solver says
            ++count_.cyclic;
            return;
        }
        // Two squares by a cheap backtracking first (two_squares.hpp); checked here as the
        // complete search's are, so a bug there could only send a puzzle to the search below.
        const std::vector<std::vector<int>>& quick = two_squares_.solve(in.lt, kQuickBudget);
        if (quick.size() == 2 && quick[0] != quick[1] && solves(in, quick[0]) && solves(in, quick[1])) {
            ++count_.multiple;
            return;
        }
        const std::vector<std::vector<int>> found = kernel_solutions(*kernel_, Puzzle::compile(in), 2);
        for (const std::vector<int>& s : found)
            if (!solves(in, s)) throw std::logic_error("few_relations: the search returned a non-solution");
        if (found.size() == 2 && found[0] != found[1]) {
            ++count_.multiple;  // two solutions checked here: a certificate, no trust in the search
        } else if (found.empty()) {
            // No cycle, yet no solution (a chain forcing a clash): the one answer that rests on
            // a search's completeness, so a second backend must agree.
            if (second_opinion_.count_to_two(Puzzle::compile(in)).status != Status::unsat)
                throw std::logic_error("few_relations: the search and the second opinion disagree on an unsatisfiable puzzle");
            ++count_.unsat;
        } else {
            ++count_.unique;  // confirmed by a second backend before it counts as unique
            const OracleAnswer a = second_opinion_.count_to_two(Puzzle::compile(in));
            if (a.status != Status::unique) throw std::logic_error("few_relations: the search and the second opinion disagree on a puzzle");
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
    std::vector<int> orbit_min_;
    std::vector<std::array<unsigned, 2>> lines_;  // per pair: the rows, the columns it touches
    const FewRelationsPool* pool_;
    const std::atomic<bool>* stop_;
    std::array<int, kMaxK> set_{};
    std::vector<std::vector<std::uint64_t>> matches_;  // [depth][orientation * kFirstWords + word]
    TwoSquares two_squares_{n_};
    static constexpr std::uint64_t kQuickBudget = 2000;  // assignments before the complete search
    // The complete search: the default oracle backend's kernel (solvers/kernel.hpp).
    std::unique_ptr<SearchKernel> kernel_ = make_search_kernel(parse_solver_spec(kDefaultOracleSpec));
    CountOracle second_opinion_{kSecondOpinionSpec};  // another model and solver: a proof of "no solution" cheaper than fc's
    FewRelationsCount count_;
    std::size_t prefix_seen_ = 0;
};

void check_arguments(int n, int k, std::size_t shard, std::size_t shards) {
    if (n < 2 || n > 6 || k < 1 || k > few_relations_max_k(n))
        throw InputError("--few-relations needs 2 <= n <= 6 and 1 <= k <= min(2n(n-1), 16)");
    if (shards == 0 || shard >= shards) throw InputError("--few-relations: shard I/N needs 0 <= I < N");
}

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

}  // namespace

std::shared_ptr<const FewRelationsPool> few_relations_pool(int n) {
    check_arguments(n, 1, 0, 1);
    if (n < 5) return nullptr;  // n ≤ 4 has fewer squares than the pool: every puzzle is searched
    return std::make_shared<const FewRelationsPool>(build_pool(n, adjacent_pairs(n)));
}

FewRelationsCount few_relations(int n, int k, std::size_t shard, std::size_t shards,
                                std::shared_ptr<const FewRelationsPool> pool, const std::atomic<bool>* stop) {
    check_arguments(n, k, shard, shards);
    if (!pool) pool = few_relations_pool(n);
    if (pool && pool->n != n) throw std::logic_error("few_relations: a pool of another order");
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = thread_cpu_seconds();
    FewRelationsCount c = Enumeration(n, k, shard, shards, pool.get(), stop).run();
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    c.cpu_seconds = thread_cpu_seconds() - cpu0;
    return c;
}

}  // namespace futolab::critical
