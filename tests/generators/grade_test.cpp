// Difficulty grades: one small puzzle per level, each shown to need exactly that level (the
// weaker levels leave some cell open), plus the non-unique grades and name round trips.
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "generators/grade.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

namespace futolab {
namespace {

Puzzle futo(const std::string& text) { return Puzzle::compile(parse_instances(text, "test.futo", Format::futo).at(0)); }

// 1234/2341/3412/4123 with the diagonal erased: every open cell is the last one of its row.
const char* const kSingles = ". 2 3 4\n"
                             ". . . .\n"
                             "2 . 4 1\n"
                             ". . . .\n"
                             "3 4 . 2\n"
                             ". . . .\n"
                             "4 1 2 .\n";

// No givens, one relation: no cell is ever a singleton, so singles do nothing; bounds on
// (1,1) < (1,2) fix both cells, and then ≠ fixes the second row.
const char* const kArc = ". < .\n"
                         ". .\n"
                         ". .\n";

// Numbers only (so AC is no stronger than singles), and no cell is ever down to one value;
// Régin's alldifferent finds hidden singles (a value with one place left in a row/column).
// Found by `futolab generate unique --n 5 --use numbers --grade gac --seed 1`.
const char* const kGeneralised = ". 4 5 . .\n"
                                 ". . . . .\n"
                                 ". . 4 . 2\n"
                                 ". . . . .\n"
                                 ". 3 . 1 .\n"
                                 ". . . . .\n"
                                 "3 . . . .\n"
                                 ". . . . .\n"
                                 ". . . . .\n";

// Unique (1234/4321/3142/2413) but gac must branch.
// Found by `futolab generate unique --n 4 --grade search --seed 1`.
const char* const kSearch = ". < . 3 4\n"
                            ". . . .\n"
                            ". . . > .\n"
                            "v . . .\n"
                            ". . . .\n"
                            ". . v ^\n"
                            ". . . .\n";

}  // namespace

TEST_CASE("Singles solve the singles puzzle", "[grade]") {
    const Puzzle p = futo(kSingles);
    CHECK(solved_by_singles(p));
    Grader g;
    const GradeResult r = g.grade(p);
    CHECK(r.grade == Grade::fc);
    CHECK(r.gac_nodes == 0);
}

TEST_CASE("The arc puzzle needs bounds on the relation", "[grade]") {
    const Puzzle p = futo(kArc);
    CHECK_FALSE(solved_by_singles(p));
    CHECK(solved_by_arc_consistency(p));
    Grader g;
    CHECK(g.grade(p).grade == Grade::ac);
}

TEST_CASE("The gac puzzle needs alldifferent reasoning", "[grade]") {
    const Puzzle p = futo(kGeneralised);
    CHECK_FALSE(solved_by_singles(p));
    CHECK_FALSE(solved_by_arc_consistency(p));
    Grader g;
    const GradeResult r = g.grade(p);
    CHECK(r.grade == Grade::gac);
    CHECK(r.gac_nodes == 0);
}

TEST_CASE("The search puzzle needs branching", "[grade]") {
    const Puzzle p = futo(kSearch);
    CHECK_FALSE(solved_by_arc_consistency(p));
    Grader g;
    const GradeResult r = g.grade(p);
    CHECK(r.grade == Grade::search);
    CHECK(r.gac_nodes > 0);
}

TEST_CASE("Puzzles that are not uniquely solvable are graded multiple or unsat", "[grade]") {
    Grader g;
    CHECK(g.grade(futo(". .\n. .\n. .\n")).grade == Grade::multiple);
    CHECK(g.grade(futo("1 1\n. .\n. .\n")).grade == Grade::unsat);
}

TEST_CASE("Grade names round-trip and only the four levels are targets", "[grade]") {
    // The CLI and the config read a target grade as value_in(target_grades(), …) does.
    for (Grade x : {Grade::fc, Grade::ac, Grade::gac, Grade::search})
        CHECK(value_in(target_grades(), grade_name(x), "grade") == x);
    CHECK_THROWS_AS(value_in(target_grades(), "multiple", "grade"), InputError);
    CHECK_THROWS_AS(value_in(target_grades(), "hard", "grade"), InputError);
}

// The grade is a fixed propagation level: every option of the gac spec it runs is named, so
// a change of gac's defaults cannot move a puzzle from one grade to another.
TEST_CASE("the gac grade names every option of its spec", "[grade]") {
    const SolverSpec spec = parse_solver_spec(kGacGradeSpec);
    CHECK(spec.name == "gac");
    CHECK(spec.given.size() == spec.options.size());
    CHECK(spec.given == spec.options);
}

}  // namespace futolab
