// Red-team round 25, C F5: a file that is no results CSV given where one belongs (a JSON Lines
// puzzle file, a YAML config, a binary file, an empty file, a CSV of other columns) is named as
// none by its first line (records/results_head.hpp), in every command that reads a results
// CSV, not lectured on RFC 4180 quoting or sent to look for a missing sidecar. A results CSV
// with a damaged header or a bad field keeps the CSV reader's message, naming line and field.
#include "records/csv_reader.hpp"
#include "records/results_csv.hpp"
#include "records/results_head.hpp"
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;

namespace {

const std::string kJsonl = "{\"id\":\"a\",\"n\":4}\n{\"id\":\"b\",\"n\":4}\n";
const std::string kBinary = std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10) + "junk,more\n";

std::string problem(const std::string& text) { return results_head_problem(text); }

}  // namespace

TEST_CASE("a first line that is no results header says what it is instead", "[csv][head]") {
    CHECK(problem("") == "the file is empty");
    CHECK(problem("\xEF\xBB\xBF") == "the file is empty");  // a byte-order mark alone
    CHECK(problem("\nsolver,status\n") == "the first line is empty");
    CHECK(problem(kJsonl) == "it is JSON ('{\"id\":\"a\",\"n\":4}'): JSON Lines, a puzzle or outputs file?");
    CHECK(problem("  [1, 2]\n") == "it is JSON ('  [1, 2]'): JSON Lines, a puzzle or outputs file?");
    CHECK(problem("name: sweep\nsolvers: [gac]\n") == "it reads as YAML ('name: sweep'): a config or a sidecar?");
    CHECK(problem("# my sweep\nname: x\n") == "it reads as YAML ('# my sweep'): a config or a sidecar?");
    CHECK(problem("---\n") == "it reads as YAML ('---'): a config or a sidecar?");
    CHECK(problem("experiment:\n") == "it reads as YAML ('experiment:'): a config or a sidecar?");
    CHECK(problem(kBinary) == "binary data (byte 0x1f): not a text file");
    CHECK(problem("caf\xE9,b\n") == "byte 0xe9 is not UTF-8: not a text file");
    CHECK(problem("a,b\n1,2\n") == "it names no futolab column ('a,b')");
    CHECK(problem("a;b;solver\n") == "it names no futolab column ('a;b;solver')");  // another separator
    // A long line is quoted in part.
    CHECK(problem(std::string(100, 'x') + "\n") == "it names no futolab column ('" + std::string(40, 'x') + "...')");
}

TEST_CASE("a line naming futolab's columns is a results header, damaged or not", "[csv][head]") {
    const std::string header = csv_header_line();
    CHECK(problem(header).empty());
    CHECK(problem(header.substr(0, header.size() - 1)).empty());            // cut before its line end
    CHECK(problem("\xEF\xBB\xBF" + header).empty());                        // after a byte-order mark
    CHECK(problem(header.substr(0, header.size() - 1) + "\r\n").empty());   // CR LF
    std::string quoted = header;  // every name quoted, as Python's csv.QUOTE_ALL writes
    for (std::size_t at = 0; (at = quoted.find(',', at)) != std::string::npos; at += 3) quoted.replace(at, 1, "\",\"");
    CHECK(problem("\"" + quoted.substr(0, quoted.size() - 1) + "\"\n").empty());
    std::string stray = header;  // a stray quote: the CSV reader names its line and field
    stray.insert(stray.find(",solver,") + 1, "\"");
    CHECK(problem(stray).empty());
    std::string mac = header;  // old Mac line ends: the CSV reader names the CR
    mac.back() = '\r';
    CHECK(problem(mac + "x\r").empty());
    // Analyze, report, compare and check --expect read hand-made CSVs of a few columns; merge,
    // schema and resume hold such a header to theirs after, in their own words.
    CHECK(problem("solver,options,status,wall_ns,cpu_ns\nfc,,solved,1,1\n").empty());
    CHECK(problem("instance,param_givens\n").empty());
}

