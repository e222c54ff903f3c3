#include "core/error.hpp"
#include "records/csv_reader.hpp"
#include "records/results_csv.hpp"
#include "core/visible_text.hpp"
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

using namespace futolab;

TEST_CASE("RFC 4180 quoting round-trips through the reader", "[csv]") {
    const std::vector<std::string> fields{"plain", "a,b", "say \"hi\"", "two\nlines", ""};
    std::string line;
    for (const std::string& f : fields) line += (line.empty() ? "" : ",") + csv_quote(f);
    const CsvTable t = parse_csv("h1,h2,h3,h4,h5\n" + line + "\n", "x.csv");
    REQUIRE(t.rows.size() == 1);
    CHECK(t.rows[0] == fields);
    CHECK_FALSE(t.truncated);
    CHECK(csv_quote("plain") == "plain");
    CHECK(csv_quote("a,b") == "\"a,b\"");
}

TEST_CASE("a last line cut off by a kill is reported, not read", "[csv]") {
    const std::string text = "a,b\n1,2\n3,";
    const CsvTable t = parse_csv(text, "x.csv");
    CHECK(t.truncated);
    CHECK(t.rows.size() == 1);
    CHECK(t.complete_bytes == 8);
}

// Red-team round 29, C6: NUL bytes after the last line end (a crash's fill: the file system kept
// the length, not the data) were read as a killed writer's cut row, cut by a resume and passed
// over by merge without a word. No writer leaves a NUL: refused at its line, with the length of
// the whole lines. A cut row of text is still what a kill leaves.
TEST_CASE("NUL bytes after the last whole line are refused, not read as a cut row", "[csv]") {
    const std::string whole = "a,b\n1,2\n";
    for (const std::string& tail : {std::string(1, '\0'), std::string(4096, '\0'), std::string("3,\0\0", 4),
                                    std::string("\0\0" "3", 3)}) {
        INFO(tail.size());
        try {
            parse_csv(whole + tail, "x.csv");
            FAIL("accepted");
        } catch (const InputError& e) {
            const std::string nuls = std::to_string(std::count(tail.begin(), tail.end(), '\0'));
            CHECK_THAT(e.what(), Catch::StartsWith("x.csv:3: the file ends in ") && Catch::Contains(nuls + " NUL byte") &&
                                     Catch::Contains("cut it to its first 8 bytes"));
        }
    }
    const CsvTable cut = parse_csv(whole + "3,", "x.csv");
    CHECK(cut.truncated);
    CHECK(cut.complete_bytes == 8);
}

