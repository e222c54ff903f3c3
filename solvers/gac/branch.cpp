#include "solvers/gac/branch.hpp"

namespace futolab::gac {
namespace {

int first_unassigned(const Engine& e) {
    for (int c = 0; c < e.cells(); ++c)
        if (!is_singleton(e.dom(c))) return c;
    return -1;
}

// An unassigned cell has at least two values, so the first cell of size 2 is the answer.
// Assigned cells are skipped before their values are counted (a popcount is a dozen
// instructions without -mpopcnt, and after propagation most cells are assigned: at a solved
// root, all of them).
int smallest_domain(const Engine& e) {
    int best = -1, best_size = 65;
    const std::span<const Dom> dom = e.domains();
    for (int c = 0; c < e.cells(); ++c) {
        if ((dom[c] & (dom[c] - 1)) == 0) continue;  // assigned (or empty: never here)
        const int s = size(dom[c]);
        if (s < best_size) {
            best = c;
            best_size = s;
            if (s == 2) break;
        }
    }
    return best;
}

// Smallest size/degree (branch.hpp), ties → the smallest index: s/d < bs/bd ⇔ s·bd < bs·d.
// The hottest function of a dom/wdeg search (16 % of the critical-set oracle's instructions
// at 12×12, callgrind), so it makes two straight passes over the board: the unassigned cells
// per row and column, then each open cell's degree as its two line terms — weight × (open
// cells of the line − 1), computed once per line — plus its open related neighbours. No
// division, no weight lookup per line cell. `Weighted` = false: every weight is 1 (domdeg).
template <bool Weighted>
int smallest_ratio(const Engine& e, std::span<const std::uint64_t> weights) {
    const int n = e.n();
    const std::span<const Dom> dom = e.domains();
    const auto w = [&](int id) {
        if constexpr (Weighted) return weights[static_cast<std::size_t>(id)];
        else return std::uint64_t{1};
    };
    std::array<std::uint64_t, 64> row_term{}, col_term{};  // first the open cells per line
    for (int r = 0, c = 0; r < n; ++r)
        for (int k = 0; k < n; ++k, ++c)
            if ((dom[c] & (dom[c] - 1)) != 0) {  // open (domains are never empty here)
                ++row_term[r];
                ++col_term[k];
            }
    for (int i = 0; i < n; ++i) {
        row_term[i] = row_term[i] == 0 ? 0 : w(i) * (row_term[i] - 1);
        col_term[i] = col_term[i] == 0 ? 0 : w(n + i) * (col_term[i] - 1);
    }
    int best = -1;
    std::uint64_t best_size = 1, best_deg = 0;  // ratio +∞
    for (int r = 0, c = 0; r < n; ++r)
        for (int k = 0; k < n; ++k, ++c) {
            const Dom d = dom[c];
            if ((d & (d - 1)) == 0) continue;
            std::uint64_t deg = row_term[r] + col_term[k];
            if (const CellArcs& arcs = e.arcs(c); arcs.any()) {
                for (const Arc& a : arcs.greater_arcs())
                    if (!is_singleton(dom[a.cell])) deg += w(a.constraint);
                for (const Arc& a : arcs.smaller_arcs())
                    if (!is_singleton(dom[a.cell])) deg += w(a.constraint);
            }
            if (deg == 0) deg = 1;  // cannot happen under alldiff propagation; keeps the ratio finite
            // An open cell has ≥ 2 values: if even 2/deg is no better, skip counting them.
            if (best >= 0 && 2 * best_deg >= best_size * deg) continue;
            const auto s = static_cast<std::uint64_t>(size(d));
            if (best < 0 || s * best_deg < best_size * deg) {
                best = c;
                best_size = s;
                best_deg = deg;
            }
        }
    return best;
}

}  // namespace

int select_var(const Engine& engine, VarOrder order, std::span<const std::uint64_t> weights) {
    switch (order) {
        case VarOrder::static_order: return first_unassigned(engine);
        case VarOrder::mrv: return smallest_domain(engine);
        case VarOrder::domdeg: return smallest_ratio<false>(engine, {});
        // (no weights yet: all 1, as dom/deg — the old degree() read them the same way)
        case VarOrder::domwdeg: return weights.empty() ? smallest_ratio<false>(engine, {}) : smallest_ratio<true>(engine, weights);
    }
    return -1;
}

}  // namespace futolab::gac
