// Red-team round 25, A F5: the stale-resource reaper at the start of every command removed,
// with its contents, any folder under TMPDIR shaped like futolab-…-p<N>s<M>-… whose pid was
// dead or ran with another start time (a user's `futolab-results-p3s1-backup`: part 3, seed 1).
// Now only what futolab provably made goes: the exact name it makes, a directory of this user
// (never followed through a link), of an owner that is gone, and for a temporary folder the
// marker written into it when it was made (core/temp_dir.hpp); for a cgroup, a cgroup file
// system (sandbox/cgroup.hpp). The temp files of AtomicFile writers: this user's only.
#include "core/atomic_file.hpp"
#include "core/owner.hpp"
#include "core/temp_dir.hpp"
#include "sandbox/cgroup.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/core/dead_owner.hpp"
#include "tests/core/unremovable.hpp"
#include "tests/solvers/external/leftovers.hpp"

#include <catch2/catch.hpp>

#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace futolab;
using futolab::external::Owner;
using futolab::test::dead_owner;
using futolab::test::token;

namespace {

// A user's folder: one file of data in it.
void user_folder(const fs::path& p) {
    fs::create_directories(p);
    std::ofstream(p / "chapter1.tex") << "precious";
}

bool data_there(const fs::path& p) { return fs::exists(p / "chapter1.tex"); }

// Another user's uid, where this test may give a file away (as root); nullopt elsewhere.
std::optional<uid_t> other_uid() { return ::getuid() == 0 ? std::optional<uid_t>(65534) : std::nullopt; }

}  // namespace

TEST_CASE("the name of a temporary folder futolab makes is read exactly", "[sandbox][leftovers][reap]") {
    const Owner dead = dead_owner();
    const std::string t = token(dead);
    for (const std::string& name : std::vector<std::string>{"futolab-minizinc-" + t + "-Xa3b9Q", "futolab-critical-search-" + t + "-000000",
                                                            "futolab-worker-" + t + "-abcdef"}) {
        INFO(name);
        const std::optional<Owner> o = external::temp_folder_owner(name);
        REQUIRE(o);
        CHECK(o->pid == dead.pid);
        CHECK(o->start == dead.start);
    }
    for (const std::string& name : std::vector<std::string>{
             "futolab-thesis-p1s1-final", "futolab-p999999s1-my-thesis",
          "futolab-" + t + "-Xa3b9Q",                      // no prefix
          "futolab-minizinc-" + t + "-Xa3b9Q-old",         // an extra suffix
          "futolab-minizinc-" + t + "-Xa3b9",              // five random characters
          "futolab-minizinc-" + t + "-Xa3b9QQ",            // seven
          "futolab-minizinc-" + t + "-Xa3.9Q",             // not mkdtemp's letters or digits
          "futolab-Minizinc-" + t + "-Xa3b9Q",             // not lowercase
          "futolab-mini--zinc-" + t + "-Xa3b9Q",           // an empty word
          "futolab-minizinc-p0" + t.substr(1) + "-Xa3b9Q", // a leading zero: not as futolab writes it
          "futolab-minizinc-p+1s1-Xa3b9Q", "futolab-minizinc-p0s1-Xa3b9Q", "xfutolab-minizinc-" + t + "-Xa3b9Q"}) {
        INFO(name);
        CHECK_FALSE(external::temp_folder_owner(name));
    }
    // `futolab-results-p3s1-backup` has the very form (a word, a token, six letters): only the
    // marker tells it from futolab's (the next test).
    CHECK(external::temp_folder_owner("futolab-results-p3s1-backup"));
}

TEST_CASE("a temporary folder futolab makes holds its marker and a prefix it could not reap is refused",
          "[sandbox][leftovers][reap]") {
    const fs::path base = test::fresh_dir("stale-reaper", "made");
    const test::ScopedEnv env("TMPDIR", base.string());
    for (const char* prefix : {"worker", "critical-search", "report"}) {
        const external::TempDir dir(prefix);
        INFO(dir.path());
        CHECK(external::made_by_futolab(dir.path()));
        const std::optional<Owner> o = external::temp_folder_owner(dir.path().filename().string());
        REQUIRE(o);
        CHECK(o->pid == ::getpid());
    }
    for (const char* prefix : {"", "Report", "my_tool", "-x", "x-", "a--b", "p1s1"})
        CHECK_THROWS_AS(external::make_owned_temp_dir(prefix), std::logic_error);
    CHECK(fs::is_empty(base));
}

