// Solved squares: checking and parsing a given square, a square as an instance and back, the
// cyclic square. (Random squares: random.hpp; all squares: enumerate.hpp; symmetry classes:
// symmetry.hpp.)
#pragma once

#include "core/instance.hpp"

#include <string>
#include <vector>

namespace futolab {

// True if `square` (row-major n*n) is a Latin square on 1..n.
bool is_latin_square(int n, const std::vector<int>& square);

// "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4" (SPEC §5 solution text) → n and the square. Throws
// InputError (naming `source`) if the text is malformed or not a Latin square.
std::vector<int> parse_square(const std::string& text, int& n, const std::string& source = "--square");

// The square as an instance: all n² cells given, no relations, `solution` = the square.
Instance square_instance(int n, const std::vector<int>& square);

// The solved square of an instance: its `solution` if it has one (checked to be a Latin
// square that solves it), else its unique solution (gac, count to 2). Throws InputError
// naming the instance if there is neither.
std::vector<int> solved_square(const Instance& in);

// L(r, c) = (r + c) mod n + 1.
std::vector<int> cyclic_square(int n);

}  // namespace futolab
