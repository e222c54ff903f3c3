// Issue #45, "nothing left behind" and "tools cannot hang futolab", in the tool kit: files a
// tool wrote are read without blocking and without bound; nothing a tool started, not even a
// daemon in a session of its own, outlives its run; temporary folders sit under an absolute
// base and those of dead owners are removed by the next futolab. End to end through the CLI:
// tests/experiments/leftovers_test.cpp.
#include "solvers/external/owner.hpp"
#include "solvers/external/process.hpp"
#include "solvers/external/temp_dir.hpp"
#include "agreement.hpp"
#include "fake_tools.hpp"
#include "leftovers.hpp"

#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <thread>

using namespace futolab;
using namespace futolab::external;
namespace fs = std::filesystem;
using futolab::test::FakeTools;
using futolab::test::ScopedEnv;
using futolab::test::Watchdog;

namespace {

// Waits up to 5 s for the marked sleepers to go (a SIGKILLed process may take a moment).
bool none_left(const std::string& marker) {
    for (int i = 0; i < 500 && !test::sleepers(marker).empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const bool none = test::sleepers(marker).empty();
    test::kill_sleepers(marker);
    return none;
}

ProcessResult run_script(const TempDir& dir, const std::string& script, double seconds = 0) {
    ProcessSpec spec;
    spec.argv = {"sh", "-c", script};
    spec.dir = dir.path();
    spec.time_seconds = seconds;
    return run_process(spec);
}

// A dead process as an owner: a child that exited (its start time read while a zombie).
Owner dead_owner() {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    std::optional<Owner> owner;
    for (int i = 0; i < 1000 && !(owner = process_owner(pid)); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::waitpid(pid, nullptr, 0);
    REQUIRE(owner);
    return *owner;
}

std::string text_of(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string token(const Owner& o) { return "p" + std::to_string(o.pid) + "s" + std::to_string(o.start); }

}  // namespace

TEST_CASE("a tool's output file is read without blocking, only if regular, at most the cap", "[external][leftovers]") {
    const TempDir dir("test");
    const Watchdog watchdog(60);  // a FIFO with no writer hung the plain stream read forever
    REQUIRE(::mkfifo((dir.path() / "fifo").c_str(), 0600) == 0);
    fs::create_symlink("/dev/zero", dir.path() / "zero");
    fs::create_directory(dir.path() / "folder");
    dir.write("plain", "text\n");
    fs::create_symlink(dir.path() / "plain", dir.path() / "link");
    for (const char* name : {"fifo", "zero", "folder", "missing"}) {
        INFO(name);
        bool truncated = false;
        std::string why;
        CHECK_FALSE(read_tool_file(dir.path() / name, truncated, why));
        CHECK(why == (std::string(name) == "missing" ? "missing" : "not a regular file"));
    }
    bool truncated = false;
    std::string why;
    CHECK(read_tool_file(dir.path() / "plain", truncated, why) == "text\n");
    CHECK(read_tool_file(dir.path() / "link", truncated, why) == "text\n");  // a link to a regular file is read
    CHECK_FALSE(truncated);
}

TEST_CASE("a tool that swaps its stdout file for a FIFO cannot hang the run", "[external][leftovers]") {
    const TempDir dir("test");
    const Watchdog watchdog(60);
    const ProcessResult r = run_script(dir, "rm stdout.txt; mkfifo stdout.txt; ln -sf /dev/zero stderr.txt");
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
}

TEST_CASE("ilp: a FIFO, a link to /dev/zero or a folder as cbc's answer is an error, not a hang", "[external][leftovers][ilp]") {
    const Watchdog watchdog(120);
    const std::pair<const char*, const char*> answers[] = {
        {"mkfifo \"$4\"", "cbc's solution file: not a regular file"},
        {"ln -s /dev/zero \"$4\"", "cbc's solution file: not a regular file"},
        {"mkdir \"$4\"", "cbc's solution file: not a regular file"},
        {"true", "cbc wrote no solution file"},
    };
    for (const auto& [plant, message] : answers) {
        INFO(plant);
        FakeTools fake;
        fake.add("cbc", std::string(plant) + "; echo 'Enumerated nodes: 0'");
        for (const double limit : {2.0, 0.0}) {  // the example of the issue (2 s), and no limit
            const RunResult r = test::run_spec("ilp", test::empty_square(4), Mode::first(), {limit, 0, 0});
            CHECK(r.result.status == Status::error);
            CHECK(r.result.message == message);
        }
    }
}

TEST_CASE("ilp: a FIFO or a link cbc leaves at model.lp is replaced, never written through", "[external][leftovers][ilp]") {
    const Watchdog watchdog(120);  // opening a FIFO without a reader for writing waited forever
    const TempDir victim_dir("test");
    const fs::path victim = victim_dir.write("victim", "untouched");
    for (const std::string& plant : {std::string("mkfifo \"$1\""), "ln -s '" + victim.string() + "' \"$1\""}) {
        INFO(plant);
        FakeTools fake;
        // Every round answers the empty 2x2's first solution, and leaves a trap at the model's path.
        fake.add("cbc", "printf 'Optimal - objective value 0\\n 0 x_1_1_1 1 0\\n 1 x_1_2_2 1 0\\n 2 x_2_1_2 1 0\\n "
                        "3 x_2_2_1 1 0\\n' > \"$4\"; echo 'Enumerated nodes: 0'; rm \"$1\"; " + plant);
        const RunResult r = test::run_spec("ilp", test::empty_square(2), Mode::count_all());
        CHECK(r.result.status == Status::error);  // round 2 ran: its repeated answer is refused
        CHECK(r.result.message.find("cbc: ") == 0);
        CHECK(text_of(victim) == "untouched");
    }
}

TEST_CASE("ilp: a stop request is honoured between and before cbc runs", "[external][leftovers][ilp]") {
    const std::atomic<bool> stop{true};
    Limits limits;
    limits.stop = &stop;
    FakeTools fake;
    fake.add("cbc", "touch started");  // must never run
    const RunResult r = test::run_spec("ilp", test::empty_square(4), Mode::count_all(), limits);
    CHECK(r.result.status == Status::timeout);
    CHECK(r.result.message == "cbc: interrupted");
}

TEST_CASE("ilp checks its deadline while it builds the model: a 64x64 run ends near its limit", "[external][leftovers][ilp]") {
    // The model of a 64x64 board (786 432 terms) was built before the clock was looked at:
    // every limit was overrun by its building time (~0.15 s then; 0.01 s ran 0.2 s).
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = test::run_spec("ilp", test::empty_square(64), Mode::first(), {0.001, 0, 0});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(r.result.message);
    CHECK(r.result.status == Status::timeout);
    CHECK(r.result.message.starts_with("cbc: time limit"));  // never started: not "wall time limit: cbc stopped"
    CHECK(seconds < 5);  // a watchdog, not a measurement: the check is the message above
}

TEST_CASE("a tool's setsid daemon does not outlive its run", "[external][leftovers]") {
    struct Case {
        const char* what;
        std::string script;
        double limit;
    };
    const std::string m1 = test::sleep_marker(1), m2 = test::sleep_marker(2), m3 = test::sleep_marker(3),
                      m4 = test::sleep_marker(4);
    const Case cases[] = {
        {"the tool exits at once", "setsid sleep " + m1 + " >/dev/null 2>&1 &", 0},
        {"the tool is stopped at its limit", "setsid sleep " + m2 + " >/dev/null 2>&1 & sleep 60", 0.3},
        {"a double fork", "sh -c 'setsid sleep " + m3 + " >/dev/null 2>&1 &' &", 0},
        {"a daemon that starts another daemon", "setsid sh -c 'setsid sleep " + m4 + " & sleep " + m4 + "' >/dev/null 2>&1 &", 0},
    };
    const std::string markers[] = {m1, m2, m3, m4};
    for (std::size_t i = 0; i < std::size(cases); ++i) {
        INFO(cases[i].what);
        const TempDir dir("test");
        const ProcessResult r = run_script(dir, cases[i].script + "; sleep 0.2", cases[i].limit);
        CHECK(r.started);
        CHECK(none_left(markers[i]));
    }
}

TEST_CASE("temporary folders are absolute under a relative TMPDIR", "[external][leftovers]") {
    const TempDir outer("test");
    const fs::path cwd = fs::current_path();
    fs::current_path(outer.path());
    fs::create_directories("rel/sub");
    for (const char* tmpdir : {"rel", "rel/sub/", ".", "./rel/../rel"}) {
        INFO(tmpdir);
        const ScopedEnv env("TMPDIR", tmpdir);
        CHECK(temp_base().is_absolute());
        const TempDir dir("test");
        CHECK(dir.path().is_absolute());
        CHECK(fs::equivalent(dir.path().parent_path(), outer.path() / tmpdir));
        // The tool starts inside its folder: TMPDIR must still name it there.
        const ProcessResult r = run_script(dir, "cd \"$TMPDIR\" && pwd");
        CHECK(r.out == fs::canonical(dir.path()).string() + "\n");
    }
    fs::current_path(cwd);
}

TEST_CASE("the external backends run under a relative TMPDIR", "[external][leftovers]") {
    const TempDir outer("test");
    const fs::path cwd = fs::current_path();
    fs::current_path(outer.path());
    fs::create_directory("tmp");
    const ScopedEnv env("TMPDIR", "tmp");
    for (const char* spec : {"ilp", "minizinc", "clpfd"}) {
        INFO(spec);
        const std::string tool = std::string(spec) == "ilp" ? "cbc" : std::string(spec) == "clpfd" ? "swipl" : "minizinc";
        if (!find_program(tool)) continue;  // the tool is not installed here
        const RunResult r = test::run_spec(spec, test::empty_square(4), Mode::first());
        INFO(r.result.message);
        CHECK(r.result.status == Status::solved);
    }
    fs::current_path(cwd);
}

TEST_CASE("folders of dead owners are removed at the next start, a live owner's never", "[external][leftovers]") {
    const TempDir base("reap");
    const ScopedEnv env("TMPDIR", base.path().string());
    const Owner dead = dead_owner();
    const Owner reused{::getpid(), process_owner(::getpid())->start + 1};  // our pid, another start: a reused pid
    const fs::path b = base.path();
    const fs::path stale[] = {b / ("futolab-minizinc-" + token(dead) + "-AAAAAA"), b / ("futolab-worker-" + token(reused) + "-BBBBBB"),
                              b / ("futolab-fake-tools-" + token(dead) + "-CCCCCC")};
    const fs::path kept[] = {b / ("futolab-ilp-" + owner_token() + "-DDDDDD"),  // alive: this process
                             b / "futolab-notes", b / ("other-" + token(dead) + "-EEEEEE"), b / "target"};
    for (const fs::path& p : stale) {
        fs::create_directories(p / "inner");
        mark_owned_folder(p);  // as futolab made it (a folder without its marker is never reaped)
    }
    for (const fs::path& p : kept) fs::create_directories(p);
    std::ofstream(b / "target" / "file") << "kept";
    fs::create_directory_symlink(b / "target", b / ("futolab-ilp-" + token(dead) + "-LINKED"));  // never followed
    {
        const TempDir first("ilp");  // the first folder made under this base sweeps it
        CHECK(fs::exists(first.path()));
    }
    for (const fs::path& p : stale) CHECK_FALSE(fs::exists(p));
    for (const fs::path& p : kept) CHECK(fs::exists(p));
    CHECK(fs::exists(b / "target" / "file"));
}

TEST_CASE("report's figure folder is an owned one: a killed report's folder goes at the next start", "[external][leftovers]") {
    // Red-team round 8: report made `futolab-report-XXXXXX` with no owner in its name, so a
    // SIGTERM left it for good.
    const TempDir base("report-reap");
    const fs::path stale = base.path() / ("futolab-report-" + token(dead_owner()) + "-AAAAAA");
    fs::create_directories(stale / "inner");
    mark_owned_folder(stale);
    const std::string page = (base.path() / "r.html").string();
    const std::string command = "TMPDIR=" + base.path().string() + " " FUTOLAB_CLI " report " FUTOLAB_SOURCE_DIR
                                "/tests/data/analysis/compare/base.csv --out " + page + " > /dev/null 2>&1";
    CHECK(std::system(command.c_str()) == 0);
    CHECK(fs::exists(page));
    CHECK_FALSE(fs::exists(stale));
    for (const auto& entry : fs::directory_iterator(base.path()))  // its own folder is gone too
        CHECK_FALSE(entry.path().filename().string().starts_with("futolab-report-"));
}

TEST_CASE("an owner token names its process: pid and start time", "[external][leftovers]") {
    const std::optional<Owner> self = owner_in("futolab-ilp-" + owner_token() + "-XXXXXX");
    REQUIRE(self);
    CHECK(self->pid == ::getpid());
    CHECK(owner_alive(*self));
    CHECK_FALSE(owner_alive(dead_owner()));
    CHECK_FALSE(owner_alive({::getpid(), self->start + 1}));
    CHECK_FALSE(owner_in("futolab-ilp-123-XXXXXX"));
    CHECK_FALSE(owner_in("futolab-ilp-p-s1-XXXXXX"));
    CHECK_FALSE(owner_in("futolab-ilp-p12s-XXXXXX"));
    CHECK_FALSE(owner_in("futolab-ilp-p0s12-XXXXXX"));
    CHECK_FALSE(owner_in("futolab-ilp-p99999999999999999999s1-XXXXXX"));
}
