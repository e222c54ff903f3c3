// The solutions an external tool printed, taken in as untrusted text: each must be a grid in
// futolab's solution text ("2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4": n rows separated by '/', n
// values 1..n each, separated by spaces), must solve the puzzle (core/verify.hpp) and must
// differ from every solution before it. So a tool's count is never taken on trust: a wrong or
// repeated solution is an error naming why (run_solver verifies the first one again).
#pragma once

#include "core/puzzle.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace futolab::external {

// The n*n values of a solution text, row-major, or why it is not one (a pure parser: fuzzed).
struct ParsedGrid {
    std::vector<int> values;
    std::string error;  // empty if values holds the grid
};
ParsedGrid parse_grid(std::string_view text, int n);

class SolutionCollector {
public:
    explicit SolutionCollector(const Puzzle& puzzle) : puzzle_(puzzle) {}
    explicit SolutionCollector(Puzzle&&) = delete;  // it keeps a reference: no temporaries

    // Takes in one printed solution. Returns why it is rejected (malformed, wrong, repeated),
    // or nullopt if it was accepted.
    std::optional<std::string> add(std::string_view text);
    // Takes in a grid already parsed (the ILP backend decodes CBC's variables).
    std::optional<std::string> add(std::vector<int> grid);

    std::uint64_t count() const { return count_; }
    const std::vector<int>& first() const { return first_; }

private:
    const Puzzle& puzzle_;
    std::uint64_t count_ = 0;
    std::vector<int> first_;
    std::unordered_set<std::string> seen_;  // each solution as n*n bytes
};

}  // namespace futolab::external
