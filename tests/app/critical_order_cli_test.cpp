// `futolab critical --construct`, `--exhaustive` and `--exact --sample` as experiments (tasks
// construct, exhaustive, exact-sample: one run per order): the results CSV beside --out, a
// second search over it refused without --resume or --force, --resume giving the same records,
// and --exact --sample's solver-oracle rule.
#include "critical_cli.hpp"
#include "core/instance.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_in;
using futolab::test::slurp;
namespace fs = std::filesystem;

TEST_CASE("critical --construct, --exhaustive and --exact --sample: a results CSV beside --out, resumed to the same records",
          "[app][critical][construct][exhaustive][exact-sample]") {
    for (const std::string command : {"critical --construct --n 9 --split 2", "critical --exhaustive --n 3",
                                      "critical --exact --n 5 --sample 4 --seed 7 --objective k --jobs 2"}) {
        const fs::path dir = fresh_dir("critical-order", command.substr(9, 12));
        run_in(dir, command, "", 0);
        REQUIRE(fs::exists(dir / "o.csv"));
        REQUIRE(fs::exists(dir / "o.csv.meta.yaml"));
        const std::string records = slurp((dir / "o.jsonl").string());
        CHECK_FALSE(records.empty());
        CHECK(has(run_in(dir, command, "", 2), "exists already"));
        CHECK(has(run_in(dir, command, "--resume", 0), "0 searched now, 1 from the CSV"));
        CHECK(slurp((dir / "o.jsonl").string()) == records);
        run_in(dir, command, "--force", 0);
    }
}

TEST_CASE("critical --exact --sample: the sample's squares are searched by the solver oracle, --oracle table refused",
          "[app][critical][exact-sample]") {
    const fs::path dir = fresh_dir("critical-order", "oracle");
    CHECK(has(run_in(dir, "critical --exact --n 4 --sample 3 --objective k --oracle table", "", 2),
              "table does not apply with --exact --sample"));
    CHECK(has(run_in(dir, "critical --exact --n 4 --sample 3 --objective k --seed-sets 5", "", 2), "--seed-sets"));
    CHECK_FALSE(fs::exists(dir / "o.csv"));
    run_in(dir, "critical --exact --n 4 --sample 3 --objective k --oracle solver", "", 0);
}

TEST_CASE("critical --free-square: a results CSV beside --out, --resume after a finished search runs nothing", "[app][critical][free-square]") {
    const fs::path dir = fresh_dir("critical-order", "free-square");
    const std::string command = "critical --free-square --n 4 --count 2 --seed 3 --iterations 30";
    const std::string err = run_in(dir, command, "", 0);
    CHECK(has(err, "zero-given-n4-free-s3: k="));
    CHECK(has(err, "2 runs, 2 searched now, 0 from the CSV"));
    REQUIRE(fs::exists(dir / "o.csv"));
    REQUIRE(fs::exists(dir / "o.csv.meta.yaml"));
    const std::string records = slurp((dir / "o.jsonl").string());
    REQUIRE(records.find('\n') != std::string::npos);
    const futolab::Json first = futolab::Json::parse(records.substr(0, records.find('\n')));
    CHECK(first["id"] == "zero-given-n4-free-s3");
    CHECK(first["meta"]["mode"] == "free-square");
    CHECK(first["meta"]["iterations"] == 30);
    CHECK(first["givens"].empty());
    CHECK(has(run_in(dir, command, "--resume", 0), "0 searched now, 2 from the CSV"));
    CHECK(slurp((dir / "o.jsonl").string()) == records);
    CHECK(has(run_in(dir, command + " --temperature 0.5", "--resume", 2), "other options: --temperature (0.4 there, 0.5 here): refusing"));
    // A start puzzle of that output: one run, named after it and the seed.
    fs::copy_file(dir / "o.jsonl", dir / "starts.jsonl");
    CHECK(has(run_in(dir, "critical --free-square --input starts.jsonl --seed 5 --iterations 10", "--force", 0),
              "zero-given-n4-free-s3:free-s5: k="));
}

TEST_CASE("critical --exact --sample: the run's seed is --seed", "[app][critical][exact-sample]") {
    const fs::path dir = fresh_dir("critical-order", "sample-seed");
    run_in(dir, "critical --exact --n 4 --sample 2 --seed 7 --objective k", "", 0);
    CHECK(has(slurp((dir / "o.jsonl").string()), "\"sample_seed\":7"));
}
