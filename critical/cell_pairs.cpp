#include "critical/cell_pairs.hpp"

#include <algorithm>

namespace futolab::critical {

std::vector<CellPair> adjacent_pairs(int n) {
    std::vector<CellPair> pairs;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < n; ++c) pairs.push_back({r * n + c, r * n + c + 1});
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c < n; ++c) pairs.push_back({r * n + c, (r + 1) * n + c});
    return pairs;
}

int relation_count(const Orientation& o) {
    return static_cast<int>(std::count_if(o.begin(), o.end(), [](std::int8_t d) { return d != 0; }));
}

}  // namespace futolab::critical
