#include "critical/objective.hpp"

#include "core/error.hpp"

namespace futolab::critical {

Objective objective_from_name(const std::string& name) { return value_in(kObjectives, name, "objective"); }

std::string objective_name(Objective objective) { return std::string(name_in(kObjectives, objective)); }

Weights objective_weights(Objective objective) {
    if (objective == Objective::two_h_three_k) return {2, 3};
    return {1, 1};  // k and h use one kind only, so unit weights count that kind
}

ClueUse objective_use(Objective objective, ClueUse use) {
    if (objective == Objective::k_only) return ClueUse::relations;
    if (objective == Objective::h_only) return ClueUse::numbers;
    return use;
}

int weighted_cost(const ClueCounts& counts, Weights w) { return w.number * counts.h + w.relation * counts.k; }

}  // namespace futolab::critical
