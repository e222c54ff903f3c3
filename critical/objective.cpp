#include "critical/objective.hpp"

#include "core/error.hpp"

namespace futolab::critical {

Objective objective_from_name(const std::string& name) {
    if (name == "greedy") return Objective::greedy;
    if (name == "h+k") return Objective::h_plus_k;
    if (name == "2h+3k") return Objective::two_h_three_k;
    if (name == "k") return Objective::k_only;
    if (name == "h") return Objective::h_only;
    throw InputError("--objective must be greedy, h+k, 2h+3k, k or h, got '" + name + "'");
}

std::string objective_name(Objective objective) {
    switch (objective) {
        case Objective::greedy: return "greedy";
        case Objective::h_plus_k: return "h+k";
        case Objective::two_h_three_k: return "2h+3k";
        case Objective::k_only: return "k";
        case Objective::h_only: return "h";
    }
    return "greedy";
}

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
