// `critical --few-relations --checkpoint` runs its shards through a config it renders itself: a
// refusal of the driver's named a place in that config and a key the user never typed
// ("futolab critical:10:19: few_relations.checkpoint pk: …", red-team round 23, A F2). It names
// the option as typed now. And a shard file's lock (planted, or held by another futolab) advised
// "use another --out", where the option that placed the file is --checkpoint (borderline 212, 170).
#include "app/critical_experiment.hpp"
#include "cli_runner.hpp"
#include "../records/records_cli.hpp"

#include "core/error.hpp"
#include "experiments/rendered_config.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

constexpr const char* kCount = "critical --n 4 --few-relations 3 --shards 2 --checkpoint ";

// Neither the rendered config's name and place nor its key.
void names_no_config(const std::string& err) {
    CHECK_FALSE(has(err, "futolab critical:"));
    CHECK_FALSE(has(err, "few_relations.checkpoint"));
}

}  // namespace

TEST_CASE("a planted shard lock is refused naming --checkpoint as typed, not the config critical renders",
          "[app][critical][few-relations]") {
    const fs::path dir = fresh_dir("checkpoint-option-messages", "planted");
    fs::create_directories(dir / "pk");
    fs::create_symlink("/nonexistent", dir / "pk" / ".n4-k3-shard-001-of-002.yaml.lock");
    fs::create_directories(dir / "pf" / ".n4-k3-shard-000-of-002.yaml.lock");
    const auto link = run_cli(std::string(kCount) + "./pk", dir.string());
    INFO(link.err);
    CHECK(link.exit_code == 2);
    CHECK(link.err.starts_with("futolab: --checkpoint ./pk: pk/.n4-k3-shard-001-of-002.yaml.lock is a symbolic link"));
    names_no_config(link.err);
    const auto folder = run_cli(std::string(kCount) + "pf", dir.string());
    INFO(folder.err);
    CHECK(folder.exit_code == 2);
    CHECK(folder.err.starts_with("futolab: --checkpoint pf: pf/.n4-k3-shard-000-of-002.yaml.lock is a folder"));
    names_no_config(folder.err);
    CHECK_FALSE(fs::exists(dir / "pk" / "n4-k3-shard-000-of-002.yaml"));  // no shard counted
}

TEST_CASE("a shard lock refused or held elsewhere advises another --checkpoint folder, not another --out",
          "[app][critical][few-relations]") {
    const fs::path dir = fresh_dir("checkpoint-option-messages", "advice");
    fs::create_directories(dir / "pf" / ".n4-k3-shard-000-of-002.yaml.lock");
    const auto planted = run_cli("critical --n 4 --few-relations 3 --shard 0/2 --checkpoint pf", dir.string());
    INFO(planted.err);
    CHECK(planted.exit_code == 2);
    CHECK(has(planted.err, "(remove it, or use another --checkpoint folder)"));
    CHECK_FALSE(has(planted.err, "--out"));

    // Another futolab holding shard 0's file: --shard 0/2 is refused, and so is the whole count, at
    // its start (it holds every shard file of it from there: red-team round 26, A F7); both say
    // which folder to change.
    fs::create_directories(dir / "ck");
    const std::string shard = (dir / "ck" / "n4-k3-shard-000-of-002.yaml").string();
    const futolab::test::OtherProcess other([&] { return std::make_shared<futolab::OutputLock>(shard); });
    const auto one = run_cli("critical --n 4 --few-relations 3 --shard 0/2 --checkpoint ck", dir.string());
    INFO(one.err);
    CHECK(one.exit_code == 2);
    CHECK(has(one.err, "is writing it: wait for it to end, or use another --checkpoint folder"));
    const auto all = run_cli(std::string(kCount) + "ck", dir.string());
    INFO(all.err);
    CHECK(all.exit_code == 2);
    CHECK(has(all.err, "is writing it: wait for it to end, or use another --checkpoint folder"));
    CHECK_FALSE(has(all.err, "another --out"));
}

// The results CSV the count keeps in its --checkpoint folder: a thing planted at its lock was
// refused advising "another --out", which changes nothing there (round 23 left open).
TEST_CASE("a planted lock of the checkpoint results CSV advises another --checkpoint folder, not another --out",
          "[app][critical][few-relations]") {
    const fs::path dir = fresh_dir("checkpoint-option-messages", "csv-lock");
    fs::create_directories(dir / "ck" / ".n4-k3-of-002.csv.lock");
    const auto r = run_cli(std::string(kCount) + "ck --out f.jsonl", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "n4-k3-of-002.csv: refusing to write without the lock (remove it, or use another --checkpoint folder)"));
    CHECK_FALSE(has(r.err, "another --out"));
}

TEST_CASE("any refusal of the driver at a place in the config critical renders names the option, not that place",
          "[app][critical][few-relations]") {
    // In process: a folder critical has not checked itself (a file at it), refused by the driver's
    // own check of the rendered key (experiments/runner.cpp), as one made after critical's check would be.
    const fs::path dir = fresh_dir("checkpoint-option-messages", "driver");
    std::ofstream(dir / "f") << "a user's file\n";
    const std::string folder = (dir / "f").string();
    futolab::app::CriticalExperiment run;
    run.config_of = [&folder](const std::string& csv) {
        return futolab::render_config({.name = "few-relations",
                                       .description = "a count whose checkpoint is a file",
                                       .task = futolab::Task::few_relations,
                                       .squares = {},
                                       .orders = {},
                                       .few_relations = {.n = 4, .k = 3, .shards = 2, .first = 0, .count = 0, .stride = 1,
                                                         .checkpoint = folder},
                                       .method = "few-relations",
                                       .output = csv});
    };
    run.csv = (dir / "c.csv").string();
    run.writes_out = false;
    run.options_of_keys = {{"few_relations.checkpoint " + folder, "--checkpoint typed/f"}};
    try {
        futolab::app::run_critical_experiment(run);
        FAIL("the file at the checkpoint was taken");
    } catch (const futolab::InputError& e) {
        const std::string said = e.what();
        INFO(said);
        CHECK(said.starts_with("--checkpoint typed/f: "));
        CHECK(has(said, "is not a folder"));
        names_no_config(said);
    }
}
