// Red-team round 10, finding 7 (issue #45): after a kill -9 of futolab, a tool's child
// (`sh -c "sleep 36; echo x"`: the sleep) ran on, and the next start removed the tool's folder
// but not the process. Now the tool's guard kills its session and marked processes when
// futolab dies, and the next start kills what carries a dead owner's mark before it removes
// the folder (tool_guard.hpp). No fixed sleeps: every wait polls for a file or a process.
#include "solvers/external/owner.hpp"
#include "solvers/external/temp_dir.hpp"
#include "solvers/external/tool_guard.hpp"
#include "../../app/cli_runner.hpp"
#include "leftovers.hpp"

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

using namespace futolab;
using namespace futolab::external;
namespace fs = std::filesystem;
using futolab::test::ScopedEnv;
using futolab::test::sleepers;

namespace {

// Polls `done` every 5 ms for up to `seconds`: a pass takes milliseconds, only a failure the bound.
bool eventually(const std::function<bool()>& done, double seconds = 20) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

bool gone(const std::string& marker) {
    const bool none = eventually([&] { return sleepers(marker).empty(); }, 10);
    test::kill_sleepers(marker);
    return none;
}

// `argv` started in the background (posix_spawn, so no copy of this test runs), in `dir`, with
// TMPDIR=DIR/tmp and `env` ("NAME=value" entries replacing ours) or ours, its output discarded.
pid_t spawn(const std::string& dir, std::vector<std::string> argv, std::vector<std::string> env = {}) {
    const ScopedEnv tmp("TMPDIR", dir + "/tmp");
    std::vector<char*> args, envp;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
    pid_t pid = 0;
    const int rc = ::posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, args.data(), env.empty() ? environ : envp.data());
    ::posix_spawn_file_actions_destroy(&actions);
    REQUIRE(rc == 0);
    return pid;
}

void reap(pid_t pid) {
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
}

// The children of `parent` named futolab-guard (its tools' guards).
std::vector<pid_t> guards_of(pid_t parent) {
    std::vector<pid_t> found;
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(e.path() / "stat");
        std::string pid, comm, state;
        long ppid = 0;
        if (stat >> pid >> comm >> state >> ppid && comm == "(futolab-guard)" && ppid == parent && state != "Z")
            found.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return found;
}

std::size_t folders_in(const std::string& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}

// A folder with an empty 4x4, the tool `slow` (touches DIR/started, then sleeps: the sleep is
// the shell's child, not exec'd) and `quick`, and a sweep of `slow` in `isolation`.
std::string prepare(const std::string& name, const std::string& slow_body) {
    const std::string dir = test::fresh_dir("tool-guard", name).string();
    fs::create_directories(dir + "/tmp");
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
    std::ofstream(dir + "/cmd.yaml") << "commands:\n  - name: slow\n    argv: [ \"sh\", \"-c\", \"" << slow_body
                                     << "\", \"{instance}\" ]\n  - name: quick\n    argv: [ \"true\", \"{instance}\" ]\n";
    return dir;
}

std::string sweep(const std::string& dir, const std::string& isolation, const std::string& slow_body) {
    const std::string path = dir + "/" + isolation + ".yaml";
    std::ofstream(path) << "name: g\nisolation: " << isolation << "\ninstances:\n  - file: i.jsonl\nsolvers: [ "
                        << "\"command:name=slow\" ]\ncommands:\n  - name: slow\n    argv: [ \"sh\", \"-c\", \"" << slow_body
                        << "\", \"{instance}\" ]\noutput: out-" << isolation << "/g.csv\n";
    return path;
}

std::string token(const Owner& o) { return "p" + std::to_string(o.pid) + "s" + std::to_string(o.start); }

}  // namespace

TEST_CASE("a mark names its run folder and what is inside it, nothing else", "[external][leftovers]") {
    CHECK(mark_names("/tmp/futolab-command-p1s2-AAAAAA", "/tmp/futolab-command-p1s2-AAAAAA"));
    CHECK(mark_names("/tmp/futolab-command-p1s2-AAAAAA", "/futolab-command-p1s2-AAAAAA"));
    CHECK(mark_names("/tmp/futolab-worker-p1s2-W/futolab-ilp-p3s4-B", "/futolab-worker-p1s2-W"));  // a worker's tool
    CHECK(mark_names("/tmp/futolab-worker-p1s2-W/futolab-ilp-p3s4-B", "/futolab-ilp-p3s4-B"));
    CHECK(mark_names("rel/dir", "rel/dir"));
    CHECK_FALSE(mark_names("/tmp/futolab-command-p1s2-AAAAAAB", "/futolab-command-p1s2-AAAAAA"));  // a longer name
    CHECK_FALSE(mark_names("/tmp/xfutolab-command-p1s2-AAAAAA", "futolab-command-p1s2-AAAAAA"));  // relative: from the start only
    CHECK_FALSE(mark_names("/tmp/a", "/"));
    CHECK_FALSE(mark_names("/tmp/a", ""));
    CHECK_FALSE(mark_names("", "/tmp/a"));
}

