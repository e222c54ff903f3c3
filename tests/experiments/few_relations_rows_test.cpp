// Task few-relations: every status's row held by resume and merge to what its run writes
// (experiments/few_relations_facts.hpp, check_few_relations_row). A timeout or an error counted
// nothing (h = k = 0, every counter empty); a timeout's message is its limit's, exactly; an error
// is only its shard's checkpoint file's, naming it first as the run writes it; a counted record
// says it came from a checkpoint file only where its source has a checkpoint, and holds the
// counts of its shard's file there when that file reads back whole. Red-team round 20, B F2 and
// round 21, B F1 and F4: each of these edits was resumed and merged.
#include "experiments/few_relations_record.hpp"
#include "records/csv_reader.hpp"
#include "records/output_lock.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::cells_set;
using futolab::test::record_edited;
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
          "[resume][merge][few-relations][limits][long]") {
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
          "[resume][merge][few-relations][long]") {
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
    const std::string want = "its message naming it first ('ck/n4-k4-shard-001-of-002.yaml: …'";
    refused_by_both(dir, "fr", error, {{"message", "wall time limit (1 s)"}}, want);
    refused_by_both(dir, "fr", error, {{"message", "anything at all"}}, want);
    refused_by_both(dir, "fr", error, {{"nodes", "0"}}, kNothing);
    // The file's name inside another path or at another place is not the run's message (round 21, B F4).
    for (const char* forged : {"ck/n4-k4-shard-001-of-002.yamlx: cannot read", "ck2/n4-k4-shard-001-of-002.yaml: cannot read",
                               "n4-k4-shard-001-of-002.yaml: cannot read", "note: ck/n4-k4-shard-001-of-002.yaml: cannot read",
                               "ck/n4-k4-shard-001-of-002.yaml:3x: malformed YAML", "ck/n4-k4-shard-000-of-002.yaml: cannot read",
                               "cannot write ck/n4-k4-shard-001-of-002.yaml.tmp: No space left on device",
                               "few_relations.checkpoint ck2: cannot create the folder: Permission denied"})
        refused_by_both(dir, "fr", error, {{"message", forged}}, want);
    // Each form the run writes: the file, at a line and column, a write of it or of its lock, the folder.
    for (const char* written : {"ck/n4-k4-shard-001-of-002.yaml:3:7: malformed YAML",
                                "ck/n4-k4-shard-001-of-002.yaml: not a complete few-relations shard file: no 'unique'",
                                "cannot write ck/n4-k4-shard-001-of-002.yaml: No space left on device",
                                "cannot write ck/.n4-k4-shard-001-of-002.yaml.lock: Permission denied (the lock of "
                                "ck/n4-k4-shard-001-of-002.yaml, made before any work)",
                                "ck/.n4-k4-shard-001-of-002.yaml.lock: cannot lock: No locks available",
                                "few_relations.checkpoint ck: cannot create the folder: Permission denied"}) {
        INFO(written);
        accepted_by_both(dir, "fr", cells_set(error, {{"message", written}}));
    }
}

