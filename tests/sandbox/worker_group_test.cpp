// A build of an A/B sweep given as a wrapper script that does not exec (`futolab "$@"`, or
// anything that starts children) left processes behind: after SIGTERM of run the real worker
// ran on, orphaned, for its run's whole time limit, and a wrapper killed for saying no hello
// left its children (red-team round 31, H10). A worker now has a process group of its own,
// killed whole, and a futolab worker dies with its parent (the wrapper, which dies with run).
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// A puzzle with very many solutions: counting them all takes far longer than the test.
const char* const kEndless = "{\"id\":\"endless\",\"n\":14,\"givens\":[],\"relations\":[]}\n";

// The pids the wrappers wrote to `file`, one a line (a session's start, or a worker replaced
// after its warm-up, starts another wrapper).
std::vector<pid_t> pids_in(const fs::path& file) {
    std::ifstream in(file);
    std::vector<pid_t> out;
    for (long pid = 0; in >> pid;) out.push_back(static_cast<pid_t>(pid));
    return out;
}

// Whether `pid` is gone (or a zombie init has yet to reap), within 5 s.
bool gone(pid_t pid) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < deadline) {
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text;
        if (!std::getline(stat, text)) return true;
        const std::size_t close = text.rfind(')');
        if (close != std::string::npos && text.size() > close + 2 && text[close + 2] == 'Z') return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// `dir`/NAME: a shell script that runs `body` (its child's pid added to dir/child.pid) and waits.
std::string wrapper(const fs::path& dir, const std::string& name, const std::string& body) {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\n" << body << " &\necho $! >> '" << (dir / "child.pid").string() << "'\nwait\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
}

// futolab run with `args` in `dir` (TMPDIR below it), forked; its pid.
pid_t start_run(const fs::path& dir, const std::vector<std::string>& args) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::chdir(dir.c_str()) != 0) ::_exit(126);
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        futolab::test::exec_cli(args);
    }
    return pid;
}

}  // namespace

TEST_CASE("SIGTERM of run leaves no process of a build given as a wrapper script", "[sandbox][kill][builds]") {
    const fs::path dir = futolab::test::fresh_dir("worker-group", "term");
    std::ofstream(dir / "e.jsonl") << kEndless;
    std::ofstream(dir / "w.yaml") << "name: w\nmode: { count: all }\nlimits: { time: 60s }\ninstances:\n  - file: e.jsonl\n"
                                     "solvers: [ gac ]\noutput: out/w.csv\n";
    const std::string wrap = wrapper(dir, "wrap.sh", "'" FUTOLAB_CLI "' \"$@\"");
    for (const int signal : {SIGTERM, SIGKILL}) {
        INFO("signal " << signal);
        fs::remove_all(dir / "out");
        fs::remove(dir / "child.pid");
        const pid_t run = start_run(dir, {"run", "-q", "-j1", "w.yaml", "--build", "a=" + wrap, "--build", "b=" FUTOLAB_CLI});
        // A wrapper's futolab is there (its pid written; polled), and past its session's warm-up
        // runs (10 ms each) into the endless run.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (pids_in(dir / "child.pid").empty() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        REQUIRE_FALSE(pids_in(dir / "child.pid").empty());
        std::this_thread::sleep_for(std::chrono::seconds(1));
        ::kill(run, signal);
        int status = 0;
        ::waitpid(run, &status, 0);
        for (const pid_t worker : pids_in(dir / "child.pid")) CHECK(gone(worker));
    }
}

TEST_CASE("a build killed for saying no hello leaves none of its children", "[sandbox][kill][builds]") {
    const fs::path dir = futolab::test::fresh_dir("worker-group", "hello");
    std::ofstream(dir / "e.jsonl") << kEndless;
    std::ofstream(dir / "w.yaml") << "name: w\nmode: { count: 1 }\ninstances:\n  - file: e.jsonl\nsolvers: [ gac ]\noutput: out/w.csv\n";
    const std::string mute = wrapper(dir, "mute.sh", "sleep 60");
    const auto r = futolab::test::run_cli_env("FUTOLAB_WORKER_WAIT=1s ",
                                              "run -q -j1 w.yaml --build a=" + mute + " --build b=" FUTOLAB_CLI, dir.string());
    CHECK(r.exit_code == 2);
    CHECK(futolab::test::has(r.err, "said no hello within"));
    const std::vector<pid_t> sleepers = pids_in(dir / "child.pid");
    REQUIRE_FALSE(sleepers.empty());
    for (const pid_t sleeper : sleepers) CHECK(gone(sleeper));
}

