#include "critical/few_relations.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/exhaustive.hpp"
#include "critical/zero_given.hpp"
#include "solvers/oracle.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
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
    Enumeration(int n, int k) : n_(n), k_(k), pairs_(adjacent_pairs(n)), images_(pair_images(n, pairs_)) {}

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
        ++count_.pair_sets;
        if (swap_leaves_open(n_, set, pairs_)) {
            ++count_.swap_skipped;
            return;
        }
        for (unsigned o = 0; o < (1U << (k_ - 1)); ++o) count(set, o << 1);  // first relation: a < b
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
        std::optional<Puzzle> p;
        try {
            p.emplace(Puzzle::compile(in));
        } catch (const InputError&) {  // a directed cycle of relations: no solution
            ++count_.cyclic;
            return;
        }
        const OracleAnswer a = oracle_.count_to_two(*p);
        if (a.status == Status::unsat) ++count_.unsat;
        else if (a.status == Status::multiple) ++count_.multiple;
        else if (a.status == Status::unique) {
            ++count_.unique;
            if (!count_.example) count_.example = in;
        } else throw std::runtime_error("few_relations: count-to-2 gave " + std::string(status_name(a.status)));
    }

    int n_, k_;
    std::vector<CellPair> pairs_;
    std::vector<std::vector<int>> images_;
    CountOracle oracle_{"gac"};
    FewRelationsCount count_;
};

}  // namespace

FewRelationsCount few_relations(int n, int k) {
    if (n < 2 || n > 8 || k < 1 || k > 2 * n * (n - 1))
        throw InputError("--few-relations needs 2 <= n <= 8 and 1 <= k <= 2n(n-1)");
    const auto t0 = std::chrono::steady_clock::now();
    FewRelationsCount c = Enumeration(n, k).run();
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

}  // namespace futolab::critical