TEST_CASE("kill -9 of solve or of a sweep in any isolation during a tool run: the tool's children die with it",
          "[external][leftovers][cli][signals]") {
    const test::Watchdog watchdog(300);  // a hang fails; a pass takes well under a second per mode
    for (const std::string mode : {"solve", "thread", "process", "fork"}) {
        INFO(mode);
        const std::string child = test::sleep_marker(30), daemon = test::sleep_marker(31);
        // A child in the tool's session, and a daemon in a session of its own (the mark finds it).
        const std::string body = "setsid sleep " + daemon + " >/dev/null 2>&1 & touch ../../started; sleep " + child + "; echo x";
        const std::string dir = prepare("kill-" + mode, body);
        const std::vector<std::string> args =
            mode == "solve" ? std::vector<std::string>{FUTOLAB_CLI, "solve", "-s", "command:name=slow", "--commands", "cmd.yaml", "i.jsonl"}
                            : std::vector<std::string>{FUTOLAB_CLI, "run", "-q", "--jobs", "1", sweep(dir, mode, body)};
        const pid_t pid = spawn(dir, args);
        // The tool runs in DIR/tmp/<its folder> (or DIR/tmp/<worker's>/<its>: then ../../ is DIR/tmp).
        REQUIRE(eventually([&] { return fs::exists(dir + "/started") || fs::exists(dir + "/tmp/started"); }));
        REQUIRE(eventually([&] { return !sleepers(child).empty() && !sleepers(daemon).empty(); }));
        ::kill(pid, SIGKILL);
        reap(pid);
        CHECK(gone(child));
        CHECK(gone(daemon));
    }
}

TEST_CASE("kill -9 of solve and of its tool's guard: the next start kills the tool's children, then removes its folder",
          "[external][leftovers][cli][signals]") {
    const test::Watchdog watchdog(300);
    const std::string child = test::sleep_marker(32);
    const std::string dir = prepare("kill-guard", "touch ../../started; sleep " + child + "; echo x");
    const pid_t pid = spawn(dir, {FUTOLAB_CLI, "solve", "-s", "command:name=slow", "--commands", "cmd.yaml", "i.jsonl"});
    REQUIRE(eventually([&] { return fs::exists(dir + "/started") && !sleepers(child).empty(); }));
    const std::vector<pid_t> guards = guards_of(pid);
    REQUIRE(guards.size() == 1);
    ::kill(guards[0], SIGKILL);  // first, so it cannot act; then futolab (a kill of every futolab by name)
    REQUIRE(eventually([&] { return guards_of(pid).empty(); }));
    ::kill(pid, SIGKILL);
    reap(pid);
    CHECK(folders_in(dir + "/tmp") == 1);
    REQUIRE(sleepers(child).size() == 1);  // nothing killed it: the next start must
    const auto r = test::run_cli_env("TMPDIR='" + dir + "/tmp' ", "solve -s command:name=quick --commands cmd.yaml i.jsonl", dir);
    INFO(r.err);
    CHECK(gone(child));
    CHECK(folders_in(dir + "/tmp") == 0);
}

TEST_CASE("the next start kills only the processes that carry a dead owner's mark", "[external][leftovers]") {
    const test::Watchdog watchdog(300);
    const TempDir base("marks");
    const ScopedEnv env("TMPDIR", base.path().string());
    const pid_t gone_pid = ::fork();  // a dead owner: a child that exited, its start read while a zombie
    if (gone_pid == 0) ::_exit(0);
    std::optional<Owner> dead;
    REQUIRE(eventually([&] { return (dead = process_owner(gone_pid)).has_value(); }));
    reap(gone_pid);
    const fs::path stale = base.path() / ("futolab-command-" + token(*dead) + "-AAAAAA");
    const fs::path live = base.path() / ("futolab-command-" + owner_token() + "-BBBBBB");
    fs::create_directories(stale);
    mark_owned_folder(stale);  // as futolab made it (a folder without its marker is never reaped)
    fs::create_directories(live);
    struct Sleeper {
        const char* what;
        std::string mark;  // the FUTOLAB_TOOL_RUN value, or none
        bool killed;
        std::string marker;
        pid_t pid = 0;
    };
    std::vector<Sleeper> cases = {
        {"the dead owner's folder", stale.string(), true, test::sleep_marker(40)},
        {"a folder inside it, TMPDIR spelled otherwise", "/elsewhere/" + stale.filename().string() + "/futolab-ilp-x", true,
         test::sleep_marker(41)},
        {"a live owner's folder", live.string(), false, test::sleep_marker(42)},
        {"a longer name", stale.string() + "B", false, test::sleep_marker(43)},
        {"no mark", "", false, test::sleep_marker(44)},
    };
    for (Sleeper& s : cases) {
        std::vector<std::string> environment{"PATH=/usr/bin:/bin"};
        if (!s.mark.empty()) environment.push_back(std::string(kToolMark) + "=" + s.mark);
        s.pid = spawn(base.path().string(), {"sleep", s.marker}, environment);
        REQUIRE(eventually([&] { return sleepers(s.marker).size() == 1; }));
    }
    { const TempDir first("ilp"); }  // the first folder made under this base reaps it
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(live));
    for (Sleeper& s : cases) {
        INFO(s.what);
        CHECK(sleepers(s.marker).empty() == s.killed);  // killed ones are zombies of this test already
        test::kill_sleepers(s.marker);
        reap(s.pid);
    }
}

