// The refusals of resume and merge that compare a sidecar's key with the config, this binary or
// another shard's sidecar name that key's line and column in the sidecar (round 20, left open:
// "made by config X", a changed input list, another build, a shard claimed twice or of another
// sharding, differing skipped_inputs and a live shard of several names named the file alone).
#include "core/error.hpp"
#include "core/files.hpp"  // fnv1a64
#include "records/merge.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

// "FILE:LINE:COLUMN" of the first `text` in `file` at or after the first `after` (COLUMN: where
// `text` starts), as a refusal names a key's value there.
std::string mark_of(const std::string& file, const std::string& text, const std::string& after = "") {
    const std::string content = futolab::test::slurp(file);
    const std::size_t from = content.find(after);
    REQUIRE(from != std::string::npos);
    const std::size_t at = content.find(text, from);
    REQUIRE(at != std::string::npos);
    const auto line = std::count(content.begin(), content.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1;
    const std::size_t start = content.rfind('\n', at);
    const std::size_t column = start == std::string::npos ? at + 1 : at - start;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

ExperimentIdentity identity() {
    return {.name = "c",
            .config_file = "c.yaml",
            .config_hash = fmt::format("{:016x}", fnv1a64("name: c\n")),  // as merge checks it
            .config_text = "name: c\n",
            .config_given = true,
            .inputs = {{"a.futo", "00000000000000a1"}, {"b.futo", "00000000000000b1"}}};
}

RunInfo shard(int index, int count) {
    RunInfo info;
    info.command_line = "futolab run c.yaml";
    info.shard_index = index;
    info.shard_count = count;
    info.total_runs = 4;
    info.started = info.finished = "2026-01-01T00:00:00Z";  // a run's times (records/sidecar_numbers.cpp)
    info.first_started = info.started;  // this futolab always writes it: merge refuses its sidecar without it
    info.state = "finished";
    info.skipped_inputs = {{"x.futo", "not a puzzle"}};
    return info;
}

// A CSV with a row (a header and one line) and its sidecar, in `dir`. The header is futolab's:
// merge names a CSV of other columns as none before it reads a sidecar (records/header_names.hpp).
std::string csv_with_sidecar(const fs::path& dir, const std::string& name, const ExperimentIdentity& made_by,
                             const RunInfo& info) {
    const std::string csv = (dir / name).string();
    std::ofstream(csv) << csv_header_line() << std::string(csv_columns().size() - 1, ',') << "\n";
    write_sidecar(csv, made_by, info);
    return csv;
}

// The message check_resumable throws (empty if none).
std::string resume_refusal(const std::string& csv, const ExperimentIdentity& config,
                           const std::vector<BuildIdentity>& builds = {this_build()},
                           const BuildIdentity& driver = this_build()) {
    try {
        check_resumable(csv, config, builds, driver);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

std::string merge_refusal(const std::vector<std::string>& inputs, const fs::path& dir) {
    try {
        merge_results(inputs, (dir / "m.csv").string(), false);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// `build` with another binary hash: the same name, another binary.
BuildIdentity rebuilt(BuildIdentity build) {
    build.binary_hash = build.binary_hash == "0123456789abcdef" ? "fedcba9876543210" : "0123456789abcdef";
    return build;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("resume names the sidecar line and column of the config hash, input and build that differ",
          "[records][sidecar][marks][resume]") {
    const fs::path dir = futolab::test::fresh_dir("records", "refusal-marks-resume");
    const std::string csv = csv_with_sidecar(dir, "c.csv", identity(), shard(0, 1));
    const std::string sidecar = sidecar_path(csv);
    REQUIRE(resume_refusal(csv, identity()).empty());

    const std::string hash = identity().config_hash;
    ExperimentIdentity other = identity();
    other.config_hash = "00000000000000bb";
    std::string why = resume_refusal(csv, other);
    INFO(why);
    CHECK(has(why, "made by config " + hash + " (c.yaml as it was), not config 00000000000000bb (c.yaml) (" +
                       mark_of(sidecar, hash, "config_hash:") + "): refusing to resume"));

    other = identity();
    other.inputs[1].hash = "00000000000000b2";  // the second input edited
    why = resume_refusal(csv, other);
    CHECK(has(why, "(" + mark_of(sidecar, "{file: b.futo") + "): refusing to resume"));
    other.inputs.push_back({"c.futo", "00000000000000c1"});  // and a third read: the first difference named
    CHECK(has(resume_refusal(csv, other), "(" + mark_of(sidecar, "{file: b.futo") + "): refusing to resume"));
    other = identity();
    other.config_hash = "00000000000000bb";
    other.inputs.pop_back();  // both differ: both named, in order
    CHECK(has(resume_refusal(csv, other), "(" + mark_of(sidecar, hash, "config_hash:") + ", " +
                                              mark_of(sidecar, "{file: b.futo") + "): refusing to resume"));

    // Another driver binary: the `futolab` map; another build of the sweep: its item of `builds`.
    why = resume_refusal(csv, identity(), {this_build()}, rebuilt(this_build()));
    CHECK(has(why, "(" + mark_of(sidecar, "version:", "futolab:") + "): refusing to resume"));
    why = resume_refusal(csv, identity(), {rebuilt(this_build())});
    CHECK(has(why, "(" + mark_of(sidecar, "name:", "builds:") + "): refusing to resume"));
}

TEST_CASE("resume names the shards list of a merged CSV it refuses", "[records][sidecar][marks][resume]") {
    const fs::path dir = futolab::test::fresh_dir("records", "refusal-marks-merged");
    RunInfo info = shard(0, 1);
    info.merged_by = this_build();
    info.state = "merged";  // as merge writes it
    info.shards = {{"c.shard-0-of-2.csv", "a", "cpu", {"a"}, std::nullopt}, {"c.shard-1-of-2.csv", "b", "cpu", {"b"}, std::nullopt}};
    const std::string csv = csv_with_sidecar(dir, "c.csv", identity(), info);
    CHECK(has(resume_refusal(csv, identity()),
              "is the merge of 2 shards (its sidecar lists them: " + mark_of(sidecar_path(csv), "- file:", "shards:") + ")"));
}

TEST_CASE("merge names the sidecar line and column of a shard claimed twice, another sharding, inputs, "
          "skipped_inputs and builds that differ",
          "[records][sidecar][marks][merge]") {
    const fs::path dir = futolab::test::fresh_dir("records", "refusal-marks-merge");
    const std::string first = csv_with_sidecar(dir, "c.shard-0-of-2.csv", identity(), shard(0, 2));
    const auto second = [&](const ExperimentIdentity& made_by, const RunInfo& info) {
        return csv_with_sidecar(dir, "c.shard-1-of-2.csv", made_by, info);
    };
    const std::string other = second(identity(), shard(0, 2));
    const std::string sidecar = sidecar_path(other);
    std::string why = merge_refusal({first, other}, dir);
    INFO(why);
    CHECK(has(why, "as " + first + "'s does (" + mark_of(sidecar, "0", "shard_index: ") + "): refusing to merge one shard twice"));
    second(identity(), shard(1, 3));
    CHECK(has(merge_refusal({first, other}, dir),
              "(" + mark_of(sidecar, "3", "shard_count: ") + "): refusing to merge shards of two shardings"));

    ExperimentIdentity edited = identity();
    edited.inputs[1].hash = "00000000000000b2";
    second(edited, shard(1, 2));
    CHECK(has(merge_refusal({first, other}, dir), "read other inputs than " + first + ": input file b.futo changed (content "
                                                  "hash 00000000000000b2, was 00000000000000b1) (" +
                                                      mark_of(sidecar, "{file: b.futo") + ")"));

    RunInfo skipped = shard(1, 2);
    skipped.skipped_inputs.push_back({"y.futo", "not a puzzle"});
    second(identity(), skipped);
    CHECK(has(merge_refusal({first, other}, dir),
              "skipped_inputs differ from " + first + "'s (" + mark_of(sidecar, "id: y.futo") + "): refusing to merge"));

    RunInfo rebuilt_shard = shard(1, 2);
    rebuilt_shard.driver = rebuilt(this_build());
    second(identity(), rebuilt_shard);
    CHECK(has(merge_refusal({first, other}, dir),
              "(" + mark_of(sidecar, "version:", "futolab:") + "), unlike " + first + ": refusing to merge shards of two builds"));

    // A shard that says it is running, under two names: its `state`.
    RunInfo running = shard(1, 2);
    running.state = "running";
    second(identity(), running);
    fs::create_hard_link(other, dir / "linked.csv");
    CHECK(has(merge_refusal({first, other}, dir),
              "its sidecar says state: running (" + mark_of(sidecar, "running", "state: ") + "), and the file has 2 names"));
}
