// `futolab merge` reads the files a shard's runs read from where those runs ran, whatever its
// own working directory (experiments/merge_matrix.hpp, locate_run_files). A sidecar names its
// config and inputs as its run did, relative to the folder the run ran in; merge read them from
// its own, so merged from another folder the instances "could not be read again", a file of the
// same name there was looked at instead of theirs, and `--out` named from there could replace the
// runs' own instances file (a red-team finding).
#include "cli_runner.hpp"
#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// A sweep's folder `proj`: its instances in corpora/, its config named `config` (in configs/,
// naming ../corpora/p.jsonl, or beside them, naming corpora/p.jsonl), run from proj in two
// shards into results/ (with --skip-invalid where `skip`: p.jsonl then has a bad line 3).
fs::path sweep(const std::string& name, const std::string& config, bool skip = false) {
    const fs::path proj = futolab::test::fresh_dir("merge-folders", name) / "proj";
    fs::create_directories(proj / "corpora");
    fs::create_directories(proj / "configs");
    REQUIRE(run_cli("generate unique --n 4 --count 2 --seed 3 --out corpora/p.jsonl", proj.string()).exit_code == 0);
    if (skip) std::ofstream(proj / "corpora/p.jsonl", std::ios::app) << "{\"n\": \"four\"}\n";
    const bool nested = config.find('/') != std::string::npos;
    std::ofstream(proj / config) << "name: mf\nseed: 1\nrepeats: 2\nmode: { count: 2 }\ninstances:\n  - file: "
                                 << (nested ? "../corpora/p.jsonl" : "corpora/p.jsonl") << "\nsolvers: [ fc, gac ]\n";
    for (const char* shard : {"0/2", "1/2"}) {
        const auto r = run_cli("run -q " + config + " --out results --shard " + shard + (skip ? " --skip-invalid" : ""),
                               proj.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
    }
    return proj;
}

// A folder beside `proj` to merge from, holding files named as the runs' inputs but not theirs:
// another puzzle set at corpora/p.jsonl and another config at each config name.
fs::path other_folder(const fs::path& proj) {
    const fs::path other = proj.parent_path() / "other";
    fs::create_directories(other / "corpora");
    fs::create_directories(other / "configs");
    REQUIRE(run_cli("generate unique --n 4 --count 2 --seed 11 --out corpora/p.jsonl", other.string()).exit_code == 0);
    for (const char* config : {"configs/c.yaml", "c.yaml"})
        std::ofstream(other / config) << "name: mf\nseed: 1\nrepeats: 2\nmode: { count: 2 }\ninstances:\n"
                                         "  - file: corpora/p.jsonl\nsolvers: [ fc, gac ]\n";
    return other;
}

std::string shards_of(const fs::path& results) {
    return (results / "mf.shard-0-of-2.csv").string() + " " + (results / "mf.shard-1-of-2.csv").string();
}

futolab::test::CliResult merge_from(const fs::path& cwd, const fs::path& results, const fs::path& out) {
    return run_cli("merge " + shards_of(results) + " --out " + out.string(), cwd.string());
}

void write_row(std::ostream& out, const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << futolab::csv_quote(row[c]);
    out << "\n";
}

// A copy of the shards beside them (proj/edited) with `h` raised alike in every row of the first
// row's instance: only the instance itself shows it wrong.
fs::path edited_copy(const fs::path& proj) {
    const fs::path edited = proj / "edited";
    fs::create_directories(edited);
    for (const auto& entry : fs::directory_iterator(proj / "results"))
        if (entry.path().filename().string().find(".lock") == std::string::npos) fs::copy(entry.path(), edited / entry.path().filename());
    std::string id;
    for (const char* name : {"mf.shard-0-of-2.csv", "mf.shard-1-of-2.csv"}) {
        const std::string file = (edited / name).string();
        futolab::CsvTable t = futolab::read_csv_file(file);
        const std::size_t h = t.column("h", file), at = t.column("instance", file);
        if (id.empty()) id = t.rows.at(0).at(at);
        for (auto& row : t.rows)
            if (row[at] == id) row[h] = std::to_string(std::stoi(row[h]) + 1);
        std::ofstream out(file, std::ios::trunc);
        write_row(out, t.header);
        for (const auto& row : t.rows) write_row(out, row);
    }
    return edited;
}

}  // namespace

