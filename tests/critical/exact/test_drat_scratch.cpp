// The DRAT proofs of `critical --exact --n N --certificate` (refute in hitting_set.cpp). They
// went to a fixed "/tmp/futolab-drat-XXXXXX" file whatever TMPDIR said, with no owner in its
// name: a kill -9 or a SIGTERM in the certificate phase (which ended the command by the default
// action, exit 143) left it for good. Now each proof is traced in an owned folder under TMPDIR
// (core/temp_dir.hpp), removed on every exit path and reaped by the next futolab if its owner
// died; and SIGINT, SIGTERM and SIGHUP stop the search and the certificate: exit 1, "interrupted".
#include "core/owner.hpp"
#include "core/temp_dir.hpp"
#include "critical/exact/certificate.hpp"
#include "critical/exact/exact.hpp"
#include "../../app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace futolab;
using namespace futolab::critical;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// The names in `dir` that start with `prefix`.
std::set<std::string> names_in(const fs::path& dir, const std::string& prefix) {
    std::set<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().filename().string().starts_with(prefix)) names.insert(entry.path().filename().string());
    return names;
}

// This process's pid with another start time: a dead owner whose pid was reused (core/owner.hpp).
std::string dead_token() {
    const std::optional<external::Owner> me = external::process_owner(::getpid());
    REQUIRE(me);
    return "p" + std::to_string(me->pid) + "s" + std::to_string(me->start + 1);
}

// Sets TMPDIR for one scope (temp_base() reads it on every call).
struct TmpdirScope {
    std::string old;
    bool had;
    explicit TmpdirScope(const fs::path& dir) : had(std::getenv("TMPDIR") != nullptr) {
        if (had) old = std::getenv("TMPDIR");
        ::setenv("TMPDIR", dir.c_str(), 1);
    }
    ~TmpdirScope() { had ? ::setenv("TMPDIR", old.c_str(), 1) : ::unsetenv("TMPDIR"); }
};

// Pigeonhole 5 → 4: unsatisfiable, and CaDiCaL needs a search to say so.
Cnf pigeonhole() {
    Cnf cnf;
    cnf.vars = 20;
    const auto p = [](int i, int j) { return 4 * i + j + 1; };
    for (int i = 0; i < 5; ++i) cnf.clauses.push_back({p(i, 0), p(i, 1), p(i, 2), p(i, 3)});
    for (int j = 0; j < 4; ++j)
        for (int a = 0; a < 5; ++a)
            for (int b = a + 1; b < 5; ++b) cnf.clauses.push_back({-p(a, j), -p(b, j)});
    return cnf;
}

// Whether `pid` runs futolab (exec done: the handlers it inherited from this test are reset)
// and catches SIGTERM (SigCgt of /proc/<pid>/status): the command's signal scope is in place.
bool catches_sigterm(pid_t pid) {
    const std::string proc = "/proc/" + std::to_string(pid);
    if (slurp(proc + "/cmdline").c_str() != std::string(FUTOLAB_CLI)) return false;
    std::istringstream status(slurp(proc + "/status"));
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("SigCgt:")) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGTERM - 1)) & 1U;
    return false;
}

