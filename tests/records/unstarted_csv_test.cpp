// A results CSV a command killed (kill -9, which no handler sees) between making it and writing
// its first sidecar left: its header alone, or nothing, and no sidecar. Every later command
// (`run`, `critical --out`, `critical --few-relations --checkpoint`, --force or not) refused it
// as a user's file, for good. It holds no results, so it is made again; a file that differs from
// that leftover by one byte, or has a user's file beside it, is refused as before.
#include "records_cli.hpp"
#include "records/results_csv.hpp"
#include "records/results_file.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab::test;  // run_cli, slurp, has, sweep_config, fresh_dir
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// What the kill leaves of the finished `csv`: its first line alone, no sidecar; with `schema`,
// its column schema too (written just before the sidecar).
void leave_as_killed(const fs::path& csv, bool schema) {
    const std::string text = slurp(csv.string());
    write(csv, text.substr(0, text.find('\n') + 1));
    fs::remove(futolab::sidecar_path(csv.string()));
    if (!schema) fs::remove(futolab::schema_path(csv.string()));
}

std::size_t lines(const fs::path& file) {
    const std::string text = slurp(file.string());
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("a results CSV with its header alone and no sidecar is what a kill before the first sidecar leaves",
          "[records][outputs][unstarted]") {
    const fs::path dir = fresh_dir("unstarted-csv", "predicate");
    const std::string csv = (dir / "r.csv").string();
    const futolab::CsvLayout layout = futolab::csv_layout({"givens"});
    const std::string header = futolab::csv_header_line(layout);
    write(csv, header);
    CHECK(futolab::left_before_first_sidecar(csv, layout));
    write(csv, "");
    CHECK(futolab::left_before_first_sidecar(csv, layout));
    write(csv, header);
    futolab::write_schema_beside(csv);  // the CSV's own schema: written just before the sidecar
    CHECK(futolab::left_before_first_sidecar(csv, layout));
    // Anything else is not that leftover: another layout's header, a byte more or less, a sidecar,
    // a user's file at the schema's path, another name of the file.
    CHECK_FALSE(futolab::left_before_first_sidecar(csv, futolab::csv_layout()));
    for (const std::string& other : {header + "\n", header.substr(0, header.size() - 1), header + "x", std::string("\n")}) {
        write(csv, other);
        CHECK_FALSE(futolab::left_before_first_sidecar(csv, layout));
    }
    write(csv, header);
    write(futolab::schema_path(csv), "{\"notes\": \"a user's\"}\n");
    CHECK_FALSE(futolab::left_before_first_sidecar(csv, layout));
    fs::remove(futolab::schema_path(csv));
    write(futolab::sidecar_path(csv), "notes\n");
    CHECK_FALSE(futolab::left_before_first_sidecar(csv, layout));
    fs::remove(futolab::sidecar_path(csv));
    fs::create_symlink("nowhere", futolab::sidecar_path(csv));
    CHECK_FALSE(futolab::left_before_first_sidecar(csv, layout));
    fs::remove(futolab::sidecar_path(csv));
    fs::create_hard_link(csv, dir / "other.csv");
    CHECK_FALSE(futolab::left_before_first_sidecar(csv, layout));
    fs::remove(dir / "other.csv");
    CHECK(futolab::left_before_first_sidecar(csv, layout));
}

TEST_CASE("run makes its CSV again where a kill before its first sidecar left the header alone",
          "[records][outputs][unstarted]") {
    for (const bool schema : {false, true}) {
        const std::string dir = fresh_dir("unstarted-csv", schema ? "run-schema" : "run").string();
        const std::string cfg = sweep_config(dir);
        REQUIRE(run_cli("run -q '" + cfg + "'").exit_code == 0);
        const fs::path csv = dir + "/out/r.csv";
        leave_as_killed(csv, schema);
        const CliResult again = run_cli("run -q '" + cfg + "'");
        INFO(again.err);
        CHECK(again.exit_code == 0);
        CHECK(lines(csv) == 76);  // the header once, 75 rows
        CHECK(fs::exists(futolab::sidecar_path(csv.string())));
    }
    // A user's file at the schema's path: the CSV is not that leftover, and stays as it was.
    const std::string dir = fresh_dir("unstarted-csv", "run-user-schema").string();
    const std::string cfg = sweep_config(dir);
    REQUIRE(run_cli("run -q '" + cfg + "'").exit_code == 0);
    const fs::path csv = dir + "/out/r.csv";
    leave_as_killed(csv, false);
    write(futolab::schema_path(csv.string()), "notes\n");
    const std::string header = slurp(csv.string());
    const CliResult refused = run_cli("run -q '" + cfg + "'");
    CHECK(refused.exit_code == 2);
    CHECK(refused.err == "futolab: " + csv.string() + ": results exist already: use --resume to continue them, or remove the file\n");
    CHECK(slurp(csv.string()) == header);
}

TEST_CASE("critical makes its CSV again where a kill before its first sidecar left the header alone, --force or not",
          "[records][outputs][unstarted][critical][long]") {
    struct Search {
        std::string name, args, csv, out;  // out: written after the last run, so not there after the kill
    };
    for (const Search& s : {Search{"out", "critical --n 4 --count 1 --seed 1 --out o.jsonl", "o.csv", "o.jsonl"},
                            Search{"checkpoint", "critical --n 3 --few-relations 2 --checkpoint ck --shards 2",
                                   "ck/n3-k2-of-002.csv", ""}})
        for (const std::string force : {"", " --force"})
            for (const bool schema : {false, true}) {
                const fs::path dir = fresh_dir("unstarted-csv", s.name + force + (schema ? "-schema" : ""));
                REQUIRE(run_cli(s.args, dir.string()).exit_code == 0);
                const std::string rows = slurp((dir / s.csv).string());
                leave_as_killed(dir / s.csv, schema);
                if (!s.out.empty()) fs::remove(dir / s.out);
                const CliResult again = run_cli(s.args + force, dir.string());
                INFO(s.args << force << " schema " << schema << ": " << again.err);
                CHECK(again.exit_code == 0);
                CHECK(lines(dir / s.csv) == static_cast<std::size_t>(std::count(rows.begin(), rows.end(), '\n')));
                CHECK(fs::exists(futolab::sidecar_path((dir / s.csv).string())));
            }
    // One byte more than the header (a user's blank line): refused as a CSV critical did not make.
    const fs::path dir = fresh_dir("unstarted-csv", "out-longer");
    const std::string args = "critical --n 4 --count 1 --seed 1 --out o.jsonl";
    REQUIRE(run_cli(args, dir.string()).exit_code == 0);
    leave_as_killed(dir / "o.csv", false);
    fs::remove(dir / "o.jsonl");
    write(dir / "o.csv", slurp((dir / "o.csv").string()) + "\n");
    const CliResult refused = run_cli(args, dir.string());
    CHECK(refused.exit_code == 2);
    CHECK(has(refused.err, "o.csv (the results CSV of --out o.jsonl) is not one futolab critical made"));
}
