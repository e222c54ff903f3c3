// The sandboxes of the isolation modes (sandbox/sandbox.hpp): one row per mode of the
// vocabulary, what each mode gives (one check, one message naming the modes that would), the
// memory-limit mechanism the sidecar names, and each factory's sandbox placing a run where its
// mode says: on this thread, or in a forked child whose row comes back through the pipe, and
// whose ending without a row is the driver's unfinished row.
#include "core/isolation.hpp"
#include "core/status.hpp"
#include "sandbox/run_record.hpp"
#include "sandbox/sandbox.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <unistd.h>

#include <string>

using namespace futolab;

namespace {

ResultRow row_saying(const std::string& message) {
    ResultRow row;
    row.status = Status::unique;
    row.message = message;
    return row;
}

// A run whose `here` says where it ran (this process or another), and whose unfinished row
// keeps how its process ended.
SandboxRun probe_run(pid_t& here_pid) {
    SandboxRun run;
    run.here = [&here_pid] {
        here_pid = ::getpid();  // in a forked child, the parent's copy keeps its value
        return row_saying(std::to_string(::getpid()));
    };
    run.request = [] { return std::string("unused"); };
    run.unfinished = [](const SolveResult& ended) {
        ResultRow row = row_saying("unfinished: " + ended.message);
        row.status = ended.status;
        return row;
    };
    return run;
}

SandboxJob answering_job() {
    SandboxJob job;
    job.handler = [](std::string_view request) { return "answer to " + std::string(request); };
    return job;
}

}  // namespace

TEST_CASE("every isolation mode has its sandbox row", "[sandbox][isolation]") {
    for (const IsolationWord& w : kIsolations) {
        INFO(w.name);
        CHECK(sandbox_row(w.value).value == w.value);
        CHECK(sandbox_row(w.value).name == w.name);
        CHECK(sandbox_row(w.value).make != nullptr);
    }
    CHECK(sandbox_row(Isolation::process).own_process);
    CHECK(sandbox_row(Isolation::fork).own_process);
    CHECK_FALSE(sandbox_row(Isolation::thread).own_process);
    CHECK(sandbox_row(Isolation::process).warm_workers);
    CHECK_FALSE(sandbox_row(Isolation::fork).warm_workers);
    CHECK_FALSE(sandbox_row(Isolation::thread).warm_workers);
    CHECK(kDefaultIsolation == Isolation::process);
    CHECK_FALSE(sandbox_row(kDriverThreads).own_process);
}

TEST_CASE("what a mode cannot give is one message naming the modes that can", "[sandbox][isolation]") {
    SandboxNeeds memory, time, builds, all;
    memory.memory_limit = true;
    time.time_limit_kill = "limits.time of task exact";
    time.time_limit_kill_why = "only a kill stops it";
    builds.builds = true;
    all = time;
    all.memory_limit = all.builds = true;
    CHECK(sandbox_problem(Isolation::thread, memory) ==
          "limits.memory needs isolation: process or fork (a thread has no memory of its own), not thread");
    CHECK(sandbox_problem(Isolation::thread, time) ==
          "limits.time of task exact needs isolation: process or fork (only a kill stops it), not thread");
    CHECK(sandbox_problem(Isolation::fork, builds) ==
          "builds need isolation: process (each build's runs go to warm workers started from its binary), not fork");
    CHECK(sandbox_problem(Isolation::process, all).empty());
    all.builds = false;
    CHECK(sandbox_problem(Isolation::fork, all).empty());
    CHECK(sandbox_problem(Isolation::thread, SandboxNeeds{}).empty());
}

TEST_CASE("the memory limit's mechanism follows the mode", "[sandbox][isolation]") {
    Limits limits;
    for (const IsolationWord& w : kIsolations) CHECK(memory_limit_mechanism(limits, w.value) == "none");
    limits.memory_bytes = std::uint64_t{1} << 30;
    CHECK(memory_limit_mechanism(limits, Isolation::thread) == "none");
    CHECK(memory_limit_mechanism(limits, Isolation::fork) == "rlimit");
    const std::string warm = memory_limit_mechanism(limits, Isolation::process);
    CHECK((warm == "rlimit" || warm.starts_with("cgroup-v")));
}

TEST_CASE("a thread sandbox runs here and answers on this thread", "[sandbox][isolation]") {
    pid_t ran_in = 0;
    const auto sandbox = sandbox_row(Isolation::thread).make(answering_job());
    CHECK(sandbox->run(probe_run(ran_in)).message == std::to_string(::getpid()));
    CHECK(ran_in == ::getpid());
    CHECK(sandbox->ask(0, "C", Limits{}) == std::optional<std::string>("answer to C"));
}

TEST_CASE("a fork sandbox runs each run in a child of its own", "[sandbox][isolation]") {
    pid_t ran_in = 0;
    const auto sandbox = sandbox_row(Isolation::fork).make(answering_job());
    const ResultRow first = sandbox->run(probe_run(ran_in)), second = sandbox->run(probe_run(ran_in));
    CHECK(ran_in == 0);  // `here` ran in the children only
    CHECK(first.status == Status::unique);
    CHECK(first.message != std::to_string(::getpid()));
    CHECK(second.message != first.message);  // a fresh child each time
    CHECK(first.max_rss_kb > 0);             // the child's peak, measured by its owner
    CHECK(sandbox->ask(0, "C", Limits{}) == std::optional<std::string>("answer to C"));
    // A child that dies without its row: the driver's unfinished row, named a crash.
    SandboxRun dies = probe_run(ran_in);
    dies.here = []() -> ResultRow {
        ::kill(::getpid(), SIGKILL);
        return {};
    };
    const ResultRow crashed = sandbox->run(dies);
    CHECK(crashed.status == Status::crash);
    CHECK(crashed.message.starts_with("unfinished: "));
}

TEST_CASE("a warm-worker sandbox sends runs to one worker until a new session", "[sandbox][isolation][threads]") {
    SandboxJob job;
    job.handler = [](std::string_view request) {
        return encode_row_record(row_saying(std::to_string(::getpid()) + " " + std::string(request)));
    };
    const auto sandbox = sandbox_row(Isolation::process).make(std::move(job));
    pid_t ran_in = 0;
    SandboxRun run = probe_run(ran_in);
    run.request = [] { return std::string("R1"); };
    const ResultRow first = sandbox->run(run), second = sandbox->run(run);
    CHECK(ran_in == 0);  // never here: the worker computed the rows from the requests
    CHECK(first.message.ends_with(" R1"));
    CHECK(first.message != std::to_string(::getpid()) + " R1");
    CHECK(second.message == first.message);  // the same (warm) worker
    CHECK(first.max_rss_kb > 0);
    sandbox->new_session();
    CHECK(sandbox->run(run).message != first.message);  // a fresh worker
}
