// experiments/resume_rows.hpp (issue #45, round 6): --resume counts a row as done only if it is
// a run of this experiment as this experiment writes it. Before, a row whose mode, spec, run or
// experiment cell had been changed was counted as done, and a row whose seed, repeat, instance
// or hash no run has was kept beside the run made again.
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

std::string csv_cell(const std::string& cell) {
    if (cell.find_first_of(",\"\n") == std::string::npos) return cell;
    std::string out = "\"";
    for (const char ch : cell) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

// The cell of `column` in the first data row (the first run) replaced by `value`.
void set_cell(const fs::path& csv, const std::string& column, const std::string& value) {
    futolab::CsvTable t = futolab::read_csv_file(csv.string());
    std::size_t c = 0;
    while (t.header[c] != column) ++c;
    t.rows[0][c] = value;
    std::ofstream out(csv, std::ios::binary | std::ios::trunc);
    const auto line = [&out](const std::vector<std::string>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << csv_cell(cells[i]);
        out << "\n";
    };
    line(t.header);
    for (const auto& row : t.rows) line(row);
}

}  // namespace

TEST_CASE("resume refuses a row that is no run of this experiment as it writes it", "[resume][records]") {
    const fs::path dir = fresh_dir("resume-rows", "cells");
    std::ofstream(dir / "cfg.yaml") << "name: rr\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                       "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc, backtracking ]\nrepeats: 2\n"
                                       "isolation: thread\n";
    REQUIRE(run_cli("run -q cfg.yaml --out base", dir.string()).exit_code == 0);
    const std::string original = slurp((dir / "base" / "rr.csv").string());
    const std::vector<std::pair<std::string, std::string>> edits{
        {"experiment", "other"}, {"mode", "first"}, {"spec", "bitmask"}, {"run", "3"},
        {"seed", "999"},         {"repeat", "7"},   {"instance", "zzz"}, {"instance_hash", "0000000000000000"}};
    for (const auto& [column, value] : edits) {
        INFO(column << " = " << value);
        fs::remove_all(dir / "o");
        fs::copy(dir / "base", dir / "o");
        set_cell(dir / "o" / "rr.csv", column, value);
        const std::string edited = slurp((dir / "o" / "rr.csv").string());
        const auto r = run_cli("run -q cfg.yaml --out o --resume", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "rr.csv:2: "));
        CHECK(has(r.err, "refusing to resume"));
        CHECK(slurp((dir / "o" / "rr.csv").string()) == edited);  // nothing appended
    }
    // The file as futolab wrote it resumes: every run done, nothing added.
    fs::remove_all(dir / "o");
    fs::copy(dir / "base", dir / "o");
    const auto r = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(slurp((dir / "o" / "rr.csv").string()) == original);
    fs::remove_all(dir);
}

// Round 7: the file's isolation was checked by its sidecar only, so a row edited to say it ran
// in another isolation, or under other limits, was counted as done.
TEST_CASE("resume refuses a row whose isolation, limit, deterministic or build cells this config would not write",
          "[resume][records]") {
    const fs::path dir = fresh_dir("resume-rows", "isolation");
    std::ofstream(dir / "cfg.yaml") << "name: ri\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                       "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc ]\nrepeats: 2\n"
                                       "isolation: fork\nlimits: { time: 30s, memory: 1GiB }\n";
    REQUIRE(run_cli("run -q cfg.yaml --out base", dir.string()).exit_code == 0);
    const std::vector<std::pair<std::string, std::string>> edits{{"isolation", "thread"},
                                                                 {"isolation", "process"},
                                                                 {"time_limit_ms", "60000"},
                                                                 {"cpu_limit_ms", "1000"},
                                                                 {"memory_limit_kb", ""},
                                                                 {"deterministic", "0"}};
    for (const auto& [column, value] : edits) {
        INFO(column << " = " << value);
        fs::remove_all(dir / "o");
        fs::copy(dir / "base", dir / "o");
        set_cell(dir / "o" / "ri.csv", column, value);
        const auto r = run_cli("run -q cfg.yaml --out o --resume", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "ri.csv:2: column '" + column + "'"));
        CHECK(has(r.err, "refusing to resume"));
    }
    // Another binary's hash in the build cell: the sidecar names this binary.
    fs::remove_all(dir / "o");
    fs::copy(dir / "base", dir / "o");
    const futolab::CsvTable t = futolab::read_csv_file((dir / "base" / "ri.csv").string());
    const std::string build = t.rows[0][t.column("build", "ri.csv")];
    set_cell(dir / "o" / "ri.csv", "build", build.substr(0, build.rfind(':') + 1) + "0000000000000000");
    const auto r = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "ri.csv:2: column 'build'"));
    fs::remove_all(dir / "o");
    fs::copy(dir / "base", dir / "o");
    CHECK(run_cli("run -q cfg.yaml --out o --resume", dir.string()).exit_code == 0);
    fs::remove_all(dir);
}

TEST_CASE("resume takes the thread rows of generate and critical whatever the config's isolation",
          "[resume][records]") {
    const fs::path dir = fresh_dir("resume-rows", "generate");
    std::ofstream(dir / "cfg.yaml") << "name: rg\nseed: 1\ntask: generate\ninstances:\n"
                                       "  - squares: { n: 4, count: 2 }\nmethods: [ unique ]\n";
    REQUIRE(run_cli("run -q cfg.yaml --out base", dir.string()).exit_code == 0);
    fs::copy(dir / "base", dir / "o");
    CHECK(run_cli("run -q cfg.yaml --out o --resume", dir.string()).exit_code == 0);
    set_cell(dir / "o" / "rg.csv", "isolation", "process");
    const auto r = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "rg.csv:2: column 'isolation' is 'process', where run "));
    CHECK(has(r.err, " of this experiment writes 'thread'"));
    fs::remove_all(dir);
}

// Round 7: `run --resume` of a merged CSV (the merge's output is the unsharded run's file) wrote
// a one-machine sidecar over the merged one: its list of shards and their machines was lost.
TEST_CASE("resume refuses a merged CSV: its shards are resumed and merged again", "[resume][records]") {
    const fs::path dir = fresh_dir("resume-rows", "merged");
    std::ofstream(dir / "cfg.yaml") << "name: rm\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                       "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc, backtracking ]\nrepeats: 2\n"
                                       "isolation: thread\n";
    for (const char* shard : {"1/2", "2/2"})
        REQUIRE(run_cli(std::string("run -q cfg.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
    REQUIRE(run_cli("merge sh/rm.shard-1-of-2.csv sh/rm.shard-2-of-2.csv --out o/rm.csv", dir.string()).exit_code == 0);
    const std::string sidecar = slurp((dir / "o" / "rm.csv.meta.yaml").string());
    const auto r = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "o/rm.csv: is the merge of 2 shards (its sidecar lists them): refusing to resume it"));
    CHECK(slurp((dir / "o" / "rm.csv.meta.yaml").string()) == sidecar);
    fs::remove_all(dir);
}
