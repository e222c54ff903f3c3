// Every output is named for its kind, and the messages that say so show a name once and count in
// agreement (red-team round 27). C F6, A F2, B F10: `.csv` (a results CSV's) and `.html` (a report
// page's) were no kind's, so `generate --out g.csv`, `convert --out c.csv` and `critical --out k.csv`
// wrote JSON Lines under a results CSV's name (critical its results CSV at k.csv.csv), `critical
// --certificate k.csv` a certificate, `report --out r.csv` a page and `merge --out m.html` a results
// CSV; core/formats/formats.hpp foreign_extension_problem now holds every kind to the others'
// endings. generate, convert, report and the list-item check showed a refused name through
// visible_text before app/main.cpp showed the message (`a<U+003C>U+000A>b`). run said "1 runs in
// this shard", merge "from 1 files" and "1 runs missing", critical "1 canonical pair sets" and
// its progress "1/1 classes".
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
const std::string kCsv = ", the extension of a results CSV", kPage = ", the extension of a report page (HTML)";
const std::string kCsvAdvice = ": a file is named for the format it holds, and a results CSV by .csv (or a name of no format's)";
const std::string kCertAdvice = "; a certificate is JSON Lines (.jsonl, or a name of no format's such as .cert)";

// `command` refused, exit 2, with exactly `message`, and none of `files` made in `dir`.
void refused(const fs::path& dir, const std::string& command, const std::string& message, const std::vector<std::string>& files) {
    const auto r = run_cli(command, dir.string());
    INFO(command << " -> " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + message + "\n");
    CHECK(r.out.empty());
    for (const std::string& file : files) CHECK_FALSE(fs::exists(dir / file));
}

// The JSON Lines writers (generate, convert, critical's records and certificates) under name + ending.
void refused_as_jsonl(const fs::path& dir, const std::string& ending, const std::string& why) {
    refused(dir, "generate random --n 4 --out g" + ending, "generate: --out g" + ending + " ends in " + ending + why +
                                                               "; generate writes JSON Lines (.jsonl)", {"g" + ending});
    refused(dir, "convert " + kPuzzle + " --to jsonl --out c" + ending,
            "convert: --out c" + ending + " ends in " + ending + why + ", not of --to jsonl (.jsonl)", {"c" + ending});
    refused(dir, "convert " + kPuzzle + " --to tatham --out c" + ending,
            "convert: --out c" + ending + " ends in " + ending + why + ", not of --to tatham (.tatham)", {"c" + ending});
    // Not k.csv, nor its results CSV k.csv.csv beside it.
    refused(dir, "critical --square '1 2/2 1' --out k" + ending,
            "critical: --out k" + ending + " ends in " + ending + why + "; critical writes JSON Lines (.jsonl)",
            {"k" + ending, "k" + ending + ".csv", "k" + ending + ".csv.meta.yaml"});
    refused(dir, "critical --construct --n 3 --certificate k2" + ending + " --out k3.jsonl",
            "critical: --certificate k2" + ending + " ends in " + ending + why + kCertAdvice, {"k2" + ending, "k3.jsonl"});
}

// A generate sweep of `runs` squares whose results CSV is `output`.
void write_config(const fs::path& dir, const std::string& output, int runs) {
    std::ofstream(dir / "g.yaml") << "name: g\nseed: 1\nrepeats: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: " << runs
                                  << " }\nmethods: [ unique ]\noutput: " << output << "\n";
}

}  // namespace

TEST_CASE("every JSON Lines output refuses a results CSV's and a report page's name in any case", "[cli][outputs][output-names][long]") {
    const fs::path dir = fresh_dir("output-kinds", "jsonl");
    for (const std::string ending : {".csv", ".CSV", ".Csv"}) refused_as_jsonl(dir, ending, kCsv);
    for (const std::string ending : {".html", ".HTM", ".htm"}) refused_as_jsonl(dir, ending, kPage);
    // A name of no kind's is still taken.
    CHECK(run_cli("generate random --n 4 --out g.tsv", dir.string()).exit_code == 0);
    CHECK(run_cli("critical --construct --n 3 --certificate k.cert --out k.jsonl", dir.string()).exit_code == 0);
}

