// `futolab critical --construct`, `--exhaustive` and `--exact --sample` as experiments (tasks
// construct, exhaustive, exact-sample: one run per order): the results CSV beside --out, a
// second search over it refused without --resume or --force, --resume giving the same records,
// and --exact --sample's solver-oracle rule.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// The command in `dir` with --out o.jsonl and `extra`: it must exit `code`.
std::string run_in(const fs::path& dir, const std::string& command, const std::string& extra, int code) {
    const auto r = run_cli(command + " --out o.jsonl " + extra, dir.string());
    INFO(command << " " << extra << "\n" << r.err);
    CHECK(r.exit_code == code);
    return r.err;
}

}  // namespace

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
