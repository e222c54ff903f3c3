// Issue #45, "nothing left behind", end to end through the CLI: a tool's setsid daemon does not
// outlive `solve` or a sweep in any isolation; SIGTERM of `solve` during a tool run removes the
// tool's temporary folder; what a kill -9 leaves (a tool's folder, a worker's scratch folder
// and memory cgroup) is removed by the next futolab, and a live futolab's never. The tools are
// fakes first on PATH (shell scripts). The kit's own tests: tests/solvers/external/leftovers_test.cpp.
#include "../app/cli_runner.hpp"
#include "../solvers/external/leftovers.hpp"
#include "sandbox/cgroup.hpp"

#include <catch2/catch.hpp>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli_env;

namespace {

std::string scratch(const std::string& name) { return futolab::test::fresh_dir("leftovers", name).string(); }

// The answer of a count to 2 on an empty 4x4 (two verified grids: multiple), as MiniZinc prints it.
const char* const kTwoSolutions =
    "printf '1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1\\n----------\\n'\n"
    "printf '2 1 4 3/1 2 3 4/4 3 2 1/3 4 1 2\\n----------\\n==========\\n'\n";

// A fake tool DIR/bin/NAME running BODY.
void fake_tool(const std::string& dir, const std::string& name, const std::string& body) {
    fs::create_directories(dir + "/bin");
    std::ofstream(dir + "/bin/" + name) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(dir + "/bin/" + name, fs::perms::owner_all);
}

// An empty 4x4 and a sweep of it with `solver`, count 2, written to DIR/out/NAME.csv.
std::string config(const std::string& dir, const std::string& solver, const std::string& name, const std::string& extra = "") {
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
    const std::string path = dir + "/" + name + ".yaml";
    std::ofstream(path) << "name: " << name << "\nmode: { count: 2 }\ninstances:\n  - file: " << dir
                        << "/i.jsonl\nsolvers: [ " << solver << " ]\noutput: " << dir << "/out/" << name << ".csv\n"
                        << extra;
    return path;
}

// The environment of every futolab started here: the fake tools first on PATH, a private TMPDIR.
std::string env_of(const std::string& dir) {
    fs::create_directories(dir + "/tmp");
    return "PATH='" + dir + "/bin':\"$PATH\" TMPDIR='" + dir + "/tmp' ";
}

// The entries of FOLDER whose name starts with PREFIX.
std::vector<std::string> entries(const std::string& folder, const std::string& prefix) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder, ec))
        if (e.path().filename().string().starts_with(prefix)) out.push_back(e.path().filename().string());
    return out;
}

// futolab ARGS started in the background (by fork and exec, so this process can signal and
// reap it), with the fake tools and the private TMPDIR of `dir`.
pid_t start_futolab(const std::string& dir, const std::vector<std::string>& args) {
    std::fflush(nullptr);  // the child's freopen would write Catch's buffered output a second time
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::setenv("PATH", (dir + "/bin:" + std::getenv("PATH")).c_str(), 1);
        ::setenv("TMPDIR", (dir + "/tmp").c_str(), 1);
        std::vector<std::string> argv{FUTOLAB_CLI};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char*> raw;
        for (std::string& a : argv) raw.push_back(a.data());
        raw.push_back(nullptr);
        if (!std::freopen((dir + "/stdout.txt").c_str(), "w", stdout) || !std::freopen((dir + "/stderr.txt").c_str(), "w", stderr))
            ::_exit(120);
        ::execv(FUTOLAB_CLI, raw.data());
        ::_exit(121);
    }
    REQUIRE(pid > 0);
    return pid;
}

