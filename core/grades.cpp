#include "core/grades.hpp"

namespace futolab {

std::string_view grade_name(Grade grade) { return name_in(kGrades, grade); }

const std::vector<GradeWord>& target_grades() {
    static const std::vector<GradeWord> targets = rows_where(kGrades, [](const GradeWord& w) { return w.target; });
    return targets;
}


std::optional<Grade> grade_named(std::string_view name) {
    const GradeWord* w = row_named(kGrades, name);
    return w ? std::optional<Grade>(w->value) : std::nullopt;
}

}  // namespace futolab
