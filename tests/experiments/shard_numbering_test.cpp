// `run --shard I/N` counts from 0, as every command does (app/shard_text.hpp): shard I is the
// runs whose splitmix64 of the run index is I mod N, in NAME.shard-I-of-N.csv, its sidecar
// saying `shard_index: I` and `shard_numbering: from 0`. A sidecar without that key was written
// when run counted from 1 (the committed results' `shard_index: 1, shard_count: 1`): it is read
// as index - 1, so it resumes and merges, and a shard file named by its old number is refused
// with what to type instead.
#include "core/random.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/runner_helpers.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::replace_in_file;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// A count sweep of two solvers and four repeats of one instance (8 runs), config sn.yaml.
void write_config(const fs::path& dir) {
    std::ofstream(dir / "sn.yaml") << "name: sn\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: "
                                   << FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl\n"
                                   << "solvers: [ fc, backtracking ]\nrepeats: 4\nisolation: thread\n";
}

// The run indices of a results CSV.
std::set<std::uint64_t> runs_of(const fs::path& csv) {
    const futolab::CsvTable t = futolab::read_csv_file(csv.string());
    std::set<std::uint64_t> runs;
    for (const auto& row : t.rows) runs.insert(std::stoull(row[t.column("run", csv.string())]));
    return runs;
}

// The shard keys of a sidecar as this futolab writes them, and as one that counted from 1 did.
std::string keys_now(int index, int count) {
    return "  shard_index: " + std::to_string(index) + "\n  shard_count: " + std::to_string(count) +
           "\n  shard_numbering: from 0\n";
}
std::string keys_older(int index, int count) {
    return "  shard_index: " + std::to_string(index + 1) + "\n  shard_count: " + std::to_string(count) + "\n";
}

}  // namespace

TEST_CASE("run --shard 0/2 and 1/2 run every run of the matrix once, and merge", "[shard][records]") {
    const fs::path dir = fresh_dir("shard-numbering", "cover");
    write_config(dir);
    for (const std::string shard : {"0", "1"}) {
        const auto r = run_cli("run sn.yaml --out sh --shard " + shard + "/2", dir.string());
        REQUIRE(r.exit_code == 0);
        CHECK(has(r.out, "sh/sn.shard-" + shard + "-of-2.csv: "));
        CHECK(has(r.out, " runs in shard " + shard + "/2 (counted from 0), "));
        CHECK(has(slurp((dir / "sh" / ("sn.shard-" + shard + "-of-2.csv.meta.yaml")).string()),
                  keys_now(std::stoi(shard), 2)));
    }
    CHECK_FALSE(fs::exists(dir / "sh" / "sn.shard-2-of-2.csv"));
    // Shard I is the runs whose splitmix64 is I mod 2: the same slices as before, renumbered.
    std::set<std::uint64_t> all;
    for (const int shard : {0, 1})
        for (const std::uint64_t run : runs_of(dir / "sh" / ("sn.shard-" + std::to_string(shard) + "-of-2.csv"))) {
            CHECK(futolab::splitmix64(run) % 2 == static_cast<std::uint64_t>(shard));
            CHECK(all.insert(run).second);
        }
    CHECK(all == std::set<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7});
    const auto merged = run_cli("merge sh/sn.shard-0-of-2.csv sh/sn.shard-1-of-2.csv --out m.csv", dir.string());
    CHECK(merged.exit_code == 0);
    CHECK(merged.out == "m.csv: 8 of 8 runs from 2 files\n");
    CHECK(has(slurp((dir / "m.csv.meta.yaml").string()), keys_now(0, 1)));
}

TEST_CASE("a results CSV whose sidecar counts from 1, as the committed ones do, resumes", "[shard][resume]") {
    const fs::path dir = fresh_dir("shard-numbering", "older-whole");
    write_config(dir);
    REQUIRE(run_cli("run -q sn.yaml --out o", dir.string()).exit_code == 0);
    const fs::path csv = dir / "o" / "sn.csv", meta = dir / "o" / "sn.csv.meta.yaml";
    replace_in_file(meta.string(), keys_now(0, 1), keys_older(0, 1));  // shard_index: 1, shard_count: 1, as committed
    std::string text = slurp(csv.string());
    text.erase(text.rfind('\n', text.size() - 2) + 1);  // the last row taken out: one run to do
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
    const auto r = run_cli("run sn.yaml --out o --resume", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "o/sn.csv: 8 runs in this shard, 7 already done, 1 written now, 0 errors"));
    CHECK(has(slurp(meta.string()), keys_now(0, 1)));  // rewritten in the one numbering
}