TEST_CASE("task few-relations: a failure the run writes as an error names the shard file first, in the form resume and merge take",
          "[few-relations]") {
    const std::string file = "ck/n4-k4-shard-001-of-002.yaml";
    CHECK(futolab::shard_file_error("filesystem error: status: Permission denied [" + file + "]", "ck", file) ==
          file + ": filesystem error: status: Permission denied [" + file + "]");
    CHECK(futolab::shard_file_error(file + ":18:30: malformed YAML", "ck", file) == file + ":18:30: malformed YAML");
    CHECK(futolab::shard_file_error("few_relations.checkpoint ck: x", "ck", file) == "few_relations.checkpoint ck: x");
    CHECK(futolab::names_shard_file(futolab::shard_file_error("x " + file + "x: y", "ck", file), "ck", file));
    CHECK_FALSE(futolab::names_shard_file(file + "x: y", "ck", file));
    CHECK_FALSE(futolab::names_shard_file(file + ":: y", "ck", file));
    CHECK_FALSE(futolab::names_shard_file(file + ":1:2:3: y", "ck", file));
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

namespace {

// A record's meta `key` moved by `by` (the caller moves the counts of one sum together, so the
// record still adds up and only the checkpoint file can refuse it).
void moved(Json& record, const char* key, long long by) { record["meta"][key] = record["meta"][key].get<long long>() + by; }

// The forged records of shard 0 that add up but contradict its checkpoint file, each with the key
// the refusal names first (file order: pair_sets, swap_skipped, puzzles, cyclic, multiple, pool,
// unsat, unique), and `example` another shard's unique puzzle.
void refused_against_file(const fs::path& dir, std::size_t row, const Json& other_example) {
    const std::string file = "where its shard's checkpoint file ck/n4-k4-shard-000-of-004.yaml says";
    // Every unique puzzle made multiple, the example dropped: "no puzzle is unique" (round 21, B F1).
    refused_by_both(dir, "fr", row, record_edited(row, [](Json& r) {
                        moved(r, "multiple", r["meta"]["unique"].get<long long>());
                        r["meta"]["unique"] = 0;
                        r["meta"].erase("example");
                    }),
                    "a record whose meta 'multiple' is");
    refused_by_both(dir, "fr", row, record_edited(row, [](Json& r) { moved(r, "pair_sets", 1); }), file);
    const auto more_puzzles = record_edited(row, [](Json& r) {
        moved(r, "puzzles", 1);
        moved(r, "multiple", 1);
    });
    refused_by_both(dir, "fr", row, [&](futolab::CsvTable& t) {
        more_puzzles(t);
        cells_set(row, {{"nodes", std::to_string(std::stoull(cell(t, row, "nodes")) + 1)}})(t);
    }, "meta 'puzzles' is");
    refused_by_both(dir, "fr", row, record_edited(row, [](Json& r) { moved(r, "pool", 1); }), "meta 'pool' is");
    refused_by_both(dir, "fr", row, record_edited(row, [&](Json& r) { r["meta"]["example"] = other_example; }),
                    "a record whose meta 'example' is");
}

Json example_of(const futolab::CsvTable& t, std::size_t row) { return Json::parse(cell(t, row, "output"))["meta"]["example"]; }

}  // namespace

TEST_CASE("task few-relations: a counted record holds its shard checkpoint file counts where that file reads back whole",
          "[resume][merge][few-relations][long]") {
    const fs::path dir = futolab::test::sweep_in("few-relations-rows", "file-counts",
                                                 config_of("  - few_relations: { n: 4, k: 4, shards: 4, checkpoint: ck }\n"));
    SECTION("a row whose count wrote the file, and a row that took its counts from the file") {
        const auto checked = [&dir](bool from_file) {
            INFO("from the file: " << from_file);
            const futolab::CsvTable t = table_of(dir / "base" / "fr.csv");
            const std::size_t row = row_of(t, "n4-k4-shard-000-of-004");
            const Json meta = Json::parse(cell(t, row, "output"))["meta"];
            REQUIRE(meta["unique"].get<int>() > 0);
            REQUIRE(meta["pool"].get<int>() < meta["multiple"].get<int>());
            REQUIRE(meta.contains("from") == from_file);
            accepted_by_both(dir, "fr");
            refused_against_file(dir, row, example_of(t, row_of(t, "n4-k4-shard-001-of-004")));
        };
        checked(false);
        // The same sweep again: every row from its file.
        fs::rename(dir / "base", dir / "first");
        const auto again = run_cli("run -q cfg.yaml --out base", dir.string());
        INFO(again.err);
        REQUIRE(again.exit_code == 0);
        checked(true);
    }
    SECTION("a file gone or not whole cannot be checked, and the row is taken as it is") {
        const futolab::CsvTable t = table_of(dir / "base" / "fr.csv");
        const std::size_t row = row_of(t, "n4-k4-shard-000-of-004");
        const auto forged = record_edited(row, [](Json& r) { moved(r, "pair_sets", 1); });
        const fs::path file = dir / "ck" / "n4-k4-shard-000-of-004.yaml";
        const std::string text = futolab::test::slurp(file.string());
        std::ofstream(file) << text.substr(0, text.find("unique:"));
        accepted_by_both(dir, "fr", forged);
        fs::remove(file);
        accepted_by_both(dir, "fr", forged);
        // The file back: the row is held to it again.
        std::ofstream(file) << text;
        refused_by_both(dir, "fr", row, forged, "meta 'pair_sets' is");
    }
}

// A shard counted in the run was timed inside its clocks: seconds 3e7 or cpu_seconds 5.0 in a
// fraction of a second were resumed and merged (red-team round 24, B F1). A shard taken from its
// checkpoint file keeps the times of the run that counted it.
TEST_CASE("task few-relations: a counted record's times are within the row's wall_ns and cpu_ns, unless from its file",
          "[resume][merge][few-relations][long]") {
    const fs::path dir = futolab::test::sweep_in("few-relations-rows", "times",
                                                 config_of("  - few_relations: { n: 4, k: 5, shards: 2 }\n"));
    refused_by_both(dir, "fr", 0, {{"meta.seconds", "3e7"}}, "a record whose meta 'seconds' is 3e+07 s, more than the run's wall_ns");
    refused_by_both(dir, "fr", 0, {{"meta.cpu_seconds", "5.0"}}, "a record whose meta 'cpu_seconds' is 5 s, more than the run's cpu_ns");
    fs::remove_all(dir);
    const fs::path filed = futolab::test::sweep_in(
        "few-relations-rows", "times-filed", config_of("  - few_relations: { n: 4, k: 5, shards: 2, checkpoint: ck }\n"));
    fs::remove_all(filed / "base");
    REQUIRE(run_cli("run -q cfg.yaml --out base", filed.string()).exit_code == 0);
    accepted_by_both(filed, "fr", cells_set(0, {{"meta.seconds", "1000.0"}, {"meta.cpu_seconds", "999.0"}}));
    fs::remove_all(filed);
}

// The count looks at a flag once per pair set, which its watch sets within a poll of 20 ms of a
// limit (limit_watch.hpp): a shard counted in the run ends within each limit of the config plus
// 0.5 s by its own times (few_relations_facts.cpp, check_count_time). A counted record of 3 s
// under a 2 s limit was resumed and merged (red-team rounds 25 and 26 left it open). Limits of
// 20 s: the count must finish within them under the sanitizers on a loaded machine too. One taken
// from its checkpoint file keeps the times of the run that counted it, under limits the file
// does not say.
TEST_CASE("task few-relations: a shard counted in the run is within its limits and the 0.5 s its count can run past one",
          "[resume][merge][few-relations][limits][long]") {
    const fs::path dir = futolab::test::sweep_in("few-relations-rows", "late",
                                                 config_of("  - few_relations: { n: 4, k: 5, shards: 2 }\n", "limits: { time: 20s, cpu: 20s }\n"));
    REQUIRE(cell(table_of(dir / "base" / "fr.csv"), 0, "status") == "counted");
    // The row's clocks hold the count's (check_seconds_within): set above it.
    const auto late = [](const char* key, const char* seconds) {
        return std::vector<std::pair<std::string, std::string>>{{std::string("meta.") + key, seconds}, {"wall_ns", "22000000000"},
                                                                {"cpu_ns", "22000000000"}};
    };
    refused_by_both(dir, "fr", 0, late("seconds", "20.6"),
                    "a record whose meta 'seconds' says its count took 20.6 s, more than limits.time (20 s) and 0.5 s past it");
    refused_by_both(dir, "fr", 0, late("cpu_seconds", "21.0"),
                    "a record whose meta 'cpu_seconds' says its count took 21 s, more than limits.cpu (20 s) and 0.5 s past it");
    accepted_by_both(dir, "fr", cells_set(0, late("seconds", "20.4")));
    accepted_by_both(dir, "fr", cells_set(0, late("cpu_seconds", "20.45")));
    fs::remove_all(dir);
    const fs::path filed = futolab::test::sweep_in(
        "few-relations-rows", "late-filed",
        config_of("  - few_relations: { n: 4, k: 5, shards: 2, checkpoint: ck }\n", "limits: { time: 20s, cpu: 20s }\n"));
    fs::remove_all(filed / "base");
    REQUIRE(run_cli("run -q cfg.yaml --out base", filed.string()).exit_code == 0);
    accepted_by_both(filed, "fr", cells_set(0, {{"meta.seconds", "30.0"}, {"meta.cpu_seconds", "29.0"}}));
    fs::remove_all(filed);
}
