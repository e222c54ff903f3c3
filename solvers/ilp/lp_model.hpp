// The 0-1 integer programme of Futoshiki, written in the CPLEX LP file format that CBC reads
// (CoinLpIO). One binary x_r_c_v per cell (r, c) and value v, 1-based, meaning "cell (r, c)
// holds v":
//   cell_r_c:   Σ_v x_r_c_v = 1                 one value per cell
//   row_r_v:    Σ_c x_r_c_v = 1                 each value once per row
//   col_c_v:    Σ_r x_r_c_v = 1                 each value once per column
//   given_r_c:  x_r_c_g = 1                     the givens
//   lt_i:       Σ_v v·x_a_v − Σ_v v·x_b_v ≤ −1  a < b for each relation (the values as sums)
//   nogood_j:   Σ over the ones of solution j ≤ n² − 1   cut off each solution already found
// and a zero objective (a feasibility problem). The formulation of the Brazilian slides the
// mission cites; no chain bounds or other strengthening, so the ILP is measured as it is.
#pragma once

#include "core/puzzle.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace futolab::ilp {

std::string lp_model(const Puzzle& puzzle, const std::vector<std::vector<int>>& nogoods);

// The same text, built while `expired()` (asked once per row of the board and per no-good:
// 3n + |no-goods| calls) stays false; nullopt once it turns true. A 64x64 model is 786 432
// terms, tens of milliseconds: a run with a short time limit must not overrun it (issue #45).
std::optional<std::string> lp_model_until(const Puzzle& puzzle, const std::vector<std::vector<int>>& nogoods,
                                          const std::function<bool()>& expired);

}  // namespace futolab::ilp
