// A file is named for the format it holds, in every command (red-team round 26, C F2): `run` wrote
// its results CSV as `output: g.jsonl`, `.futo`, `.tatham`, `.yaml`, `x.csv.meta.yaml` and
// `c.csv.schema.json` (exit 0), `merge --out m.jsonl` and `critical --certificate c.futo` were
// written too; every puzzle reader then answered with JSON's syntax error, and a CSV named as a
// sidecar blocked the next `output: x.csv`. One rule (core/formats/formats.hpp,
// foreign_extension_problem) refuses them before any work, for every file output.
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Each refused name's ending (as typed) and why, as every command says it.
const std::vector<std::pair<std::string, std::string>> kRefused{
    {".jsonl", "the extension of format 'jsonl'"},
    {".futo", "the extension of format 'futo'"},
    {".tatham", "the extension of format 'tatham'"},
    {".TATHAM", "the extension of format 'tatham'"},
    {".essence-param", "the extension of format 'essence'"},
    {".usp", "the extension of format 'usp'"},
    {".dzn", "the extension of format 'dzn'"},
    {".yaml", "the extension of futolab's YAML files (experiment configs, sidecars, checkpoint files)"},
    {".yml", "the extension of futolab's YAML files (experiment configs, sidecars, checkpoint files)"},
    {".csv.meta.yaml", "the name of a results CSV's metadata sidecar"},
    {".csv.schema.json", "the name of a results CSV's column schema"},
    // One JSON document's name, as the bench manifest is (round 26, left open: no output is one).
    {".json", "the extension of a single JSON document (such as the futolab-bench manifest)"},
    {".JSON", "the extension of a single JSON document (such as the futolab-bench manifest)"},
};

// The ending the message names: a companion's whole suffix, else the last extension.
std::string named_ending(const std::string& ending) {
    if (ending == ".csv.meta.yaml") return ".meta.yaml";
    if (ending == ".csv.schema.json") return ".schema.json";
    return ending;
}

const std::string kCsvAdvice = ": a file is named for the format it holds, and a results CSV by .csv (or a name of no format's)";

// A small generate sweep whose results CSV is `output`.
void write_config(const fs::path& dir, const std::string& output) {
    std::ofstream(dir / "g.yaml") << "name: g\nseed: 1\nrepeats: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: 2 }\n"
                                     "methods: [ unique ]\noutput: "
                                  << output << "\n";
}

}  // namespace

