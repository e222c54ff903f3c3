// Messages that say the truth, through the CLI (issue #45): compare notes a file compared
// with itself through a link; a FUTOLAB_* switch takes its documented words and refuses
// others by name; progress in a log is whole lines; a results CSV saved with a byte-order mark
// is read.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace futolab::test;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/phase.csv";

}  // namespace

TEST_CASE("compare says when two inputs are one file, however they are named", "[cli][compare][messages]") {
    const fs::path dir = fresh_dir("messages", "same-file");
    fs::copy_file(kResults, dir / "a.csv");
    fs::create_symlink(dir / "a.csv", dir / "sym.csv");
    fs::create_hard_link(dir / "a.csv", dir / "hard.csv");
    fs::copy_file(kResults, dir / "copy.csv");
    for (const std::string& name : {std::string("a.csv"), std::string("./a.csv"), std::string("sym.csv"),
                                    std::string("hard.csv"), "../" + dir.filename().string() + "/a.csv"}) {
        INFO(name);
        const CliResult r = run_cli("compare a.csv " + name, dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: compare: note: a.csv and " + name + " are one file (same device and inode)"));
    }
    const CliResult copy = run_cli("compare a.csv copy.csv", dir.string());
    CHECK(copy.exit_code == 0);
    CHECK_FALSE(has(copy.err, "one file"));
}

// -0 printed "+-0 %", then read as 0; it is refused now as every reader of a number refuses it
// (red-team round 26, B F2), and 0 prints no sign.
TEST_CASE("compare --fail-if-slower: -0 and a negative percentage are refused", "[cli][compare][messages]") {
    const fs::path dir = fresh_dir("messages", "slower");
    fs::copy_file(kResults, dir / "a.csv");
    fs::copy_file(kResults, dir / "b.csv");
    for (const char* zero : {"-0", "-0.0"}) {
        const CliResult r = run_cli(std::string("compare a.csv b.csv --fail-if-slower ") + zero, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, std::string("--fail-if-slower: ") + zero + " is zero with a minus sign"));
    }
    const CliResult zero = run_cli("compare a.csv b.csv --fail-if-slower 0", dir.string());
    CHECK_FALSE(has(zero.err, "+-0"));
    CHECK_FALSE(has(zero.out, "+-0"));
    const CliResult negative = run_cli("compare a.csv b.csv --fail-if-slower -1", dir.string());
    CHECK(negative.exit_code == 2);
    CHECK(has(negative.err, "--fail-if-slower"));
}

TEST_CASE("FUTOLAB_* switches: documented words in any case, others refused naming the variable", "[cli][env][messages][long]") {
    for (const char* value : {"1", "yes", "YES", "true", "on", "0", "no", "False", "off", ""}) {
        INFO(value);
        for (const char* name : {"FUTOLAB_NO_CGROUP", "FUTOLAB_TEST_FAULTS"})
            CHECK(run_cli_env(std::string(name) + "='" + value + "' ", "list").exit_code == 0);
    }
    for (const char* value : {"2", "y", "maybe", "yes please"}) {
        INFO(value);
        for (const char* name : {"FUTOLAB_NO_CGROUP", "FUTOLAB_TEST_FAULTS"}) {
            const CliResult r = run_cli_env(std::string(name) + "='" + value + "' ", "list");
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, std::string("futolab: ") + name + ": '" + value + "' is not a yes or no"));
        }
    }
    // yes turns the fault backend on, as 1 does (it was ignored: only "1" counted).
    const std::string solve = "solve -s fault good/conjure-4x4.futo";
    CHECK(run_cli_env("FUTOLAB_TEST_FAULTS=yes ", solve).exit_code == 0);
    CHECK(run_cli_env("FUTOLAB_TEST_FAULTS=On ", solve).exit_code == 0);
    CHECK(has(run_cli_env("FUTOLAB_TEST_FAULTS=no ", solve).err, "unknown solver 'fault'"));
    CHECK(has(run_cli_env("FUTOLAB_TEST_FAULTS= ", solve).err, "unknown solver 'fault'"));
}

TEST_CASE("progress written to a log is whole lines, never carriage returns", "[cli][progress][messages]") {
    const fs::path dir = fresh_dir("messages", "progress");
    const CliResult r = run_cli("critical --exact --n 4 --objective h+k --out ex.jsonl", dir.string());
    REQUIRE(r.exit_code == 0);
    CHECK(has(r.err, "70/70 classes"));
    CHECK(r.err.find('\r') == std::string::npos);
}

