// The difficulty grade of a puzzle: the weakest propagation level that solves it without
// search, plus the node count of kGacGradeSpec deciding uniqueness (count to 2) as a finer,
// secondary measure. Levels, weakest first (docs/generators.md):
//   fc     — singles: a cell with one value left is assigned; its value is removed from its
//            row, column and (for relations) the values on the wrong side from its related
//            neighbours; repeated to a fixpoint.
//   ac     — binary arc consistency (AC-3) over the pairwise ≠ constraints and the relations
//            (bounds: a < b removes from b everything ≤ min(a) and from a everything ≥ max(b)).
//   gac    — GAC at the root (Régin alldifferent + relation bounds + chain bounds +
//            hidden singles; kGacGradeSpec) solves it: count-to-2 finishes with 0 nodes.
//   search — anything harder.
// Puzzles that are not uniquely solvable get the grade `multiple` or `unsat`.
#pragma once

#include "core/grades.hpp"
#include "core/puzzle.hpp"
#include "solvers/solver.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>

namespace futolab {

class CountOracle;

// The grades themselves (names, which a generator can aim at): core/grades.hpp.

// The `gac` level and the secondary node count, pinned: every option of gac is named (its
// defaults of 2026-11), so a grade and a gac_nodes figure keep their meaning when the backend's
// defaults are tuned. At the root this is plain GAC: the adaptive probing and the cube start
// only after sac_after fails.
inline constexpr std::string_view kGacGradeSpec =
    "gac:adapt=yes,alldiff=regin,branch=dway,cube=sac,restart_base=100,restarts=none,root=planes,sac=all,"
    "sac_after=5,sac_incremental=no,sac_probe=light,sac_restart=yes,sac_size=0,sac_sweeps=1,val=min,var=mrv";

struct GradeResult {
    Grade grade = Grade::search;
    std::uint64_t gac_nodes = 0;  // nodes of kGacGradeSpec's count-to-2
};

// The propagation levels alone (no solver): true if propagating at that level to a fixpoint
// leaves every cell with exactly one value. Exposed for tests.
bool solved_by_singles(const Puzzle& puzzle);
bool solved_by_arc_consistency(const Puzzle& puzzle);

// Grades with a caller-owned `gac` solver (reused across calls, as generators do). `stop` (may
// be null): the outside stop (Limits::stop), polled by every count; once set, grade() and
// count_to_two() throw OracleStopped (solvers/run/oracle.hpp), and so does a generator asking.
class Grader {
public:
    explicit Grader(const std::atomic<bool>* stop = nullptr);
    ~Grader();
    Grader(const Grader&) = delete;
    Grader& operator=(const Grader&) = delete;

    GradeResult grade(const Puzzle& puzzle);
    // Count to 2 with the same solver: is the puzzle uniquely solvable? nodes_out (optional)
    // receives the node count.
    Status count_to_two(const Puzzle& puzzle, std::uint64_t* nodes_out = nullptr);

private:
    std::unique_ptr<CountOracle> oracle_;  // kGacGradeSpec, solvers/run/oracle.hpp
};

}  // namespace futolab
