// Task few-relations: every status's row held by resume and merge to what its run writes
// (experiments/few_relations_facts.hpp, check_few_relations_row). A timeout or an error counted
// nothing (h = k = 0, every counter empty); a timeout's message is its limit's, exactly; an error
// is only its shard's checkpoint file's, naming it; a counted record says it came from a
// checkpoint file only where its source has a checkpoint. Red-team round 20, B F2: each of these
// edits was resumed and merged.
#include "records/csv_reader.hpp"
#include "records/output_lock.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::refused_by_both;
using futolab::test::row_of;
using futolab::test::run_cli;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

std::string config_of(const std::string& sources, const std::string& extra = "") {
    return "name: fr\ntask: few-relations\ninstances:\n" + sources + "methods: [ \"few-relations\" ]\n" + extra;
}

constexpr const char* kNothing = "that ended";  // "… that ended 'timeout' counted nothing"

}  // namespace

TEST_CASE("task few-relations: a timeout row holds no counter and its limit message exactly, and is no error without a checkpoint",
          "[resume][merge][few-relations][limits]") {
    // n = 6, K = 7 whole: CPU-minutes; the limit is a thousandth of that.
    const fs::path dir = futolab::test::sweep_in("few-relations-rows", "timeout",
                                                 config_of("  - few_relations: { n: 6, k: 7 }\n", "limits: { time: 50ms }\n"));
    REQUIRE(cell(table_of(dir / "base" / "fr.csv"), 0, "status") == "timeout");
    accepted_by_both(dir, "fr");
    refused_by_both(dir, "fr", 0, {{"nodes", "0"}}, kNothing);
    refused_by_both(dir, "fr", 0, {{"nodes", "123"}}, kNothing);
    refused_by_both(dir, "fr", 0, {{"solutions", "0"}}, kNothing);
    refused_by_both(dir, "fr", 0, {{"message", "wall time limit (0.05 s), more"}},
                    "where the count stopped at a limit of the config writes 'wall time limit (0.05 s)'");
    // The same row as an error: its counters, h and k first, then the status itself (no checkpoint).
    refused_by_both(dir, "fr", 0, {{"status", "error"}, {"nodes", "7"}}, kNothing);
    refused_by_both(dir, "fr", 0, {{"status", "error"}, {"solutions", "1"}}, kNothing);
    refused_by_both(dir, "fr", 0, {{"status", "error"}, {"h", "3"}}, "(it writes 0)");
    refused_by_both(dir, "fr", 0, {{"status", "error"}, {"k", "9"}}, "(it writes 0)");
    refused_by_both(dir, "fr", 0, {{"status", "error"}}, "source has no checkpoint");
}

TEST_CASE("task few-relations: an error row is its checkpoint file's and names it, as its run writes it",
          "[resume][merge][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-rows", "error");
    std::ofstream(dir / "cfg.yaml") << config_of("  - few_relations: { n: 4, k: 4, shards: 2, checkpoint: ck }\n");
    {  // shard 1's file held by another writer: its row is an error naming the file
        const futolab::OutputLock other((dir / "ck" / "n4-k4-shard-001-of-002.yaml").string());
        const auto made = run_cli("run -q cfg.yaml --out base", dir.string());
        INFO(made.err);
        REQUIRE(made.exit_code == 0);
    }
    const futolab::CsvTable t = table_of(dir / "base" / "fr.csv");
    const std::size_t error = row_of(t, "n4-k4-shard-001-of-002");
    REQUIRE(cell(t, error, "status") == "error");
    accepted_by_both(dir, "fr");
    refused_by_both(dir, "fr", error, {{"message", "wall time limit (1 s)"}}, "naming it ('n4-k4-shard-001-of-002.yaml')");
    refused_by_both(dir, "fr", error, {{"message", "anything at all"}}, "naming it");
    refused_by_both(dir, "fr", error, {{"nodes", "0"}}, kNothing);
}

TEST_CASE("task few-relations: a counted record from a checkpoint file only where its source has a checkpoint",
          "[resume][merge][few-relations]") {
    const fs::path dir = futolab::test::sweep_in(
        "few-relations-rows", "from",
        config_of("  - few_relations: { n: 4, k: 4, shards: 2, shard: 0, checkpoint: ck }\n"
                  "  - few_relations: { n: 4, k: 4, shards: 2, shard: 1 }\n"));
    const futolab::CsvTable t = table_of(dir / "base" / "fr.csv");
    accepted_by_both(dir, "fr");
    refused_by_both(dir, "fr", row_of(t, "n4-k4-shard-001-of-002"), {{"meta.from", "\"checkpoint\""}},
                    "few_relations source has no checkpoint");
}
