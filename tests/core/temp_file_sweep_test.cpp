// Red-team round 28, A F9: the sweep of the temp files killed writers leave beside their outputs
// (core/atomic_file.hpp, reap_stale_temp_files) removed every file of this user named
// `<target>.tmp-<host>-<pid>-<random>` whose pid was dead: a user's file that only looked like
// one. A pid alone names no writer (any dead pid, or one a later process took); the name now
// carries its writer's pid and start time, and the sweep removes a file only if no process runs
// with both, it is a regular file of this user, and its whole name is one a writer makes.
#include "core/atomic_file.hpp"
#include "core/owner.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/core/dead_owner.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using futolab::external::Owner;
using futolab::test::dead_owner;
using futolab::test::token;

TEST_CASE("the temp-file sweep removes a dead writer's leftover and keeps look-alikes and live writers' files",
          "[core][atomic][leftovers]") {
    const fs::path dir = futolab::test::fresh_dir("core", "temp-file-sweep");
    // A writer's own temp name, `r.csv.tmp-<host>-<owner>-<random>`, cut where its owner is.
    std::string name;
    {
        const futolab::AtomicFile probe((dir / "r.csv").string());
        name = fs::path(probe.temp_path()).filename().string();
    }
    const std::string self = futolab::external::owner_token();
    const std::size_t at = name.rfind("-" + self + "-");
    REQUIRE(at != std::string::npos);
    const std::string head = name.substr(0, at + 1);  // r.csv.tmp-<host>-
    const Owner dead = dead_owner(), me = *futolab::external::process_owner(::getpid());
    const std::string reused = "p" + std::to_string(me.pid) + "s" + std::to_string(me.start + 1);

    const std::vector<std::string> leftovers{
        head + token(dead) + "-Xa3b9Q",  // its writer is gone
        head + reused + "-Xa3b9Q",       // its pid now runs a later process: its writer is gone too
    };
    struct Kept {
        const char* what;
        std::string name;
    };
    const std::vector<Kept> kept{
        {"a look-alike with a dead pid alone (the old form)", head + std::to_string(dead.pid) + "-Xa3b9Q"},
        {"a live writer's (this test)", head + self + "-Xa3b9Q"},
        {"a pid with a leading zero", head + "p0" + token(dead).substr(1) + "-Xa3b9Q"},
        {"no start time", head + "p" + std::to_string(dead.pid) + "s-Xa3b9Q"},
        {"an extra suffix", head + token(dead) + "-Xa3b9Q.bak"},
        {"five random characters", head + token(dead) + "-Xa3b9"},
        {"another host's", "r.csv.tmp-0000zzzz-" + token(dead) + "-Xa3b9Q"},
    };
    for (const std::string& n : leftovers) std::ofstream(dir / n) << "partial";
    for (const Kept& k : kept) std::ofstream(dir / k.name) << "a user's data";
    CHECK(futolab::reap_stale_temp_files(dir.string()) == leftovers.size());
    for (const std::string& n : leftovers) CHECK_FALSE(fs::exists(dir / n));
    for (const Kept& k : kept) {
        INFO(k.what << ": " << k.name);
        CHECK(fs::exists(dir / k.name));
    }
}