// `critical --exact --n 5 --objective k --shard SHARD --certificate c.txt` (a search as runs of the
// experiment driver, then a certificate phase searching the classes again: with 0/50 about 6 s and
// 10 s of a release build, with 0/400 0.1 s and 2 s) in `dir` with TMPDIR=dir/t; `sig` once
// `ready(pid)` holds. Returns the exit status (128 + the signal if it killed the command).
int signalled_exact(const fs::path& dir, int sig, const std::function<bool(pid_t)>& ready, const char* shard) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        [[maybe_unused]] const int c = ::chdir(dir.c_str());
        ::dup2(::open("err.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
        ::setenv("TMPDIR", (dir / "t").c_str(), 1);
        ::execl(FUTOLAB_CLI, FUTOLAB_CLI, "critical", "--exact", "--n", "5", "--objective", "k", "--shard", shard, "--out",
                "o.jsonl", "--certificate", "c.txt", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    while (!ready(pid)) {
        REQUIRE(::waitpid(pid, &status, WNOHANG) == 0);  // ended before the phase: not stopped there
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    REQUIRE(::kill(pid, sig) == 0);
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("exact --certificate traces its DRAT proofs under TMPDIR and leaves nothing there or in /tmp",
          "[critical][certificate][leftovers]") {
    const fs::path dir = fresh_dir("critical", "drat-tmpdir");
    fs::create_directories(dir / "t");
    // A proof folder of a killed futolab, and one of a live owner (this test): only the first goes.
    const fs::path stale = dir / "t" / ("futolab-drat-" + dead_token() + "-AAAAAA");
    const fs::path live = dir / "t" / ("futolab-drat-" + external::owner_token() + "-BBBBBB");
    fs::create_directories(stale / "inner");
    external::mark_owned_folder(stale);  // as futolab made it (a folder without its marker is never reaped)
    fs::create_directories(live);
    const std::set<std::string> in_tmp = names_in("/tmp", "futolab-drat-");
    const auto r = test::run_cli_env("TMPDIR='" + (dir / "t").string() + "' ",
                                     "critical --exact --n 4 --objective k --out o.jsonl --certificate c.txt", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(test::run_cli("critical --check-certificate '" + (dir / "c.txt").string() + "'").exit_code == 0);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(live));
    CHECK(names_in(dir / "t", "") == std::set<std::string>{live.filename().string()});
    CHECK(names_in("/tmp", "futolab-drat-") == in_tmp);
}

TEST_CASE("refute and write_certificate stop on a stop request, their scratch removed", "[critical][certificate][leftovers]") {
    const fs::path dir = fresh_dir("critical", "drat-stop");
    const TmpdirScope tmpdir(dir);
    std::atomic<bool> stop{false};
    REQUIRE(refute(pigeonhole(), &stop));  // not stopped: a proof
    CHECK(names_in(dir, "futolab-drat-").empty());
    stop = true;
    CHECK_THROWS_AS(refute(pigeonhole(), &stop), OutOfTime);
    const ExactResult r = exact_minimum(4, ExactObjective::k_only);
    std::ostringstream out;
    for (const ProofKind kind : {ProofKind::drat, ProofKind::bb}) CHECK_THROWS_AS(write_certificate(out, r, kind, {}, &stop), OutOfTime);
    CHECK(names_in(dir, "futolab-drat-").empty());
}

TEST_CASE("critical --exact --n --certificate takes SIGINT, SIGTERM and SIGHUP as a stop request",
          "[critical][certificate][leftovers][signals][lifecycle]") {
    // In the certificate phase: once its stderr says the classes are searched again. Neither
    // output is written, --out kept as it was (red-team round 19, A F6: --out was replaced by
    // the new records, the certificate not written, and the summary did not say --resume).
    for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
        const fs::path dir = fresh_dir("critical", "drat-signal");
        fs::create_directories(dir / "t");
        std::ofstream(dir / "o.jsonl") << "old\n";
        INFO("certificate phase, signal " << sig);
        // A small shard: the certificate phase (seconds) is what is signalled; its search, ~10x
        // slower under the sanitizers, only has to end first.
        const auto phase = [&](pid_t) { return has(slurp((dir / "err.txt").string()), "searched again for their sets"); };
        CHECK(signalled_exact(dir, sig, phase, "0/400") == 1);
        INFO(slurp((dir / "err.txt").string()));
        CHECK(has(slurp((dir / "err.txt").string()), "interrupted after the last run: neither --out nor the certificate written"));
        CHECK(has(slurp((dir / "err.txt").string()), "interrupted: run the same command with --resume to finish"));
        CHECK(slurp((dir / "o.jsonl").string()) == "old\n");
        CHECK_FALSE(fs::exists(dir / "c.txt"));
        CHECK(fs::is_empty(dir / "t"));
        for (const std::string& hidden : names_in(dir, "."))  // the outputs' locks stay (records/output_lock.hpp), no temp file
            CHECK(hidden.ends_with(".lock"));
    }
    // In the search (the experiment driver's runs): once its results CSV is there (the command
    // takes the signals from its start, and a stop while the runs are laid out writes nothing);
    // the rows written stay in the CSV for --resume, and neither output is written.
    const fs::path dir = fresh_dir("critical", "drat-signal");
    fs::create_directories(dir / "t");
    CHECK(signalled_exact(dir, SIGTERM, [&](pid_t pid) { return catches_sigterm(pid) && fs::exists(dir / "o.csv"); }, "0/50") ==
          1);
    INFO(slurp((dir / "err.txt").string()));
    CHECK(has(slurp((dir / "err.txt").string()), "interrupted: run the same command with --resume to finish"));
    CHECK(fs::exists(dir / "o.csv"));
    CHECK_FALSE(fs::exists(dir / "o.jsonl"));
    CHECK_FALSE(fs::exists(dir / "c.txt"));
    CHECK(fs::is_empty(dir / "t"));
}
