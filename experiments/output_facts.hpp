// What a generate, critical or exact row's `output` record says beyond its counts, side and
// solution (row_facts.hpp), checked by resume and merge against what the run writes or proves
// (issue #45, round 10, finding 2: a given moved to another cell of the same value, a clue
// dropped with h lowered, a forged id or a forged meta.verified_by were resumed, merged and
// exported, and the "unique" puzzle then solved as `multiple`):
//   - its id is the one the task writes for the run (the method, the row's seed and square);
//     it has no key the task does not write;
//   - it carries the row's square as its solution (a generate run that retried for a target
//     grade, or with relations only: the square it drew, which the next point proves);
//   - generate and critical: its puzzle is uniquely solvable, counted to 2 by gac
//     (kGacGradeSpec), and critical: without any one clue it has a second solution. A
//     critical set is so by definition; a generate output too, since the generator's strip
//     pass keeps only clues whose removal breaks uniqueness (generators/unique.hpp) and
//     removing more clues only adds solutions. Asked of gac too: the method's verify backend
//     (Gecode by default) without the search's witnesses took 1.27 s to resume 100 greedy
//     9x9 rows whose runs took 0.29 s;
//   - its meta is what the method writes: every key and no other; what the method, the seed
//     and the clues fix compared exactly (a generate's grade and gac_nodes by grading it
//     again, verified_by the verify backend's label), the search's own figures (attempts,
//     iterations, starts, checks, verified_witnesses) within what the method allows and equal
//     to the row's counters (nodes is the search's checks, or gac_nodes), verified_by one of the
//     labels the method's verify backend writes, and the row's grade the record's.
// Why not run the task again and compare: a critical method with time_ms is not deterministic,
// and a generate with a target grade or a critical search of 200 passes would cost its whole
// search again; this costs one count to 2 per clue, the run's own verification. An exact
// row's minimum would need the whole search: its id, solution and verified_by are checked, its
// class and the search's figures as class_search_facts.hpp holds them;
// an exact-square row's proved minimum is checked through its certificate, where it has one
// (round 13, F2: the certificate's lines checked as its file, its header against the record).
// Only rows of a status that carries a record (TaskInfo::output_statuses: the success status,
// and exact-square's timeout with its bounds, round 13, F1) are checked this far: an error
// row's record is the evidence of its failed verification: verified again by the method's
// backend, it must fail, with the reason the run writes (exhaustive's, exact-sample's and
// exact's are checked as a solved row's, one failing again: order_outputs.hpp); an error row
// without a record is one the sandbox lost (error_rows.hpp). A `multiple` row, which carries
// none, is checked for what it says: gac counts its square with every clue its method may use
// (all its relations, for objective k or use=relations) to 2 (round 14, B F1).
#pragma once

#include "experiments/order_outputs.hpp"
#include "experiments/task_kinds.hpp"
#include "generators/grade.hpp"
#include "generators/latin/symmetry.hpp"
#include "records/csv_reader.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

class OutputFacts {
public:
    // Throws InputError "PATH:LINE:COLUMN: column 'output' is '…', WHY: `refusing`" (or names
    // the grade, nodes or message cell) for row `r` of `t`, a run of `task` by `method` under
    // the config's `limits`. The row's own cells must have passed check_row_facts.
    void check(const CsvTable& t, std::size_t r, const std::string& path, Task task, const Limits& limits,
               const SolverSpec& method, std::string_view refusing);

    struct State {
        Grader grader;  // gac, reused for every count (one solver, as the generator does)
        std::map<std::string, std::vector<std::string>> labels;  // verified_by labels by backend/n
        std::map<std::string, ExhaustiveMade> exhaustive;        // task exhaustive's searches by n/backend
        std::map<int, std::vector<SquareClass>> classes;          // task exact's classes by order
    };

private:
    State state_;
};

}  // namespace futolab
