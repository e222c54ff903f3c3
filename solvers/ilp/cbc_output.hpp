// What CBC writes, parsed as untrusted text (pure functions, fuzzed by
// tests/fuzz/cbc_solution_fuzz.cpp).
//
// The solution file of `cbc model.lp solve solu FILE` (CBC 2.10, CbcSolver's "solution" command):
//   Optimal - objective value 0.00000000
//         0 x_1_1_1                1                       0
//   ...
// a status line, then one line per variable: index, name, value, reduced cost. The status line
// begins with "Optimal" (an integer solution satisfying every constraint; the objective is 0)
// or "Infeasible" / "Integer infeasible" (none); anything else ("Stopped on ...",
// "Unbounded") is an error here. Variables are x_R_C_V (lp_model.hpp); a value must be 0 or 1
// within 1e-6, each cell must get exactly one value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::ilp {

struct CbcSolution {
    bool feasible = false;
    std::vector<int> grid;  // row-major n*n values when feasible
    std::string error;      // non-empty: why the file is not a valid answer
};

CbcSolution parse_cbc_solution(std::string_view text, int n);

// CBC's log on stdout: the branch-and-bound nodes of its "Enumerated nodes: N" summary line;
// 0 if presolve or preprocessing proved the problem infeasible ("Problem is infeasible",
// "Pre-processing says infeasible": no branch and bound); nullopt if none of these is there.
std::optional<std::uint64_t> parse_cbc_nodes(std::string_view log);

// The nodes of the runs so far and of one more (parse_cbc_nodes): their sum, or nullopt (unknown,
// an empty counter) if either is unknown or the sum is past 2^64-1. A count that wraps would be
// a small number of nodes no run made; one that saturates, a count no run made either.
std::optional<std::uint64_t> add_cbc_nodes(std::optional<std::uint64_t> total, std::optional<std::uint64_t> run);

}  // namespace futolab::ilp
