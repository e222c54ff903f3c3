// Red-team round 13 (issue #45), A3: with no `<stem>.csv`, a file at `<stem>.csv.meta.yaml` or
// `<stem>.csv.schema.json` is not the experiment's own (a run makes the CSV before them), and
// `run` and `critical` (the default search and --exact --square) replaced it with their sidecar
// or schema, while merge refused. Now each refuses it before any work, naming it; critical's
// --force replaces it.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab::test;  // run_cli, slurp, has, sweep_config, fresh_dir
namespace fs = std::filesystem;

namespace {

const std::string kNotes = "user notes, not futolab's\n";

// `file` and `csv` as the message names them, found under `dir` ("" for absolute names).
void refused_and_kept(const CliResult& r, const std::string& dir, const std::string& file, const std::string& csv) {
    INFO(r.out << "|" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, file + ": a file is there but no results CSV " + csv));
    CHECK(slurp(dir + file) == kNotes);
    CHECK_FALSE(fs::exists(dir + csv));
}

}  // namespace

TEST_CASE("run refuses a sidecar or schema with no results CSV beside it", "[records][outputs][orphan]") {
    for (const std::string companion : {".meta.yaml", ".schema.json"}) {
        const std::string dir = fresh_dir("orphan-companions", "run" + companion).string();
        const std::string cfg = sweep_config(dir);
        fs::create_directories(dir + "/out");
        const std::string file = dir + "/out/r.csv" + companion;
        std::ofstream(file) << kNotes;
        refused_and_kept(run_cli("run '" + cfg + "' -q"), "", file, dir + "/out/r.csv");
    }
}

TEST_CASE("critical refuses a sidecar or schema with no results CSV beside --out, unless --force",
          "[records][outputs][orphan]") {
    const std::string square = "--square '1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1' --objective k";
    for (const std::string& mode : {std::string("--n 4 --count 1 --seed 1"), "--exact " + square})
        for (const std::string companion : {".meta.yaml", ".schema.json"}) {
            const std::string dir = fresh_dir("orphan-companions", "critical" + companion).string();
            const std::string file = "o.csv" + companion;
            std::ofstream(dir + "/" + file) << kNotes;
            refused_and_kept(run_cli("critical " + mode + " --out o.jsonl", dir), dir + "/", file, "o.csv");
            CHECK_FALSE(fs::exists(dir + "/o.jsonl"));
            const CliResult forced = run_cli("critical " + mode + " --out o.jsonl --force", dir);
            INFO(forced.err);
            CHECK(forced.exit_code == 0);
            CHECK(slurp(dir + "/" + file) != kNotes);
        }
}