TEST_CASE("a shard CSV of the older numbering named by its old number is refused, saying what to type",
          "[shard][resume]") {
    const fs::path dir = fresh_dir("shard-numbering", "older-shard");
    write_config(dir);
    REQUIRE(run_cli("run -q sn.yaml --out sh --shard 1/4", dir.string()).exit_code == 0);
    // As a futolab that counted from 1 wrote shard 1/4: its shard 2 of 4, in sn.shard-2-of-4.csv.
    fs::create_directories(dir / "o");
    fs::copy(dir / "sh" / "sn.shard-1-of-4.csv", dir / "o" / "sn.shard-2-of-4.csv");
    fs::copy(dir / "sh" / "sn.shard-1-of-4.csv.meta.yaml", dir / "o" / "sn.shard-2-of-4.csv.meta.yaml");
    replace_in_file((dir / "o" / "sn.shard-2-of-4.csv.meta.yaml").string(), keys_now(1, 4), keys_older(1, 4));
    const std::string before = slurp((dir / "o" / "sn.shard-2-of-4.csv").string());
    const auto r = run_cli("run -q sn.yaml --out o --resume --shard 2/4", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: o/sn.shard-2-of-4.csv: its sidecar counts shards from 1 (an older futolab): its shard 2 of 4 "
                   "is --shard 1/4 now: rename it to sn.shard-1-of-4.csv, sn.shard-2-of-4.csv.meta.yaml to "
                   "sn.shard-1-of-4.csv.meta.yaml; then resume with --shard 1/4; refusing to resume it as shard 2 of 4\n");
    CHECK(slurp((dir / "o" / "sn.shard-2-of-4.csv").string()) == before);
    // Done as it says, the shard resumes as itself (nothing left to run).
    fs::rename(dir / "o" / "sn.shard-2-of-4.csv", dir / "o" / "sn.shard-1-of-4.csv");
    fs::rename(dir / "o" / "sn.shard-2-of-4.csv.meta.yaml", dir / "o" / "sn.shard-1-of-4.csv.meta.yaml");
    const auto resumed = run_cli("run sn.yaml --out o --resume --shard 1/4", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    CHECK(has(resumed.out, " written now, 0 errors"));
    CHECK(slurp((dir / "o" / "sn.shard-1-of-4.csv").string()) == before);
}

// Red-team round 19, B F8: the hint named the CSV, its sidecar and schema but not its .jsonl
// export; done as it said, the export stayed under the old name, the one of the next shard, and
// that shard was refused. Now it names every file of the CSV there, each with its new name, and
// done word for word the shard resumes and the next one runs.
TEST_CASE("the rename hint of an older-numbered shard names each of its files, and done as it says every shard runs",
          "[shard][resume]") {
    const fs::path dir = fresh_dir("shard-numbering", "older-export");
    std::ofstream(dir / "fr.yaml") << "name: fr\ntask: few-relations\ninstances:\n  - few_relations: { n: 3, k: 2, shards: 4 }\n"
                                      "methods: [ few-relations ]\noutput: fr.csv\n";
    REQUIRE(run_cli("run -q fr.yaml --shard 0/2", dir.string()).exit_code == 0);
    // As a futolab that counted from 1 wrote shard 0/2: its shard 1 of 2, with all four files.
    for (const std::string file : {".csv", ".csv.meta.yaml", ".csv.schema.json", ".jsonl"}) {
        REQUIRE(fs::exists(dir / ("fr.shard-0-of-2" + file)));
        fs::rename(dir / ("fr.shard-0-of-2" + file), dir / ("fr.shard-1-of-2" + file));
    }
    replace_in_file((dir / "fr.shard-1-of-2.csv.meta.yaml").string(), keys_now(0, 2), keys_older(0, 2));
    const auto r = run_cli("run -q fr.yaml --resume --shard 1/2", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: fr.shard-1-of-2.csv: its sidecar counts shards from 1 (an older futolab): its shard 1 of 2 is "
                   "--shard 0/2 now: rename it to fr.shard-0-of-2.csv, fr.shard-1-of-2.csv.meta.yaml to "
                   "fr.shard-0-of-2.csv.meta.yaml, fr.shard-1-of-2.csv.schema.json to fr.shard-0-of-2.csv.schema.json, "
                   "fr.shard-1-of-2.jsonl to fr.shard-0-of-2.jsonl; then resume with --shard 0/2; refusing to resume it as "
                   "shard 1 of 2\n");
    // Each rename as the hint words it ("it" is the CSV), and the command it names.
    const std::string hint = r.err.substr(r.err.find("rename ") + 7), renames = hint.substr(0, hint.find("; then "));
    std::size_t done = 0;
    for (std::size_t at = 0; at < renames.size(); ++done) {
        const std::size_t end = std::min(renames.find(", ", at), renames.size());
        const std::string one = renames.substr(at, end - at), from = one.substr(0, one.find(" to "));
        fs::rename(dir / (from == "it" ? "fr.shard-1-of-2.csv" : from), dir / one.substr(one.find(" to ") + 4));
        at = end + 2;
    }
    CHECK(done == 4);
    const std::string again = hint.substr(hint.find("; then resume with ") + 19, 11);
    CHECK(again == "--shard 0/2");
    const auto resumed = run_cli("run -q fr.yaml --resume " + again, dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    const auto next = run_cli("run -q fr.yaml --shard 1/2", dir.string());  // its names free for it
    INFO(next.err);
    CHECK(next.exit_code == 0);
    CHECK(fs::exists(dir / "fr.shard-1-of-2.jsonl"));
}
