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

// Unassigned cells per row and per column.
struct Free {
    std::array<std::uint64_t, 64> row{}, col{};
};

Free count_free(const Engine& e) {
    Free f;
    for (int c = 0; c < e.cells(); ++c)
        if (!is_singleton(e.dom(c))) {
            ++f.row[c / e.n()];
            ++f.col[c % e.n()];
        }
    return f;
}

// Weighted degree (all weights 1 when `weights` is empty): see branch.hpp.
std::uint64_t degree(const Engine& e, int c, const Free& f, std::span<const std::uint64_t> weights) {
    const int n = e.n(), r = c / n, col = c % n;
    const auto w = [&](int id) { return weights.empty() ? std::uint64_t{1} : weights[id]; };
    std::uint64_t deg = w(r) * (f.row[r] - 1) + w(n + col) * (f.col[col] - 1);
    for (const Arc& a : e.arcs(c).greater_arcs())
        if (!is_singleton(e.dom(a.cell))) deg += w(a.constraint);
    for (const Arc& a : e.arcs(c).smaller_arcs())
        if (!is_singleton(e.dom(a.cell))) deg += w(a.constraint);
    return deg == 0 ? 1 : deg;  // cannot happen under alldiff propagation; keeps the ratio finite
}

// Smallest size/degree: s/d < bs/bd ⇔ s·bd < bs·d.
int smallest_ratio(const Engine& e, std::span<const std::uint64_t> weights) {
    const Free f = count_free(e);
    int best = -1;
    std::uint64_t best_size = 1, best_deg = 0;  // ratio +∞
    for (int c = 0; c < e.cells(); ++c) {
        const Dom d = e.dom(c);
        if (is_singleton(d)) continue;
        const std::uint64_t s = static_cast<std::uint64_t>(size(d)), deg = degree(e, c, f, weights);
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
        case VarOrder::domdeg: return smallest_ratio(engine, {});
        case VarOrder::domwdeg: return smallest_ratio(engine, weights);
    }
    return -1;
}

}  // namespace futolab::gac
