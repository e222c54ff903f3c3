// Issue #45, "locks that cannot be bypassed": nothing planted at `.<csv>.lock` switches the
// one-writer lock off (a folder or a symlink made the lock return without locking: two writers
// wrote 14 rows for 9 runs) or is damaged by it (a hard link's other name got the pid written
// into it); and the temp files a killed writer leaves are removed by the next writer in the
// folder, never a live writer's.
#include "records_cli.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"
#include "records/read_lock.hpp"

#include "core/lock_holder.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
using futolab::test::sweep_config;
namespace fs = std::filesystem;

namespace {

std::string fresh(const std::string& name) { return futolab::test::fresh_dir("output-lock", name).string(); }

// Each thing a user or an attacker could leave at the lock's path, planted by its function.
const std::map<std::string, std::function<void(const std::string& lock, const std::string& victim)>> kPlanted = {
    {"a folder", [](const std::string& lock, const std::string&) { fs::create_directory(lock); }},
    {"a symbolic link", [](const std::string& lock, const std::string& victim) { fs::create_symlink(victim, lock); }},
    {"a dangling symbolic link", [](const std::string& lock, const std::string& victim) {
         fs::create_symlink(victim + ".absent", lock);
     }},
    {"a hard link", [](const std::string& lock, const std::string& victim) { fs::create_hard_link(victim, lock); }},
    {"a FIFO", [](const std::string& lock, const std::string&) { REQUIRE(::mkfifo(lock.c_str(), 0644) == 0); }},
};

// Starts an AtomicFile for `target` in a child that then dies without cleaning up (as kill -9
// would leave it): returns the temp file's path, its writer gone.
std::string temp_of_dead_writer(const std::string& target) {
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(pipe_fds[0]);
        AtomicFile* file = new AtomicFile(target);  // never destroyed: its temp file stays
        file->write("half of a rewrite\n");
        const std::string& name = file->temp_path();
        [[maybe_unused]] const ssize_t n = ::write(pipe_fds[1], name.data(), name.size());
        ::_exit(0);
    }
    ::close(pipe_fds[1]);
    std::string name(4096, '\0');
    const ssize_t n = ::read(pipe_fds[0], name.data(), name.size());
    ::close(pipe_fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(n > 0);
    name.resize(static_cast<std::size_t>(n));
    REQUIRE(fs::exists(name));
    return name;
}

}  // namespace

TEST_CASE("nothing planted at the lock's path switches the lock off or is damaged by it", "[records][lock]") {
    for (const auto& [what, plant] : kPlanted) {
        INFO(what);
        const std::string dir = fresh("planted");
        const std::string csv = dir + "/r.csv", lock = lock_path(csv), victim = dir + "/victim.txt";
        std::ofstream(victim) << "precious\n";
        plant(lock, victim);
        // Each of two writers is refused: neither writes without the lock.
        for (int writer = 0; writer < 2; ++writer)
            CHECK_THROWS_WITH(OutputLock(csv), Catch::Contains(lock) && Catch::Contains("not futolab's lock file") &&
                                                   Catch::Contains(what.ends_with("hard link") ? "hard links" : "is a"));
        CHECK(slurp(victim) == "precious\n");  // neither truncated nor given a pid
    }
    if (::geteuid() == 0) {  // only root can give a file away: another user's lock file
        const std::string csv = fresh("other-user") + "/r.csv";
        std::ofstream(lock_path(csv)) << "123\n";
        REQUIRE(::chown(lock_path(csv).c_str(), 65534, 65534) == 0);
        CHECK_THROWS_WITH(OutputLock(csv), Catch::Contains("belongs to another user (uid 65534)"));
        CHECK(slurp(lock_path(csv)) == "123\n");
    }
}

