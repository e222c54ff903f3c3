// Process endings → statuses (outcome.hpp).
#include "solvers/external/outcome.hpp"

#include <catch2/catch.hpp>

#include <cerrno>
#include <csignal>

using namespace futolab;
using namespace futolab::external;

namespace {

constexpr ToolName kTool{"tool", "tool-package"};

ProcessResult ended(int exit_code, int sig = 0, std::string err = "") {
    ProcessResult p;
    p.started = true;
    p.exit_code = exit_code;
    p.signal = sig;
    p.err = std::move(err);
    p.max_rss_kb = 1000;
    return p;
}

}  // namespace

TEST_CASE("process endings become statuses with reasons", "[external]") {
    CHECK_FALSE(process_failure(ended(0), kTool, 0));

    const auto missing = process_failure(ProcessResult{}, kTool, 0);
    REQUIRE(missing);
    CHECK(missing->status == Status::error);
    CHECK(missing->message == "tool not found on PATH (Debian package tool-package)");
    CHECK(missing->unknown != 0);

    ProcessResult late = ended(-1, SIGTERM);
    late.timed_out = true;
    CHECK(process_failure(late, kTool, 0)->status == Status::timeout);

    const auto crash = process_failure(ended(-1, SIGSEGV), kTool, 0);
    CHECK(crash->status == Status::crash);
    CHECK(crash->message == "tool killed by SIGSEGV");

    const auto error = process_failure(ended(1, 0, "\nWarning: old library\n\nError: type error\x01 here\nmore\n"), kTool, 0);
    CHECK(error->status == Status::error);
    CHECK(error->message == "tool exited with status 1: Error: type error? here");
    CHECK(process_failure(ended(2), kTool, 0)->message == "tool exited with status 2: no message on stderr");

    ProcessResult not_executable = ended(127);
    not_executable.start_step = StartStep::execve;
    not_executable.start_errno = ENOEXEC;
    const auto refused = process_failure(not_executable, kTool, 1 << 20);
    CHECK(refused->status == Status::error);
    CHECK(refused->message == "tool could not be executed: Exec format error");
    ProcessResult no_folder = ended(126);
    no_folder.start_step = StartStep::chdir;
    no_folder.start_errno = EACCES;
    CHECK(process_failure(no_folder, kTool, 0)->message == "tool could not be started in its run folder: Permission denied");
}

TEST_CASE("memout needs a memory limit and a sign of exhaustion", "[external]") {
    const std::uint64_t limit = 100u << 20;
    CHECK(process_failure(ended(1, 0, "std::bad_alloc"), kTool, limit)->status == Status::memout);
    CHECK(process_failure(ended(1, 0, "std::bad_alloc"), kTool, 0)->status == Status::error);  // no limit: not memout
    CHECK(process_failure(ended(1, 0, "syntax error"), kTool, limit)->status == Status::error);
    ProcessResult big = ended(-1, SIGSEGV);
    big.max_rss_kb = 95 * 1024;  // 95 % of the limit
    CHECK(process_failure(big, kTool, limit)->status == Status::memout);
    CHECK(process_failure(ended(-1, SIGSEGV), kTool, limit)->status == Status::crash);
    CHECK_FALSE(process_failure(ended(0, 0, "Out of memory"), kTool, limit));  // it succeeded after all
}

TEST_CASE("too much output is an error, not a crash", "[external]") {
    CHECK(process_failure(ended(-1, SIGXFSZ), kTool, 0)->message == "tool wrote more than 256 MiB of output");
}

TEST_CASE("a node limit is refused by the external backends", "[external]") {
    SolveRequest request;
    CHECK_FALSE(refuse_node_limit(request, "tool"));
    request.limits.nodes = 10;
    const auto refused = refuse_node_limit(request, "tool");
    REQUIRE(refused);
    CHECK(refused->status == Status::error);
    CHECK(refused->message == "tool cannot enforce a node limit (run it without one)");
}