TEST_CASE("the reaper removes a dead futolab's folders and leaves a user's folders that look like them",
          "[sandbox][leftovers][reap]") {
    const test::Watchdog watchdog(120);  // a FIFO opened blocking would hang: a failure, not a wait
    const fs::path base = test::fresh_dir("stale-reaper", "folders");
    const fs::path b = base / "tmp", elsewhere = base / "elsewhere";
    fs::create_directories(b);
    const test::ScopedEnv env("TMPDIR", b.string());
    const std::string dead = token(dead_owner());
    const Owner self = *external::process_owner(::getpid());
    const std::string reused = "p" + std::to_string(self.pid) + "s" + std::to_string(self.start + 1);

    // What futolab made and its owner left: a dead pid, and a pid reused by a later process.
    const fs::path stale[] = {b / ("futolab-minizinc-" + dead + "-Xa3b9Q"), b / ("futolab-worker-" + reused + "-AbC123")};
    for (const fs::path& p : stale) {
        user_folder(p);
        external::mark_owned_folder(p);
    }
    // A user's folders, each with data, that only look like futolab's.
    struct Kept {
        const char* what;
        fs::path path;
        bool marked;  // a marker naming it, as futolab writes one
    };
    std::vector<Kept> kept = {
        {"a user's folder of the same form, no marker", b / ("futolab-results-" + dead + "-backup"), false},
        {"a user's folder with a marker, not of the form", b / "futolab-thesis-p1s1-final", true},
        {"no prefix word", b / ("futolab-" + dead + "-my-thesis"), true},
        {"an extra suffix", b / ("futolab-minizinc-" + dead + "-Xa3b9Q-old"), true},
        {"a pid with a leading zero", b / ("futolab-minizinc-p0" + dead.substr(1) + "-Xa3b9Q"), true},
        {"the exact form without its marker", b / ("futolab-minizinc-" + dead + "-NoMark"), false},
        {"a live owner's (this test)", b / ("futolab-worker-" + external::owner_token() + "-LiveOn"), true},
    };
    for (const Kept& k : kept) {
        user_folder(k.path);
        if (k.marked) external::mark_owned_folder(k.path);
    }
    // The exact form with a marker that is not futolab's: one naming another folder (a renamed
    // copy), a link to a true marker, a FIFO, a longer file.
    const fs::path renamed = b / ("futolab-minizinc-" + dead + "-Copied"), original = elsewhere / ("futolab-minizinc-" + dead + "-Orig00");
    user_folder(original);
    external::mark_owned_folder(original);
    fs::copy(original, renamed, fs::copy_options::recursive);
    const fs::path linked = b / ("futolab-minizinc-" + dead + "-Linked"), true_marker = elsewhere / "marker-of-linked";
    user_folder(linked);
    std::ofstream(true_marker) << "futolab temporary folder " << linked.filename().string() << "\n";
    fs::create_symlink(true_marker, linked / ".futolab-owned");
    const fs::path fifo = b / ("futolab-minizinc-" + dead + "-FifoMk");
    user_folder(fifo);
    REQUIRE(::mkfifo((fifo / ".futolab-owned").c_str(), 0600) == 0);
    const fs::path longer = b / ("futolab-minizinc-" + dead + "-Longer");
    user_folder(longer);
    external::mark_owned_folder(longer);
    std::ofstream(longer / ".futolab-owned", std::ios::app) << "more";
    for (const fs::path& p : {renamed, linked, fifo, longer}) kept.push_back({"a marker not futolab's", p, false});
    // Another user's folder, as futolab would make it (as root only: others cannot give files away).
    if (const auto uid = other_uid()) {
        const fs::path theirs = b / ("futolab-minizinc-" + dead + "-Theirs");
        user_folder(theirs);
        external::mark_owned_folder(theirs);
        REQUIRE(::chown(theirs.c_str(), *uid, *uid) == 0);
        REQUIRE(::chown((theirs / ".futolab-owned").c_str(), *uid, *uid) == 0);
        kept.push_back({"another user's", theirs, false});
    }
    // A regular file and a symlink of the exact form: the link's target is a folder of that
    // very name with its marker and data, and is never followed.
    const fs::path file = b / ("futolab-minizinc-" + dead + "-RegFil");
    std::ofstream(file) << "precious";
    const fs::path target = elsewhere / ("futolab-minizinc-" + dead + "-LnkDir");
    user_folder(target);
    external::mark_owned_folder(target);
    fs::create_directory_symlink(target, b / target.filename());

    { const external::TempDir first("ilp"); }  // the first folder made under this base reaps it

    for (const fs::path& p : stale) CHECK_FALSE(fs::exists(p));
    for (const Kept& k : kept) {
        INFO(k.what << ": " << k.path);
        CHECK(data_there(k.path));
    }
    CHECK(fs::exists(file));
    CHECK(fs::is_symlink(b / target.filename()));
    CHECK(data_there(target));
    CHECK(data_there(original));
}