// Waits until FILE exists (the fake tool runs); false after a minute (a loaded sanitizer build
// starts slowly: generous).
bool wait_for(const std::string& file) {
    for (int i = 0; i < 6000 && !fs::exists(file); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return fs::exists(file);
}

// Waits until process `pid` runs futolab (not the test's forked copy, whose Catch handler
// catches SIGTERM too) and catches SIGTERM (its handler is installed: /proc's SigCgt mask).
bool wait_catching_sigterm(pid_t pid) {
    for (int i = 0; i < 6000; ++i) {
        std::error_code ec;
        if (!fs::equivalent(fs::read_symlink("/proc/" + std::to_string(pid) + "/exe", ec), FUTOLAB_CLI, ec)) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            continue;
        }
        std::ifstream status("/proc/" + std::to_string(pid) + "/status");
        for (std::string line; std::getline(status, line);)
            if (line.starts_with("SigCgt:") && (std::stoull(line.substr(7), nullptr, 16) >> (SIGTERM - 1) & 1) != 0) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

int wait_exit(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("a tool's setsid daemon does not outlive solve, nor a sweep in any isolation", "[leftovers][cli][external]") {
    const std::string dir = scratch("daemon");
    const std::string marker = futolab::test::sleep_marker(10);
    fake_tool(dir, "minizinc", "setsid sleep " + marker + " >/dev/null 2>&1 &\n" + kTwoSolutions);
    const std::string env = env_of(dir);
    config(dir, "minizinc", "unused");  // writes i.jsonl
    {
        INFO("solve");
        const auto r = run_cli_env(env, "solve -s minizinc --count 2 " + dir + "/i.jsonl", dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, "multiple"));
        CHECK(futolab::test::sleepers(marker).empty());
        futolab::test::kill_sleepers(marker);
    }
    for (const std::string isolation : {"thread", "process", "fork"}) {
        INFO(isolation);
        const auto r = futolab::test::run_cli_env(
            env, "run -q --jobs 1 --isolation " + isolation + " " + config(dir, "minizinc", "d-" + isolation), dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(futolab::test::sleepers(marker).empty());
        futolab::test::kill_sleepers(marker);
    }
    CHECK(entries(dir + "/tmp", "futolab-").empty());
}

TEST_CASE("SIGTERM or SIGINT of solve during a tool run leaves no temporary folder", "[leftovers][cli][signals]") {
    const futolab::test::Watchdog watchdog(300);  // a futolab that ignored the signal hung here
    struct Tool {
        const char* solver;
        const char* program;
    };
    for (const Tool tool : {Tool{"minizinc", "minizinc"}, Tool{"clpfd", "swipl"}, Tool{"ilp", "cbc"}}) {
        for (const int sig : {SIGTERM, SIGINT}) {
            INFO(tool.solver << " signal " << sig);
            const std::string dir = scratch(std::string("signal-") + tool.solver + std::to_string(sig));
            env_of(dir);
            fake_tool(dir, tool.program, "touch '" + dir + "/started'; sleep 60");
            std::ofstream(dir + "/i.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
            const pid_t pid = start_futolab(dir, {"solve", "-s", tool.solver, dir + "/i.jsonl"});
            REQUIRE(wait_for(dir + "/started"));
            CHECK(entries(dir + "/tmp", std::string("futolab-") + tool.solver + "-").size() == 1);  // it is there
            ::kill(pid, sig);
            CHECK(wait_exit(pid) == 1);
            CHECK(has(futolab::test::slurp(dir + "/stderr.txt"), "futolab: interrupted"));
            CHECK(futolab::test::slurp(dir + "/stdout.txt").empty());  // no row for the cut-short run
            CHECK(entries(dir + "/tmp", "futolab-").empty());
        }
    }
}

TEST_CASE("SIGTERM of solve stops an in-process search as well", "[leftovers][cli][signals]") {
    const futolab::test::Watchdog watchdog(300);
    const std::string dir = scratch("signal-gac");
    env_of(dir);
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"a\", \"n\": 9, \"givens\": [], \"lt\": []}\n";
    // Counting every 9x9 Latin square (5.5e27) never ends by itself.
    const pid_t pid = start_futolab(dir, {"solve", "-s", "gac", "--count", "all", dir + "/i.jsonl"});
    REQUIRE(wait_catching_sigterm(pid));
    ::kill(pid, SIGTERM);
    CHECK(wait_exit(pid) == 1);
    CHECK(has(futolab::test::slurp(dir + "/stderr.txt"), "futolab: interrupted"));
}

TEST_CASE("what a kill -9 of solve leaves is removed by the next futolab", "[leftovers][cli][signals]") {
    const futolab::test::Watchdog watchdog(300);
    const std::string dir = scratch("kill-solve");
    env_of(dir);
    fake_tool(dir, "minizinc", "if [ -f '" + dir + "/quick' ]; then\n" + kTwoSolutions + "exit 0; fi\ntouch '" + dir +
                                   "/started'; sleep 60");
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [], \"lt\": []}\n";
    const pid_t pid = start_futolab(dir, {"solve", "-s", "minizinc", dir + "/i.jsonl"});
    REQUIRE(wait_for(dir + "/started"));
    ::kill(pid, SIGKILL);
    wait_exit(pid);
    REQUIRE(entries(dir + "/tmp", "futolab-minizinc-").size() == 1);  // SIGKILL leaves it: nothing runs
    std::ofstream(dir + "/quick").close();
    const auto r = run_cli_env(env_of(dir), "solve -s minizinc --count 2 " + dir + "/i.jsonl", dir);
    CHECK(r.exit_code == 0);
    CHECK(entries(dir + "/tmp", "futolab-").empty());
}

TEST_CASE("kill -9 of run: the workers' scratch folders and cgroups go at the next start, a live run's stay",
          "[leftovers][cli][signals][memory]") {
    const futolab::test::Watchdog watchdog(300);
    const std::string dir = scratch("kill-run");
    env_of(dir);
    // Not `exec sleep`: the sleep is the shell's child, without the death signal, and outlives
    // the kill in the worker's cgroup (where there is one), as a tool's solver process would.
    const std::string marker = futolab::test::sleep_marker(20);
    fake_tool(dir, "minizinc", "touch '" + dir + "/started'; sleep " + marker);
    const auto site = futolab::memory_cgroup_site();  // where the workers' cgroups go, if anywhere
    const std::string slow = config(dir, "minizinc", "slow", "limits: { memory: 1GiB }\n");
    const std::string quick = config(dir, "gac", "quick");
    auto cgroups_of = [&](pid_t owner) {
        return site ? entries(site->dir, "futolab-p" + std::to_string(owner) + "s") : std::vector<std::string>{};
    };

    // A live run: a second run does not touch its folder or cgroup.
    const pid_t live = start_futolab(dir, {"run", "-q", "--jobs", "1", "--isolation", "process", slow});
    REQUIRE(wait_for(dir + "/started"));
    const std::string worker = "futolab-worker-p" + std::to_string(live) + "s";
    REQUIRE(entries(dir + "/tmp", worker).size() == 1);
    const std::size_t live_cgroups = cgroups_of(live).size();
    if (site) CHECK(live_cgroups == 1);
    const auto r = run_cli_env(env_of(dir), "run -q --jobs 1 --isolation process " + quick, dir);
    CHECK(r.exit_code == 0);
    CHECK(entries(dir + "/tmp", worker).size() == 1);
    CHECK(cgroups_of(live).size() == live_cgroups);

    // Killed: both stay behind (nothing of it runs any more) until the next futolab starts a worker.
    ::kill(live, SIGKILL);
    wait_exit(live);
    CHECK(entries(dir + "/tmp", worker).size() == 1);
    CHECK(cgroups_of(live).size() == live_cgroups);
    fs::remove_all(dir + "/out");
    const auto again = run_cli_env(env_of(dir), "run -q --jobs 1 --isolation process " + quick, dir);
    CHECK(again.exit_code == 0);
    CHECK(entries(dir + "/tmp", worker).empty());
    CHECK(cgroups_of(live).empty());
    if (site) CHECK(futolab::test::sleepers(marker).empty());  // killed with its cgroup
    futolab::test::kill_sleepers(marker);
    CHECK(entries(dir + "/tmp", "futolab-").empty());
}

TEST_CASE("a relative TMPDIR works for tools in solve and in every isolation", "[leftovers][cli][external]") {
    const std::string dir = scratch("relative-tmpdir");
    // The tool answers only if its TMPDIR names a folder from inside its run folder, where it starts.
    fake_tool(dir, "minizinc", "[ -d \"$TMPDIR\" ] || { echo \"no folder $TMPDIR\" >&2; exit 1; }\n" + std::string(kTwoSolutions));
    config(dir, "minizinc", "unused");
    fs::create_directories(dir + "/tmp");
    const std::string env = "PATH='" + dir + "/bin':\"$PATH\" TMPDIR=tmp ";
    const auto r = run_cli_env(env, "solve -s minizinc --count 2 i.jsonl", dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "multiple"));
    for (const std::string isolation : {"thread", "process", "fork"}) {
        INFO(isolation);
        const auto run = run_cli_env(env, "run -q --jobs 1 --isolation " + isolation + " " + config(dir, "minizinc", "t-" + isolation), dir);
        INFO(run.err);
        CHECK(run.exit_code == 0);
        CHECK(has(futolab::test::slurp(dir + "/out/t-" + isolation + ".csv"), ",multiple,"));
    }
    CHECK(entries(dir + "/tmp", "futolab-").empty());
}

TEST_CASE("a FIFO as cbc's answer is an error row in solve and a thread-mode sweep, not a hang", "[leftovers][cli][ilp]") {
    const futolab::test::Watchdog watchdog(300);  // the plain stream read waited for a writer forever
    const std::string dir = scratch("fifo-answer");
    fake_tool(dir, "cbc", "mkfifo \"$4\"; echo 'Enumerated nodes: 0'");
    config(dir, "ilp", "unused");
    const std::string env = env_of(dir);
    const auto r = run_cli_env(env, "solve -s ilp --time-limit 2 i.jsonl", dir);
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "cbc's solution file: not a regular file"));
    const auto run = run_cli_env(env, "run -q --jobs 1 --isolation thread " + config(dir, "ilp", "fifo"), dir);
    CHECK(run.exit_code == 0);
    CHECK(has(futolab::test::slurp(dir + "/out/fifo.csv"), "cbc's solution file: not a regular file"));
}