TEST_CASE("a report page refuses a results CSV's name and a results CSV a page's", "[cli][outputs][output-names][long]") {
    const fs::path dir = futolab::test::small_sweep("output-kinds", "csv-page");
    for (const std::string ending : {".csv", ".CSV"})
        for (const std::string force : {"", " --force"})
            refused(dir, "report out/s.csv --out r" + ending + force,
                    "report: --out r" + ending + " ends in " + ending + kCsv + "; report writes an HTML page (.html)", {"r" + ending});
    for (const std::string ending : {".html", ".HTML", ".htm"}) {
        refused(dir, "merge out/s.csv --out m" + ending, "merge: --out m" + ending + " ends in " + ending + kPage + kCsvAdvice,
                {"m" + ending, "m" + ending + ".meta.yaml"});
        write_config(dir, "o/g" + ending, 2);
        refused(dir, "run g.yaml -q", "g.yaml:8:9: output o/g" + ending + ": ends in " + ending + kPage + kCsvAdvice, {"o"});
    }
    // run --out names a folder, which owns no kind's ending.
    for (const auto& [folder, why] : std::vector<std::pair<std::string, std::string>>{
             {"d.csv", ".csv" + kCsv}, {"d.HTML", ".HTML" + kPage}, {"d.jsonl", ".jsonl, the extension of format 'jsonl'"}}) {
        write_config(dir, "o/g.csv", 2);
        refused(dir, "run g.yaml -q --out " + folder,
                "run: --out " + folder + " ends in " + why + "; --out names the folder the results CSV goes in", {folder, "o"});
    }
    // Each kind's own ending, in any case.
    CHECK(run_cli("run g.yaml -q --out d.v2", dir.string()).exit_code == 0);
    CHECK(run_cli("report out/s.csv --out r.htm", dir.string()).exit_code == 0);
    CHECK(run_cli("report out/s.csv --out r2.HTML", dir.string()).exit_code == 0);
    CHECK(run_cli("merge out/s.csv --out m.CSV", dir.string()).exit_code == 0);
}

// Round 27 left open: run --out was the only folder output held to the rule; `analyze --tables
// tb.csv`, `--plots`, `critical --checkpoint ck.yaml` and `convert --out d.futo/` made a folder
// every reader takes for a file of that kind. Refused before any work, the folder not made; a
// trailing '/' names the same folder.
TEST_CASE("every folder output refuses a file kind's ending", "[cli][outputs][output-names]") {
    const fs::path dir = futolab::test::small_sweep("output-kinds", "folders");
    const std::string jsonl = ", the extension of format 'jsonl'", futo = ", the extension of format 'futo'";
    const auto folder_refused = [&dir](const std::string& command, const std::string& option, const std::string& folder,
                                       const std::string& why, const std::string& made) {
        refused(dir, command, option + " " + folder + " ends in " + why + "; " + option +
                                  " names a folder, which is named for no kind of file", {made});
    };
    folder_refused("analyze out/s.csv --tables tb.csv", "--tables", "tb.csv", ".csv" + kCsv, "tb.csv");
    folder_refused("analyze out/s.csv --tables TB.JSONL/", "--tables", "TB.JSONL/", ".JSONL" + jsonl, "TB.JSONL");
    folder_refused("analyze out/s.csv --tables t.yml//", "--tables", "t.yml//", ".yml, the extension of futolab's YAML "
                   "files (experiment configs, sidecars, checkpoint files)", "t.yml");
    folder_refused("analyze out/s.csv --plots p.html", "--plots", "p.html", ".html" + kPage, "p.html");
    folder_refused("analyze out/s.csv --plots p.futo/ --tables tb", "--plots", "p.futo/", ".futo" + futo, "tb");
    folder_refused("critical --n 3 --few-relations 2 --checkpoint ck.json --shards 2", "--checkpoint", "ck.json",
                   ".json, the extension of a single JSON document (such as the futolab-bench manifest)", "ck.json");
    folder_refused("critical --n 3 --few-relations 2 --checkpoint ck.Csv/ --shards 2", "--checkpoint", "ck.Csv/", ".Csv" + kCsv,
                   "ck.Csv");
    folder_refused("convert " + kPuzzle + " --to jsonl --out d.futo/", "--out", "d.futo/", ".futo" + futo, "d.futo");
    // A folder already there named so gets no files either.
    fs::create_directory(dir / "e.jsonl");
    folder_refused("convert " + kPuzzle + " --to futo --out e.jsonl", "--out", "e.jsonl", ".jsonl" + jsonl, "e.jsonl/.lock");
    CHECK(fs::is_empty(dir / "e.jsonl"));
    write_config(dir, "o/g.csv", 1);
    refused(dir, "run g.yaml -q --out d.csv/", "run: --out d.csv/ ends in .csv" + kCsv + "; --out names the folder the results "
            "CSV goes in", {"d.csv", "o"});
    // A name of no kind's is a folder's.
    CHECK(run_cli("analyze out/s.csv --tables tb.d", dir.string()).exit_code == 0);
    CHECK(fs::is_directory(dir / "tb.d"));
    CHECK(run_cli("convert " + kPuzzle + " --to jsonl --out d.v1/", dir.string()).exit_code == 0);
    CHECK(fs::is_directory(dir / "d.v1"));
    CHECK(run_cli("critical --n 3 --few-relations 2 --checkpoint ck.v2 --shards 2", dir.string()).exit_code == 0);
    CHECK(fs::is_directory(dir / "ck.v2"));
}

