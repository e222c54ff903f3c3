// A results CSV with CR LF line ends, as Python's csv module writes it, is read and analysed as
// the LF original (issue #44 item 2); a mangled seed in it is still refused, naming file, line
// and column; a lone CR outside quotes is refused naming line and field.
#include "cli_runner.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// The text as Python's csv.writer (QUOTE_MINIMAL) writes the same rows: every record ends in
// CR LF; a newline inside a quoted cell stays as it is.
std::string as_python_writes(const std::string& text) {
    std::string out;
    bool quoted = false;
    for (char ch : text) {
        if (ch == '"') quoted = !quoted;
        out += ch == '\n' && !quoted ? std::string("\r\n") : std::string(1, ch);
    }
    return out;
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A sweep of the 4x4 Tatham puzzles, two specs, writing DIR/r.csv; returns its config.
std::string sweep(const fs::path& dir) {
    const fs::path cfg = dir / "cfg.yaml";
    std::ofstream(cfg) << "name: crlf\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                          "/corpora/tatham-dev/n04.tatham\nsolvers: [ fc, bitmask ]\nisolation: thread\noutput: "
                       << (dir / "r.csv").string() << "\n";
    REQUIRE(run_cli("run -q " + cfg.string()).exit_code == 0);
    return cfg.string();
}

}  // namespace

TEST_CASE("a CR LF copy of a results CSV is analysed, merged and resumed as the original", "[cli][line-ends]") {
    const fs::path dir = fresh_dir("app", "line-ends");
    const std::string cfg = sweep(dir);
    const std::string csv = (dir / "r.csv").string(), crlf = (dir / "crlf.csv").string();
    const std::string original = slurp(csv);
    write(crlf, as_python_writes(original));
    fs::copy_file(csv + ".meta.yaml", crlf + ".meta.yaml");
    const auto lf = run_cli("analyze " + csv + " --by spec --metric nodes,checks --format csv");
    const auto cr = run_cli("analyze " + crlf + " --by spec --metric nodes,checks --format csv");
    REQUIRE(lf.exit_code == 0);
    CHECK(cr.exit_code == 0);
    CHECK(cr.out == lf.out);
    CHECK(cr.err == lf.err);
    // merge reads it and writes LF; resume reads it, finds every run done, and leaves it alone.
    REQUIRE(run_cli("merge " + csv + " --out " + (dir / "m-lf.csv").string()).exit_code == 0);
    REQUIRE(run_cli("merge " + crlf + " --out " + (dir / "m-crlf.csv").string()).exit_code == 0);
    CHECK(slurp((dir / "m-crlf.csv").string()) == slurp((dir / "m-lf.csv").string()));
    write(csv, as_python_writes(original));
    CHECK(run_cli("run -q --resume " + cfg).exit_code == 0);
    CHECK(slurp(csv) == as_python_writes(original));
}

TEST_CASE("a mangled seed in a CR LF file is refused with file, line and column", "[cli][line-ends]") {
    const fs::path dir = fresh_dir("app", "line-ends-seed");
    sweep(dir);
    const std::string csv = (dir / "r.csv").string();
    const std::string crlf = as_python_writes(slurp(csv));
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    const std::string seed = t.rows[1][t.column("seed", csv)], nodes = t.rows[0][t.column("nodes", csv)];
    // A spreadsheet's 15 significant digits: the seed of line 3 as an exponent.
    std::string mangled = crlf;
    const std::size_t line3 = mangled.find("\r\n", mangled.find("\r\n") + 2) + 2;
    mangled.replace(mangled.find("," + seed + ",", line3), seed.size() + 2, ",1.52151E+18,");
    write(csv, mangled);
    auto r = run_cli("merge " + csv + " --out " + (dir / "m.csv").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, csv + ":3: column 'seed': '1.52151E+18' is not a whole number in plain digits"));
    CHECK(run_cli("run -q --resume " + (dir / "cfg.yaml").string()).exit_code == 2);
    CHECK(slurp(csv) == mangled);
    // A thousands separator in a count (quoted by the tool that wrote it), in line 2.
    mangled = crlf;
    const std::size_t line2 = mangled.find("\r\n") + 2;
    const std::size_t at = mangled.find("," + nodes + ",", mangled.find(",count:2,", line2) + 8);
    mangled.replace(at, nodes.size() + 2, ",\"" + nodes + ",000\",");
    write(csv, mangled);
    r = run_cli("analyze " + csv);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, csv + ":2:"));
    CHECK(has(r.err, ",000' is not a"));
    // A CR alone inside an unquoted cell of line 2 (the instance id, field 2).
    mangled = crlf;
    mangled.insert(mangled.find(",", line2) + 2, "\r");
    write(csv, mangled);
    r = run_cli("analyze " + csv);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, csv + ":2:2: a carriage return not followed by a line feed"));
}

// Red-team round 28, C F3: a config whose last line ended in a lone CR ran, and wrote its results
// CSV, sidecar and schema as `o.csv<CR>`; CR CR LF (a file converted twice) the same; a commands
// file read the CR into a value too. Every YAML file futolab reads is refused at such a CR (exit
// 2, nothing made), and a CR LF config runs as its LF original, its outputs named without a CR.
TEST_CASE("a config or commands file with a lone CR is refused at it and a CR LF config runs", "[cli][line-ends][config]") {
    const fs::path dir = fresh_dir("app", "config-lone-cr");
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.tatham";
    const auto config = [&](const std::string& name, const std::string& end, const std::string& last_end) {
        const std::string text = "name: " + name + end + "seed: 1" + end + "mode: { count: 2 }" + end + "isolation: thread" +
                                 end + "instances:" + end + "  - file: " + puzzle + end + "solvers: [ \"gac\" ]" + end +
                                 "output: " + name + "/o.csv" + last_end;
        write((dir / (name + ".yaml")).string(), text);
        return (dir / (name + ".yaml")).string();
    };
    const std::string cr = "a carriage return not followed by a line feed (old Mac line ends)";
    for (const auto& [name, end, last, at] :
         std::vector<std::tuple<std::string, std::string, std::string, std::string>>{{"cr", "\n", "\r", ":8:17: "},
                                                                                     {"crcrlf", "\r\n", "\r\r\n", ":8:21: "},
                                                                                     {"mac", "\r", "\r", ":1:10: "}}) {
        INFO(name);
        const std::string cfg = config(name, end, last);
        const auto r = run_cli("run -q " + cfg, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, cfg + at + cr));
        CHECK_FALSE(fs::exists(dir / name));
    }
    const std::string crlf = config("crlf", "\r\n", "\r\n");
    const auto ok = run_cli("run -q " + crlf, dir.string());
    CHECK(ok.exit_code == 0);
    CHECK(fs::exists(dir / "crlf" / "o.csv"));
    CHECK(fs::exists(dir / "crlf" / "o.csv.meta.yaml"));
    CHECK(run_cli("analyze crlf/o.csv --by spec", dir.string()).exit_code == 0);  // its sidecar reads back
    // A commands file (solve --commands) under the same rule.
    write((dir / "cmds.yaml").string(), "commands:\n  - name: m\n    argv: [\"/bin/true\", \"{instance}\"]\r");
    const auto cmds = run_cli("solve " + puzzle + " --commands cmds.yaml -s command:name=m", dir.string());
    CHECK(cmds.exit_code == 2);
    CHECK(has(cmds.err, "cmds.yaml:3:38: " + cr));
}
