#include "sandbox/sandbox.hpp"

#include "sandbox/cgroup.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace futolab {

const SandboxRow& sandbox_row(Isolation isolation) {
    if (const SandboxRow* row = row_of(kSandboxes, isolation)) return *row;
    throw std::logic_error("an isolation mode without its sandbox row");  // unreachable: static_assert in sandbox.hpp
}

std::optional<std::string> Sandbox::ask(int, std::string_view request, const Limits&) { return job_.handler(request); }

namespace {

// "<what> isolation: process or fork (<why>), not thread": the modes that give it, from the table.
std::string needs_message(std::string_view what, bool SandboxRow::*gives, std::string_view why, Isolation isolation) {
    std::string modes;
    for (const SandboxRow& row : kSandboxes)
        if (row.*gives) modes += (modes.empty() ? "" : " or ") + std::string(row.name);
    return fmt::format("{} isolation: {} ({}), not {}", what, modes, why, sandbox_row(isolation).name);
}

}  // namespace

std::string sandbox_problem(Isolation isolation, const SandboxNeeds& needs) {
    const SandboxRow& row = sandbox_row(isolation);
    if (needs.memory_limit && !row.own_process)
        return needs_message("limits.memory needs", &SandboxRow::own_process, "a thread has no memory of its own", isolation);
    // A kind whose search has no stop flag: only the parent killing its process ends it early.
    if (!needs.time_limit_kill.empty() && !row.own_process)
        return needs_message(needs.time_limit_kill + " needs", &SandboxRow::own_process, needs.time_limit_kill_why, isolation);
    if (needs.builds && !row.warm_workers)
        return needs_message("builds need", &SandboxRow::warm_workers,
                             "each build's runs go to warm workers started from its binary", isolation);
    return "";
}

std::string memory_limit_mechanism(const Limits& limits, Isolation isolation) {
    const SandboxRow& row = sandbox_row(isolation);
    if (limits.memory_bytes == 0 || !row.own_process) return "none";
    // Warm workers go into a memory cgroup where futolab may make one (cgroup.hpp): the kernel
    // bounds the whole tree. Everywhere, RLIMIT_AS in the run's process (its address space at
    // start plus the limit: an allocation beyond fails, std::bad_alloc → memout) and the rule
    // of SPEC §4 (a peak resident set above the limit is memout) apply as well.
    if (row.warm_workers)
        if (const auto site = memory_cgroup_site()) return cgroup_mechanism(site->version);
    return "rlimit";
}

}  // namespace futolab