TEST_CASE("run refuses a results CSV named for another format at its output key", "[cli][run][outputs][output-names][long]") {
    const fs::path dir = futolab::test::fresh_dir("output-names", "run");
    for (const auto& [ending, why] : kRefused) {
        const std::string output = "o/g" + ending;
        write_config(dir, output);
        const std::string says = "ends in " + named_ending(ending) + ", " + why + kCsvAdvice + "\n";
        // The config's name, whatever --out DIR or --shard make of it (a shard's tag goes before the
        // last extension: `g.csv.schema.shard-0-of-2.json` is no schema's name, its merge would be).
        for (const auto& [extra, where] : std::vector<std::pair<std::string, std::string>>{
                 {"", "g.yaml:8:9: output " + output + ": "},
                 {" --resume", "g.yaml:8:9: output " + output + ": "},  // nothing there to go on with
                 {" --out other", "--out other: other/g" + ending + ": "},
                 {" --shard 0/2", "g.yaml:8:9: output " + output + ": "}}) {
            const auto r = run_cli("run g.yaml -q" + extra, dir.string());
            INFO(output << extra << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: " + where + says);
        }
        CHECK_FALSE(fs::exists(dir / "o"));  // before any work: not even the folder
        CHECK_FALSE(fs::exists(dir / "other"));
    }
    // A name of no format's is a results CSV's as .csv is.
    for (const std::string output : {"o1/g.csv", "o2/g.txt", "o3/g"}) {
        write_config(dir, output);
        const auto r = run_cli("run g.yaml -q", dir.string());
        INFO(output << " -> " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(fs::exists(dir / output));
    }
}

TEST_CASE("merge refuses an --out named for another format with --force or not", "[cli][merge][outputs][output-names][long]") {
    const fs::path dir = futolab::test::small_sweep("output-names", "merge");
    for (const auto& [ending, why] : kRefused)
        for (const std::string force : {"", " --force"}) {
            const std::string out = "m" + ending;
            const auto r = run_cli("merge out/s.csv --out " + out + force, dir.string());
            INFO(out << force << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: merge: --out " + out + " ends in " + named_ending(ending) + ", " + why + kCsvAdvice + "\n");
            CHECK_FALSE(fs::exists(dir / out));
            CHECK_FALSE(fs::exists(dir / (out + ".meta.yaml")));
            CHECK_FALSE(fs::exists(dir / ("." + out + ".lock")));
        }
    CHECK(run_cli("merge out/s.csv --out m.csv", dir.string()).exit_code == 0);
    CHECK(run_cli("merge out/s.csv --out m.txt", dir.string()).exit_code == 0);
}

TEST_CASE("critical refuses a --certificate and an --out named for another format in every mode",
          "[cli][critical][outputs][output-names][long]") {
    const fs::path dir = futolab::test::fresh_dir("output-names", "critical");
    const std::vector<std::string> certifying{"critical --exact --n 3 --objective h+k", "critical --construct --n 4",
                                              "critical --exact --square '1 2 3/2 3 1/3 1 2' --objective k"};
    for (const std::string& mode : certifying)
        for (const auto& [ending, why] : kRefused) {
            if (ending == ".jsonl") continue;  // a certificate is JSON Lines
            const std::string cert = "c" + ending;
            const auto r = run_cli(mode + " --certificate " + cert + " --out r.jsonl", dir.string());
            INFO(mode << " --certificate " << cert << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: critical: --certificate " + cert + " ends in " + named_ending(ending) + ", " + why +
                               "; a certificate is JSON Lines (.jsonl, or a name of no format's such as .cert)\n");
            CHECK_FALSE(fs::exists(dir / cert));
            CHECK_FALSE(fs::exists(dir / "r.jsonl"));
        }
    // --out, refused for other formats' extensions since round 25, refuses YAML and companion names too.
    for (const std::string ending : {".yaml", ".csv.meta.yaml", ".csv.schema.json", ".json"}) {
        const auto r = run_cli("critical --construct --n 4 --out cr" + ending, dir.string());
        INFO(ending << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "critical: --out cr" + ending + " ends in " + named_ending(ending) + ", "));
        CHECK_FALSE(fs::exists(dir / ("cr" + ending)));
    }
    for (const std::string cert : {"c.cert", "c.jsonl", "c"}) {
        INFO(cert);
        CHECK(run_cli("critical --construct --n 4 --certificate " + cert + " --out /dev/null", dir.string()).exit_code == 0);
        CHECK(run_cli("critical --check-certificate " + cert, dir.string()).exit_code == 0);
    }
}

TEST_CASE("generate and report and convert refuse a YAML or companion name too", "[cli][outputs][output-names][long]") {
    const fs::path dir = futolab::test::small_sweep("output-names", "others");
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
    for (const std::string ending : {".yaml", ".YML", ".csv.meta.yaml", ".csv.schema.json", ".json", ".Json"}) {
        const std::string named = " ends in " + named_ending(ending) + ", ";
        const auto generated = run_cli("generate random --n 4 --out g" + ending, dir.string());
        INFO(ending << " -> " << generated.err << " / ");
        CHECK(generated.exit_code == 2);
        CHECK(has(generated.err, "generate: --out g" + ending + named));
        const auto converted = run_cli("convert " + puzzle + " --to jsonl --out x" + ending, dir.string());
        INFO(converted.err);
        CHECK(converted.exit_code == 2);
        CHECK(has(converted.err, "convert: --out x" + ending + named));
        CHECK(has(converted.err, ", not of --to jsonl (.jsonl)\n"));
        for (const std::string& page : std::vector<std::string>{"r" + ending, "r.jsonl", "r.futo"}) {
            const auto reported = run_cli("report out/s.csv --out " + page, dir.string());
            INFO(page << " -> " << reported.err);
            CHECK(reported.exit_code == 2);
            CHECK(has(reported.err, "report: --out " + page + " ends in "));
            CHECK(has(reported.err, "; report writes an HTML page (.html)\n"));
            CHECK_FALSE(fs::exists(dir / page));
        }
        for (const std::string& made : {"g" + ending, "x" + ending}) CHECK_FALSE(fs::exists(dir / made));
    }
    // A capital extension of another format is refused by convert as by detection (X.JSONL is read as JSON Lines).
    const auto capital = run_cli("convert " + puzzle + " --to futo --out X.JSONL", dir.string());
    CHECK(capital.exit_code == 2);
    CHECK(has(capital.err, "convert: --out X.JSONL ends in .JSONL, the extension of format 'jsonl', not of --to futo (.futo)"));
    CHECK(run_cli("report out/s.csv --out r.html", dir.string()).exit_code == 0);
    CHECK(run_cli("convert " + puzzle + " --to jsonl --out x.jsonl", dir.string()).exit_code == 0);
}
