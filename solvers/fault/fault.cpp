// Test-only backend `fault`: the failures process isolation must contain (docs/reliability.md),
// on demand. `kind` picks one:
//   none   solve nothing: status unsat at once (a well-behaved run beside the faulty ones);
//   alloc  allocate and touch 16 MiB blocks without bound, until std::bad_alloc (a memory
//          limit) or a safety cap of twice the limit (4 GiB without one): then status error;
//   heap   the same in 64 KiB blocks, from the heap, one of them kept for good on top of the
//          others: what it freed stays resident in the process unless given back (malloc_trim),
//          as a solver's heap does after it ran out of memory;
//   abort  die by SIGABRT (as a failed assert would);
//   segv   die by SIGSEGV;
//          both with the signal's default action (see die_by);
//   hang   sleep without ever checking the time limit, as a run stuck in a system call or a
//          long non-interruptible step would; only the outside stop flag ends it (thread
//          isolation), so in a child process only a kill does.
// Users cannot trip it by accident: the registry hides the backend unless FUTOLAB_TEST_FAULTS=1.
#include "solvers/fault/fault.hpp"

#include "core/env.hpp"

#include "solvers/option_table.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <thread>
#include <vector>

namespace futolab::fault {
namespace {

enum class Kind { none, alloc, heap, abort, segv, hang };
struct Config {
    Kind kind = Kind::none;
};

const OptionTable<Config>& table() {
    static const OptionTable<Config> t{
        choice<Config>("kind", [](Config& c) -> auto& { return c.kind; },
                       {{"none", Kind::none}, {"alloc", Kind::alloc}, {"heap", Kind::heap}, {"abort", Kind::abort},
                        {"segv", Kind::segv}, {"hang", Kind::hang}},
                       "the fault to commit (test-only backend)"),
    };
    return t;
}

SolveResult allocate_without_bound(const Limits& limits, std::size_t block) {
    const std::uint64_t cap = limits.memory_bytes != 0 ? 2 * limits.memory_bytes : std::uint64_t{4} << 30;
    std::vector<std::unique_ptr<char[]>> blocks;
    blocks.reserve(static_cast<std::size_t>(cap / block) + 1);  // no reallocation at the edge of the limit
    // Kept for good above what is freed (heap blocks only): the heap cannot shrink below it.
    static thread_local std::vector<std::unique_ptr<char[]>> pinned;
    for (std::uint64_t total = 0; total < cap; total += block) {
        blocks.emplace_back(new char[block]);
        std::memset(blocks.back().get(), 1, block);  // touched, so it is resident, not just mapped
        if (block < (std::size_t{1} << 20) && total % (std::uint64_t{1} << 24) == 0) pinned.emplace_back(new char[block]);
    }
    SolveResult r;
    r.status = Status::error;
    r.message = "fault alloc: reached its safety cap without running out of memory";
    return r;
}

SolveResult hang(const Limits& limits) {
    while (limits.stop == nullptr || !limits.stop->load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    SolveResult r;
    r.status = Status::timeout;
    return r;
}

// The default action first: a test harness (Catch2's fatal-signal handler, inherited by a
// forked child) or a sanitizer may have installed a handler that would turn the signal into
// an exit code or a report.
[[noreturn]] void die_by(int sig) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    std::abort();
}

class FaultSolver final : public Solver {
public:
    explicit FaultSolver(Kind kind) : kind_(kind) {}

    SolveResult solve(const Puzzle&, const SolveRequest& request) override {
        switch (kind_) {
            case Kind::alloc: return allocate_without_bound(request.limits, std::size_t{16} << 20);
            case Kind::heap: return allocate_without_bound(request.limits, std::size_t{64} << 10);
            case Kind::abort: die_by(SIGABRT);
            case Kind::segv: die_by(SIGSEGV);
            case Kind::hang: return hang(request.limits);
            case Kind::none: break;
        }
        SolveResult r;
        r.status = Status::unsat;
        return r;
    }

private:
    Kind kind_;
};

}  // namespace

bool enabled() {
    return env_switch_on("FUTOLAB_TEST_FAULTS");
}

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make(const SolverSpec& spec) { return std::make_unique<FaultSolver>(table().decode(spec).kind); }

}  // namespace futolab::fault
