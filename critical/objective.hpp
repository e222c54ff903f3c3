// What a critical-set search minimises (--objective). Each objective is a weight per number
// clue and per relation clue, plus the clue kinds it may use:
//   greedy  one greedy pass, no search (weights 1, 1: ties broken at random)
//   h+k     clue count                     2h+3k  the bound's weights (issue #4)
//   k       relations only (h = 0)         h      numbers only (k = 0)
#pragma once

#include "core/vocabulary.hpp"
#include "critical/clue_universe.hpp"

#include <cstdint>
#include <string>

namespace futolab::critical {

enum class Objective { greedy, h_plus_k, two_h_three_k, k_only, h_only };
inline constexpr Vocabulary<Objective, 5> kObjectives{{{Objective::greedy, "greedy"}, {Objective::h_plus_k, "h+k"},
                                                       {Objective::two_h_three_k, "2h+3k"}, {Objective::k_only, "k"},
                                                       {Objective::h_only, "h"}}};

Objective objective_from_name(const std::string& name);  // throws InputError
std::string objective_name(Objective objective);

struct Weights {
    int number = 1, relation = 1;
};
Weights objective_weights(Objective objective);

// Greedy passes when neither an iteration count nor a time bound is given: one for greedy,
// else 200 (the default of `futolab critical` and of the YAML method `critical`).
constexpr std::uint64_t default_iterations(Objective objective) { return objective == Objective::greedy ? 1 : 200; }

// The clue kinds an objective may use: `k` forces relations, `h` numbers, the others keep `use`.
ClueUse objective_use(Objective objective, ClueUse use);

int weighted_cost(const ClueCounts& counts, Weights w);

}  // namespace futolab::critical