TEST_CASE("a results CSV saved with a byte-order mark is read", "[cli][bom][messages]") {
    const fs::path dir = fresh_dir("messages", "bom");
    // The results with their solver column first (a column every analysis reads): with the
    // mark unskipped it would be named "\uFEFFsolver".
    std::string text;
    std::istringstream lines(slurp(kResults));
    for (std::string line; std::getline(lines, line);) {
        const std::size_t solver = 6;  // experiment,instance,instance_hash,n,h,k,solver,…: no quoted cells
        std::size_t start = 0;
        for (std::size_t i = 0; i < solver; ++i) start = line.find(',', start) + 1;
        const std::size_t end = line.find(',', start);
        text += line.substr(start, end - start) + "," + line.substr(0, start) + line.substr(end + 1) + "\n";
    }
    std::ofstream(dir / "plain.csv", std::ios::binary) << text;
    std::ofstream(dir / "r.csv", std::ios::binary) << "\xEF\xBB\xBF" << text;
    const CliResult plain = run_cli("analyze plain.csv --by solver", dir.string());
    REQUIRE(plain.exit_code == 0);
    const CliResult marked = run_cli("analyze r.csv --by solver", dir.string());
    CHECK(marked.exit_code == plain.exit_code);
    CHECK(marked.out == plain.out);
    CHECK(marked.err == plain.err);
}

TEST_CASE("check, grade and solve print an id's bidi control or line break visibly", "[cli][escaping][messages]") {
    const fs::path dir = fresh_dir("messages", "ids");
    // A JSON id with U+202E and U+2028 (JSONL refuses control characters in ids, not these).
    std::ofstream(dir / "p.jsonl") << "{\"id\":\"a\\u202eb\\u2028c\",\"n\":3,\"givens\":[],\"lt\":[]}\n";
    for (const char* command : {"check p.jsonl", "grade p.jsonl", "solve -s gac p.jsonl"}) {
        INFO(command);
        const CliResult r = run_cli(command, dir.string());
        REQUIRE(r.exit_code == 0);
        CHECK(has(r.out, "a<U+202E>b<U+2028>c"));
        CHECK_FALSE(has(r.out, "\xe2\x80\xae"));
    }
}

TEST_CASE("messages show the invisible characters of what they quote, and say the right problem", "[cli][messages]") {
    // A BOM or a zero-width space in a value: '<U+FEFF>5', never a '5' that reads as valid.
    CliResult r = run_cli("solve good/conjure-4x4.jsonl --seed '\xef\xbb\xbf" "5'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "<U+FEFF>5"));
    CHECK_FALSE(has(r.err, "\xef\xbb\xbf"));
    // A unit in the wrong case is not "no unit"; a whole number past 64 bits is "too large".
    const fs::path dir = fresh_dir("messages", "units");
    std::ofstream(dir / "c.yaml") << "name: u\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                     "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc ]\nlimits: { memory: 1gib }\n";
    r = run_cli("run -q " + (dir / "c.yaml").string() + " --out " + (dir / "o").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "'1gib' has an unknown unit (units are case-sensitive)"));
    r = run_cli_env("FUTOLAB_MAX_INPUT_BYTES=18446744073709551616 ", "check good/conjure-4x4.jsonl");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "FUTOLAB_MAX_INPUT_BYTES: '18446744073709551616' is too large"));
    // A leading zero, as every number reader refuses it (red-team round 30).
    r = run_cli_env("FUTOLAB_MAX_INPUT_BYTES=099999999 ", "check good/conjure-4x4.jsonl");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "FUTOLAB_MAX_INPUT_BYTES: '099999999' has a leading zero"));
    // compare: two inputs under one label would be one side.
    r = run_cli("compare analysis/compare/base.csv analysis/compare/new.csv --label a,a");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "compare: --label has a twice"));  // every list option's rule (app/list_items.hpp)
}

// Issue #45, round 6: compare's gate lines on stderr carried a label, spec or mode from the
// data raw (a U+202E reversed the rest of the terminal line); so did analyze's and report's
// warnings.
TEST_CASE("compare's notes and gate lines show the invisible characters of labels and specs", "[cli][compare][messages]") {
    const fs::path dir = fresh_dir("messages", "gate-bidi");
    std::string text = slurp(FUTOLAB_SOURCE_DIR "/tests/data/analysis/compare/base.csv");
    for (std::size_t at = 0; (at = text.find(",fc,", at)) != std::string::npos; at += 10) text.replace(at, 4, ",f\xe2\x80\xae" "c,");
    // The sides named by their files (a --label such as this one is refused: compare_label_cli_test).
    std::ofstream(dir / "x\xe2\x80\xaey.csv", std::ios::binary) << text;
    std::ofstream(dir / "z.csv", std::ios::binary) << text;
    const CliResult r = run_cli("compare 'x\xe2\x80\xaey.csv' z.csv --fail-if-slower 5", dir.string());
    INFO(r.err);
    CHECK(has(r.err, "futolab: compare x<U+202E>y.csv → z.csv: "));
    CHECK_FALSE(has(r.err, "\xe2\x80\xae"));
}

