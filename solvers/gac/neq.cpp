#include "solvers/gac/neq.hpp"

namespace futolab::gac {

// Cells of the line are at most 64, so the queue of pending singletons is one word and each
// cell enters it at most once (it stays a singleton or the line fails).
bool ac3_alldiff(std::span<Dom> d, std::uint64_t& checks) {
    const int m = static_cast<int>(d.size());
    std::uint64_t queued = 0, done = 0;
    for (int i = 0; i < m; ++i)
        if (d[i] == 0) return false;
        else if (is_singleton(d[i])) queued |= bit(i);
    while (queued != 0) {
        const int y = lowest(queued);
        queued &= queued - 1;
        done |= bit(y);
        for (int x = 0; x < m; ++x) {
            if (x == y) continue;
            ++checks;
            const Dom before = d[x];
            d[x] = revise_neq(before, d[y]);
            if (d[x] == 0) return false;
            if (d[x] != before && is_singleton(d[x]) && !has(done, x)) queued |= bit(x);
        }
    }
    return true;
}

}  // namespace futolab::gac
