// Independent check of a candidate solution: a Latin square that agrees with every given and
// every relation (SPEC §1). Used on every solution a solver returns before it is printed.
#pragma once

#include "core/error.hpp"
#include "core/puzzle.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace futolab {

// nullopt if `grid` (row-major, n*n values) solves the puzzle, else why not (one line).
std::optional<std::string> verify_solution(const Puzzle& puzzle, std::span<const int> grid);

// "2 1 4 3/4 2 3 1/..." (SPEC §5) and back. One reader for every grid text (check --solution,
// critical --square, a CSV's solution cell): rows separated by '/' (none after the last),
// values by spaces, each in plain digits (a sign, "-0" too, is refused as typed: red-team round
// 27, C F8); an InputError names the row. from_text wants n rows of n values;
// square_from_text takes n from the number of rows (values are checked by the caller).
std::string solution_to_text(int n, std::span<const int> grid);
std::vector<int> solution_from_text(int n, const std::string& text, const SourceLoc& loc);
std::vector<int> square_from_text(const std::string& text, int& n, const SourceLoc& loc);

}  // namespace futolab