TEST_CASE("a results CSV with a bad field keeps the CSV reader's message", "[csv][head]") {
    const std::string text = csv_header_line() + "t,un\"i\"que\n";
    CHECK_NOTHROW(check_results_head(text, "r.csv"));
    CHECK_THROWS_WITH(parse_csv(text, "r.csv"), Catch::Contains("r.csv:2:2: field 2: a quote inside a field"));
    CHECK_THROWS_WITH(check_results_head(kJsonl, "p.jsonl"),
                      "p.jsonl: not a futolab results CSV (its first line is not the results header: it is JSON "
                      "('{\"id\":\"a\",\"n\":4}'): JSON Lines, a puzzle or outputs file?)");
}

// Every command that reads a results CSV: one line, exit 2, nothing written. `empty` is left
// out of run --resume: an empty CSV is what a run killed before its header leaves, and a
// resume starts it again.
TEST_CASE("every reader of a results CSV names a file that is none as none", "[csv][head][cli][long]") {
    namespace fs = std::filesystem;
    const std::string dir = futolab::test::fresh_dir("results-head", "readers").string();
    const std::string config = futolab::test::sweep_config(dir);
    const std::string good = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv";
    const std::string manifest = FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json";  // the shipped one
    const std::vector<std::pair<std::string, std::string>> files{
        {kJsonl, "it is JSON ('{\"id\":\"a\",\"n\":4}'): JSON Lines, a puzzle or outputs file?"},
        {"name: sweep\nsolvers: [gac]\n", "it reads as YAML ('name: sweep'): a config or a sidecar?"},
        {kBinary, "binary data (byte 0x1f): not a text file"},
        {"", "the file is empty"},
        {"a,b\n1,2\n", "it names no futolab column ('a,b')"}};
    for (const auto& [text, why] : files) {
        const std::string x = dir + "/x.jsonl", csv = dir + "/out/r.csv";
        std::ofstream(x, std::ios::binary | std::ios::trunc) << text;
        fs::create_directories(dir + "/out");
        std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
        const std::string expected = " not a futolab results CSV (its first line is not the results header: " + why + ")\n";
        std::vector<std::pair<std::string, std::string>> commands{
            {"analyze " + x, x}, {"report " + x + " --out " + dir + "/r.html", x}, {"compare " + x + " " + good, x},
            {"compare " + good + " " + x, x}, {"schema " + x, x}, {"merge " + x + " --out " + dir + "/m.csv", x},
            {"check --expect " + manifest + " " + x, x}};
        if (!text.empty()) commands.emplace_back("run " + config + " -q --resume", csv);
        for (const auto& [command, named] : commands) {
            const futolab::test::CliResult r = run_cli(command);
            INFO(command << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: " + named + ":" + expected);
        }
        CHECK_FALSE(fs::exists(dir + "/r.html"));
        CHECK_FALSE(fs::exists(dir + "/m.csv"));
        CHECK(futolab::test::slurp(csv) == text);  // the resume left it as it was
    }
    // A CSV of a few futolab columns made by hand is not a results CSV to merge or schema (red-team
    // round 26, C F11: merge asked for its sidecar), and resume asks for its sidecar first.
    const std::string partial = "instance,instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns\n"
                                "i,0000000000000001,4,fc,,solved,1,1,1\n";
    std::ofstream(dir + "/x.jsonl", std::ios::trunc) << partial;
    std::ofstream(dir + "/out/r.csv", std::ios::trunc) << partial;
    CHECK(run_cli("schema " + dir + "/x.jsonl").err ==
          "futolab: " + dir + "/x.jsonl: not a futolab results CSV (its header does not start with futolab's columns)\n");
    CHECK(run_cli("merge " + dir + "/x.jsonl --out " + dir + "/m.csv").err ==
          "futolab: " + dir + "/x.jsonl: not a futolab results CSV (its header does not start with futolab's columns)\n");
    CHECK(has(run_cli("run " + config + " -q --resume").err, "has no sidecar"));
    CHECK(run_cli("analyze " + dir + "/x.jsonl").exit_code == 0);
    fs::remove_all(dir);
}
