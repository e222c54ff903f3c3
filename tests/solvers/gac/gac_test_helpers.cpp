#include "gac_test_helpers.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <numeric>

namespace futolab::gac::test {
namespace {

bool in(std::uint64_t d, int v) { return (d >> v) & 1; }

std::vector<int> shuffled(std::mt19937_64& rng, int n) {
    std::vector<int> p(static_cast<std::size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    for (int i = n - 1; i > 0; --i) std::swap(p[i], p[rng() % static_cast<std::uint64_t>(i + 1)]);
    return p;
}

struct Counter {
    const Puzzle& p;
    std::uint64_t limit;
    std::vector<int> grid;
    std::uint64_t found = 0;

    bool fits(int cell, int v) const {
        const int n = p.n(), r = cell / n, c = cell % n;
        if (p.given(cell) != 0 && p.given(cell) != v) return false;
        for (int i = 0; i < c; ++i)
            if (grid[r * n + i] == v) return false;
        for (int i = 0; i < r; ++i)
            if (grid[i * n + c] == v) return false;
        for (const auto other : p.links(cell).greater_cells())
            if (other < cell && grid[other] <= v) return false;
        for (const auto other : p.links(cell).smaller_cells())
            if (other < cell && grid[other] >= v) return false;
        return true;
    }
    void run(int cell) {
        if (cell == p.cells()) {
            ++found;
            return;
        }
        for (int v = 1; v <= p.n() && (limit == 0 || found < limit); ++v)
            if (fits(cell, v)) {
                grid[cell] = v;
                run(cell + 1);
                grid[cell] = 0;
            }
    }
};

// Values of each cell of `cells` that appear in some permutation allowed by d.
bool line_gac(const std::vector<int>& cells, Domains& d) {
    const int n = static_cast<int>(cells.size());
    std::vector<int> perm(static_cast<std::size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    Domains support(cells.size(), 0);
    do {
        bool ok = true;
        for (int i = 0; i < n && ok; ++i) ok = in(d[cells[i]], perm[i]);
        if (ok)
            for (int i = 0; i < n; ++i) support[i] |= std::uint64_t{1} << perm[i];
    } while (std::next_permutation(perm.begin(), perm.end()));
    bool changed = false;
    for (int i = 0; i < n; ++i) {
        changed = changed || support[i] != d[cells[i]];
        d[cells[i]] = support[i];
    }
    return changed;
}

// The third alldifferent of the Latin cube for value v: the rows that hold v take distinct
// columns. As a line whose "cells" are the rows and whose "values" are the columns (row r may
// take column c iff v is in cell (r, c)), made GAC by line_gac, then written back.
bool plane_gac(int n, int v, Domains& d) {
    Domains plane(static_cast<std::size_t>(n), 0);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            if (in(d[r * n + c], v)) plane[r] |= std::uint64_t{1} << c;
    std::vector<int> rows(static_cast<std::size_t>(n));
    std::iota(rows.begin(), rows.end(), 0);
    if (!line_gac(rows, plane)) return false;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            if (!in(plane[r], c)) d[r * n + c] &= ~(std::uint64_t{1} << v);
    return true;
}

// Arc consistency of every pairwise ≠ in the line: a value needs a different value in each peer.
bool line_ac(const std::vector<int>& cells, Domains& d) {
    bool changed = false;
    for (const int x : cells)
        for (const int y : cells)
            if (x != y)
                for (int a = 0; a < 64; ++a)
                    if (in(d[x], a) && (d[y] & ~(std::uint64_t{1} << a)) == 0) {
                        d[x] &= ~(std::uint64_t{1} << a);
                        changed = true;
                    }
    return changed;
}

bool relation_ac(const Relation& rel, Domains& d) {
    std::uint64_t lo = 0, hi = 0;
    for (int a = 0; a < 64; ++a)
        for (int b = a + 1; b < 64; ++b)
            if (in(d[rel.lo], a) && in(d[rel.hi], b)) {
                lo |= std::uint64_t{1} << a;
                hi |= std::uint64_t{1} << b;
            }
    const bool changed = lo != d[rel.lo] || hi != d[rel.hi];
    d[rel.lo] = lo;
    d[rel.hi] = hi;
    return changed;
}

// The hidden-single rule on one line, from its statement: a value in no cell of the line is a
// failure (returns nullopt); a value in exactly one cell makes that cell take it. Returns
// whether a domain changed.
std::optional<bool> line_hidden(const std::vector<int>& cells, Domains& d) {
    bool changed = false;
    for (int v = 0; v < static_cast<int>(cells.size()); ++v) {
        int places = 0, where = -1;
        for (const int x : cells)
            if (in(d[x], v)) {
                ++places;
                where = x;
            }
        if (places == 0) return std::nullopt;
        if (places == 1 && d[where] != std::uint64_t{1} << v) {
            d[where] = std::uint64_t{1} << v;
            changed = true;
        }
    }
    return changed;
}

std::vector<std::vector<int>> lines(int n) {
    std::vector<std::vector<int>> out;
    for (int r = 0; r < n; ++r) {
        out.emplace_back();
        for (int c = 0; c < n; ++c) out.back().push_back(r * n + c);
    }
    for (int c = 0; c < n; ++c) {
        out.emplace_back();
        for (int r = 0; r < n; ++r) out.back().push_back(r * n + c);
    }
    return out;
}

}  // namespace

std::vector<int> random_latin_square(std::mt19937_64& rng, int n) {
    const auto rows = shuffled(rng, n), cols = shuffled(rng, n), symbols = shuffled(rng, n);
    std::vector<int> grid(static_cast<std::size_t>(n * n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) grid[rows[r] * n + cols[c]] = symbols[(r + c) % n] + 1;
    return grid;
}

Instance make_instance(int n, const std::vector<std::vector<int>>& givens, const std::vector<std::vector<int>>& lt) {
    Instance in;
    in.id = "test";
    in.source = "test";
    in.n = n;
    for (const auto& g : givens) in.givens.push_back({g[0], g[1], g[2], 0, 0});
    for (const auto& l : lt) in.lt.push_back({l[0], l[1], l[2], l[3], 0, 0});
    return in;
}

Puzzle random_puzzle(std::mt19937_64& rng, int n, double p_given, double p_rel, bool noise) {
    std::uniform_real_distribution<double> u(0, 1);
    for (;;) {
        const std::vector<int> sq = random_latin_square(rng, n);
        std::vector<std::vector<int>> givens, lt;
        for (int cell = 0; cell < n * n; ++cell) {
            if (u(rng) >= p_given) continue;
            const int v = noise && u(rng) < 0.1 ? 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(n)) : sq[cell];
            givens.push_back({cell / n, cell % n, v});
        }
        for (int cell = 0; cell < n * n; ++cell)
            for (const int other : {cell + 1, cell + n}) {
                if ((other == cell + 1 && cell % n == n - 1) || other >= n * n || u(rng) >= p_rel) continue;
                const bool flip = noise && u(rng) < 0.1;
                const bool less = (sq[cell] < sq[other]) != flip;
                const int a = less ? cell : other, b = less ? other : cell;
                lt.push_back({a / n, a % n, b / n, b % n});
            }
        try {
            return Puzzle::compile(make_instance(n, givens, lt));
        } catch (const InputError&) {  // a reversed relation closed a cycle: draw again
        }
    }
}

std::uint64_t brute_force_count(const Puzzle& puzzle, std::uint64_t limit) {
    Counter c{puzzle, limit, std::vector<int>(static_cast<std::size_t>(puzzle.cells()), 0)};
    c.run(0);
    return c.found;
}

std::optional<Domains> naive_fixpoint(const Puzzle& puzzle, Domains d, bool alldiff_gac, bool cube) {
    const auto all_lines = lines(puzzle.n());
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& line : all_lines) changed = (alldiff_gac ? line_gac(line, d) : line_ac(line, d)) || changed;
        for (int v = 0; cube && v < puzzle.n(); ++v) changed = plane_gac(puzzle.n(), v, d) || changed;
        for (const Relation& rel : puzzle.relations()) changed = relation_ac(rel, d) || changed;
        for (const std::uint64_t x : d)
            if (x == 0) return std::nullopt;
    }
    return d;
}

std::optional<Domains> naive_light_fixpoint(const Puzzle& puzzle, Domains d) {
    const auto all_lines = lines(puzzle.n());
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& line : all_lines) {
            changed = line_ac(line, d) || changed;
            const std::optional<bool> hidden = line_hidden(line, d);
            if (!hidden) return std::nullopt;
            changed = *hidden || changed;
        }
        for (const Relation& rel : puzzle.relations()) changed = relation_ac(rel, d) || changed;
        for (const std::uint64_t x : d)
            if (x == 0) return std::nullopt;
    }
    return d;
}

std::optional<Domains> naive_light_sac(const Puzzle& puzzle, Domains d) {
    std::optional<Domains> gac = naive_fixpoint(puzzle, std::move(d), true);
    for (bool changed = gac.has_value(); changed;) {
        changed = false;
        for (std::size_t cell = 0; cell < gac->size() && !changed; ++cell)
            for (int v = 0; v < 64 && !changed; ++v) {
                const std::uint64_t value = std::uint64_t{1} << v;
                if (!in((*gac)[cell], v) || (*gac)[cell] == value) continue;
                Domains probe = *gac;
                probe[cell] = value;
                if (naive_light_fixpoint(puzzle, probe)) continue;
                (*gac)[cell] &= ~value;
                gac = naive_fixpoint(puzzle, *gac, true);
                if (!gac) return std::nullopt;
                changed = true;
            }
    }
    return gac;
}

}  // namespace futolab::gac::test
