// The child-process kit: argument vectors reach the tool byte for byte (no shell), limits stop
// the tool and everything it started, temporary directories disappear.
#include "solvers/external/process.hpp"
#include "solvers/external/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <limits>
#include <thread>

using namespace futolab;
using namespace futolab::external;

namespace {

ProcessResult run(const TempDir& dir, std::vector<std::string> argv, double seconds = 0, std::uint64_t memory = 0) {
    ProcessSpec spec;
    spec.argv = std::move(argv);
    spec.dir = dir.path();
    spec.time_seconds = seconds;
    spec.memory_bytes = memory;
    return run_process(spec);
}

// Alive = exists and is not a zombie.
bool alive(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string pid_text, name, state;
    return static_cast<bool>(stat >> pid_text >> name >> state) && state != "Z";
}

}  // namespace

TEST_CASE("arguments reach the tool verbatim: nothing is run by a shell", "[external]") {
    const TempDir dir("test");
    const std::vector<std::string> hostile{"$(touch pwned)", "`touch pwned2`", "a\"b';rm -rf x;|&", "two words", ""};
    std::vector<std::string> argv{"printf", "[%s]\\n"};
    argv.insert(argv.end(), hostile.begin(), hostile.end());
    const ProcessResult r = run(dir, argv);
    REQUIRE(r.started);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "[$(touch pwned)]\n[`touch pwned2`]\n[a\"b';rm -rf x;|&]\n[two words]\n[]\n");
    CHECK_FALSE(std::filesystem::exists(dir.path() / "pwned"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "pwned2"));
}

TEST_CASE("the tool runs in the run's directory with TMPDIR pointing there", "[external]") {
    const TempDir dir("test");
    const ProcessResult r = run(dir, {"sh", "-c", "pwd; echo \"$TMPDIR\"; echo oops >&2; exit 3"});
    const std::string d = std::filesystem::canonical(dir.path()).string();
    CHECK(r.out == d + "\n" + dir.path().string() + "\n");
    CHECK(r.err == "oops\n");
    CHECK(r.exit_code == 3);
    CHECK(r.signal == 0);
    CHECK(r.max_rss_kb > 0);
}

TEST_CASE("a program missing from PATH is reported, not run", "[external]") {
    const TempDir dir("test");
    CHECK_FALSE(run(dir, {"futolab-no-such-tool"}).started);
    CHECK_FALSE(find_program("futolab-no-such-tool"));
    CHECK(find_program("sh"));
    CHECK_FALSE(find_program(""));
}

// MiniZinc starts fzn-gecode in a process group of its own: a kill of the tool's group missed
// it, and it ran on, orphaned, after its run had ended (seen in the throughput ladder).
// `set -m` makes bash do the same with its background job (dash ignores it without a tty).
TEST_CASE("what the tool started in a group of its own dies with the run", "[external]") {
    for (const double limit : {0.3, 0.0}) {  // stopped at its limit; ended by itself, leaving a job behind
        INFO("time limit " << limit);
        const TempDir dir("test");
        const std::string job = "set -m 2>/dev/null; sleep 60 & echo $! > bg.pid; cut -d' ' -f5 /proc/$!/stat > bg.pgid";
        const std::string script = limit > 0 ? job + "; wait" : job;
        const ProcessResult r = run(dir, {"bash", "-c", script}, limit);
        CHECK(r.timed_out == (limit > 0));
        pid_t bg = 0;
        std::ifstream(dir.path() / "bg.pid") >> bg;
        REQUIRE(bg > 0);
        pid_t group = 0;
        std::ifstream(dir.path() / "bg.pgid") >> group;
        CHECK(group == bg);  // the job really led a group of its own, as fzn-gecode does
        for (int i = 0; i < 100 && alive(bg); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        CHECK_FALSE(alive(bg));
    }
}

TEST_CASE("the time limit stops the tool and what it started", "[external]") {
    const TempDir dir("test");
    // The shell starts a background sleep and records its pid, then waits: both must die.
    const ProcessResult r = run(dir, {"sh", "-c", "sleep 60 & echo $! > bg.pid; wait"}, 0.3);
    CHECK(r.timed_out);
    CHECK(r.signal == SIGTERM);
    pid_t bg = 0;
    std::ifstream(dir.path() / "bg.pid") >> bg;
    REQUIRE(bg > 0);
    for (int i = 0; i < 100 && alive(bg); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK_FALSE(alive(bg));
}

TEST_CASE("a tool that ignores SIGTERM is killed after the grace period", "[external]") {
    const TempDir dir("test");
    ProcessSpec spec;
    spec.argv = {"sh", "-c", "trap '' TERM; while :; do :; done"};
    spec.dir = dir.path();
    spec.time_seconds = 0.2;
    spec.grace_seconds = 0.2;
    const ProcessResult r = run_process(spec);
    CHECK(r.timed_out);
    CHECK(r.signal == SIGKILL);
}

TEST_CASE("the memory limit makes allocations fail in the tool", "[external]") {
    const TempDir dir("test");
    // perl (Debian's perl-base, always installed) asks for 2 GiB at once.
    const ProcessResult r = run(dir, {"perl", "-e", "$x = 'a' x (1 << 31); print 'allocated'"}, 0, 256u << 20);
    CHECK(r.out.empty());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("Out of memory") != std::string::npos);
    CHECK(run(dir, {"perl", "-e", "$x = 'a' x (1 << 20); print 'allocated'"}, 0, 256u << 20).out == "allocated");
}

TEST_CASE("a temporary directory is private and removed with its files", "[external]") {
    std::filesystem::path kept;
    {
        const TempDir dir("test");
        kept = dir.path();
        dir.write("a.txt", "text");
        CHECK(std::filesystem::exists(kept / "a.txt"));
        CHECK((std::filesystem::status(kept).permissions() & std::filesystem::perms::others_all) ==
              std::filesystem::perms::none);
    }
    CHECK_FALSE(std::filesystem::exists(kept));
}

TEST_CASE("a huge, infinite or nan time limit means none, never a wrapped deadline", "[external]") {
    const TempDir dir("test");
    for (double seconds : {1e9, 1e300, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), -1.0}) {
        INFO(seconds);
        const ProcessResult r = run(dir, {"sh", "-c", "sleep 0.05; echo done"}, seconds);
        CHECK_FALSE(r.timed_out);
        CHECK(r.out == "done\n");
    }
    CHECK(is_time_limit(0.5));
    CHECK_FALSE(is_time_limit(0));
}

