// Every Latin square of a small order, for the exact critical-set searches (the table of all
// squares, the symmetry classes): 576 at n = 4, 161 280 at n = 5.
#pragma once

#include <vector>

namespace futolab {

// Every Latin square of order n (row-major), in lexicographic order. n ≤ 5.
std::vector<std::vector<int>> all_latin_squares(int n);

}  // namespace futolab