TEST_CASE("a line break in a file name cannot split a message or forge a second one", "[cli][messages]") {
    // Red-team round 8: `check` of a bad puzzle in a file named "c<LF>futolab: ok.futo" printed
    // "futolab: c" and, on a line of its own, "futolab: ok.futo:2: …".
    const fs::path dir = fresh_dir("messages", "line-break-name");
    const std::string bad = (dir / "c\nfutolab: ok.futo").string();
    std::ofstream(bad) << "4\n9 . . .\n. . . .\n. . . .\n. . . .\n";
    auto r = run_cli("check '" + bad + "'");
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("c<U+000A>futolab: ok.futo:2:") != std::string::npos);
    // A warning (a results CSV whose last line was cut) is one line too.
    const std::string csv = (dir / "r\nfutolab: fine.csv").string();
    std::ifstream in(kResults);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(csv) << text << "cut,off";
    r = run_cli("analyze '" + csv + "'");
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("r<U+000A>futolab: fine.csv: the last line is incomplete") != std::string::npos);
    CHECK(r.err.find("\nfutolab: fine.csv") == std::string::npos);
}

// Round 11 (finding 17): `--metric spec` said "phase.csv:5:26: spec: 'gac' is not a number",
// blaming the data for the option's mistake. A text column is refused as a metric by name.
TEST_CASE("a text column as --metric is the option's mistake, not the data's", "[cli][messages]") {
    for (const std::string metric : {"spec", "instance", "status", "solution", "source", "instance_hash", "nodes,mode"}) {
        INFO(metric);
        const CliResult r = run_cli("analyze " + kResults + " --metric " + metric + " --table summary");
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, ": not a numeric column"));
        CHECK_FALSE(has(r.err, "phase.csv:"));
    }
    const fs::path dir = fresh_dir("messages", "metric-text");
    const CliResult report = run_cli("report " + kResults + " --metric status --out r.html", dir.string());
    CHECK(report.exit_code == 2);
    CHECK(has(report.err, "--metric status: not a numeric column"));
    CHECK_FALSE(fs::exists(dir / "r.html"));
    CHECK(run_cli("analyze " + kResults + " --metric n,wall_ms --table summary").exit_code == 0);
}

// Every command that takes --where reads an empty counter (cadical's `nodes`) as no value: an
// order on that column failed analyze and report with exit 2 (red-team round 18, B F3).
TEST_CASE("analyze and report --where order a column with empty cells", "[cli][analyze][report][messages]") {
    const fs::path dir = fresh_dir("messages", "where-empty");
    std::string text = slurp(kResults);
    const std::string row = "t,i2,0000000000000002,5,5,0,fc,var=mrv,16,1,count:2,multiple,2,20,";
    REQUIRE(has(text, row));
    text.replace(text.find(row), row.size(), "t,i2,0000000000000002,5,5,0,fc,var=mrv,16,1,count:2,multiple,2,,");
    std::ofstream(dir / "a.csv") << text;
    fs::copy_file(dir / "a.csv", dir / "b.csv");
    for (const std::string& command : {std::string("analyze a.csv"), std::string("report a.csv --out r.html"),
                                       std::string("report a.csv b.csv --compare --out c.html")}) {
        INFO(command);
        const CliResult r = run_cli(command + " --where 'nodes>=1' --where 'nodes<1000'", dir.string());
        CHECK(r.exit_code == 0);
        CHECK_FALSE(has(r.err, "needs numbers"));
    }
}

TEST_CASE("analyze, report and compare refuse a whole-number cell with a leading zero as futolab writes none", "[cli][messages][numbers]") {
    const fs::path dir = fresh_dir("messages", "leading-zero");
    const std::string header = "instance,n,solver,options,status,nodes,wall_ns,cpu_ns\n";
    std::ofstream(dir / "a.csv") << header << "x,4,fc,,solved,29,3976,3976\n";
    const std::vector<std::pair<std::string, std::string>> cases{{"x,04,fc,,solved,29,3976,3976\n", "z.csv:2:2: n: '04'"},
                                                                 {"x,4,fc,,solved,029,3976,3976\n", "z.csv:2:6: nodes: '029'"},
                                                                 {"x,4,fc,,solved,29,03976,3976\n", "z.csv:2:7: wall_ns: '03976'"}};
    for (const auto& [row, where] : cases) {
        std::ofstream(dir / "z.csv") << header << row;
        for (const std::string command : {"analyze z.csv", "report z.csv --out r.html", "compare a.csv z.csv"}) {
            INFO(command << ": " << row);
            const CliResult r = run_cli(command, dir.string());
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, where + " has a leading zero, where futolab writes none\n"));
        }
    }
    CHECK(run_cli("analyze a.csv", dir.string()).exit_code == 0);  // plain digits are read
}