TEST_CASE("the lock is still one writer's: a second is refused, the first's pid named", "[records][lock]") {
    const std::string dir = fresh("second");
    const std::string csv = dir + "/r.csv";
    // Another process (forked before the lock, so it holds nothing of it) is refused, naming
    // this one; this process itself is told it holds it already (round 13, F6: it was "another
    // futolab" with its own pid).
    const std::string holder = "another futolab (pid " + std::to_string(::getpid()) + ")";
    int go[2];
    REQUIRE(::pipe(go) == 0);
    const pid_t child = ::fork();
    if (child == 0) {
        char byte = 0;
        if (::read(go[0], &byte, 1) != 1) ::_exit(3);
        try {
            const OutputLock second(csv);
        } catch (const InputError& e) {
            ::_exit(std::string(e.what()).find(holder) != std::string::npos ? 0 : 1);
        }
        ::_exit(2);
    }
    {
        const OutputLock first(csv);
        REQUIRE(::write(go[1], "x", 1) == 1);
        int status = -1;
        REQUIRE(::waitpid(child, &status, 0) == child);
        CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
        CHECK_THROWS_WITH(OutputLock(csv), Catch::Contains("this command writes it already"));
        struct stat st {};
        REQUIRE(::lstat(lock_path(csv).c_str(), &st) == 0);
        CHECK((S_ISREG(st.st_mode) && st.st_nlink == 1));
    }
    CHECK_NOTHROW(OutputLock(csv));  // released with its holder
}

TEST_CASE("generate and critical --out are one writer's too: a second is refused, the records kept", "[records][lock][cli]") {
    const std::string dir = fresh("record-stream-lock");
    const std::string out = dir + "/g.jsonl";
    std::ofstream(out) << "{\"id\": \"kept\", \"n\": 2, \"givens\": [], \"lt\": []}\n";
    const std::string before = slurp(out);
    {
        const OutputLock first(out);  // a generate or critical writing g.jsonl
        for (const std::string command : {"generate random --n 4 --count 2 --seed 1", "critical --n 4 --count 1 --seed 1"}) {
            const auto r = run_cli(command + " --out " + out);
            INFO(command << ": " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "another futolab (pid " + std::to_string(::getpid()) + ") is writing it"));
            CHECK(slurp(out) == before);  // not truncated
        }
    }
    CHECK(run_cli("generate random --n 4 --count 2 --seed 1 --out " + out).exit_code == 0);
    CHECK(run_cli("generate random --n 4 --count 1 --seed 1 --out /dev/null").exit_code == 0);  // a device: no lock
}

TEST_CASE("run and merge refuse a folder, a symlink or a hard link at the lock, writing nothing", "[records][lock][cli]") {
    const std::string source = fresh("cli-source");
    REQUIRE(run_cli("run -q " + sweep_config(source)).exit_code == 0);  // a CSV to merge
    for (const auto& [what, plant] : kPlanted) {
        INFO(what);
        const std::string dir = fresh("cli");
        const std::string cfg = sweep_config(dir), victim = dir + "/victim.txt";
        std::ofstream(victim) << "precious\n";
        fs::create_directories(dir + "/out");
        plant(dir + "/out/.r.csv.lock", victim);
        const auto r = run_cli("run -q " + cfg);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, dir + "/out/.r.csv.lock: "));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK_FALSE(fs::exists(dir + "/out/r.csv"));
        CHECK(slurp(victim) == "precious\n");
        // merge takes the same lock on its --out.
        plant(dir + "/.m.csv.lock", victim);
        CHECK(run_cli("merge " + source + "/out/r.csv --out " + dir + "/m.csv").exit_code == 2);
        CHECK_FALSE(fs::exists(dir + "/m.csv"));
        CHECK(slurp(victim) == "precious\n");
    }
}