// What a wrapper starts besides the worker (spot check of round 31, J7): after a kill -9 of run it
// was left running, deaf to a plain kill (the stop signals ignored, inherited through exec);
// one a build refused for no hello started in a session of its own stayed too. Now it carries
// the worker folder's mark: the next futolab's start kills it (after a kill -9), the parent
// when the worker ends (no hello); and it starts with the stop signals at their default.
TEST_CASE("what a wrapper build starts besides its worker is killed by its mark", "[sandbox][kill][builds]") {
    const fs::path dir = futolab::test::fresh_dir("worker-group", "marked");
    fs::create_directories(dir / "tmp");
    std::ofstream(dir / "e.jsonl") << kEndless;
    std::ofstream(dir / "w.yaml") << "name: w\nmode: { count: all }\nlimits: { time: 60s }\ninstances:\n  - file: e.jsonl\n"
                                     "solvers: [ gac ]\noutput: out/w.csv\n";
    const std::string pids = (dir / "child.pid").string();
    const fs::path wrap = dir / "wrap.sh";
    std::ofstream(wrap) << "#!/bin/sh\n'" FUTOLAB_CLI "' \"$@\" &\nsleep 60 &\necho $! >> '" << pids << "'\nwait\n";
    fs::permissions(wrap, fs::perms::owner_all);
    ::setenv("TMPDIR", (dir / "tmp").c_str(), 1);  // the run's and the next start's, for this test
    const pid_t run = start_run(dir, {"run", "-q", "-j1", "w.yaml", "--build", "a=" + wrap.string(), "--build", "b=" FUTOLAB_CLI});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (pids_in(pids).empty() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE_FALSE(pids_in(pids).empty());
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const pid_t sleeper = pids_in(pids).back();
    {
        std::ifstream status("/proc/" + std::to_string(sleeper) + "/status");
        std::string line;
        while (std::getline(status, line) && !line.starts_with("SigIgn:")) {
        }
        const unsigned long ignored = std::stoul(line.substr(7), nullptr, 16);
        CHECK((ignored & (1UL << (SIGTERM - 1))) == 0);  // (sh itself starts `&` jobs with SIGINT ignored)
        CHECK((ignored & (1UL << (SIGHUP - 1))) == 0);
    }
    ::kill(run, SIGKILL);
    ::waitpid(run, nullptr, 0);
    CHECK_FALSE(gone(sleeper));  // nothing is left alive to kill it...
    CHECK(futolab::test::run_cli_env("TMPDIR='" + (dir / "tmp").string() + "' ", "list", dir.string()).exit_code == 0);
    CHECK(gone(sleeper));  // ...until the next start reaps the dead run's worker folder
    ::unsetenv("TMPDIR");
    // Refused for no hello, a child in a session of its own goes when the worker does.
    fs::remove(pids);
    const fs::path mute = dir / "mute.sh";
    std::ofstream(mute) << "#!/bin/sh\nsetsid sleep 60 &\necho $! >> '" << pids << "'\nsleep 60\n";
    fs::permissions(mute, fs::perms::owner_all);
    const auto r = futolab::test::run_cli_env("FUTOLAB_WORKER_WAIT=1s ",
                                              "run -q -j1 w.yaml --out o2 --build a=" + mute.string() + " --build b=" FUTOLAB_CLI,
                                              dir.string());
    CHECK(r.exit_code == 2);
    REQUIRE_FALSE(pids_in(pids).empty());
    for (const pid_t p : pids_in(pids)) CHECK(gone(p));
}
