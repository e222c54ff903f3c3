// The phase after a critical search's last run (app/critical_experiment.hpp): --out is written
// from the rows, and `critical --exact --n` first makes its records from all of them (searching
// again the classes no set determines: seconds at n = 5), then writes its certificate. A signal
// in that phase was dropped: exit 0, --out and the certificate written (red-team round 17, A F4).
// And --out, which the results CSV's lock stands for, was written after that lock was released
// or removed, over another futolab's file (A F5). Now a stop there writes neither (exit 1), and
// --out is written only while that lock is still this search's.
//
// In process, with no timing: the phase's own step (the records of all rows) raises the signal
// or removes the lock, as a user would while it runs.
#include "app/critical_experiment.hpp"
#include "cli_runner.hpp"
#include "experiments/rendered_config.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
namespace fs = std::filesystem;

namespace {

// `critical --construct --n 4 --out OUT` as the mode runs it, with `records_of_all` making --out's
// text and `on_complete` (the step after --out) marking `completed`.
futolab::app::CriticalExperiment construct_search(const fs::path& out, bool& completed) {
    futolab::app::CriticalExperiment run;
    run.config_of = [](const std::string& csv) {
        return futolab::render_config({.name = "construct",
                                       .description = "the records phase of a critical search",
                                       .task = futolab::Task::construct,
                                       .squares = {},
                                       .orders = {.n = 4},
                                       .method = "construct",
                                       .output = csv});
    };
    run.out = out.string();
    run.on_complete = [&completed](const futolab::Interrupt&) { completed = true; };
    return run;
}

}  // namespace

TEST_CASE("a signal while critical makes its records from the rows writes neither --out nor what comes after it",
          "[app][critical][signals]") {
    const fs::path dir = fresh_dir("critical-records-phase", "signal");
    bool completed = false;
    futolab::app::CriticalExperiment run = construct_search(dir / "c.jsonl", completed);
    run.records_of_all = [](const futolab::Interrupt&) -> std::optional<std::string> {
        REQUIRE(std::raise(SIGTERM) == 0);  // the driver's handler takes it: a stop request
        return std::string("{}\n");         // made whole all the same: a step that did not poll the stop
    };
    CHECK(futolab::app::run_critical_experiment(run) == 1);
    CHECK(!fs::exists(dir / "c.jsonl"));
    CHECK(!completed);
    CHECK(fs::exists(dir / "c.csv"));  // the rows stay, for --resume
}

TEST_CASE("critical writes --out only while the lock of its results CSV is still its own", "[app][critical][locks]") {
    const fs::path dir = fresh_dir("critical-records-phase", "lock");
    bool completed = false;
    futolab::app::CriticalExperiment run = construct_search(dir / "c.jsonl", completed);
    run.records_of_all = [&dir](const futolab::Interrupt&) -> std::optional<std::string> {
        REQUIRE(fs::remove(dir / ".c.csv.lock"));  // another futolab could now lock c.csv and write c.jsonl
        return std::string("{}\n");
    };
    try {
        futolab::app::run_critical_experiment(run);
        FAIL("--out was written after its lock was removed");
    } catch (const std::runtime_error& e) {
        CHECK(has(e.what(), "c.jsonl: not written: "));
        CHECK(has(e.what(), "removed or replaced"));
    }
    CHECK(!fs::exists(dir / "c.jsonl"));
    CHECK(!completed);
}

// A stop while the certificate is made, after the last row and after --out's records are made
// (--exact --n searches its classes again, minutes at n = 5): --out was written first, then the
// certificate left out, the summary line not saying to go on (red-team round 19, A F6). Now both
// are made before either is written: a stop there writes neither.
TEST_CASE("a signal while critical makes its certificate writes neither --out nor the certificate",
          "[app][critical][signals]") {
    const fs::path dir = fresh_dir("critical-records-phase", "certificate-signal");
    std::ofstream(dir / "c.jsonl") << "old\n";
    bool completed = false;
    futolab::app::CriticalExperiment run = construct_search(dir / "c.jsonl", completed);
    run.records_of_all = [](const futolab::Interrupt&) -> std::optional<std::string> { return std::string("{}\n"); };
    run.certificate.make = [](const futolab::Interrupt&) -> std::optional<std::string> {
        REQUIRE(std::raise(SIGTERM) == 0);  // the driver's handler takes it: a stop request
        return std::string("certificate\n");  // made whole all the same: a step that did not poll the stop
    };
    run.certificate.path = (dir / "c.cert").string();
    CHECK(futolab::app::run_critical_experiment(run) == 1);
    CHECK(futolab::test::slurp((dir / "c.jsonl").string()) == "old\n");
    CHECK(!fs::exists(dir / "c.cert"));
    CHECK(!completed);
    CHECK(fs::exists(dir / "c.csv"));  // the rows stay, for --resume
}

TEST_CASE("critical writes --out and then the certificate once both are made", "[app][critical]") {
    const fs::path dir = fresh_dir("critical-records-phase", "certificate-written");
    bool completed = false;
    futolab::app::CriticalExperiment run = construct_search(dir / "c.jsonl", completed);
    run.certificate.make = [](const futolab::Interrupt&) -> std::optional<std::string> { return std::string("certificate\n"); };
    run.certificate.path = (dir / "c.cert").string();
    CHECK(futolab::app::run_critical_experiment(run) == 0);
    CHECK(fs::exists(dir / "c.jsonl"));  // put in place together (app/outputs_together.hpp)
    CHECK(futolab::test::slurp((dir / "c.cert").string()) == "certificate\n");
    CHECK(completed);
}