TEST_CASE("the CPU limit stops a busy tool and its children, and says so", "[external][cpu]") {
    const TempDir dir("test");
    ProcessSpec spec;
    // Two busy children: the tree's CPU is what counts, not the shell's own (which only waits).
    spec.argv = {"sh", "-c", "(while :; do :; done) & echo $! > a.pid; (while :; do :; done) & echo $! > b.pid; wait"};
    spec.dir = dir.path();
    spec.cpu_seconds = 0.3;
    spec.time_seconds = 20;  // the wall limit is not what stops it
    const auto start = std::chrono::steady_clock::now();
    const ProcessResult r = run_process(spec);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(r.timed_out);
    CHECK(r.cpu_limited);
    CHECK(wall < 5);
    for (const char* file : {"a.pid", "b.pid"}) {
        pid_t pid = 0;
        std::ifstream(dir.path() / file) >> pid;
        REQUIRE(pid > 0);
        for (int i = 0; i < 100 && alive(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        CHECK_FALSE(alive(pid));
    }
}

TEST_CASE("a tool's CPU time is measured, its children's included", "[external][cpu]") {
    const TempDir dir("test");
    // About as much CPU as wall time in a child the shell waits for; the shell itself idles.
    const ProcessResult r =
        run(dir, {"sh", "-c", "sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'"});
    REQUIRE(r.exit_code == 0);
    CHECK_FALSE(r.cpu_limited);
    CHECK(r.cpu_ns > 20'000'000);
    const ProcessResult idle = run(dir, {"sleep", "0.2"});
    CHECK(idle.cpu_ns < 50'000'000);  // waiting is not CPU
}

TEST_CASE("a tool found through a relative PATH entry starts from its run's folder", "[external]") {
    const TempDir dir("test");
    const TempDir bin("bin");
    {
        std::ofstream tool(bin.path() / "futolab-test-tool");
        tool << "#!/bin/sh\necho started\n";
    }
    std::filesystem::permissions(bin.path() / "futolab-test-tool", std::filesystem::perms::owner_all);
    const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    const std::filesystem::path old_cwd = std::filesystem::current_path();
    std::filesystem::current_path(bin.path().parent_path());
    ::setenv("PATH", (bin.path().filename().string() + ":" + old_path).c_str(), 1);  // relative entry
    const auto found = find_program("futolab-test-tool");
    const ProcessResult r = run(dir, {"futolab-test-tool"});
    ::setenv("PATH", old_path.c_str(), 1);
    std::filesystem::current_path(old_cwd);
    REQUIRE(found);
    CHECK(found->is_absolute());
    CHECK(r.exit_code == 0);
    CHECK(r.out == "started\n");
}

// A tool that is found but cannot be executed says why, not only "status 127" (issue #45, red-team
// round 29, A4): exec's errno comes back through the close-on-exec pipe.
TEST_CASE("a tool that cannot be executed reports exec's errno", "[external]") {
    const TempDir dir("test");
    const TempDir bin("bin");
    const auto tool = [&](const std::string& name, const std::string& text) {
        {
            std::ofstream out(bin.path() / name, std::ios::binary);
            out << text;
        }
        std::filesystem::permissions(bin.path() / name, std::filesystem::perms::owner_all);
        return (bin.path() / name).string();
    };
    const ProcessResult bad_interpreter = run(dir, {tool("bad-hashbang", "#!/nonexistent/futolab-shell\necho hi\n")});
    CHECK(bad_interpreter.start_step == StartStep::execve);
    CHECK(bad_interpreter.start_errno == ENOENT);
    CHECK(bad_interpreter.exit_code == 127);
    const ProcessResult no_format = run(dir, {tool("garbage", std::string("\x7f" "ELF\x01\x01\x01garbage", 12))});
    CHECK(no_format.start_step == StartStep::execve);
    CHECK(no_format.start_errno == ENOEXEC);
    const ProcessResult directory_interpreter = run(dir, {tool("dir-hashbang", "#!" + bin.path().string() + "\n")});
    CHECK(directory_interpreter.start_step == StartStep::execve);
    CHECK(directory_interpreter.start_errno != 0);
    // A tool that starts and itself exits 127 (a shell's "command not found") is not a start failure.
    const ProcessResult ran = run(dir, {"sh", "-c", "exit 127"});
    CHECK(ran.start_step == StartStep::none);
    CHECK(ran.start_errno == 0);
    CHECK(ran.exit_code == 127);
}
