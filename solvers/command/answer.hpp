// What a command prints on stdout, parsed as untrusted text (a pure function). The grammar,
// line by line (a trailing CR and trailing spaces are ignored):
//   SOLUTION <grid>   one solution; <grid> is futolab's solution text, n rows separated by
//                     '/', n values 1..n each separated by spaces: SOLUTION 2 1/1 2
//   UNSAT             the tool proved that there is no solution
//   COUNT <N>         the number of solutions the tool counted (decimal digits, at most 2^63-1)
//   anything else     ignored (logs, statistics: a counter's regex reads those lines)
// A line whose first word is SOLUTION, UNSAT or COUNT must be one of the three forms exactly;
// UNSAT and COUNT at most once each. An answer needs at least one of the three. Whether the
// answer fits the puzzle and the mode (grids that solve it, a count that its grids support)
// is verdict.hpp's business.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::command {

struct Answer {
    std::vector<std::string> solutions;  // the grid texts, in the order printed
    bool unsat = false;
    std::optional<std::uint64_t> count;
    std::string error;  // non-empty: why the output is not an answer (the rest is then empty)
};

Answer parse_answer(std::string_view text);

}  // namespace futolab::command
