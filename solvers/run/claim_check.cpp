#include "solvers/run/claim_check.hpp"

#include "solvers/run/oracle.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {
namespace {

std::string solutions_text(std::uint64_t count) { return fmt::format("{} solution{}", count, count == 1 ? "" : "s"); }

// "gac: timeout, wall time limit (0.2 s)": how the check ended.
std::string ending(const SolveResult& check) {
    return fmt::format("{}: {}{}{}", kClaimCheckSpec, status_name(check.status), check.message.empty() ? "" : ", ",
                       check.message);
}

}  // namespace

bool claims_complete_search(const SolveResult& result, const Mode& mode) {
    if (result.claimed_by.empty() || outcome_of(result.status) != RunOutcome::finished) return false;
    const std::uint64_t wanted = mode.stop_after();
    return wanted == 0 || result.counters.solutions < wanted;
}

std::optional<std::string> check_claim(const Puzzle& puzzle, const Mode& mode, const SolveResult& result,
                                       const Limits& budget, std::uint64_t seed) {
    Limits limits = budget;
    limits.nodes = 0;
    const SolveResult check = run_solver(*make_solver(parse_solver_spec(kClaimCheckSpec)), puzzle, {mode, limits, seed}).result;
    const std::uint64_t claimed = result.counters.solutions, found = check.counters.solutions;
    const std::string claim =
        fmt::format("{} claimed {} ({})", result.claimed_by, status_name(result.status), solutions_text(claimed));
    const std::string checker = fmt::format("futolab's check ({})", kClaimCheckSpec);
    switch (outcome_of(check.status)) {
    case RunOutcome::finished:
        if (found != claimed) return fmt::format("wrong answer: {}, {} found {}", claim, checker, solutions_text(found));
        // One solution each, both verified: a different one would make two (a bug in one of them).
        if (claimed == 1 && check.solution != result.solution)
            return fmt::format("wrong answer: {}, {} found 1 solution, a different one", claim, checker);
        return std::nullopt;
    case RunOutcome::censored:
        if (found > claimed)
            return fmt::format("wrong answer: {}, {} found at least {} before it stopped ({})", claim, checker,
                               solutions_text(found), ending(check));
        return fmt::format("claim not re-checked: {}; {} could not finish within the run's limits ({})", claim, checker,
                           ending(check));
    case RunOutcome::failed:
        break;
    }
    return fmt::format("claim not re-checked: {}; {} failed ({})", claim, checker, ending(check));
}

Limits limits_left(const Limits& limits, std::int64_t wall_ns, std::int64_t cpu_ns) {
    static constexpr double kLeast = 1e-6;  // an exhausted limit stays a limit: 0 would mean none
    const auto left = [](double seconds, std::int64_t used_ns) {
        return seconds > 0 ? std::max(seconds - static_cast<double>(used_ns) * 1e-9, kLeast) : 0.0;
    };
    Limits out = limits;
    out.time_seconds = left(limits.time_seconds, wall_ns);
    out.cpu_seconds = left(limits.cpu_seconds, cpu_ns);
    out.nodes = 0;
    return out;
}

}  // namespace futolab
