#include "solvers/command/verdict.hpp"

#include "solvers/external/outcome.hpp"
#include "solvers/external/solutions.hpp"

#include <fmt/format.h>

namespace futolab::command {

SolveResult judge_answer(const Puzzle& puzzle, const Mode& mode, const Answer& answer, const std::string& who) {
    const auto error = [&](const std::string& why) { return external::failed_result(Status::error, who + ": " + why); };
    if (!answer.error.empty()) return error(answer.error);
    external::SolutionCollector solutions(puzzle);
    for (const std::string& grid : answer.solutions)
        if (auto why = solutions.add(grid)) return external::failed_result(Status::error, "wrong answer: " + who + ": " + *why);
    const std::uint64_t claimed = answer.count.value_or(solutions.count());
    const std::uint64_t wanted = mode.stop_after();
    if (wanted != 0 && claimed > wanted)
        return error(fmt::format("{} solutions, but {} were asked for ({{count}})", claimed, wanted));
    if (claimed >= 1 && solutions.count() == 0)
        return error(fmt::format("COUNT {} without a SOLUTION line: print at least the first solution", claimed));
    if (wanted != 0 && claimed == wanted && solutions.count() < wanted)
        return error(fmt::format("COUNT {} reaches the {} asked for, but only {} SOLUTION lines: print all {}", claimed,
                                 wanted, solutions.count(), wanted));
    SolveResult r;
    r.claimed_by = who;
    r.counters.solutions = claimed;
    r.solution = solutions.first();
    r.status = completed_status(mode, claimed);
    return r;
}

}  // namespace futolab::command
