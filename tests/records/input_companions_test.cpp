// An output naming a file kept beside an input (its sidecar, column schema or exported outputs)
// is refused before any work, --force or not (red-team round 16, A F4): `merge s1.csv s2.csv
// --out s1.csv.meta.yaml --force` replaced shard 1's sidecar with the merged rows, then failed
// reading it back (exit 2 after the write), and shard 1 could never be merged again. --force
// replacing an input whole (`--out s1.csv`) goes on working, its companions then the merge's.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

namespace {

// Two shards of the sweep of records_cli.hpp in DIR/out: s1 and s2 (r.shard-I-of-2.csv).
std::pair<std::string, std::string> two_shards(const fs::path& dir) {
    const std::string config = futolab::test::sweep_config(dir.string());
    for (const char* shard : {"0/2", "1/2"}) REQUIRE(run_cli("run " + config + " --shard " + shard).exit_code == 0);
    return {(dir / "out" / "r.shard-0-of-2.csv").string(), (dir / "out" / "r.shard-1-of-2.csv").string()};
}

}  // namespace

TEST_CASE("merge refuses the sidecar, schema or outputs of an input as --out, even with --force", "[records][outputs][merge]") {
    const fs::path dir = futolab::test::fresh_dir("input-companions", "merge");
    const auto [s1, s2] = two_shards(dir);
    const std::string sidecar = slurp(s1 + ".meta.yaml");
    for (const auto& [out, what] : {std::pair{s1 + ".meta.yaml", "the sidecar of the input " + s1},
                                    std::pair{s1 + ".schema.json", "the column schema of the input " + s1},
                                    std::pair{(dir / "out" / "r.shard-1-of-2.jsonl").string(),
                                              "the outputs file of the results CSV " + s2 + " (an input)"}}) {
        const auto r = run_cli("merge " + s1 + " " + s2 + " --out " + out + " --force");
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--out " + out + ": is " + what + ": an input's companion files are never replaced, --force "
                         "or not (write the output elsewhere)"));
        CHECK(slurp(s1 + ".meta.yaml") == sidecar);
    }
    CHECK_FALSE(fs::exists(dir / "out" / "r.shard-1-of-2.jsonl"));
    const std::string merged = (dir / "m.csv").string();
    CHECK(run_cli("merge " + s1 + " " + s2 + " --out " + merged).exit_code == 0);
    // An input replaced whole: its sidecar and schema are the merged CSV's.
    const auto r = run_cli("merge " + s1 + " " + s2 + " --out " + s1 + " --force");
    CHECK(r.exit_code == 0);
    CHECK(has(slurp(s1 + ".meta.yaml"), "state: merged"));
    CHECK(slurp(s1) == slurp(merged));
}

TEST_CASE("report and convert refuse the sidecar of an input as --out, even with --force", "[records][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("input-companions", "others");
    const auto [s1, s2] = two_shards(dir);
    const std::string sidecar = slurp(s1 + ".meta.yaml");
    const auto report = run_cli("report " + s1 + " --out " + s1 + ".meta.yaml --force");
    CHECK(report.exit_code == 2);
    CHECK(has(report.err, "--out " + s1 + ".meta.yaml: is the sidecar of the input " + s1 + ":"));
    CHECK(slurp(s1 + ".meta.yaml") == sidecar);
    const std::string puzzles = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";
    const std::string out = (dir / "p.tatham").string();
    fs::copy_file(puzzles, out);
    const auto convert = run_cli("convert " + out + " --to jsonl --out " + out + ".schema.json --force");
    CHECK(convert.exit_code == 2);
    CHECK(has(convert.err, "is the column schema of the input " + out + ":"));
    CHECK_FALSE(fs::exists(out + ".schema.json"));
}
