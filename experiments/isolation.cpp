#include "experiments/isolation.hpp"

#include "experiments/cgroup.hpp"
#include "experiments/interrupt.hpp"
#include "solvers/registry.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace futolab {

std::string_view isolation_name(Isolation isolation) { return name_in(kIsolations, isolation); }

std::optional<Isolation> isolation_from_name(std::string_view name) {
    const IsolationWord* w = row_named(kIsolations, name);
    return w ? std::optional<Isolation>(w->value) : std::nullopt;
}

std::uint64_t parse_memory_bytes(const std::string& text) {
    static const std::pair<std::string_view, double> units[] = {
        {"B", 1.0},   {"kB", 1e3},  {"KiB", 1024.0},           {"MB", 1e6},          {"MiB", 1048576.0},
        {"GB", 1e9},  {"GiB", 1073741824.0}, {"TB", 1e12},     {"TiB", 1099511627776.0}};
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [rest, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    const std::string_view unit(rest, static_cast<std::size_t>(end - rest));
    if (ec != std::errc() || rest == text.data())
        throw std::invalid_argument(fmt::format("'{}' is not a memory size (e.g. 2GiB, 512MiB)", text));
    for (const auto& [name, scale] : units) {
        if (unit != name) continue;
        const double bytes = value * scale;
        // 1 MiB: less cannot hold a run; 2^60: far above any machine, and no overflow below it.
        if (!(bytes >= 1048576.0 && bytes <= 1152921504606846976.0) || bytes != std::floor(bytes))
            throw std::invalid_argument(
                fmt::format("'{}' must be a whole number of bytes from 1 MiB to 1 EiB", text));
        return static_cast<std::uint64_t>(bytes);
    }
    throw std::invalid_argument(
        fmt::format("'{}' needs a unit: B, kB, KiB, MB, MiB, GB, GiB, TB or TiB (e.g. 2GiB)", text));
}

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
