#include "solvers/gac/enumerate.hpp"

namespace futolab::gac {
namespace {

std::vector<int> values_of(const Engine& e) {
    std::vector<int> sq(static_cast<std::size_t>(e.cells()));
    for (int c = 0; c < e.cells(); ++c) sq[static_cast<std::size_t>(c)] = lowest(e.dom(c)) + 1;
    return sq;
}

// Below the engine's propagated state: the open cell with the fewest values first, the
// preferred value first (then the others in increasing order). True: `visit` said stop.
bool descend(Engine& e, const std::vector<int>& prefer, std::uint64_t& nodes, const SearchKernel::Visit& visit) {
    int x = -1, fewest = 65;
    for (int c = 0; c < e.cells(); ++c) {
        const int s = size(e.dom(c));
        if (s > 1 && s < fewest) fewest = s, x = c;
    }
    if (x < 0) return visit(values_of(e));
    auto branch = [&](int index) {
        ++nodes;
        const std::size_t mark = e.mark();
        e.assign(x, index);
        const bool stop = e.propagate() && descend(e, prefer, nodes, visit);
        e.undo(mark);
        return stop;
    };
    Dom d = e.dom(x);
    const int own = prefer.empty() ? -1 : prefer[static_cast<std::size_t>(x)] - 1;
    if (own >= 0 && has(d, own)) {
        if (branch(own)) return true;
        d &= ~bit(own);
    }
    for (; d != 0; d &= d - 1)
        if (branch(lowest(d))) return true;
    return false;
}

}  // namespace

bool enumerate_solutions(const Puzzle& puzzle, Alldiff alldiff, const std::vector<int>& prefer, std::uint64_t& nodes,
                         const SearchKernel::Visit& visit) {
    Counters counters;
    Engine e(puzzle, alldiff, counters);
    if (!e.root()) return false;
    e.leave_root();
    descend(e, prefer, nodes, visit);
    return true;
}

}  // namespace futolab::gac
