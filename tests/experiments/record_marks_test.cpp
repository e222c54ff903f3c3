// A UTF-8 byte-order mark in the records resume and merge read back is refused by the rule of
// docs/formats.md (skipped only at the start of a file, else an error at its line and column),
// as the JSONL puzzle reader refuses it (red-team round 25 asked for each per-line JSON read of
// a file: the records of a results CSV's `output` cell go through that reader, and the export
// `<stem>.jsonl` is compared line by line; the certificate texts a construct or exact-square row
// is checked against are made in memory, never read from a file).
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::refused_by_both;
using futolab::test::TableEdit;

namespace {

const std::string kMark = "\xEF\xBB\xBF";

const char* kExhaustive = "name: e\ntask: exhaustive\ninstances:\n  - critical_orders: { n: 3 }\nmethods: [ \"exhaustive\" ]\n";

// Row 0's output (two records, one a line) with `mark` put at byte `at` of record line `line`.
TableEdit marked(std::size_t line, std::size_t at, const std::string& mark = kMark) {
    return [line, at, mark](futolab::CsvTable& t) {
        std::string& output = t.rows.at(0).at(t.column("output", "t"));
        const std::size_t start = line == 1 ? 0 : output.find('\n') + 1;
        output.insert(start + at, mark);
    };
}

}  // namespace

TEST_CASE("resume and merge refuse a byte-order mark in a record of an output cell at its line and column",
          "[resume][merge][bom]") {
    const fs::path dir = futolab::test::sweep_in("record-marks", "cell", kExhaustive);
    REQUIRE(futolab::test::cell(futolab::test::table_of(dir / "base/e.csv"), 0, "output").find('\n') != std::string::npos);
    const std::string where = "column 'output':2:1: U+FEFF, a UTF-8 byte-order mark, at the start of a line: skipped only at "
                              "the start of a file";
    refused_by_both(dir, "e", 0, marked(2, 0), where);
    refused_by_both(dir, "e", 0, marked(2, 0, kMark + kMark), where);
    // Record line 1 of the cell is no start of a file either: not the cell futolab writes.
    refused_by_both(dir, "e", 0, marked(1, 0), "not written as futolab writes it (from byte 1: '<U+FEFF>");
    // Between a record's tokens: not JSON, at its line and column of the cell; inside a string
    // it is data, and the record not the one its run writes.
    refused_by_both(dir, "e", 0, marked(1, 1), "column 'output':1:2: malformed JSON: ");
    refused_by_both(dir, "e", 0, marked(2, 1), "column 'output':2:2: malformed JSON: ");
    refused_by_both(dir, "e", 0, marked(2, 7), "a record (line 2) other than the one the search over every square of order 3 makes");
}

TEST_CASE("run --resume refuses an export with a byte-order mark on its line 2 and keeps it", "[resume][outputs][bom]") {
    const fs::path dir = futolab::test::sweep_in("record-marks", "export", kExhaustive);
    const std::string exported = futolab::test::slurp((dir / "base/e.jsonl").string());
    REQUIRE(std::count(exported.begin(), exported.end(), '\n') == 2);
    const std::string second_line = exported.substr(exported.find('\n') + 1);
    const std::string first_line = exported.substr(0, exported.find('\n') + 1);
    // With the file's own mark too, the two marks are more bytes than an export of the rows has.
    const std::vector<std::pair<std::string, std::string>> cases{
        {first_line + kMark + second_line, "its line 2 is no record of its rows"},
        {kMark + first_line + kMark + second_line, " of all the records its rows hold"}};
    for (const auto& [planted, why] : cases) {
        INFO(why);
        fs::remove_all(dir / "o");
        fs::copy(dir / "base", dir / "o");
        std::ofstream(dir / "o/e.jsonl", std::ios::binary | std::ios::trunc) << planted;
        const auto r = futolab::test::run_cli("run -q cfg.yaml --out o --resume", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("futolab: o/e.csv's outputs o/e.jsonl: exists, and is not an earlier export of o/e.csv ("));
        CHECK(has(r.err, why));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(futolab::test::slurp((dir / "o/e.jsonl").string()) == planted);
    }
}
