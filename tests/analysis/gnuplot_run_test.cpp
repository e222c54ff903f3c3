// gnuplot runs with a bounded wall time (analysis/gnuplot_run.hpp; issue #45, "hangs", red-team
// round 10 finding 5): a gnuplot that never ends is killed with its whole process group, and
// `analyze --plots` and `report` fail with one line naming the figure instead of waiting for
// good. The fake gnuplot is first on PATH, where futolab looks for gnuplot.
#include "../app/cli_runner.hpp"
#include "analysis/figure_check.hpp"
#include "analysis/gnuplot_run.hpp"

#include <catch2/catch.hpp>

#include <thread>

#include <chrono>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

using futolab::test::has;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

// A gnuplot that never ends: it starts a sleep of its own (in its process group) and waits.
// The sleep's argument is unique to this test process, so it can be found in /proc afterwards.
std::string sleep_token() { return "1000." + std::to_string(::getpid()); }

fs::path fake_gnuplot_dir(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("gnuplot-run", name);
    fs::create_directories(dir / "bin");
    std::ofstream(dir / "bin" / "gnuplot") << "#!/bin/sh\nsleep " << sleep_token() << " &\nwait\n";
    fs::permissions(dir / "bin" / "gnuplot", fs::perms::owner_all);
    return dir;
}