TEST_CASE("a killed writer's temp files go at the next writer's start in that folder, live ones stay", "[records][lock][temp]") {
    const std::string dir = fresh("reap");
    const std::string csv = dir + "/r.csv";
    const std::string dead = temp_of_dead_writer(csv), dead_report = temp_of_dead_writer(dir + "/report.html");
    AtomicFile live(dir + "/other.csv");  // this process is alive: its temp file must stay
    // Another machine's writer on a shared folder: its pid means nothing here.
    std::string remote = dead;
    remote.replace(remote.rfind(".tmp-") + 5, 8, "0000zzzz");
    fs::copy_file(dead, remote);
    std::ofstream(dir + "/r.csv.tmp-notours") << "a name of another tool\n";
    {
        const OutputLock lock(csv);  // a run or merge starting on r.csv
    }
    CHECK_FALSE(fs::exists(dead));
    CHECK_FALSE(fs::exists(dead_report));
    CHECK(fs::exists(live.temp_path()));
    CHECK(fs::exists(remote));
    CHECK(fs::exists(dir + "/r.csv.tmp-notours"));
    // A command with a plain output (report, convert, generate…) reaps its folder too.
    const std::string again = temp_of_dead_writer(dir + "/page.html");
    check_output_path(dir + "/page.html", {}, false);
    CHECK_FALSE(fs::exists(again));
    CHECK(fs::exists(live.temp_path()));
    // And a folder output (analyze --plots/--tables, critical --checkpoint): a kill -9 of
    // `analyze --plots pl` left pl/cactus-wall_ms-1.dat.tmp-… for good (red-team round 9).
    fs::create_directories(dir + "/pl");
    const std::string plot = temp_of_dead_writer(dir + "/pl/cactus-wall_ms-1.dat");
    create_output_folder(dir + "/pl", "--plots");
    CHECK_FALSE(fs::exists(plot));
    CHECK(fs::exists(live.temp_path()));
}

TEST_CASE("a --resume after a kill -9 mid-rewrite removes the rewrite's temp file", "[records][lock][temp][cli]") {
    const std::string dir = fresh("resume-reap");
    const std::string cfg = sweep_config(dir);
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string dead = temp_of_dead_writer(dir + "/out/r.csv");  // as --redo's rewrite leaves it
    const auto r = run_cli("run -q " + cfg + " --resume --redo error");
    CHECK(r.exit_code == 0);
    CHECK_FALSE(fs::exists(dead));
}

namespace {

// A program that is not futolab (sleep) holding the flock of the lock file `lock`, as `flock
// LOCK sleep 60` does, until destroyed; the lock file then holds what `content` makes of the
// sleep's pid: that pid (as if written by hand), another, or nothing. The lock is taken before the fork and
// the sleep has started (exec closed the pipe) when this returns: no timing involved.
class SleepHolding {
public:
    SleepHolding(const std::string& lock, const std::function<std::string(pid_t)>& content, int how = LOCK_EX) {
        const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT, 0644);
        REQUIRE(fd >= 0);
        REQUIRE(::flock(fd, how) == 0);
        int started[2];
        REQUIRE(::pipe2(started, O_CLOEXEC) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::execlp("sleep", "sleep", "60", static_cast<char*>(nullptr));  // keeps `fd`, and with it the lock
            ::_exit(127);
        }
        ::close(started[1]);
        char c = 0;
        REQUIRE(::read(started[0], &c, 1) == 0);  // closed by the exec
        ::close(started[0]);
        const std::string text = content(pid_);
        REQUIRE(::ftruncate(fd, 0) == 0);
        REQUIRE(::pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size()));
        ::close(fd);  // the sleep holds the lock now
    }
    ~SleepHolding() {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
    std::string pid() const { return std::to_string(pid_); }

private:
    pid_t pid_ = -1;
};

// A pid that ran a process once and runs none now.
std::string dead_pid() {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) ::_exit(0);
    ::waitpid(pid, nullptr, 0);
    return std::to_string(pid);
}

}  // namespace

