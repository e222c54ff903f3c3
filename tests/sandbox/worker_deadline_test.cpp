// Every wait on a worker of another binary has an end (sandbox/warm_worker.hpp; issue #45,
// "hangs", red-team round 10 finding 4): a binary that never says its hello, never reads its
// plan, or closes its answer pipe and lives on is killed at its wait and named; at a sweep's
// start that refuses the build (ensure_started throws), during the sweep the call gives an
// `error` answer, remembered until the worker is retired (the next session tries again).
#include "core/error.hpp"
#include "core/status.hpp"
#include "sandbox/warm_worker.hpp"
#include "tests/sandbox/framed_worker.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

namespace {

using namespace futolab;
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) { return test::worker_scratch(name); }

std::string script(const fs::path& dir, const std::string& name, const std::string& text) {
    return test::worker_script(dir, name, text);
}

WorkerCommand command(const std::string& path, double hello_seconds, std::string plan = "plan") {
    return test::worker_command(path, hello_seconds, std::move(plan));
}

using test::kFramedWorker;

std::string refusal(WarmWorker& worker) {
    try {
        worker.ensure_started();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a worker binary that says no hello is killed at its wait and refused by name", "[isolation][worker][hangs]") {
    const fs::path dir = scratch("silent");
    const std::string silent = script(dir, "silent", "#!/bin/sh\nexec sleep 30\n");
    SECTION("it reads nothing and says nothing") {
        WarmWorker worker(command(silent, 0.5), 0);
        CHECK(refusal(worker) == "build t (" + silent + "): said no hello within 0.5 s of its start and was killed (a "
                                 "futolab worker of protocol 1 says it once it has read the plan; FUTOLAB_WORKER_WAIT "
                                 "gives it longer)");
        CHECK(worker.pid() == 0);
    }
    SECTION("its plan is longer than a pipe holds, and it never reads it") {
        WarmWorker worker(command(silent, 0.5, std::string(4 << 20, 'p')), 0);
        CHECK(refusal(worker).find("build t (" + silent + "): said no hello within 0.5 s") == 0);
    }
    SECTION("it closes its answer pipe and lives on") {
        const std::string closer = script(dir, "closer", "#!/bin/sh\nexec 4>&-\nexec sleep 30\n");
        WarmWorker worker(command(closer, 30), 0);
        CHECK(refusal(worker).find("build t (" + closer + "): closed its answer pipe but did not exit within 1 s") == 0);
    }
}

TEST_CASE("during a sweep, a worker that says no hello gives its run an error row until the next session",
          "[isolation][worker][hangs][threads]") {
    const fs::path dir = scratch("mid-sweep");
    const std::string framed = script(dir, "framed", kFramedWorker);
    WarmWorker worker(command(framed, 30), 0);
    REQUIRE(worker.call("a", {}, nullptr).record == std::optional<std::string>("ok a"));
    std::ofstream(dir / "EXIT") << "";
    worker.retire();  // a new session: the next call starts the binary again
    const WorkerAnswer a = worker.call("b", {}, nullptr);
    CHECK_FALSE(a.record);
    CHECK(a.ended.status == Status::error);
    CHECK(a.ended.message.find("build t (" + framed + "): exited with code 3 before its hello") == 0);
    CHECK(worker.started() == 2);
    const WorkerAnswer again = worker.call("c", {}, nullptr);  // at once, without a new start
    CHECK(again.ended.status == Status::error);
    CHECK(again.ended.message == a.ended.message);
    CHECK(worker.started() == 2);
    fs::remove(dir / "EXIT");
    worker.retire();
    CHECK(worker.call("d", {}, nullptr).record == std::optional<std::string>("ok d"));
    CHECK(worker.started() == 3);

    const std::string silent = script(dir, "silent", "#!/bin/sh\nexec sleep 30\n");
    WarmWorker quiet(command(silent, 0.5), 0);
    const WorkerAnswer b = quiet.call("e", {}, nullptr);
    CHECK(b.ended.status == Status::error);
    CHECK(b.ended.message.find("build t (" + silent + "): said no hello within 0.5 s") == 0);
}

TEST_CASE("FUTOLAB_WORKER_WAIT sets the wait for a worker's hello and replies outside a run", "[isolation][worker][env]") {
    ::unsetenv("FUTOLAB_WORKER_WAIT");
    CHECK(worker_wait_seconds() == kWorkerWaitSeconds);
    ::setenv("FUTOLAB_WORKER_WAIT", "250ms", 1);
    CHECK(worker_wait_seconds() == Approx(0.25));
    const fs::path dir = scratch("env");
    const std::string silent = script(dir, "silent", "#!/bin/sh\nexec sleep 30\n");
    WarmWorker worker(command(silent, 0), 0);  // 0: the variable's wait
    CHECK(refusal(worker).find("said no hello within 0.25 s of its start") != std::string::npos);
    for (const char* bad : {"0", "never", "-2s"}) {
        INFO(bad);
        ::setenv("FUTOLAB_WORKER_WAIT", bad, 1);
        CHECK_THROWS_AS(worker_wait_seconds(), InputError);
    }
    ::unsetenv("FUTOLAB_WORKER_WAIT");
}