TEST_CASE("generate and convert and report and a list's items show a refused name once", "[cli][names]") {
    const fs::path dir = fresh_dir("output-kinds", "names-once");
    for (const auto& [typed, shown] : std::vector<std::pair<std::string, std::string>>{
             {"a\nb", "a<U+000A>b"}, {"r\xe2\x80\xae" "x", "r<U+202E>x"}, {"<U+0041>", "<U+003C>U+0041>"}}) {
        const std::string quoted = "'" + typed;  // closed by the caller, after the ending
        const std::string name = shown;
        INFO(name);
        refused(dir, "generate random --n 4 --out " + quoted + ".csv'",
                "generate: --out " + name + ".csv ends in .csv" + kCsv + "; generate writes JSON Lines (.jsonl)", {});
        refused(dir, "convert " + kPuzzle + " --to jsonl --out " + quoted + ".futo'",
                "convert: --out " + name + ".futo ends in .futo, the extension of format 'futo', not of --to jsonl (.jsonl)", {});
        refused(dir, "report x.csv --out " + quoted + ".jsonl'",
                "report: --out " + name + ".jsonl ends in .jsonl, the extension of format 'jsonl'; report writes an HTML page (.html)", {});
        refused(dir, "analyze x.csv --by " + quoted + "," + typed + "'",
                "analyze: --by has " + name + " twice (give each item of the list once)", {});
        refused(dir, "analyze x.csv --by " + quoted + ",,c'",
                "analyze: --by: '" + name + ",,c' has an empty item (a list is values separated by single ',')", {});
    }
}

TEST_CASE("run and merge and critical count in agreement", "[cli][words]") {
    const fs::path dir = fresh_dir("output-kinds", "counted");
    write_config(dir, "o/g.csv", 1);
    const auto one = run_cli("run g.yaml -q", dir.string());
    CHECK(one.exit_code == 0);
    CHECK(has(one.out, "o/g.csv: 1 run in this shard, 0 already done, 1 written now, 0 errors\n"));
    const auto merged = run_cli("merge o/g.csv --out m1.csv", dir.string());
    CHECK(merged.exit_code == 0);
    CHECK(merged.out == "m1.csv: 1 of 1 run from 1 file\n");
    // Three runs in two shards (one in shard 0, two in shard 1, as this seed's squares fall): each
    // shard alone misses the other's.
    write_config(dir, "t/g.csv", 3);
    for (const auto& [shard, said] : std::vector<std::pair<std::string, std::string>>{{"0/2", "1 run"}, {"1/2", "2 runs"}}) {
        const auto r = run_cli("run g.yaml -q --shard " + shard, dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, ": " + said + " in shard " + shard + " (counted from 0), 0 already done, "));
    }
    const auto first = run_cli("merge t/g.shard-0-of-2.csv --out m2.csv", dir.string());
    CHECK(first.exit_code == 1);
    CHECK(first.out == "m2.csv: 1 of 3 runs from 1 file\n");
    CHECK(has(first.err, "futolab: 2 runs missing (run "));
    const auto second = run_cli("merge t/g.shard-1-of-2.csv --out m3.csv", dir.string());
    CHECK(second.exit_code == 1);
    CHECK(second.out == "m3.csv: 2 of 3 runs from 1 file\n");
    CHECK(has(second.err, "futolab: 1 run missing (run "));
    const auto both = run_cli("merge t/g.shard-0-of-2.csv t/g.shard-1-of-2.csv --out m4.csv", dir.string());
    CHECK(both.exit_code == 0);
    CHECK(both.out == "m4.csv: 3 of 3 runs from 2 files\n");
    // critical: one canonical pair set in a shard, one class in a shard's progress line.
    const auto few = run_cli("critical --few-relations 1 --n 3 --shard 0/2 --out f.jsonl", dir.string());
    CHECK(few.exit_code == 0);
    CHECK(has(few.out, ": 1 canonical pair set, 1 skipped"));
    CHECK(has(few.out, ", 0 oriented puzzles counted to 2: "));
    const auto all = run_cli("critical --few-relations 2 --n 3 --out f2.jsonl", dir.string());
    CHECK(has(all.out, ": 12 canonical pair sets, 2 skipped"));
    const auto exact = run_cli("critical --exact --n 3 --objective k --shard 0/2 --out e.jsonl", dir.string());
    CHECK(exact.exit_code == 0);
    CHECK(has(exact.err, "] 1/1 class, "));
    CHECK_FALSE(has(exact.err, "1/1 classes"));
}
