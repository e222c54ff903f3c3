// The scratch folders a killed futolab leaves in TMPDIR (a warm worker's, a tool's, a critical
// search's: named by their owner's pid and start time, core/owner.hpp) go at the start of every
// command, and a live futolab's never. They went only at the start of a command that made such a
// folder itself: a thread-isolation run, critical --exact and generate left them. Folders planted
// by hand, named for a dead pid and for this test's live process.
#include "cli_runner.hpp"
#include "core/owner.hpp"
#include "core/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

// The pid of a child that has exited and been waited for: no process has it now (or one that
// started at another time, which the owner token's start time tells apart).
pid_t dead_pid() {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    REQUIRE(pid > 0);
    REQUIRE(::waitpid(pid, nullptr, 0) == pid);
    return pid;
}

}  // namespace

TEST_CASE("every command removes a dead futolab's scratch folders at its start, a live one's stay", "[cli][leftovers]") {
    const fs::path dir = fresh_dir("stale-scratch", "commands");
    const fs::path tmp = dir / "tmp";
    const std::string dead = "p" + std::to_string(dead_pid()) + "s1";
    const fs::path stale[] = {tmp / ("futolab-worker-" + dead + "-AAAAAA"), tmp / ("futolab-critical-search-" + dead + "-BBBBBB")};
    const fs::path live = tmp / ("futolab-worker-" + futolab::external::owner_token() + "-CCCCCC");
    std::ofstream(dir / "q.yaml") << "name: q\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                     "/corpora/tatham-dev/n04.tatham\nsolvers: [ gac ]\noutput: r/q.csv\n";
    const std::string env = "TMPDIR='" + tmp.string() + "' ";
    for (const std::string args : {"run -q --isolation thread q.yaml", "critical --exact --n 4 --objective h+k --out c.jsonl",
                                   "generate random --n 4 --count 2 --out g.jsonl", "list"}) {
        for (const fs::path& p : stale) {
            fs::create_directories(p / "inner");
            futolab::external::mark_owned_folder(p);  // as futolab made it
        }
        fs::create_directories(live / "inner");
        const auto r = run_cli_env(env, args, dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 0);
        for (const fs::path& p : stale) CHECK_FALSE(fs::exists(p));
        CHECK(fs::exists(live / "inner"));
    }
}

// Red-team round 25, A F5: the sweep removed, with their contents, a user's folders that only
// looked like scratch folders (`futolab-results-p999999s1-backup`: a dead pid; `p1s1`: pid 1
// alive with another start time, taken for a reused pid). Only what futolab made, with the
// marker it writes into each, goes.
TEST_CASE("a user's folders named like futolab's scratch survive the start of every command", "[cli][leftovers]") {
    const fs::path dir = fresh_dir("stale-scratch", "users");
    const fs::path tmp = dir / "tmp";
    const std::string dead = "p" + std::to_string(dead_pid()) + "s1";
    const fs::path users[] = {tmp / "futolab-results-p999999s1-backup", tmp / "futolab-thesis-p1s1-final",
                              tmp / "futolab-p999999s1-my-thesis", tmp / ("futolab-worker-" + dead + "-AAAAAA"),
                              tmp / ("futolab-worker-" + dead + "-AAAAAA-old"), dir / "data"};
    const fs::path link = tmp / ("futolab-critical-search-" + dead + "-LINKED");  // to dir/data, never followed
    const fs::path stale = tmp / ("futolab-critical-search-" + dead + "-BBBBBB");
    std::ofstream(dir / "q.yaml") << "name: q\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                     "/corpora/tatham-dev/n04.tatham\nsolvers: [ gac ]\noutput: r/q.csv\n";
    const std::string env = "TMPDIR='" + tmp.string() + "' ";
    for (const std::string args : {"list", "run -q --isolation thread q.yaml --out r2"}) {
        for (const fs::path& p : users) {
            fs::create_directories(p);
            std::ofstream(p / "chapter1.tex") << "precious";
        }
        if (!fs::is_symlink(link)) fs::create_directory_symlink(dir / "data", link);
        fs::create_directories(stale);
        futolab::external::mark_owned_folder(stale);
        const auto r = run_cli_env(env, args, dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 0);
        for (const fs::path& p : users) CHECK(fs::exists(p / "chapter1.tex"));
        CHECK(fs::is_symlink(link));
        CHECK_FALSE(fs::exists(stale));  // a dead futolab's folder still goes
    }
}
