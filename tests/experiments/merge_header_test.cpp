// Merge holds a shard's header to the columns its config writes, as resume does (one check,
// records/results_csv.hpp header_difference). Merge took an added column the config never writes
// (`extra`, or a sweep column `param_givens` of a config without that axis) into the merged CSV
// and its schema, and a CSV without its `session` column (red-team round 23, C F10).
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/app/small_sweep.hpp"
#include "tests/experiments/csv_edit.hpp"
#include "tests/experiments/runner_helpers.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <string>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;

namespace {

// A finished sweep (tests/app/small_sweep.hpp): its results CSV.
fs::path finished_sweep(const std::string& name) { return futolab::test::small_sweep("merge-header", name) / "out" / "s.csv"; }

// The CSV with a column `name` added after the last (every row's cell `value`).
void add_column(const fs::path& csv, const std::string& name, const std::string& value) {
    futolab::CsvTable t = futolab::read_csv_file(csv.string());
    t.header.push_back(name);
    for (auto& row : t.rows) row.push_back(value);
    futolab::test::write_csv_table(csv, t);
}

// The CSV without its column `name`.
void drop_column(const fs::path& csv, const std::string& name) {
    futolab::CsvTable t = futolab::read_csv_file(csv.string());
    const std::size_t c = t.column(name, "t");
    t.header.erase(t.header.begin() + static_cast<std::ptrdiff_t>(c));
    for (auto& row : t.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(c));
    futolab::test::write_csv_table(csv, t);
}

// Its sidecar saying another binary ran the sweep (as an older futolab's sidecar does).
void another_binary(const fs::path& csv) {
    futolab::test::as_another_binary(csv.string());
}

}  // namespace

TEST_CASE("merge refuses a header its config does not write, naming the column as resume does", "[merge][resume][csv][long]") {
    const struct {
        const char* name;
        std::function<void(const fs::path&)> edit;
        const char* named;
    } cases[] = {
        {"extra", [](const fs::path& csv) { add_column(csv, "extra", "1"); }, "is 'extra', this experiment writes '(none)'"},
        {"param", [](const fs::path& csv) { add_column(csv, "param_givens", "0.3"); },
         "is 'param_givens', this experiment writes '(none)'"},
        {"session", [](const fs::path& csv) { drop_column(csv, "session"); }, "is '(none)', this experiment writes 'session'"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        const fs::path csv = finished_sweep(c.name);
        const fs::path dir = csv.parent_path().parent_path();
        c.edit(csv);
        const std::string before = futolab::test::slurp(csv.string());
        auto r = run_cli("merge out/s.csv --out m.csv", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: out/s.csv: column "));
        CHECK(has(r.err, std::string(c.named) + ": refusing to merge it\n"));
        CHECK_FALSE(fs::exists(dir / "m.csv"));
        r = run_cli("run s.yaml -q --resume", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, c.named));
        CHECK(futolab::test::slurp(csv.string()) == before);
    }
}

TEST_CASE("merge takes a shard of another binary without later columns, never a column futolab does not write",
          "[merge][csv]") {
    const fs::path csv = finished_sweep("older");
    const fs::path dir = csv.parent_path().parent_path();
    another_binary(csv);
    drop_column(csv, "session");
    auto r = run_cli("merge out/s.csv --out m.csv", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(futolab::read_csv_file((dir / "m.csv").string()).header == futolab::read_csv_file(csv.string()).header);
    add_column(csv, "extra", "1");
    r = run_cli("merge out/s.csv --out m2.csv", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "is 'extra', this experiment writes '(none)': refusing to merge it\n"));
}