// Red-team round 28, A F3: a lock held by any other program (`flock .g.jsonl.lock sleep 60`),
// over an empty lock file or one naming a pid that is not a live futolab, was "another futolab
// (pid N) is writing it". Each writer and reader now says what holds it, the advice kept.
TEST_CASE("a lock another program holds is named as that program and not as another futolab", "[records][lock][cli]") {
    const std::string dir = fresh("foreign-holder");
    const std::string out = dir + "/g.jsonl", lock = dir + "/.g.jsonl.lock";
    const std::string dead = dead_pid();
    for (const std::string kind : {"its pid", "nothing", "a dead pid"}) {
        INFO(kind);
        const SleepHolding sleep(lock, [&](pid_t pid) {
            return kind == "its pid" ? std::to_string(pid) + "\n" : kind == "a dead pid" ? dead + "\n" : "";
        });
        // Whatever the file says, the holder is found by its descriptors (red-team round 30: with
        // no live pid in the file, it was "a process holds its lock …").
        const std::string holds = "another program (pid " + sleep.pid() + ", sleep) holds its lock " + lock;
        // A writer (OutputLock), a reader (merge's ReadLock) and the check of every output.
        CHECK_THROWS_WITH(OutputLock(out), out + ": " + holds + ": wait for it to end, or use another --out");
        CHECK_THROWS_WITH(ReadLock(out), out + ": " + holds + ": wait for it to end, then merge again");
        const auto r = run_cli("generate random --n 4 --count 2 --out " + out);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: --out " + out + ": " + holds + ": wait for it to end, or use another file\n");
        CHECK_FALSE(has(r.err, "another futolab"));
    }
    // A live futolab holding it is still named so.
    const futolab::test::OtherProcess writer([out] { return std::make_shared<OutputLock>(out); });
    CHECK_THROWS_WITH(OutputLock(out), out + ": another futolab (pid " + writer.pid() +
                                           ") is writing it: wait for it to end, or use another --out");
}

// Red-team round 29, A2: a shared flock on the lock (`flock -s`), or an flock on the output file
// itself, held by another program was blamed on futolab ("other futolab processes (merge) have
// been reading it", "another futolab is writing this file under another name"). The holder is
// found by its descriptors (/proc/PID/fdinfo), also where it inherited the lock, and named.
TEST_CASE("a shared lock or a lock on the output itself held by another program names that program", "[records][lock][cli][long]") {
    const std::string dir = fresh("foreign-shared");
    const std::string out = dir + "/g.jsonl", lock = dir + "/.g.jsonl.lock";
    {
        const SleepHolding reader(lock, [](pid_t) { return std::string(); }, LOCK_SH);
        struct stat st {};
        REQUIRE(::stat(lock.c_str(), &st) == 0);
        const std::vector<futolab::FlockHolder> holders = futolab::flock_holders(st);
        REQUIRE(holders.size() == 1);
        CHECK(std::to_string(holders[0].pid) == reader.pid());
        CHECK(holders[0].name == "sleep");
        CHECK_FALSE(holders[0].futolab);
        CHECK(futolab::foreign_holder(holders) == "another program (pid " + reader.pid() + ", sleep)");
        // The writer waits for readers (10 s), then names this one.
        CHECK_THROWS_WITH(OutputLock(out), out + ": another program (pid " + reader.pid() + ", sleep) has held its lock " +
                                               lock + " shared for 10 s: wait for it to end, or use another --out");
    }
    // An flock on the output itself, shared or exclusive.
    for (const int how : {LOCK_EX, LOCK_SH}) {
        INFO(how);
        std::ofstream(out) << "";
        const SleepHolding holder(out, [](pid_t) { return std::string(); }, how);
        const auto r = run_cli("generate random --n 4 --count 2 --force --out " + out);
        if (how == LOCK_EX) {
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: --out " + out + ": another program (pid " + holder.pid() +
                               ", sleep) holds a lock on this file: wait for it to end, or use another file\n");
        }
        CHECK_FALSE(has(r.err, "another futolab"));
    }
    // None held: no holder, nothing foreign.
    struct stat st {};
    REQUIRE(::stat(out.c_str(), &st) == 0);
    CHECK(futolab::flock_holders(st).empty());
    CHECK(futolab::foreign_holder({}).empty());
    CHECK(futolab::foreign_holder({{1, "futolab", true}}).empty());
}
