// A warm worker's memory cgroup (sandbox/cgroup.hpp, warm_worker.hpp), when making or entering
// it fails (red-team: the worker fell back to RLIMIT_AS alone while the sidecar said
// memory_limit: cgroup-v1, so some rows ran under another mechanism than it records). Now such
// a worker runs nothing: its run is `error`, the message naming the path that failed and the
// system's reason (kNoCgroup, child_run.hpp), and the next run tries a new cgroup. The failures
// are real ones, made deterministically: the worker's cgroup removed between two workers (a
// race with a reaper: entering it fails, ENOENT) and the name of the next cgroup taken
// (making it fails, EEXIST). On a machine where futolab cannot make memory cgroups those
// cases are skipped with a warning; the message's form, which resume and merge take on an
// `error` row without a record (experiments/error_rows.hpp), is checked everywhere.
#include "core/status.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/child_run.hpp"
#include "sandbox/run_record.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/warm_worker.hpp"
#include "solvers/external/owner.hpp"
#include "tests/sandbox/framed_worker.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

namespace {

using namespace futolab;
namespace fs = std::filesystem;

// Far above what a run here uses, also under the sanitizers (their shadow pages a worker touches count).
constexpr std::uint64_t kLimit = 1ull << 30;

std::string handle(std::string_view request) {
    return request == "pid" ? std::to_string(::getpid()) : "ok " + std::string(request);
}

// The site, or nullopt after a warning: the cases that need a cgroup are skipped without one.
std::optional<CgroupSite> site_or_skip() {
    const std::optional<CgroupSite> site = memory_cgroup_site();
    if (!site) WARN("futolab cannot make memory cgroups here (no delegated memory cgroup, or FUTOLAB_NO_CGROUP): skipped");
    return site;
}

// The folder of the memory cgroup that holds process `pid` (a child of `site`'s folder).
std::string cgroup_of(const CgroupSite& site, pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/cgroup");
    for (std::string line; std::getline(in, line);) {
        const bool memory = site.version == CgroupVersion::v1 ? line.find(":memory:") != std::string::npos : line.starts_with("0::");
        if (memory) return site.dir + "/" + fs::path(line.substr(line.rfind(':') + 1)).filename().string();
    }
    return "";
}

// The cgroup futolab makes after `dir` (futolab-<owner>-N: N + 1, the maker's counter).
std::string next_cgroup(const std::string& dir) {
    const std::size_t dash = dir.rfind('-');
    return dir.substr(0, dash + 1) + std::to_string(std::stoul(dir.substr(dash + 1)) + 1);
}

// Removes the empty cgroup `dir` as a reaper would (a process that just left may hold it a moment).
bool remove_cgroup_dir(const std::string& dir) {
    for (int i = 0; i < 1000; ++i) {
        if (::rmdir(dir.c_str()) == 0) return true;
        if (errno != EBUSY) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

std::string no_cgroup(const std::string& path, int error) { return std::string(kNoCgroup) + path + ": " + std::strerror(error); }

// Whether this process has no child left (the worker killed before it ran was reaped).
bool no_child_left() { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

}  // namespace

TEST_CASE("a worker that cannot enter or make its memory cgroup runs nothing: error naming the path and the reason",
          "[isolation][worker][memory][cgroup]") {
    const auto site = site_or_skip();
    if (!site) return;
    WarmWorker worker(handle, kLimit);
    const WorkerAnswer first = worker.call("pid", {}, nullptr);
    REQUIRE(first.record);
    REQUIRE(worker.in_cgroup());
    const std::string made = cgroup_of(*site, std::stoi(*first.record));
    REQUIRE(made.find("/futolab-" + external::owner_token() + "-") != std::string::npos);
    worker.retire();  // the next worker would enter the same cgroup…
    REQUIRE(remove_cgroup_dir(made));  // …which a reaper removed meanwhile
    const std::string taken = next_cgroup(made);
    REQUIRE(::mkdir(taken.c_str(), 0755) == 0);  // and the name of the one after is taken

    const WorkerAnswer lost = worker.call("pid", {}, nullptr);
    CHECK_FALSE(lost.record);
    CHECK(lost.ended.status == Status::error);
    CHECK(lost.ended.message == no_cgroup(made + "/cgroup.procs", ENOENT));
    CHECK(worker.pid() == 0);
    CHECK_FALSE(worker.in_cgroup());
    CHECK(no_child_left());

    const WorkerAnswer refused = worker.call("pid", {}, nullptr);  // tried again: a new cgroup, whose name is taken
    CHECK_FALSE(refused.record);
    CHECK(refused.ended.status == Status::error);
    CHECK(refused.ended.message == no_cgroup(taken, EEXIST));
    CHECK(no_child_left());
    CHECK(worker.started() == 1);  // neither ran

    const WorkerAnswer again = worker.call("pid", {}, nullptr);  // and again: the next name is free
    REQUIRE(again.record);
    CHECK(worker.in_cgroup());
    CHECK(cgroup_of(*site, std::stoi(*again.record)) == next_cgroup(taken));
    CHECK(worker.started() == 2);
    CHECK(::rmdir(taken.c_str()) == 0);
}

TEST_CASE("a worker of another binary that cannot enter its memory cgroup is tried again at the next run",
          "[isolation][worker][memory][cgroup]") {
    const auto site = site_or_skip();
    if (!site) return;
    const fs::path dir = test::worker_scratch("cgroup");
    WarmWorker worker(test::worker_command(test::worker_script(dir, "framed", test::kFramedWorker), 30), kLimit);
    REQUIRE(worker.call("a", {}, nullptr).record == std::optional<std::string>("ok a"));
    const std::string made = cgroup_of(*site, worker.pid());
    REQUIRE(!made.empty());
    worker.retire();
    REQUIRE(remove_cgroup_dir(made));
    const WorkerAnswer lost = worker.call("b", {}, nullptr);
    CHECK_FALSE(lost.record);
    CHECK(lost.ended.message == no_cgroup(made + "/cgroup.procs", ENOENT));
    // Not remembered as a build that said no hello is: the next call starts the binary again.
    CHECK(worker.call("c", {}, nullptr).record == std::optional<std::string>("ok c"));
    CHECK(cgroup_of(*site, worker.pid()) == next_cgroup(made));
    fs::remove_all(dir);
}

TEST_CASE("in the process sandbox a run whose worker cannot enter its cgroup is an error row under the mechanism the sidecar names",
          "[sandbox][isolation][memory][cgroup]") {
    const auto site = site_or_skip();
    if (!site) return;
    SandboxJob job;
    job.limits.memory_bytes = kLimit;
    job.handler = [](std::string_view) {
        ResultRow row;
        row.status = Status::unique;
        row.message = std::to_string(::getpid());
        return encode_row_record(row);
    };
    const auto sandbox = sandbox_row(Isolation::process).make(std::move(job));
    SandboxRun run;
    run.request = [] { return std::string("R"); };
    run.unfinished = [](const SolveResult& ended) {
        ResultRow row;
        row.status = ended.status;
        row.message = ended.message;
        return row;
    };
    Limits limits;
    limits.memory_bytes = kLimit;
    CHECK(memory_limit_mechanism(limits, Isolation::process) == cgroup_mechanism(site->version));
    const ResultRow first = sandbox->run(run);
    REQUIRE(first.status == Status::unique);
    const std::string made = cgroup_of(*site, std::stoi(first.message));
    sandbox->new_session();
    REQUIRE(remove_cgroup_dir(made));
    const ResultRow lost = sandbox->run(run);
    CHECK(lost.status == Status::error);
    CHECK(lost.message == no_cgroup(made + "/cgroup.procs", ENOENT));
    CHECK(lost.max_rss_kb == -1);  // nothing ran: no peak
    const ResultRow next = sandbox->run(run);
    CHECK(next.status == Status::unique);
    CHECK(cgroup_of(*site, std::stoi(next.message)) == next_cgroup(made));
}

TEST_CASE("a cgroup problem is a lost run's message only as the sandbox writes it: an absolute path and a system reason",
          "[sandbox][memory][cgroup][resume]") {
    CHECK(lost_run_message(no_cgroup("/sys/fs/cgroup/memory/x/futolab-p12s34-5/cgroup.procs", ENOENT)));
    CHECK(lost_run_message(no_cgroup("/sys/fs/cgroup/memory/x/futolab-p12s34-6", EEXIST)));
    CHECK(lost_run_message(no_cgroup("/sys/fs/cgroup/x/futolab-p12s34-7/memory.max", EACCES)));
    CHECK(lost_run_message(no_cgroup("/a dir: with colons/futolab-p1s2-0", ENOSPC)));
    CHECK_FALSE(lost_run_message(no_cgroup("relative/futolab-p1s2-0", ENOENT)));
    CHECK_FALSE(lost_run_message(std::string(kNoCgroup) + "/x/futolab-p1s2-0: lol"));
    CHECK_FALSE(lost_run_message(std::string(kNoCgroup) + "/x/futolab-p1s2-0"));
    CHECK_FALSE(lost_run_message(std::string(kNoCgroup) + ": " + std::strerror(ENOENT)));
    CHECK_FALSE(lost_run_message(std::string(kNoCgroup) + std::strerror(ENOENT)));
    CHECK_FALSE(lost_run_message(std::string(kNoCgroup)));
    CHECK_FALSE(lost_run_message("/x/futolab-p1s2-0: " + std::string(std::strerror(ENOENT))));
}
