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
                   "is --shard 1/4 now: rename it and its .meta.yaml and .schema.json to sn.shard-1-of-4.csv and resume "
                   "with --shard 1/4; refusing to resume it as shard 2 of 4\n");
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
