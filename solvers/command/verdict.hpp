// A command's parsed answer (answer.hpp) judged against the puzzle and the mode, as for the
// other external tools (SPEC §4, nothing on trust):
//  - every SOLUTION must solve the puzzle and differ from the others (external::
//    SolutionCollector): a wrong or repeated grid is an error row "wrong answer: …";
//  - the claimed count is COUNT where printed, else the number of grids (0 for UNSAT); more
//    than the mode asked for ({count}) is an error;
//  - a count of 1 or more needs its first solution printed (the CSV `solution`), and a count
//    that reaches the K asked for needs all K grids: that claim is then proven by them;
//  - every other claim (UNSAT, fewer than K, a count of all) is the tool's word, named in
//    SolveResult::claimed_by, which run_solver re-checks with gac (solvers/run/claim_check.hpp):
//    a wrong UNSAT or count becomes an error row "wrong answer: … claimed …".
#pragma once

#include "core/puzzle.hpp"
#include "solvers/command/answer.hpp"
#include "solvers/solver.hpp"

#include <string>

namespace futolab::command {

// `who` names the command in messages and claimed_by ("command:name=mypy"). The counters
// other than solutions are left to the caller (counter_rules.hpp).
SolveResult judge_answer(const Puzzle& puzzle, const Mode& mode, const Answer& answer, const std::string& who);

}  // namespace futolab::command
