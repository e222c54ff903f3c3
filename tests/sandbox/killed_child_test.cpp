// A run's process that its parent kills (fork isolation: at the interrupt, or past its deadline)
// never runs its destructors, so the tool folders it made under TMPDIR
// (futolab-<tool>-p<its pid>s<start>-…) stayed until the next start (red-team round 11, F10).
// The parent removes them when it reaps the killed child (sandbox/child_run.cpp).
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// The entries of `dir` whose name starts with `prefix`.
int count_named(const fs::path& dir, const std::string& prefix) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().starts_with(prefix)) ++n;
    return n;
}

}  // namespace

TEST_CASE("SIGTERM of run in fork isolation leaves no tool folder of the killed run's process", "[sandbox][kill][threads]") {
    const fs::path dir = futolab::test::fresh_dir("killed-child", "fork");
    fs::create_directories(dir / "tmp");
    std::ofstream(dir / "d.yaml") << "name: d\nisolation: fork\nlimits: { time: 60s }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                     "/corpora/tatham-dev/n04.tatham\nsolvers: [ \"command:name=slow\" ]\ncommands:\n"
                                     "  - name: slow\n    argv: [ \"sh\", \"-c\", \"sleep 60; echo UNSAT\", \"{instance}\" ]\n"
                                     "output: out/d.csv\n";
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::chdir(dir.c_str()) != 0) ::_exit(126);
        ::setenv("TMPDIR", (dir / "tmp").c_str(), 1);
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        ::execl(FUTOLAB_CLI, "futolab", "run", "-q", "--jobs", "1", "d.yaml", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // The first run's tool is running (its folder exists; polled, no fixed delay).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (count_named(dir / "tmp", "futolab-command-") == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE(count_named(dir / "tmp", "futolab-command-") == 1);
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);  // interrupted
    CHECK(count_named(dir / "tmp", "futolab-") == 0);
}
