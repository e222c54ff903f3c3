// The column schema beside every results CSV (issue #44 item 1): run and merge write
// <csv>.schema.json with the CSV's actual columns; `futolab schema [CSV]` prints it.
#include "cli_runner.hpp"
#include "records/results_csv.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A sweep over planted random 4x4 instances at two givens levels: a param_givens column.
std::string swept_config(const fs::path& dir) {
    const fs::path cfg = dir / "cfg.yaml";
    std::ofstream(cfg) << "name: schema-cli\nseed: 1\ninstances:\n  - generate: { kind: random, n: 4, givens: [0.3, "
                          "0.5], count: 2 }\nsolvers: [ bitmask ]\nisolation: thread\noutput: "
                       << (dir / "out" / "r.csv").string() << "\n";
    return cfg.string();
}

std::vector<std::string> field_names(const std::string& schema_text) {
    const Json schema = Json::parse(schema_text);
    std::vector<std::string> out;
    for (const Json& f : schema.at("fields")) out.push_back(f.at("name"));
    return out;
}

}  // namespace

TEST_CASE("run and merge write the schema of the CSV's columns beside it, schema prints it", "[cli][schema]") {
    const fs::path dir = fresh_dir("app", "schema-cli");
    const std::string cfg = swept_config(dir);
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string csv = (dir / "out" / "r.csv").string();
    REQUIRE(fs::exists(csv + ".schema.json"));
    const std::string written = slurp(csv + ".schema.json");
    CHECK(field_names(written) == futolab::read_csv_file(csv).header);
    const Json schema = Json::parse(written);
    int params = 0;
    for (const Json& f : schema.at("fields"))
        if (f.at("name") == "param_givens") {
            CHECK(f.at("type") == "number");
            ++params;
        }
    CHECK(params == 1);
    auto r = run_cli("schema " + csv);
    CHECK(r.exit_code == 0);
    CHECK(r.out == written);
    // Shards and their merge.
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli("run -q " + cfg + " --shard " + shard + " --out " + (dir / "sh").string()).exit_code == 0);
    const std::string merged = (dir / "m.csv").string();
    REQUIRE(run_cli("merge " + (dir / "sh" / "r.shard-0-of-2.csv").string() + " " +
                    (dir / "sh" / "r.shard-1-of-2.csv").string() + " --out " + merged).exit_code == 0);
    CHECK(fs::exists((dir / "sh" / "r.shard-0-of-2.csv.schema.json")));
    CHECK(slurp(merged + ".schema.json") == written);
    // Without a CSV: every column, the param columns as a pattern.
    r = run_cli("schema");
    CHECK(r.exit_code == 0);
    const Json general = Json::parse(r.out);
    CHECK(general.at("fieldsMatch") == "partial");
    CHECK(general.at("fieldPatterns").at(0).at("pattern") == "^param_.+$");
}

TEST_CASE("schema refuses a file that is not a results CSV", "[cli][schema]") {
    auto r = run_cli("schema good/conjure-4x4.futo");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "good/conjure-4x4.futo: not a futolab results CSV"));
    r = run_cli("schema no-such.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "no-such.csv: cannot read: No such file or directory"));
}

// Round 8: schema read its CSV with a plain stream, outside the input rules every other
// command follows (core/files.hpp): it hung on a FIFO, read /dev/zero without bound, and
// `schema a.csv >> a.csv` appended the JSON to the results CSV.
TEST_CASE("schema reads its CSV under the input rules", "[cli][schema]") {
    const fs::path dir = fresh_dir("app", "schema-input-rules");
    REQUIRE(::mkfifo((dir / "fifo.csv").c_str(), 0600) == 0);
    auto r = futolab::test::run_cli_env("timeout 20 ", "schema fifo.csv", dir.string());  // a hang is exit 124
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "fifo.csv: cannot read: is a FIFO (named pipe)"));
    r = futolab::test::run_cli_env("timeout 20 ", "schema /dev/zero", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "/dev/zero: cannot read: is a device"));
    const std::string csv = slurp(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv");
    std::ofstream(dir / "r.csv") << csv;
    r = run_cli("schema r.csv >> r.csv", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "r.csv: is also this command's standard output"));
    CHECK(slurp((dir / "r.csv").string()) == csv);  // nothing appended
    // Only the header is read: a CR LF header with no row still gives the schema.
    std::string header;
    for (const std::string& c : futolab::csv_base_columns()) header += (header.empty() ? "" : ",") + c;
    std::ofstream(dir / "crlf.csv") << header << "\r\n";
    r = run_cli("schema crlf.csv", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(field_names(r.out) == futolab::csv_base_columns());
    std::ofstream(dir / "cut.csv") << header;  // no line end: the header may be cut
    r = run_cli("schema cut.csv", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "cut.csv: no header line"));
    fs::remove_all(dir);
}