TEST_CASE("merge reads the runs' instances from where they ran whatever its working directory", "[cli][merge][long]") {
    for (const std::string config : {"configs/c.yaml", "c.yaml"}) {
        const fs::path proj = sweep(config == "c.yaml" ? "beside" : "nested", config);
        const fs::path other = other_folder(proj);
        // The run's folder, the shards' own, one above the run's, and a folder beside it whose
        // corpora/p.jsonl and config are others of the same names.
        const std::vector<fs::path> folders{proj, proj / "results", proj.parent_path(), other};
        for (std::size_t i = 0; i < folders.size(); ++i) {
            const fs::path out = proj.parent_path() / ("m" + std::to_string(i) + ".csv");
            const auto r = merge_from(folders[i], proj / "results", out);
            INFO(config << " from " << folders[i] << ": " << r.err);
            CHECK(r.exit_code == 0);
            CHECK(has(r.out, "8 of 8 runs from 2 files"));
            CHECK(r.err.empty());  // read again, and each row its instance's
        }
        // Each row checked against the instances its run read, from every folder: an h edited
        // alike in every row of an instance (no other row contradicts it) is refused.
        const fs::path edited = edited_copy(proj);
        for (const fs::path& from : {proj, other, edited}) {
            const fs::path out = proj.parent_path() / "edited.csv";
            const auto r = merge_from(from, edited, out);
            INFO(config << " from " << from << ": " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "column 'h' is '"));
            CHECK(has(r.err, "of this experiment writes '"));
            CHECK(!fs::exists(out));
        }
    }
}

TEST_CASE("merge reads no file of the same name in its working directory for the runs' instances", "[cli][merge]") {
    const fs::path proj = sweep("moved", "configs/c.yaml");
    const fs::path other = other_folder(proj);
    // The sidecar line that lists the input.
    const std::string sidecar = futolab::test::slurp((proj / "results/mf.shard-0-of-2.csv.meta.yaml").string());
    const std::string before = sidecar.substr(0, sidecar.find("  - {file: corpora/p.jsonl"));
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    fs::rename(proj / "corpora/p.jsonl", proj / "corpora/p.moved");
    // Gone from where the runs read it: other/corpora/p.jsonl, of the same name, is not taken for
    // it (from other, nor from proj/results with other's file a folder away); the warning names
    // the sidecar line of the input found nowhere with its content.
    for (const fs::path& from : {other, proj / "results", proj}) {
        const auto r = merge_from(from, proj / "results", proj.parent_path() / "m.csv");
        INFO(from << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: warning: the instances could not be read again ("));
        CHECK(has(r.err, "mf.shard-0-of-2.csv.meta.yaml:" + std::to_string(line) + ":5: input file corpora/p.jsonl with content hash "));
        CHECK(has(r.err, "is found neither in the shard's folder "));
        CHECK(has(r.err, "each row was checked against the other rows of its instance only"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        fs::remove(proj.parent_path() / "m.csv");
        fs::remove(proj.parent_path() / "m.csv.meta.yaml");
        fs::remove(proj.parent_path() / "m.csv.schema.json");
    }
    // Back where the runs read it, it is read again from the other folder too.
    fs::rename(proj / "corpora/p.moved", proj / "corpora/p.jsonl");
    const auto r = merge_from(other, proj / "results", proj.parent_path() / "back.csv");
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
}

TEST_CASE("merge refuses an --out that is the runs' instances file named from another folder", "[cli][merge]") {
    const fs::path proj = sweep("out-input", "configs/c.yaml");
    const fs::path other = other_folder(proj);
    const std::string before = futolab::test::slurp((proj / "corpora/p.jsonl").string());
    for (const std::string& out :
         std::vector<std::string>{"../proj/corpora/p.jsonl", (proj / "corpora/p.jsonl").string(), "../proj/configs/c.yaml"}) {
        const auto r = run_cli("merge " + shards_of(proj / "results") + " --out " + out + " --force", other.string());
        INFO(out << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "of the merged runs ("));
        CHECK(has(r.err, "refusing to overwrite it, --force or not"));
    }
    CHECK(futolab::test::slurp((proj / "corpora/p.jsonl").string()) == before);
    // other's own file of that name is no input of the runs: not refused as one.
    const auto r = run_cli("merge " + shards_of(proj / "results") + " --out corpora/p.jsonl --force", other.string());
    INFO(r.err);
    CHECK(!has(r.err, "of the merged runs ("));
}

TEST_CASE("merge of --skip-invalid shards from another folder holds their skipped inputs as their runs named them",
          "[cli][merge]") {
    const fs::path proj = sweep("skipped", "configs/c.yaml", true);
    const fs::path other = other_folder(proj);
    CHECK(has(futolab::test::slurp((proj / "results/mf.shard-0-of-2.csv.meta.yaml").string()), "error: \"corpora/p.jsonl:3: "));
    for (const fs::path& from : {proj, other}) {
        const auto r = merge_from(from, proj / "results", proj.parent_path() / (from == proj ? "m0.csv" : "m1.csv"));
        INFO(from << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, "8 of 8 runs from 2 files"));
        CHECK(r.err.empty());
    }
}
