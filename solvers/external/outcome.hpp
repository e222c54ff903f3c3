// How a tool's process ended, as a futolab status (SPEC §4), for the external backends:
//  - not found on PATH        → error "<tool> not found on PATH (Debian package <package>)"
//  - found but not executable → error "<tool> could not be executed: <errno's text>" (a bad
//    "#!" line: "No such file or directory"; a file of no known format: "Exec format error")
//  - stopped at the time limit → timeout
//  - its processes together held more than the memory limit (polled, process.hpp) → memout
//  - out of memory            → memout, when a memory limit was set and the tool ended
//    abnormally (a signal or a non-zero exit) while either its stderr names an allocation
//    failure (bad_alloc, "out of memory", "Cannot allocate memory", SWI-Prolog's
//    resource_error, a shared library that cannot be mapped, ...) or its peak resident set
//    reached 90 % of the limit. RLIMIT_AS makes allocations fail rather than killing the
//    tool, and each tool reports that failure its own way, so this is a best effort: a tool
//    that dies of the limit without saying so and without a large resident set (RLIMIT_AS
//    counts address space, not resident memory) is reported as crash or error instead.
//    (`timeout` is told first: a tool we stopped is a timeout whatever it printed.)
//  - killed by a signal       → crash, naming the signal (SIGXFSZ: it wrote too much output)
//  - non-zero exit            → error with the exit status and the first line of stderr that is
//    not a warning
// nullopt: the tool exited with status 0 and its output is to be parsed.
#pragma once

#include "solvers/external/process.hpp"
#include "solvers/solver.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::external {

struct ToolName {
    std::string_view program;  // as on PATH: "minizinc"
    std::string_view package;  // the Debian package that ships it
};

std::optional<SolveResult> process_failure(const ProcessResult& p, const ToolName& tool, std::uint64_t memory_bytes);

// The tail of a one-shot tool backend's solve(): runs `argv` in `dir` under the request's time
// and memory limits; a process that failed maps to its status (process_failure), else
// `judge(stdout)` reads the tool's answer.
template <class Judge>
SolveResult run_and_judge(const ToolName& tool, std::vector<std::string> argv, const std::filesystem::path& dir,
                          const Limits& limits, Judge judge) {
    ProcessSpec spec;
    spec.argv = std::move(argv);
    spec.dir = dir;
    spec.time_seconds = limits.time_seconds;
    spec.memory_bytes = limits.memory_bytes;
    spec.cpu_seconds = limits.cpu_seconds;
    spec.stop = limits.stop;
    const ProcessResult p = run_process(spec);
    SolveResult r;
    if (auto failed = process_failure(p, tool, spec.memory_bytes)) r = *failed;
    else r = judge(p.out);
    r.tool_cpu_ns = p.cpu_ns;
    r.tool_max_rss_kb = p.max_rss_kb;
    return r;
}

// A result that knows no counter: the tool ended before saying anything usable.
SolveResult failed_result(Status status, std::string message);

// One line of tool output fit for a CSV message: control characters replaced by '?', at most
// 200 bytes (the tool may print anything).
std::string printable_line(std::string_view text);

}  // namespace futolab::external

namespace futolab::external {

class SolutionCollector;

// A node limit cannot be passed on to these tools in futolab's sense of a node, so a run with
// one is refused with an error row rather than run under a different budget.
std::optional<SolveResult> refuse_node_limit(const SolveRequest& request, std::string_view tool);

// The result of a search the tool completed (or stopped at the mode's limit): the solutions it
// printed, every one verified, the status from their count; counters in `unknown` are empty.
// The status is the tool's word (SolveResult::claimed_by = tool.program): where it says the
// search was complete (unsat, unique, counted, fewer than K), run_solver re-checks it
// (solvers/run/claim_check.hpp).
SolveResult completed_result(const ToolName& tool, const SolutionCollector& solutions, const Mode& mode,
                             CounterMask unknown);

}  // namespace futolab::external
