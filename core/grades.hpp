// The difficulty grades of a puzzle (generators/grade.hpp grades; docs/generators.md), written
// once: each with its name (the CSV `grade` cell, `futolab grade`, `--grade`, `grade=`) and
// whether a generator can aim at it. A grade added here reaches the CSV writer, the CLI and
// YAML choices, `futolab list` and analysis.
#pragma once

#include "core/vocabulary.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace futolab {

// Weakest propagation level that solves the puzzle without search (fc, ac, gac), else search;
// a puzzle that is not uniquely solvable is multiple or unsat.
enum class Grade { fc, ac, gac, search, multiple, unsat };

struct GradeWord {
    Grade value;
    std::string_view name;
    bool target;  // a uniquely solvable puzzle can have it, so a generator can aim at it
};

inline constexpr std::array<GradeWord, 6> kGrades{{
    // value          name        target
    {Grade::fc,       "fc",       true},
    {Grade::ac,       "ac",       true},
    {Grade::gac,      "gac",      true},
    {Grade::search,   "search",   true},
    {Grade::multiple, "multiple", false},
    {Grade::unsat,    "unsat",    false},
}};

std::string_view grade_name(Grade grade);
// The grades a generator can aim at (`generate --grade`, the method option `grade=`, the YAML
// key `generate.grade`), in table order.
const std::vector<GradeWord>& target_grades();
// The grade a CSV cell names (any grade); nullopt for a name not in the table.
std::optional<Grade> grade_named(std::string_view name);

}  // namespace futolab
