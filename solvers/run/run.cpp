#include "solvers/run/run.hpp"

#include "core/verify.hpp"
#include "solvers/run/claim_check.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <exception>
#include <new>

namespace futolab {

std::int64_t thread_cpu_ns() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

namespace {

void verify_or_flag(const Puzzle& puzzle, SolveResult& r) {
    for (const std::vector<int>* s : {&r.solution, &r.second}) {
        if (s->empty()) continue;
        if (auto why = verify_solution(puzzle, *s)) {
            r.status = Status::error;
            r.message = "backend returned a wrong solution: " + *why;
            return;
        }
    }
    if (!r.second.empty() && r.second == r.solution) {
        r.status = Status::error;
        r.message = "backend returned the same solution twice";
    }
}

// SPEC §4: a timeout's message says which limit fired (wall or CPU), where the backend did not:
// the whole message, or, after a portfolio's words of which member stopped ("timeout by gac",
// "no member answered (gac: timeout; sat: timeout)"), appended to them (red-team round 31, H9:
// the default `solve` said the same under a wall and under a CPU limit). A member's own limit
// may be what was left of the run's, so the run's limits are named, not the member's.
void name_the_limit(const Limits& limits, RunResult& run) {
    std::string& message = run.result.message;
    if (run.result.status != Status::timeout || message.find("time limit") != std::string::npos) return;
    std::string limit;
    if (limits.cpu_seconds > 0 && static_cast<double>(run.cpu_ns) >= limits.cpu_seconds * 1e9)
        limit = fmt::format("cpu time limit ({:g} s)", limits.cpu_seconds);
    else if (limits.time_seconds > 0)
        limit = fmt::format("wall time limit ({:g} s)", limits.time_seconds);
    if (!limit.empty()) message = message.empty() ? limit : message + ": " + limit;
}

// A planted slow-down, for measuring a gate's power (results/verdicts/REPORT.md): a build
// configured with -DFUTOLAB_PLANTED_SLOWDOWN=P spins after each solve, inside the timed window,
// until the solve has taken P % longer (wall and CPU alike, as slower code would). Default 0:
// no code at all.
#ifndef FUTOLAB_PLANTED_SLOWDOWN
#define FUTOLAB_PLANTED_SLOWDOWN 0
#endif
inline void planted_slowdown([[maybe_unused]] std::chrono::steady_clock::time_point start) {
    if constexpr (FUTOLAB_PLANTED_SLOWDOWN > 0) {
        const auto solve = std::chrono::steady_clock::now() - start;
        const auto until = start + solve + solve * FUTOLAB_PLANTED_SLOWDOWN / 100;
        while (std::chrono::steady_clock::now() < until) {
        }
    }
}

}  // namespace

RunResult run_solver(Solver& solver, const Puzzle& puzzle, const SolveRequest& request) {
    RunResult out;
    // The CPU clock (a system call, ~0.3 µs) is read outside the wall window, which then
    // holds the solve and two vDSO clock reads only: a 20 µs solve is not inflated by it.
    const std::int64_t cpu0 = thread_cpu_ns();
    const auto wall0 = std::chrono::steady_clock::now();
    try {
        out.result = solver.solve(puzzle, request);
    } catch (const std::bad_alloc&) {
        // Out of memory: under process isolation, the run's memory limit (setrlimit).
        out.result = {};
        out.result.status = Status::memout;
        out.result.message = "out of memory";
    } catch (const std::exception& e) {
        out.result.status = Status::error;
        out.result.message = e.what();
    }
    planted_slowdown(wall0);
    out.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - wall0).count();
    // SPEC §4: cpu_ns covers the run's whole process tree, so an external tool's CPU is in it.
    out.cpu_ns = thread_cpu_ns() - cpu0 + out.result.tool_cpu_ns;
    name_the_limit(request.limits, out);
    verify_or_flag(puzzle, out.result);
    // SPEC §4, nothing on trust: a tool's word that its search was complete is re-checked,
    // after the timed window (wall_ns and cpu_ns are the tool's), within what the run left of
    // its limits. A check that disagrees, or cannot finish, makes the run an error; the
    // counters stay the tool's.
    if (claims_complete_search(out.result, request.mode))
        if (auto why = check_claim(puzzle, request.mode, out.result, limits_left(request.limits, out.wall_ns, out.cpu_ns),
                                   request.seed)) {
            out.result.status = Status::error;
            out.result.message = std::move(*why);
        }
    return out;
}

}  // namespace futolab