TEST_CASE("resume merge analyze and compare refuse a results CSV ending in NUL bytes", "[csv][cli]") {
    using futolab::test::has;
    using futolab::test::run_cli;
    const std::string dir = futolab::test::fresh_dir("csv-nul-tail", "readers").string();
    const std::string config = futolab::test::sweep_config(dir);
    REQUIRE(run_cli("run " + config + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    const std::string text = futolab::test::slurp(csv);
    std::ofstream(csv, std::ios::binary | std::ios::app) << std::string(512, '\0');
    const std::string refused = "futolab: " + csv + ":" + std::to_string(std::count(text.begin(), text.end(), '\n') + 1) +
                                ": the file ends in 512 NUL bytes after its last whole line";
    for (const std::string& command : {"run " + config + " -q --resume", "merge " + csv + " --out " + dir + "/m.csv",
                                      "analyze " + csv + " --table summary --metric nodes", "compare " + csv + " " + csv}) {
        const futolab::test::CliResult r = run_cli(command);
        INFO(command << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, refused));
        CHECK(has(r.err, "cut it to its first " + std::to_string(text.size()) + " bytes"));
    }
    CHECK(futolab::test::slurp(csv) == text + std::string(512, '\0'));  // not cut by the resume
    CHECK_FALSE(std::filesystem::exists(dir + "/m.csv"));
}

// Red-team round 30: merge left a killed writer's cut last row out without a word, where
// analyze, report and compare warn.
TEST_CASE("merge warns of a cut last line it leaves out", "[csv][cli][merge]") {
    using futolab::test::has;
    using futolab::test::run_cli;
    const std::string dir = futolab::test::fresh_dir("csv-cut-merge", "warns").string();
    REQUIRE(run_cli("run " + futolab::test::sweep_config(dir) + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    std::ofstream(csv, std::ios::binary | std::ios::app) << "r,cut";
    const futolab::test::CliResult r = run_cli("merge " + csv + " --out " + dir + "/m.csv");
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "futolab: warning: " + csv + ": the last line is incomplete (a run killed while it was written) and is left out"));
}

// Red-team round 21, B F5: a quote never closed made every line after it one "incomplete last
// row", and resume cut it without a word (5 whole rows dropped and run again). What a kill
// leaves is still cut; a cut part holding whole rows is refused at the quote's line, by the
// reader itself (round 22, B F2: analyze, report, compare and merge left those rows out).
TEST_CASE("a stray quote is not an incomplete last row: the rows after it are counted, the file refused", "[csv]") {
    const auto verdict = [](const std::string& text) {
        try {
            const CsvTable t = parse_csv(text, "x.csv");
            CHECK(t.truncated);
            return std::string("cut");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
    };
    CHECK(verdict("a,b\n1,2\n3,") == "cut");                           // the last line without its line end
    CHECK(verdict("a,b\n1,2\n3,\"one\ntwo\nthr") == "cut");           // a quoted cell cut inside, two line ends in it
    CHECK(verdict("a,b\n1,2\n3,\"x,y\n{\"\"k\"\": 1}\n\"\"z") == "cut");  // its lines are no rows of two fields
    CHECK(verdict("a,b\n1,2\n3,\"x\n") == "cut");                      // the stray quote on the last line: no row after it
    const std::string refused = ": a quote on this line is never closed: the 2 whole row(s) after it would be read with it "
                                "as one incomplete last row and left out: refusing the file (close the quote, or remove "
                                "the line)";
    CHECK(verdict("a,b\n1,2\n3,\"x\n4,5\n6,\"q,r\"\n") == "x.csv:3" + refused);
    CHECK(verdict("a,b\r\n1,\"x\r\n4,5\r\n6,7\r\n8,") == "x.csv:2" + refused);  // CR LF, and a torn row at the end too
    CHECK_FALSE(parse_csv("a,b\n1,2\n", "x.csv").truncated);
}

namespace {

// `csv` with a line `stray` put in as its line 3, the file's end left as it was.
void plant_line(const std::string& csv, const std::string& stray) {
    std::string text = futolab::test::slurp(csv);
    text.insert(text.find('\n', text.find('\n') + 1) + 1, stray + "\n");
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

TEST_CASE("run --resume and --redo and critical --resume refuse to cut the rows after a stray quote (round 21 B F5)",
          "[csv][cli]") {
    using futolab::test::has;
    using futolab::test::run_cli;
    const std::string dir = futolab::test::fresh_dir("csv-stray-quote", "resume").string();
    const std::string refused = ": a quote on this line is never closed: the ";
    const std::string config = futolab::test::sweep_config(dir);
    REQUIRE(run_cli("run " + config + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    plant_line(csv, "records-cli,\"x");
    const std::string planted = futolab::test::slurp(csv);
    for (const std::string extra : {"", " --redo error"}) {
        const futolab::test::CliResult r = run_cli("run " + config + " -q --resume" + extra);
        INFO(extra << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: " + csv + ":3" + refused));
        CHECK(futolab::test::slurp(csv) == planted);  // nothing cut, nothing run
    }
    // A row a kill cut short at the end is still cut and run again.
    std::string text = planted;
    text.erase(text.find("records-cli,\"x\n"), 15);
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text << "records-cli,4x4";
    CHECK(run_cli("run " + config + " -q --resume").exit_code == 0);

    const futolab::test::CliResult made = run_cli("critical --exact --n 4 --objective h+k --out o.jsonl", dir);
    REQUIRE(made.exit_code == 0);
    plant_line(dir + "/o.csv", "x,\"y");
    const std::string before = futolab::test::slurp(dir + "/o.csv");
    const futolab::test::CliResult r = run_cli("critical --exact --n 4 --objective h+k --out o.jsonl --resume", dir);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: o.csv:3" + refused + "69 whole row(s)"));
    CHECK(futolab::test::slurp(dir + "/o.csv") == before);
}

// Red-team round 22, B F2: with whole rows after a stray quote, analyze, report and compare
// tabled the rows before it under "the last line is incomplete (a run still being written?)", and
// merge wrote a CSV without the rest (1 of 4 runs, "3 runs missing"). Each is refused now, naming
// the quote's line, and writes nothing.
TEST_CASE("analyze, report, compare and merge refuse a results CSV whose stray quote holds whole rows", "[csv][cli]") {
    using futolab::test::has;
    using futolab::test::run_cli;
    const std::string dir = futolab::test::fresh_dir("csv-stray-quote", "readers").string();
    REQUIRE(run_cli("run " + futolab::test::sweep_config(dir) + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    std::string text = futolab::test::slurp(csv);
    const std::size_t row2 = text.find('\n', text.find('\n') + 1) + 1;  // line 3, the second row
    const std::size_t last = text.rfind(',', text.find('\n', row2));
    REQUIRE(last > row2);
    // A quote opening the row's last field, never closed on its line (a quote inside a field,
    // or one closed on its line, is refused as such)
    text.insert(last + 1, "\"");
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
    const std::string refused = "futolab: " + csv + ":3: a quote on this line is never closed: the 73 whole row(s) after it";
    for (const std::string& command : {"analyze " + csv + " --table summary --metric nodes",
                                      "report " + csv + " --out " + dir + "/r.html", "compare " + csv + " " + csv,
                                      "merge " + csv + " --out " + dir + "/m.csv"}) {
        const futolab::test::CliResult r = run_cli(command);
        INFO(command << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, refused));
        CHECK_FALSE(has(r.err, "incomplete (a run still being written?)"));
    }
    CHECK_FALSE(std::filesystem::exists(dir + "/r.html"));
    CHECK_FALSE(std::filesystem::exists(dir + "/m.csv"));
}

// Left open in red-team round 22: a quote left open on the header line made the whole file one
// header cut short, which every reader took for an empty file ("empty file", resume's "column 1
// is '(none)'", merge's "not a futolab results CSV"). Refused at line 1 and the quote's field.
TEST_CASE("a stray quote on the header line is refused at its line and field, not read as an empty file", "[csv]") {
    const std::string never = ": a quote in the header is never closed: the whole file would be read as one header cut "
                              "short, with no columns and no rows: refusing the file (close the quote, or remove it)";
    CHECK_THROWS_WITH(parse_csv("a,\"b,c\n1,2,3\n", "x.csv"), "x.csv:1:2" + never);
    CHECK_THROWS_WITH(parse_csv("a,b,\"c\n", "x.csv"), "x.csv:1:3" + never);  // no row after it
    CHECK_THROWS_WITH(parse_csv("\xEF\xBB\xBF\"a,b\r\n1,2\r\n", "x.csv"), "x.csv:1:1" + never);  // BOM, CR LF
    CHECK_THROWS_WITH(parse_csv("a,\"b\n1\",c\n1,2,3\n", "x.csv"),
                      "x.csv:1:2: a quote in the header is closed only on line 2: the lines between would be read into a "
                      "column name: refusing the file (close the quote on this line, or remove it)");
    // A header a kill cut short (no line end yet) is still a truncated file; quoted names that
    // close on their line are read.
    CHECK(parse_csv("a,\"b", "x.csv").truncated);
    CHECK(parse_csv("a,\"b,c\"\n1,2\n", "x.csv").header == std::vector<std::string>{"a", "b,c"});
}

TEST_CASE("every reader of a results CSV refuses a stray quote on its header line at line 1", "[csv][cli]") {
    using futolab::test::has;
    using futolab::test::run_cli;
    const std::string dir = futolab::test::fresh_dir("csv-stray-quote", "header").string();
    const std::string config = futolab::test::sweep_config(dir);
    REQUIRE(run_cli("run " + config + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    std::string text = futolab::test::slurp(csv);
    text.insert(text.find(",solver,") + 1, "\"");  // "solver, … never closed
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
    // The quote is closed by the first quote of a later line (whose text after it is refused),
    // or never: either way the header's line and field are named.
    const std::string refused = "futolab: " + csv + ":1:7: a quote in the header is ";
    for (const std::string& command :
         {"analyze " + csv, "report " + csv + " --out " + dir + "/r.html", "compare " + csv + " " + csv,
          "merge " + csv + " --out " + dir + "/m.csv", "schema " + csv, "run " + config + " -q --resume",
          "run " + config + " -q --resume --redo unique"}) {
        const futolab::test::CliResult r = run_cli(command);
        INFO(command << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, refused));
    }
    CHECK(futolab::test::slurp(csv) == text);
    CHECK_FALSE(std::filesystem::exists(dir + "/m.csv"));
}

// Red-team round 24, C F6: text after a closing quote was glued onto the quoted part
// ("uni"que read as unique), so merge and resume took rows futolab never writes and a header's
// "solver"x was "no column 'solver'". RFC 4180 quotes a whole field: refused, naming the field.
TEST_CASE("text after a closing quote or a quote inside an unquoted field is refused at its line and field", "[csv]") {
    const std::string after = "text after its closing quote";
    CHECK_THROWS_WITH(parse_csv("a,b\n1,\"uni\"que\n", "x.csv"),
                      "x.csv:2:2: field 2: text after its closing quote ('\"uni\"' then more): RFC 4180 allows only a "
                      "comma or the line end there: refusing the file");
    CHECK_THROWS_WITH(parse_csv("a,b\n\"n04:45\"x,2\n", "x.csv"), Catch::StartsWith("x.csv:2:1: field 1: " + after));
    CHECK_THROWS_WITH(parse_csv("a,b\n1,\"count:2\"  \r\n", "x.csv"), Catch::StartsWith("x.csv:2:2: field 2: " + after));
    CHECK_THROWS_WITH(parse_csv("a,b\n1,\"\"x\n", "x.csv"), Catch::StartsWith("x.csv:2:2: field 2: " + after));
    CHECK_THROWS_WITH(parse_csv("a,\"solver\"x\n1,2\n", "x.csv"), Catch::StartsWith("x.csv:1:2: field 2: " + after));
    CHECK_THROWS_WITH(parse_csv("a,b\n1,un\"i\"que\n", "x.csv"),
                      "x.csv:2:2: field 2: a quote inside a field that does not start with one ('un\"'): RFC 4180 "
                      "quotes a whole field, a quote in it doubled: refusing the file");
    // A quote closed lines later with text after it names the line it opened on; one with whole
    // rows between is a stray quote (the quote of a later cell closed it), as is one on the
    // header line.
    CHECK_THROWS_WITH(parse_csv("a,b\n1,\"2\n3\"x\n", "x.csv"),
                      Catch::StartsWith("x.csv:3:2: field 2: " + after + " (its quote opened on line 2)"));
    CHECK_THROWS_WITH(parse_csv("a,b\n1,\"2\n3,4\n5,\"6\"\n", "x.csv"),
                      Catch::StartsWith("x.csv:2: a quote on this line is never closed: the 2 whole row(s)"));
    CHECK_THROWS_WITH(parse_csv("a,\"b\n1,\"2\n", "x.csv"),
                      Catch::StartsWith("x.csv:1:2: a quote in the header is closed only on line 2"));
    // What futolab and RFC 4180 write still reads: quoted fields, doubled quotes, CR LF.
    const CsvTable t = parse_csv("a,b,c\r\n\"x,y\",\"say \"\"hi\"\"\",\"\"\r\n", "x.csv");
    CHECK(t.rows.at(0) == std::vector<std::string>{"x,y", "say \"hi\"", ""});
}

TEST_CASE("every reader of a results CSV refuses a cell with text after its closing quote", "[csv][cli]") {
    using futolab::test::has;
    using futolab::test::run_cli;
    const std::string dir = futolab::test::fresh_dir("csv-closing-quote", "row").string();
    const std::string config = futolab::test::sweep_config(dir);
    REQUIRE(run_cli("run " + config + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    std::string text = futolab::test::slurp(csv);
    const std::size_t cell = text.find(",count:2,", text.find('\n'));
    REQUIRE(cell != std::string::npos);
    text.replace(cell + 1, 7, "\"count:2\"x");  // on line 2
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
    for (const std::string& command :
         {"analyze " + csv, "report " + csv + " --out " + dir + "/r.html", "compare " + csv + " " + csv,
          "merge " + csv + " --out " + dir + "/m.csv", "run " + config + " -q --resume"}) {
        const futolab::test::CliResult r = run_cli(command);
        INFO(command << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, csv + ":2:"));
        CHECK(has(r.err, ": text after its closing quote"));
    }
    CHECK(futolab::test::slurp(csv) == text);
    CHECK_FALSE(std::filesystem::exists(dir + "/m.csv"));
}

TEST_CASE("a row with the wrong number of fields names its line", "[csv]") {
    CHECK_THROWS_WITH(parse_csv("a,b\n1,2\n1,2,3\n", "x.csv"), "x.csv:3: 3 fields, the header has 2");
}

// Round 28, C F9: a blank line and a NUL byte were each "1 fields, the header has 37". A blank
// line is named as one, binary data as every text reader names it (core/binary_data.hpp), at its
// line and column, and one field is "1 field".
TEST_CASE("a blank line and binary data and one field are each named as what they are", "[csv]") {
    CHECK_THROWS_WITH(parse_csv("a,b\n1,2\n1\n", "x.csv"), "x.csv:3: 1 field, the header has 2");
    CHECK_THROWS_WITH(parse_csv("a,b,c\n1,2,3\n\n", "x.csv"),
                      "x.csv:3: a blank line, where a row has the header's 3 fields: refusing the file (remove it)");
    CHECK_THROWS_WITH(parse_csv("a,b\r\n\r\n1,2\r\n", "x.csv"),
                      "x.csv:2: a blank line, where a row has the header's 2 fields: refusing the file (remove it)");
    CHECK_THROWS_WITH(parse_csv(std::string("a,b\n1,2\na\0b\n", 12), "z.csv"),
                      "z.csv:3:2: binary data (byte 0x00): not a text file");
    CHECK_THROWS_WITH(parse_csv("a,b\n1,\"x\ny\x1b\"\n", "z.csv"), "z.csv:3:2: binary data (byte 0x1b): not a text file");
    CHECK_THROWS_WITH(parse_csv("a,\x01\n1,2\n", "z.csv"), "z.csv:1:3: binary data (byte 0x01): not a text file");
    // A header of one column takes an empty cell; a last line cut short is left out as before,
    // whatever control bytes a killed writer left in it, but a NUL, which no writer leaves
    // (red-team round 29, C6: a crash's fill).
    CHECK(parse_csv("a\n\n", "x.csv").rows.size() == 1);
    const CsvTable cut = parse_csv(std::string("a,b\n1,2\n3\x01", 10), "x.csv");
    CHECK(cut.rows.size() == 1);
    CHECK(cut.truncated);
    CHECK_THROWS_WITH(parse_csv(std::string("a,b\n1,2\n3\0", 10), "x.csv"), Catch::Contains("x.csv:3: the file ends in a cut line"));
}

TEST_CASE("the header is SPEC §5's columns, counters in order, then futolab's", "[csv]") {
    const std::string base =
        "experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,nodes,fails,"
        "checks,propagations,max_depth,wall_ns,cpu_ns,solution,run,message,grade,output";
    const std::string later = ",spec,max_rss_kb,host,core,isolation,time_limit_ms,cpu_limit_ms,memory_limit_kb,build,calibration_ns,deterministic,session";
    CHECK(csv_header_line() == base + later + "\n");
    // The param columns come from the experiment's sweep axes.
    CHECK(csv_header_line(csv_layout({"givens", "k"})) == base + later + ",param_givens,param_k\n");
    std::string joined;
    for (const std::string& c : csv_base_columns()) joined += (joined.empty() ? "" : ",") + c;
    CHECK(joined == base);
}

TEST_CASE("a row's text cells read back as written, each character that needs quotes alone or together", "[csv]") {
    // Each of the four characters that need quotes, at the start, inside and at the end of a
    // cell, and none: the quoting decision is made per cell, so each is tried on its own.
    const std::vector<std::string> specials{",", "\"", "\r", "\n", "", ",\"\r\n"};
    for (const std::string& special : specials) {
        for (const std::string& text : {special + "x", "a" + special + "b", "ab" + special}) {
            ResultRow row;
            row.experiment = text;
            row.message = text;
            row.spec = "gac";
            const CsvTable t = parse_csv(csv_header_line() + csv_line(row, plain_layout()), "x.csv");
            REQUIRE(t.rows.size() == 1);
            CHECK(t.rows[0][t.column("experiment", "x.csv")] == text);
            CHECK(t.rows[0][t.column("message", "x.csv")] == text);
            CHECK(t.rows[0][t.column("spec", "x.csv")] == "gac");
        }
    }
}

TEST_CASE("a row writes spec, peak memory, host, core and its sweep values", "[csv]") {
    ResultRow row;
    row.experiment = "e";
    row.solver = "gac";
    row.options = "alldiff=regin,var=mrv";
    row.spec = "gac:alldiff=hall,var=dom";  // has a comma: quoted
    row.max_rss_kb = 2048;
    row.core = 1;
    const std::vector<double> values{0.3, 12};
    row.params = values;
    CsvLayout layout{{"givens", "k"}, "node-7"};
    const CsvTable t = parse_csv(csv_header_line(layout) + csv_line(row, layout), "x.csv");
    REQUIRE(t.rows.size() == 1);
    const auto cell = [&](const char* column) { return t.rows[0][t.column(column, "x.csv")]; };
    CHECK(cell("options") == "alldiff=regin,var=mrv");
    CHECK(cell("spec") == "gac:alldiff=hall,var=dom");
    CHECK(cell("max_rss_kb") == "2048");
    CHECK(cell("host") == "node-7");
    CHECK(cell("core") == "1");
    CHECK(cell("param_givens") == "0.3");
    CHECK(cell("param_k") == "12");  // whole values print without a fraction
    // Unknown peak memory, no pinning, a file instance (no sweep values): empty cells.
    row.max_rss_kb = -1;
    row.core = -1;
    row.params = {};
    const CsvTable u = parse_csv(csv_header_line(layout) + csv_line(row, layout), "x.csv");
    for (const char* column : {"max_rss_kb", "core", "param_givens", "param_k"}) CHECK(u.rows[0][u.column(column, "x.csv")].empty());
    const std::vector<double> none{std::numeric_limits<double>::quiet_NaN(), 5};
    row.params = none;
    const CsvTable v = parse_csv(csv_header_line(layout) + csv_line(row, layout), "x.csv");
    CHECK(v.rows[0][v.column("param_givens", "x.csv")].empty());
    CHECK(v.rows[0][v.column("param_k", "x.csv")] == "5");
}

// Round 11 (finding 14): limits below 0.1 ms were written "1e-06" (fmt's shortest form), the
// exponent form SPEC §5 calls re-saving damage. Every real cell is a plain decimal that reads
// back as the same double.
TEST_CASE("limit and sweep cells are plain decimals, never exponent forms", "[csv]") {
    CsvLayout layout{{"givens"}, "h"};
    for (const double seconds : {1e-9, 1e-8, 5e-8, 1e-7, 5e-5, 1e-4, 0.25, 10.0, 3e5, 9.2e9}) {
        INFO(seconds);
        ResultRow row;
        row.experiment = "e";
        row.time_limit_ms = limit_ms(seconds);
        row.cpu_limit_ms = limit_ms(seconds);
        const std::vector<double> values{seconds};
        row.params = values;
        const CsvTable t = parse_csv(csv_header_line(layout) + csv_line(row, layout), "x.csv");
        for (const char* column : {"time_limit_ms", "cpu_limit_ms", "param_givens"}) {
            const std::string cell = t.rows[0][t.column(column, "x.csv")];
            INFO(column << " = " << cell);
            CHECK(cell.find_first_not_of("0123456789.") == std::string::npos);
            CHECK(std::stod(cell) == (std::string(column) == "param_givens" ? seconds : limit_ms(seconds)));
        }
    }
    ResultRow row;
    row.time_limit_ms = limit_ms(1e-9);
    const CsvTable t = parse_csv(csv_header_line(layout) + csv_line(row, layout), "x.csv");
    CHECK(t.rows[0][t.column("time_limit_ms", "x.csv")] == "0.000001");
}

TEST_CASE("the default layout names this machine", "[csv]") {
    CHECK_FALSE(plain_layout().host.empty());
    CHECK(plain_layout().params.empty());
}

TEST_CASE("a counter the backend does not know is an empty field, never 0 (SPEC §4)", "[csv]") {
    ResultRow row;
    row.counters.solutions = 1;
    row.counters.nodes = 6;
    row.counters.checks = 0;
    row.unknown_counters = counter_bits({Counter::checks, Counter::propagations});
    const CsvTable t = parse_csv(csv_header_line() + csv_line(row), "x.csv");
    REQUIRE(t.rows.size() == 1);
    const auto field = [&](const std::string& name) {
        const auto& c = csv_columns();
        return t.rows[0][static_cast<std::size_t>(std::find(c.begin(), c.end(), name) - c.begin())];
    };
    CHECK(field("solutions") == "1");
    CHECK(field("nodes") == "6");
    CHECK(field("fails") == "0");  // known, and zero
    CHECK(field("checks").empty());
    CHECK(field("propagations").empty());
    CHECK(field("max_depth") == "0");
}

// Round 9 (R9 #10): cells were shown with control bytes as \xNN here and main's visible_text
// ran over that again, so a typed "\x01" and the byte 0x01 printed alike, and a marker made
// here read as typed. The message keeps the cell as typed; what the user sees is visible_text's.
TEST_CASE("a cell in a message is left as typed for visible_text to show once", "[csv]") {
    const auto shown_error = [](const std::string& cell) {
        const CsvTable t = parse_csv("run,b\n" + cell + ",2\n", "x.csv");
        try {
            whole_number_cell(t, 0, 0, "x.csv", 10);
        } catch (const InputError& e) {
            return visible_text(e.what(), LineBreaks::shown);
        }
        return std::string("(no error)");
    };
    CHECK(shown_error("1\xFF") == "x.csv:2: column 'run': '1<0xFF>' is not a whole number in plain digits, as futolab "
                                  "writes it (re-saved by a spreadsheet?)");
    CHECK_THAT(shown_error("1<0xFF>"), Catch::Matchers::Contains("'1<U+003C>0xFF>'"));
    CHECK_THAT(shown_error("1\x7f"), Catch::Matchers::Contains("'1<U+007F>'"));
    // A C0 control byte is binary data, refused by the reader itself (red-team round 28, C F9).
    CHECK_THROWS_WITH(parse_csv("run,b\n1\x01,2\n", "x.csv"), "x.csv:2:2: binary data (byte 0x01): not a text file");
    CHECK_THAT(shown_error("1\\x01"), Catch::Matchers::Contains("'1\\x01'"));
    CHECK_THAT(shown_error("\"a\xE2\x80\xAE" "b\""), Catch::Matchers::Contains("'a<U+202E>b'"));
    CHECK_THROWS_WITH(parse_csv("r\xFF,r\xFF\n", "x.csv"), "x.csv:1:2: column 'r\xFF' twice in the header (fields 1 and 2)");
}

// Red-team round 11, F14: the header's names were compared pairwise, n² steps (160 000 columns
// 14 s, 10^6 columns minutes). Under a CPU limit of 60 s (30 times what the hashed check takes
// under a sanitizer) a pairwise check is killed (SIGXCPU) before it reaches the last column.
TEST_CASE("a header of 500 000 columns is checked for a name twice in linear time", "[csv][hangs]") {
    const auto dir = futolab::test::fresh_dir("csv-wide", "header");
    // Named first: a futolab column, else analyze says it is no results CSV before any other check.
    std::string header = "solver,", row = "fc,";
    for (int i = 0; i < 500'000; ++i) {
        header += "c" + std::to_string(i) + ",";
        row += "1,";
    }
    std::ofstream(dir / "dup.csv") << header << "c0\n" << row << "1\n";
    const auto dup = futolab::test::run_cli_env("ulimit -t 60; ", "analyze '" + (dir / "dup.csv").string() + "'");
    CHECK(dup.exit_code == 2);
    CHECK(futolab::test::has(dup.err, "dup.csv:1:500002: column 'c0' twice in the header (fields 2 and 500002)"));
    std::ofstream(dir / "wide.csv") << header << "last\n" << row << "1\n";
    const auto wide = futolab::test::run_cli_env("ulimit -t 60; ", "schema '" + (dir / "wide.csv").string() + "'");
    CHECK(wide.exit_code == 2);
    CHECK(futolab::test::has(wide.err, "wide.csv: not a futolab results CSV"));
}