// Whether a live process (not a zombie: it has ended, only its parent has not reaped it yet)
// runs `sleep TOKEN`.
bool sleep_left(const std::string& token) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename();
        if (!std::all_of(pid.begin(), pid.end(), ::isdigit)) continue;
        std::ifstream cmdline(entry.path() / "cmdline");
        std::string text((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
        if (text.find(token) == std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const std::size_t close = line.rfind(')');
        if (close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z') return true;
    }
    return false;
}

// Whether every `sleep TOKEN` is gone within a few seconds: a SIGKILL is delivered
// asynchronously, and on a loaded machine (CI under a sanitizer) the killed process may still
// be running for a moment after futolab has returned.
// Whether `sleep TOKEN` is running (`running` true) or gone (false) by `seconds` from now, polled.
bool sleep_becomes(const std::string& token, bool running, int seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (sleep_left(token) != running) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

bool sleep_gone(const std::string& token) { return sleep_becomes(token, false, 5); }

}  // namespace

TEST_CASE("a gnuplot that never ends is killed with its process group at its time, naming the figure",
          "[plots][gnuplot][hangs]") {
    const fs::path dir = fake_gnuplot_dir("unit");
    const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    ::setenv("PATH", ((dir / "bin").string() + ":" + old_path).c_str(), 1);
    const std::string script = (dir / "cactus-wall_ms.gp").string();
    std::ofstream(script) << "# a figure\n";
    std::string message;
    try {
        futolab::run_gnuplot("cactus-wall_ms", script, (dir / "cactus-wall_ms.log").string(), 0.5);
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    ::setenv("PATH", old_path.c_str(), 1);
    CHECK(has(message, "figure cactus-wall_ms: gnuplot did not finish its script within 0.5 s: killed it and its "
                       "process group"));
    CHECK(message.find('\n') == std::string::npos);
    CHECK(sleep_gone(sleep_token()));  // what it started went with it
}

TEST_CASE("gnuplot's time grows with the figure's points, and FUTOLAB_GNUPLOT_WAIT sets its base", "[plots][gnuplot][env]") {
    ::unsetenv("FUTOLAB_GNUPLOT_WAIT");
    CHECK(futolab::gnuplot_seconds(0) == futolab::kGnuplotBaseSeconds);
    CHECK(futolab::gnuplot_seconds(1'000'000) == futolab::kGnuplotBaseSeconds + 1e6 * futolab::kGnuplotSecondsPerPoint);
    CHECK(futolab::gnuplot_seconds(1'000'000) > 22 * 4);  // 22 s measured for 10^6 points: room for a busy machine
    ::setenv("FUTOLAB_GNUPLOT_WAIT", "1500ms", 1);
    CHECK(futolab::gnuplot_seconds(10'000) == Approx(1.5 + 1));
    ::unsetenv("FUTOLAB_GNUPLOT_WAIT");
    // A wait of 0, or no duration, is refused by name before any work.
    for (const char* value : {"0", "0s", "soon", "-1"}) {
        INFO(value);
        const auto r = run_cli_env(std::string("FUTOLAB_GNUPLOT_WAIT='") + value + "' ", "list");
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: FUTOLAB_GNUPLOT_WAIT: "));
    }
}

TEST_CASE("analyze --plots and report fail on a gnuplot that never ends, naming the figure", "[plots][gnuplot][hangs][cli]") {
    const fs::path dir = fake_gnuplot_dir("cli");
    const std::string env = "PATH='" + (dir / "bin").string() + "':\"$PATH\" FUTOLAB_GNUPLOT_WAIT=500ms ";
    const std::string csv = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper.csv";
    for (const std::string& command : {"analyze " + csv + " --plots '" + (dir / "plots").string() + "' --table summary",
                                       "report " + csv + " --out '" + (dir / "r.html").string() + "'"}) {
        INFO(command);
        const auto r = run_cli_env(env, command);
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "futolab: error: figure "));
        CHECK(has(r.err, ": gnuplot did not finish "));
        CHECK(has(r.err, " s: killed it and its process group (FUTOLAB_GNUPLOT_WAIT sets the base of this limit, "
                         "0.5 s + 1 s per 10 000 points)\n"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    CHECK_FALSE(fs::exists(dir / "r.html"));
    CHECK(sleep_gone(sleep_token()));
}

namespace {

// A fake gnuplot first on PATH: `body` is its shell script after the #! line.
fs::path gnuplot_running(const std::string& name, const std::string& body) {
    const fs::path dir = futolab::test::fresh_dir("gnuplot-run", name);
    fs::create_directories(dir / "bin");
    std::ofstream(dir / "bin" / "gnuplot") << "#!/bin/sh\n" << body << "\n";
    fs::permissions(dir / "bin" / "gnuplot", fs::perms::owner_all);
    return dir;
}

// `futolab analyze` of the paper CSV with plots into DIR/plots, started in the background with
// the fake gnuplot of DIR first on PATH; its pid.
pid_t start_analyze(const fs::path& dir) {
    const std::string command = "PATH='" + (dir / "bin").string() + "':\"$PATH\" exec '" FUTOLAB_CLI "' analyze '"
                                FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper.csv' --plots '" +
                                (dir / "plots").string() + "' --table summary >/dev/null 2>&1";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    return pid;
}

// Waits (polling, up to a minute on a loaded machine) until a live process runs `sleep TOKEN`.
bool sleep_started(const std::string& token) { return sleep_becomes(token, true, 60); }

}  // namespace

// Red-team round 11, F15: gnuplot's output went to its log without bound (3.6 GB in 3 s under
// a `yes` first on PATH). Every file it writes is capped as a solver tool's output is.
TEST_CASE("a gnuplot that prints without end is stopped at the file cap and its log keeps its head",
          "[plots][gnuplot][hangs]") {
    const fs::path dir = gnuplot_running("endless-output", "exec yes gnuplotspam");
    const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    ::setenv("PATH", ((dir / "bin").string() + ":" + old_path).c_str(), 1);
    const std::string script = (dir / "f.gp").string(), log = (dir / "f.log").string();
    std::ofstream(script) << "# a figure\n";
    std::string message;
    try {
        const int status = futolab::run_gnuplot("f", script, log, 8);  // 256 MiB take well under a second: the cap, not the time, ends it
        futolab::check_figure({.figure = "f", .status = status, .written = {}, .targets = {}, .script = script, .log = log, .kept_log = log, .ran_script = "", .kept_script = "", .scratch = false});
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    ::setenv("PATH", old_path.c_str(), 1);
    CHECK(has(message, "figure f: what gnuplot said on its script reached futolab's cap of 256 MiB on a file gnuplot "
                       "writes and gnuplot was stopped (the first 1 MiB are in " + log + ")"));
    CHECK(fs::file_size(log) == futolab::kGnuplotLogKeptBytes);
    std::ifstream in(log);
    std::string first;
    std::getline(in, first);
    CHECK(first == "gnuplotspam");
}

// Red-team round 11, F7: a kill -9 or SIGTERM of analyze left what gnuplot had started running
// (gnuplot itself died with futolab); a gnuplot's daemon outlived even a normal analyze.
TEST_CASE("kill -9 or SIGTERM of analyze during gnuplot leaves none of gnuplot's processes", "[plots][gnuplot][kill][lifecycle]") {
    for (const int sig : {SIGKILL, SIGTERM}) {
        INFO(sig);
        const std::string token = "1001." + std::to_string(::getpid()) + std::to_string(sig);
        const fs::path dir = gnuplot_running("killed-" + std::to_string(sig), "sleep " + token + " &\nwait");
        const pid_t analyze = start_analyze(dir);
        REQUIRE(sleep_started(token));
        ::kill(analyze, sig);
        ::waitpid(analyze, nullptr, 0);
        CHECK(sleep_gone(token));
    }
}

TEST_CASE("a daemon a gnuplot starts in a session of its own does not outlive analyze", "[plots][gnuplot][kill]") {
    const std::string token = "1002." + std::to_string(::getpid());
    const fs::path dir = gnuplot_running("daemon", "setsid sleep " + token + " </dev/null >/dev/null 2>&1 &\nexit 0");
    const pid_t analyze = start_analyze(dir);
    int status = 0;
    ::waitpid(analyze, &status, 0);
    CHECK(sleep_gone(token));
}

namespace {

// The pid of the guard (core/tool_guard.hpp) that process `parent` forked, or 0.
pid_t guard_of(pid_t parent) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename();
        if (!std::all_of(pid.begin(), pid.end(), ::isdigit)) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const std::size_t close = line.rfind(')');
        if (close == std::string::npos || line.find("(futolab-guard)") == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        char state = 0;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent) return static_cast<pid_t>(std::stol(pid));
    }
    return 0;
}

}  // namespace

// The backstop of the guard: what a gnuplot started outlives a kill -9 of both analyze and its
// guard (its mark names gnuplot's folder, owned by the dead analyze) and is killed by the next
// futolab that makes a temporary folder there, before it removes the folder.
TEST_CASE("what gnuplot left when analyze and its guard were both killed goes at the next start", "[plots][gnuplot][kill]") {
    const std::string token = "1003." + std::to_string(::getpid());
    const fs::path dir = gnuplot_running("guard-killed", "sleep " + token + " &\nwait");
    const pid_t analyze = start_analyze(dir);
    REQUIRE(sleep_started(token));
    pid_t guard = 0;
    for (int i = 0; i < 1000 && guard == 0; ++i) {  // forked just after gnuplot: polled
        guard = guard_of(analyze);
        if (guard == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(guard > 0);
    ::kill(guard, SIGKILL);
    ::kill(analyze, SIGKILL);
    ::waitpid(analyze, nullptr, 0);
    CHECK(sleep_left(token));  // nothing killed it yet
    const fs::path next = gnuplot_running("guard-killed-next", "exit 0");
    const pid_t again = start_analyze(next);
    ::waitpid(again, nullptr, 0);
    CHECK(sleep_gone(token));
}