TEST_CASE("a warm worker killed by its watchdog takes its tool's children with it", "[external][leftovers][cli]") {
    // A tool that ignores SIGTERM gets SIGKILL 0.5 s after the limit, when the worker's own
    // watchdog may kill the worker first: the tool's background child then ran on under init.
    const test::Watchdog watchdog(300);
    const std::string child = test::sleep_marker(33);
    const std::string dir = prepare("watchdog", "true");
    fs::create_directories(dir + "/bin");
    std::ofstream(dir + "/bin/minizinc") << "#!/bin/sh\ntrap '' TERM\nsleep " << child << " &\nwhile :; do wait; done\n";
    fs::permissions(dir + "/bin/minizinc", fs::perms::owner_all);
    std::ofstream(dir + "/w.yaml") << "name: w\nisolation: process\nlimits: { time: 0.3s }\ninstances:\n  - file: i.jsonl\n"
                                      "solvers: [ minizinc ]\noutput: out/w.csv\n";
    const auto r = test::run_cli_env("PATH='" + dir + "/bin':\"$PATH\" TMPDIR='" + dir + "/tmp' ", "run -q --jobs 1 w.yaml", dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(test::has(test::slurp(dir + "/out/w.csv"), ",timeout,"));
    CHECK(gone(child));
}

namespace {

// Bytes /proc/PID/environ reads (-1: an error).
long environ_bytes(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
    if (!in) return -1;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return in.bad() ? -1 : static_cast<long>(text.size());
}

// /proc/PID/cmdline ("" if it cannot be read).
std::string command_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

// The CI run of 2fcac93: a gnuplot's `setsid sleep … &` outlived analyze. The sweep after
// gnuplot's end met the daemon inside an execve, where /proc/PID/environ reads empty, took it
// for unmarked and stopped. Here a process with an empty environment stands for one inside an
// execve: it waits on a FIFO, then execs into a marked sleep; the sweep has begun before.
TEST_CASE("a sweep waits for a process whose environment reads empty and kills it once its mark shows",
          "[external][leftovers]") {
    const test::Watchdog watchdog(120);
    const std::string dir = test::fresh_dir("tool-guard", "exec-window").string();
    fs::create_directories(dir + "/tmp");
    const std::string fifo = dir + "/go", folder = dir + "/run", marker = test::sleep_marker(45);
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const pid_t pid = spawn(dir, {"/usr/bin/env", "-i", "/bin/sh", "-c",
                                  "read x < '" + fifo + "'; export " + std::string(kToolMark) + "='" + folder +
                                      "'; exec sleep " + marker});
    // The shell (env -i's), waiting on the FIFO; not env itself, nor an execve between them.
    REQUIRE(eventually([&] { return command_of(pid).starts_with("/bin/sh") && environ_bytes(pid) == 0; }));
    const std::uint64_t started = process_start_ticks(pid);
    REQUIRE(started > 0);
    const std::string_view mark = folder;

    // Counted as unknown by a pass for processes started at or after it, not by one for later ones.
    CHECK(kill_marked_once(&mark, 1, 0, started).unknown >= 1);
    CHECK(kill_marked_once(&mark, 1, 0, started + 1'000'000'000).unknown == 0);
    CHECK(kill_marked_once(&mark, 1, 0, started).signalled == 0);

    std::thread sweep([&] { kill_marked(&mark, 1, 0, started); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the sweep's first pass has seen it
    { std::ofstream(fifo) << "go\n"; }
    sweep.join();
    // The sweep has returned: the process is either killed (a zombie of this test) or reaches
    // its sleep and runs on.
    int status = 0;
    bool reaped = false;
    REQUIRE(eventually([&] {
        reaped = ::waitpid(pid, &status, WNOHANG) == pid;
        return reaped || !sleepers(marker).empty();
    }));
    CHECK(reaped);
    if (!reaped) {
        test::kill_sleepers(marker);
        reap(pid);
    } else {
        CHECK(WIFSIGNALED(status));
    }
}

TEST_CASE("a sweep counts no kernel thread as an empty environment", "[external][leftovers]") {
    // Kernel threads have no memory: their environ fails to read (ESRCH) or reads empty as root.
    const std::string_view mark = "/nothing-carries-this-mark";
    int kernel_threads = 0;
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(e.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const std::size_t close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        std::string field;
        unsigned long flags = 0;
        for (int i = 3; i <= 9 && rest >> field; ++i)
            if (i == 9) flags = std::stoul(field);
        if ((flags & 0x00200000UL) != 0) ++kernel_threads;
    }
    if (kernel_threads == 0) {  // a pid namespace shows none: nothing to count
        WARN("no kernel thread visible in /proc");
        return;
    }
    // Below their number: a few processes of parallel tests may be inside an execve right now.
    CHECK(kill_marked_once(&mark, 1, 0, 0).unknown < std::max(kernel_threads, 1));
}
