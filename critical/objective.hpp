// What a critical-set search minimises (--objective, the methods' objective=): one table for
// the greedy/iterated search (critical_set_of) and the exact search (critical/exact/exact.hpp). Each
// objective is a weight per number clue and per relation clue, plus the clue kinds it may use:
//   greedy    one greedy pass, no search (weights 1, 1: ties broken at random); search only
//   h+k       clue count                     2h+3k  the bound's weights (issue #4)
//   k         relations only (h = 0)         h      numbers only (k = 0)
//   frontier  for every h_max the minimum k over sets with h <= h_max; exact search only
#pragma once

#include "core/vocabulary.hpp"
#include "critical/clue_universe.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

enum class Objective { greedy, h_plus_k, two_h_three_k, k_only, h_only, frontier };

struct Weights {
    int number = 1, relation = 1;
};

struct ObjectiveWord {
    Objective value;
    std::string_view name;
    Weights weights;  // per number clue, per relation clue (k and h: unit weights on one kind)
    bool search;      // the greedy/iterated search minimises it (`futolab critical`, method critical)
    bool exact;       // the exact search minimises it (`critical --exact`, method exact)
    std::string_view help;
};

inline constexpr std::array<ObjectiveWord, 6> kObjectives{{
    // value                     name        weights  search exact  help
    {Objective::greedy,          "greedy",   {1, 1},  true,  false, "one greedy pass, no search"},
    {Objective::h_plus_k,        "h+k",      {1, 1},  true,  true,  "clue count"},
    {Objective::two_h_three_k,   "2h+3k",    {2, 3},  true,  true,  "the bound's weights"},
    {Objective::k_only,          "k",        {1, 1},  true,  true,  "relations only, h = 0"},
    {Objective::h_only,          "h",        {1, 1},  true,  true,  "numbers only, k = 0"},
    {Objective::frontier,        "frontier", {1, 1},  false, true,  "min k for every h_max; exact only"},
}};

// The objectives each search takes, in table order.
const std::vector<ObjectiveWord>& search_objectives();
const std::vector<ObjectiveWord>& exact_objectives();
// The exact search's objectives for one given square (critical/exact/exact_square.hpp): all
// but frontier.
const std::vector<ObjectiveWord>& square_objectives();

Objective objective_from_name(const std::string& name);  // a search objective; throws InputError
std::string objective_name(Objective objective);

Weights objective_weights(Objective objective);

// Greedy passes when neither an iteration count nor a time bound is given: one for greedy,
// else 200 (the default of `futolab critical` and of the YAML method `critical`).
constexpr std::uint64_t default_iterations(Objective objective) { return objective == Objective::greedy ? 1 : 200; }

// The clue kinds an objective may use: `k` forces relations, `h` numbers, the others keep `use`.
ClueUse objective_use(Objective objective, ClueUse use);

int weighted_cost(const ClueCounts& counts, Weights w);

}  // namespace futolab::critical
