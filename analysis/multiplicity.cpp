#include "analysis/multiplicity.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace futolab {

std::vector<double> holm_adjust(const std::vector<double>& p) {
    std::vector<std::size_t> order;  // the tests that were made, smallest p first
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!std::isnan(p[i])) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> adjusted(p.size(), std::nan(""));
    const double m = static_cast<double>(order.size());
    double running = 0;  // the max over the smaller p's keeps the adjusted values monotone
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        running = std::max(running, std::min(1.0, (m - static_cast<double>(rank)) * p[order[rank]]));
        adjusted[order[rank]] = running;
    }
    return adjusted;
}

}  // namespace futolab
