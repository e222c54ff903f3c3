#include "core/puzzle.hpp"

#include "core/instance.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/relation_graph.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <stdexcept>

namespace futolab {
namespace {

SourceLoc loc_of(const Instance& in, int line, int column) {
    return {in.source, line > 0 ? line : in.line, line > 0 ? column : 0};
}

std::string cell1(int r, int c) { return fmt::format("({},{})", r + 1, c + 1); }

void check_size(const Instance& in) {
    if (in.n < kMinSize || in.n > kMaxSize)
        throw_input_error(loc_of(in, 0, 0),
                          fmt::format("size n={} is out of range {}..{}", in.n, kMinSize, kMaxSize));
}

bool on_board(int n, int r, int c) { return r >= 0 && r < n && c >= 0 && c < n; }

std::vector<int> check_givens(const Instance& in) {
    const int n = in.n;
    std::vector<int> grid(static_cast<std::size_t>(n * n), 0);
    for (const Given& g : in.givens) {
        const SourceLoc loc = loc_of(in, g.line, g.column);
        if (!on_board(n, g.row, g.col))
            throw_input_error(loc, fmt::format("cell {} is outside the {}x{} board", cell1(g.row, g.col), n, n));
        if (g.value < 1 || g.value > n)
            throw_input_error(loc, fmt::format("value {} at {} is out of range 1..{}", g.value, cell1(g.row, g.col), n));
        int& slot = grid[g.row * n + g.col];
        if (slot != 0) throw_input_error(loc, fmt::format("cell {} is given twice", cell1(g.row, g.col)));
        slot = g.value;
    }
    return grid;
}

Relation check_relation(const Instance& in, const LessThan& r) {
    const int n = in.n;
    const SourceLoc loc = loc_of(in, r.line, r.column);
    if (!on_board(n, r.r1, r.c1) || !on_board(n, r.r2, r.c2))
        throw_input_error(loc, fmt::format("relation {} < {} has a cell outside the {}x{} board",
                                           cell1(r.r1, r.c1), cell1(r.r2, r.c2), n, n));
    if (r.r1 == r.r2 && r.c1 == r.c2)
        throw_input_error(loc, fmt::format("relation between cell {} and itself", cell1(r.r1, r.c1)));
    if (std::abs(r.r1 - r.r2) + std::abs(r.c1 - r.c2) != 1)
        throw_input_error(loc, fmt::format("relation between non-adjacent cells {} and {}",
                                           cell1(r.r1, r.c1), cell1(r.r2, r.c2)));
    return {r.r1 * n + r.c1, r.r2 * n + r.c2};
}

std::vector<Relation> check_relations(const Instance& in) {
    std::vector<Relation> arcs;
    arcs.reserve(in.lt.size());
    // Per unordered pair of neighbours, the index of its first relation (−1: none), at
    // 2·(upper-left cell) + (0: right neighbour, 1: lower one). A flat table, not a map:
    // critical-set searches compile a puzzle per question, and the map's node per relation
    // was a tenth of compile() there (perf, issue #28).
    std::vector<int> seen(2 * static_cast<std::size_t>(in.n) * static_cast<std::size_t>(in.n), -1);
    for (const LessThan& r : in.lt) {
        const Relation rel = check_relation(in, r);
        const auto [a, b] = std::minmax(rel.lo, rel.hi);
        int& first = seen[2 * static_cast<std::size_t>(a) + (b == a + 1 ? 0 : 1)];
        if (first >= 0) {
            const bool same_way = arcs[static_cast<std::size_t>(first)] == rel;
            throw_input_error(loc_of(in, r.line, r.column),
                              same_way ? fmt::format("relation {} < {} is given twice", cell_name(in.n, rel.lo),
                                                     cell_name(in.n, rel.hi))
                                       : fmt::format("cells {} and {} are related both ways",
                                                     cell_name(in.n, rel.lo), cell_name(in.n, rel.hi)));
        }
        first = static_cast<int>(arcs.size());
        arcs.push_back(rel);
    }
    return arcs;
}

void check_acyclic(const Instance& in, const std::vector<Relation>& arcs) {
    const auto cycle = find_cycle(in.n * in.n, arcs);
    if (!cycle) return;
    std::string text = cell_name(in.n, arcs[cycle->front()].lo);
    for (int a : *cycle) text += " < " + cell_name(in.n, arcs[a].hi);
    const LessThan& closing = in.lt[cycle->back()];
    throw_input_error(loc_of(in, closing.line, closing.column), "relations form a cycle: " + text);
}

}  // namespace

Puzzle Puzzle::compile_for_search(const Instance& in) { return compile_model(in); }

void Puzzle::no_canonical() {
    throw std::logic_error("Puzzle: canonical text and hash asked of a puzzle compiled for search only");
}

Puzzle Puzzle::compile_model(const Instance& in) {
    check_size(in);
    Puzzle p;
    p.n_ = in.n;
    p.givens_ = check_givens(in);
    p.num_givens_ = static_cast<int>(in.givens.size());
    std::vector<Relation> arcs = check_relations(in);
    std::optional<ChainLengths> chains = chain_lengths(p.cells(), arcs);
    if (!chains) {
        check_acyclic(in, arcs);  // throws, naming the cycle
        throw std::logic_error("relation graph: a topological sort failed on an acyclic graph");
    }
    p.chain_below_ = std::move(chains->below);
    p.chain_above_ = std::move(chains->above);
    p.links_.assign(static_cast<std::size_t>(p.cells()), CellLinks{});
    for (const Relation& r : arcs) {
        CellLinks& lo = p.links_[r.lo];
        CellLinks& hi = p.links_[r.hi];
        lo.greater[lo.n_greater++] = static_cast<std::int16_t>(r.hi);
        hi.smaller[hi.n_smaller++] = static_cast<std::int16_t>(r.lo);
    }
    std::sort(arcs.begin(), arcs.end());
    p.relations_ = std::move(arcs);
    p.id_ = in.id;
    return p;
}

Puzzle Puzzle::compile(const Instance& in) {
    Puzzle p = compile_model(in);
    // Formatted in place (no temporary string per clue; formats parsed at compile time), ~12
    // characters per clue reserved.
    p.canonical_.reserve(40 + 12 * (static_cast<std::size_t>(p.num_givens_) + p.relations_.size()));
    auto out = std::back_inserter(p.canonical_);
    fmt::format_to(out, FMT_COMPILE("futolab-canonical-v1;n={};givens="), p.n_);
    for (int cell = 0; cell < p.cells(); ++cell)
        if (p.givens_[cell] != 0) fmt::format_to(out, FMT_COMPILE("{}:{},"), cell, p.givens_[cell]);
    p.canonical_ += ";lt=";
    for (const Relation& r : p.relations_) fmt::format_to(out, FMT_COMPILE("{}<{},"), r.lo, r.hi);
    p.hash_ = fmt::format("{:016x}", fnv1a64(p.canonical_));
    p.has_canonical_ = true;
    return p;
}

Puzzle Puzzle::with_hash_of(std::string_view more) const {
    Puzzle p = *this;
    p.hash_ = fmt::format("{:016x}", fnv1a64(canonical() + ";" + std::string(more)));
    return p;
}

Instance Puzzle::to_instance() const {
    Instance out;
    out.id = id_;
    out.n = n_;
    for (int cell = 0; cell < cells(); ++cell)
        if (givens_[cell] != 0) out.givens.push_back({cell / n_, cell % n_, givens_[cell]});
    for (const Relation& r : relations_)
        out.lt.push_back({r.lo / n_, r.lo % n_, r.hi / n_, r.hi % n_});
    return out;
}

}  // namespace futolab
