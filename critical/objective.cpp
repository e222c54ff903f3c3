#include "critical/objective.hpp"

#include "core/error.hpp"

namespace futolab::critical {

const std::vector<ObjectiveWord>& search_objectives() {
    static const std::vector<ObjectiveWord> words = rows_where(kObjectives, [](const ObjectiveWord& w) { return w.search; });
    return words;
}

const std::vector<ObjectiveWord>& exact_objectives() {
    static const std::vector<ObjectiveWord> words = rows_where(kObjectives, [](const ObjectiveWord& w) { return w.exact; });
    return words;
}

const std::vector<ObjectiveWord>& square_objectives() {
    static const std::vector<ObjectiveWord> words =
        rows_where(kObjectives, [](const ObjectiveWord& w) { return w.exact && w.value != Objective::frontier; });
    return words;
}

Objective objective_from_name(const std::string& name) { return value_in(search_objectives(), name, "objective"); }

std::string objective_name(Objective objective) { return std::string(name_in(kObjectives, objective)); }

Weights objective_weights(Objective objective) {
    const ObjectiveWord* w = row_of(kObjectives, objective);
    return w ? w->weights : Weights{};  // every value has a row (tested)
}

ClueUse objective_use(Objective objective, ClueUse use) {
    if (objective == Objective::k_only) return ClueUse::relations;
    if (objective == Objective::h_only) return ClueUse::numbers;
    return use;
}

int weighted_cost(const ClueCounts& counts, Weights w) { return w.number * counts.h + w.relation * counts.k; }

}  // namespace futolab::critical
