#include "critical/exact/cycle_switches.hpp"

#include "critical/exact_squares.hpp"

#include <algorithm>
#include <array>

namespace futolab::critical {
namespace {

// A Latin square as its n² triples (row, column, symbol − 1): rows, columns and symbols play
// the same part, so one cycle finder serves all three kinds of switch.
using Triple = std::array<int, 3>;

std::vector<Triple> triples_of(int n, const std::vector<int>& L) {
    std::vector<Triple> t;
    for (int c = 0; c < n * n; ++c) t.push_back({c / n, c % n, L[c] - 1});
    return t;
}

std::vector<int> square_of(int n, const std::vector<Triple>& t) {
    std::vector<int> sq(static_cast<std::size_t>(n * n));
    for (const Triple& x : t) sq[x[0] * n + x[1]] = x[2] + 1;
    return sq;
}

// The index of the triple with coordinate i = p and coordinate j = x.
std::size_t partner(const std::vector<Triple>& t, int i, int p, int j, int x) {
    for (std::size_t k = 0;; ++k)
        if (t[k][i] == p && t[k][j] == x) return k;
}

// The cycles of the triples whose coordinate i is p or q (0 ≤ p < q < n), as index lists:
// alternately the same j with the other value of i, then the same k.
std::vector<std::vector<std::size_t>> cycles(const std::vector<Triple>& t, int i, int p, int q) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    std::vector<char> seen(t.size(), 0);
    std::vector<std::vector<std::size_t>> out;
    for (std::size_t s = 0; s < t.size(); ++s) {
        if (t[s][i] != p || seen[s]) continue;
        std::vector<std::size_t> cyc;
        for (std::size_t a = s; !seen[a];) {
            const std::size_t b = partner(t, i, q, j, t[a][j]);  // same j, other value of i
            seen[a] = seen[b] = 1;
            cyc.push_back(a);
            cyc.push_back(b);
            a = partner(t, i, p, k, t[b][k]);  // same k as b, back to p
        }
        out.push_back(std::move(cyc));
    }
    return out;
}

// L with coordinate i exchanged p ↔ q on each cycle: one square per cycle.
std::vector<std::vector<int>> switches(int n, const std::vector<int>& L, int i, int p, int q) {
    std::vector<std::vector<int>> out;
    const std::vector<Triple> t = triples_of(n, L);
    for (const auto& cyc : cycles(t, i, p, q)) {
        std::vector<Triple> m = t;
        for (std::size_t a : cyc) m[a][i] = m[a][i] == p ? q : p;
        out.push_back(square_of(n, m));
    }
    return out;
}

}  // namespace

std::vector<std::vector<int>> symbol_cycle_switches(int n, const std::vector<int>& L, int a, int b) {
    return switches(n, L, 2, a - 1, b - 1);
}

template <class Mask>
std::vector<BasicCounterexample<Mask>> cycle_switches_as(int n, const std::vector<int>& L) {
    using Found = BasicCounterexample<Mask>;
    std::vector<Found> all;
    for (int i = 0; i < 3; ++i)
        for (int p = 0; p < n; ++p)
            for (int q = p + 1; q < n; ++q)
                for (std::vector<int>& M : switches(n, L, i, p, q)) {
                    const Mask v = violation_mask_as<Mask>(n, L, M);
                    all.push_back({std::move(M), v});
                }
    std::stable_sort(all.begin(), all.end(),
                     [](const Found& x, const Found& y) { return x.violated.count() < y.violated.count(); });
    std::vector<Found> kept;  // by size: a kept subset makes a later set redundant
    for (Found& m : all)
        if (std::none_of(kept.begin(), kept.end(), [&](const Found& k) { return (k.violated & m.violated) == k.violated; }))
            kept.push_back(std::move(m));
    return kept;
}
template std::vector<Counterexample> cycle_switches_as<ClueMask>(int, const std::vector<int>&);
template std::vector<BasicCounterexample<WideClueMask>> cycle_switches_as<WideClueMask>(int, const std::vector<int>&);

std::vector<Counterexample> cycle_switches(int n, const std::vector<int>& L) { return cycle_switches_as<ClueMask>(n, L); }

std::optional<int> adjacent_symbol_cycle_bound(int n, const std::vector<int>& L) {
    WideClueMask relations;  // any n ≤ kMaxWideN
    for (int i = n * n; i < n * n + 2 * n * (n - 1); ++i) relations.set(i);
    int bound = 0;
    for (int v = 1; v < n; ++v)
        for (const std::vector<int>& M : symbol_cycle_switches(n, L, v, v + 1)) {
            if (!violation_mask_as<WideClueMask>(n, L, M).intersects(relations)) return std::nullopt;
            ++bound;
        }
    return bound;
}

}  // namespace futolab::critical