TEST_CASE("the cgroup reaper takes only futolab's cgroup names, on a cgroup file system", "[sandbox][leftovers][reap]") {
    const test::Watchdog watchdog(120);
    const std::string dead = token(dead_owner());
    CHECK(cgroup_owner("futolab-" + dead + "-0"));
    CHECK(cgroup_owner("futolab-" + dead + "-17"));
    CHECK(cgroup_owner("futolab-probe-" + dead));
    for (const std::string& name : std::vector<std::string>{"futolab-results-" + dead + "-backup", "futolab-" + dead + "-017", "futolab-" + dead + "-1x",
                                   "futolab-" + dead + "-", "futolab-" + dead, "futolab-probe-" + dead + "-0",
                                   "futolab-x-" + dead + "-0", "futolab-p1s1-my-thesis"}) {
        INFO(name);
        CHECK_FALSE(cgroup_owner(name));
    }
    // A plain folder named as futolab's cgroup, its cgroup.procs naming a live process: no cgroup,
    // so nothing in it is killed and it stays.
    const fs::path plain = test::fresh_dir("stale-reaper", "cgroups");
    const fs::path fake = plain / ("futolab-" + dead + "-0");
    fs::create_directories(fake);
    const std::string marker = test::sleep_marker(61);
    const pid_t sleeper = ::fork();
    if (sleeper == 0) {
        ::execlp("sleep", "sleep", marker.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    for (int i = 0; i < 500 && test::sleepers(marker).empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ofstream(fake / "cgroup.procs") << sleeper << "\n";
    reap_stale_cgroups(plain.string());
    CHECK(fs::exists(fake / "cgroup.procs"));
    CHECK(test::sleepers(marker).size() == 1);
    ::kill(sleeper, SIGKILL);
    ::waitpid(sleeper, nullptr, 0);
    // In a real cgroup folder, where this process may make cgroups: a user's cgroup of a similar
    // name stays, a dead futolab's goes.
    const std::optional<CgroupSite> site = memory_cgroup_site();
    if (!site) return;
    const fs::path users = fs::path(site->dir) / ("futolab-results-" + dead + "-backup");
    const fs::path stale = fs::path(site->dir) / ("futolab-" + dead + "-0");
    REQUIRE(::mkdir(users.c_str(), 0755) == 0);
    REQUIRE(::mkdir(stale.c_str(), 0755) == 0);
    reap_stale_cgroups(site->dir);
    CHECK(fs::exists(users));
    CHECK_FALSE(fs::exists(stale));
    ::rmdir(users.c_str());
    ::rmdir(stale.c_str());
}

TEST_CASE("a dead writer's temp file is reaped only if it is this user's", "[sandbox][leftovers][reap]") {
    const fs::path dir = test::fresh_dir("stale-reaper", "temp-files");
    const std::string target = (dir / "r.csv").string();
    // AtomicFile's own temp name, its writer replaced by a dead one:
    // `r.csv.tmp-<host>-p<pid>s<start>-<random>`.
    std::string name;
    {
        const AtomicFile probe(target);
        name = fs::path(probe.temp_path()).filename().string();
    }
    const std::string self = external::owner_token(), gone = token(dead_owner());
    const std::size_t at = name.rfind("-" + self + "-");
    REQUIRE(at != std::string::npos);
    const std::string mine = name.substr(0, at) + "-" + gone + "-" + name.substr(at + self.size() + 2);
    std::string theirs = mine;
    theirs.back() = theirs.back() == 'a' ? 'b' : 'a';
    std::ofstream(dir / mine) << "partial";
    std::ofstream(dir / theirs) << "partial";
    std::size_t expected = 1;
    if (const auto uid = other_uid()) REQUIRE(::chown((dir / theirs).c_str(), *uid, *uid) == 0);
    else expected = 2;  // no other user to give it to: both are this user's
    CHECK(reap_stale_temp_files(dir.string()) == expected);
    CHECK_FALSE(fs::exists(dir / mine));
    CHECK(fs::exists(dir / theirs) == (expected == 1));
}

namespace {

// A stale folder as a killed futolab leaves one under `base`: its exact name, a dead owner, the
// marker, files and a folder.
fs::path stale_folder(const fs::path& base, const std::string& random) {
    const fs::path f = base / ("futolab-worker-" + token(dead_owner()) + "-" + random);
    user_folder(f);
    external::mark_owned_folder(f);
    user_folder(f / "sub");
    return f;
}

// A command's start under TMPDIR=base: what reaps stale folders (list does nothing else).
test::CliResult next_start(const fs::path& base) { return test::run_cli_env("TMPDIR='" + base.string() + "' ", "list"); }

std::size_t lines_of(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

// Red-team round 28, A F7 (a): the reaper removed files of another file system mounted below a
// stale folder. A real bind mount, where this test may make one (as root); elsewhere the mount
// check is tested through its seam (tests/core/folder_removal_test.cpp).
TEST_CASE("a stale folder with a mount below it is left in place with a warning and nothing on the mount removed",
          "[sandbox][leftovers][reap]") {
    const fs::path base = test::fresh_dir("stale-reaper", "mounted");
    const fs::path tmp = base / "tmp", outside = base / "outside";
    fs::create_directories(tmp);
    user_folder(outside);
    const fs::path f = stale_folder(tmp, "Mount1"), mnt = f / "mnt";
    fs::create_directories(mnt);
    if (::mount(outside.c_str(), mnt.c_str(), nullptr, MS_BIND, nullptr) != 0) {
        WARN("no bind mount can be made here (not root): the mount check is tested through its seam in test_core");
        return;
    }
    const test::CliResult first = next_start(tmp);
    ::umount2(mnt.c_str(), MNT_DETACH);
    INFO(first.err);
    CHECK(first.exit_code == 0);
    CHECK(data_there(outside));  // nothing on the other file system removed
    CHECK(fs::exists(f / ".futolab-owned"));
    CHECK_FALSE(data_there(f));  // what lies on the folder's own file system went
    CHECK(lines_of(first.err) == 1);
    CHECK(test::has(first.err, "futolab: warning: left the temporary folder " + f.string() + " in place: " + mnt.string() +
                                   " is on another file system mounted in it"));
    // Unmounted, the next start removes the folder.
    const test::CliResult second = next_start(tmp);
    CHECK(second.err.empty());
    CHECK_FALSE(fs::exists(f));
    CHECK(data_there(outside));
}

// Red-team round 28, A F7 (b): the reaper removed the marker whenever its walk met it, so a reap
// cut half-way left an unmarked folder that no later start reaped. Two folders, the marker made
// before and after what cannot go: whichever order the walk reads them in, one has it first.
TEST_CASE("a reap cut by a file it cannot remove is finished by the next start", "[sandbox][leftovers][reap]") {
    const fs::path base = test::fresh_dir("stale-reaper", "cut");
    std::vector<fs::path> folders;
    const fs::path first = base / ("futolab-worker-" + token(dead_owner()) + "-First1");
    fs::create_directories(first);
    external::mark_owned_folder(first);
    user_folder(first / "stuck");
    user_folder(first / "later");
    folders.push_back(first);
    const fs::path last = base / ("futolab-worker-" + token(dead_owner()) + "-Last22");
    user_folder(last / "stuck");
    user_folder(last / "later");
    external::mark_owned_folder(last);
    folders.push_back(last);
    test::Unremovable stuck_first(first / "stuck" / "chapter1.tex"), stuck_last(last / "stuck" / "chapter1.tex");
    if (!stuck_first.made() || !stuck_last.made()) {
        WARN("no file can be made unremovable here (root on a file system without the immutable flag): skipped");
        return;
    }
    CHECK(next_start(base).exit_code == 0);
    for (const fs::path& f : folders) {
        INFO(f);
        CHECK(fs::exists(f / ".futolab-owned"));  // still futolab's: the next start goes on
        CHECK(data_there(f / "stuck"));
    }
    stuck_first.undo();
    stuck_last.undo();
    CHECK(next_start(base).exit_code == 0);
    for (const fs::path& f : folders) CHECK_FALSE(fs::exists(f));
}
