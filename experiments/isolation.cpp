#include "experiments/isolation.hpp"

#include "experiments/cgroup.hpp"
#include "experiments/interrupt.hpp"
#include "core/numbers.hpp"
#include "solvers/registry.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace futolab {

std::string_view isolation_name(Isolation isolation) { return name_in(kIsolations, isolation); }

std::uint64_t parse_memory_bytes(const std::string& text) { return parse_memory_size(text, "limits.memory"); }

std::string memory_limit_mechanism(const Limits& limits, Isolation isolation) {
    if (limits.memory_bytes == 0 || !has_own_process(isolation)) return "none";
    // Warm workers go into a memory cgroup where futolab may make one (cgroup.hpp): the kernel
    // bounds the whole tree. Everywhere, RLIMIT_AS in the run's process (its address space at
    // start plus the limit: an allocation beyond fails, std::bad_alloc → memout) and the rule
    // of SPEC §4 (a peak resident set above the limit is memout) apply as well.
    if (isolation == Isolation::process)
        if (const auto site = memory_cgroup_site()) return cgroup_mechanism(site->version);
    return "rlimit";
}

RunResult execute_run(Isolation isolation, const SolverSpec& spec, const Puzzle& puzzle, SolveRequest request,
                      const Interrupt* interrupt) {
    if (isolation == Isolation::process) {
        try {
            return run_in_child(spec, puzzle, request, interrupt);
        } catch (const std::runtime_error& e) {  // no pipe or no fork (e.g. a process limit): this run fails
            RunResult failed;
            failed.result.message = e.what();
            return failed;
        }
    }
    if (interrupt != nullptr) request.limits.stop = interrupt->flag();
    RunResult run = run_solver(*make_solver(spec), puzzle, request);
    if (interrupt != nullptr && interrupt->requested()) {
        run.result.status = Status::error;
        run.result.message = "interrupted";
    }
    return run;
}

}  // namespace futolab
