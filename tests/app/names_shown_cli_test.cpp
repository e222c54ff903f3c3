// File names on standard output and error are shown as the error messages show them
// (core/visible_text.hpp: `a<U+000A>b.cert`, `<0xFF>.cert`): check-certificate's "X: certificate
// accepted" and merge's "X: N of M runs" printed a line feed in X raw, so the log's line read
// "b.cert: certificate accepted" for a file that is not b.cert (red-team round 26, B F7); so
// did run's summary, analyze's "table:" and "plot:" lines, report's "report:" and merge's
// warning. And check-certificate, which writes no file, reads a name that is not UTF-8: it was
// refused because "critical writes its command line and file names into the sidecar".
#include "tests/app/cli_runner.hpp"

#include "core/shell_words.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using futolab::shell_quoted;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// A name and how futolab shows it.
struct Name {
    std::string raw, shown;
};

// Names whose characters would break or reorder a line, and one that is not UTF-8.
const std::vector<Name> kNames{{"a\nb", "a<U+000A>b"},
                               {"a\rb", "a<U+000D>b"},
                               {"\xe2\x80\xae" "b", "<U+202E>b"},
                               {"x\n\nfutolab: ok", "x<U+000A><U+000A>futolab: ok"}};

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// `command` run in `dir` must succeed.
void made(const fs::path& dir, const std::string& command) {
    const auto r = run_cli(command, dir.string());
    INFO(command << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
}

// Two shards of a small count sweep in dir/sh, its config s.yaml (name mr).
void make_shards(const fs::path& dir) {
    made(dir, "generate unique --n 4 --count 2 --seed 3 --out p.jsonl");
    std::ofstream(dir / "s.yaml") << "name: mr\nseed: 1\nmode: { count: 2 }\ninstances:\n"
                                     "  - file: p.jsonl\nsolvers: [ fc, gac ]\n";
    for (const char* shard : {"0/2", "1/2"}) made(dir, std::string("run -q s.yaml --out sh --shard ") + shard);
}

}  // namespace

TEST_CASE("critical --check-certificate shows the name of an accepted certificate as its errors do", "[cli][critical][names][long]") {
    const fs::path dir = fresh_dir("names-shown", "certificates");
    // The three kinds, each with its own acceptance line: over all squares, per square, --construct.
    made(dir, "critical --exact --n 3 --objective h+k --certificate ex.cert --out /dev/null");
    made(dir, "critical --exact --square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4' --objective h+k --certificate sq.cert --out /dev/null");
    made(dir, "critical --construct --n 4 --certificate co.cert --out co.jsonl");
    std::vector<Name> names = kNames;
    names.push_back({"\xff", "<0xFF>"});  // not UTF-8: read, as nothing of it is written
    names.push_back({"u\xfex\n", "u<0xFE>x<U+000A>"});
    for (const char* kind : {"ex", "sq", "co"}) {
        for (const Name& name : names) {
            INFO(kind << " " << name.shown);
            const std::string file = name.raw + "." + kind + ".cert";
            fs::copy_file(dir / (std::string(kind) + ".cert"), dir / file, fs::copy_options::overwrite_existing);
            const auto r = run_cli("critical --check-certificate " + shell_quoted(file), dir.string());
            INFO(r.out << r.err);
            CHECK(r.exit_code == 0);
            CHECK(lines_of(r.out).size() == 1);  // one line, starting with the name shown
            CHECK(r.out.rfind(name.shown + "." + kind + ".cert: certificate accepted: ", 0) == 0);
            CHECK(r.err.empty());
            fs::remove(dir / file);
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("critical --check-certificate refuses a name that is not UTF-8 only for what is wrong with it", "[cli][critical][names]") {
    const fs::path dir = fresh_dir("names-shown", "not-utf8");
    // A missing file: said so, never that a sidecar cannot hold its name.
    auto r = run_cli("critical --check-certificate 'n\xff.cert'", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "n<0xFF>.cert"));
    CHECK_FALSE(has(r.err, "sidecar"));
    // A file that is no certificate: refused for what it holds.
    std::ofstream(dir / "j\xff.cert") << "{\"id\": \"a\", \"n\": 2}\n";
    r = run_cli("critical --check-certificate 'j\xff.cert'", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("futolab: j<0xFF>.cert", 0) == 0);
    CHECK_FALSE(has(r.err, "sidecar"));
    // The modes that write a sidecar still refuse such a name before any work, saying why.
    r = run_cli("critical --construct --n 4 --out 'o\xff.jsonl'", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: critical: argument 6 'o<0xFF>.jsonl': byte 0xff is not UTF-8: critical writes its command "
                     "line and file names into the sidecar of its results"));
    CHECK_FALSE(fs::exists(dir / "o\xff.jsonl"));
    fs::remove_all(dir);
}

TEST_CASE("run merge report and analyze show the file names they print as their errors do", "[cli][names][long]") {
    const fs::path dir = fresh_dir("names-shown", "sweep");
    make_shards(dir);
    for (const Name& name : kNames) {
        INFO(name.shown);
        const std::string out = shell_quoted(name.raw + "o");
        // run: "DIR/mr.csv: N runs in …".
        auto r = run_cli("run -q s.yaml --out " + out, dir.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        CHECK(lines_of(r.out).size() == 1);
        CHECK(r.out.rfind(name.shown + "o/mr.csv: ", 0) == 0);
        // merge: "OUT: N of M runs from 2 files".
        const std::string merged = shell_quoted(name.raw + "m.csv");
        r = run_cli("merge sh/mr.shard-0-of-2.csv sh/mr.shard-1-of-2.csv --out " + merged, dir.string());
        REQUIRE(r.exit_code == 0);
        CHECK(lines_of(r.out).size() == 1);
        CHECK(r.out.rfind(name.shown + "m.csv: ", 0) == 0);
        CHECK(has(r.out, " runs from 2 files\n"));
        // report: "report: OUT".
        r = run_cli("report " + merged + " --out " + shell_quoted(name.raw + "r.html"), dir.string());
        REQUIRE(r.exit_code == 0);
        CHECK(r.out == "report: " + name.shown + "r.html\n");
        // analyze --tables: "table: DIR/NAME.csv", a line each.
        r = run_cli("analyze " + merged + " --tables " + shell_quoted(name.raw + "t"), dir.string());
        REQUIRE(r.exit_code == 0);
        for (const std::string& line : lines_of(r.out)) CHECK(line.rfind("table: " + name.shown + "t/", 0) == 0);
        // analyze --plots without gnuplot: its tables' rows, then "gnuplot not found: wrote … to
        // DIR" a line each figure.
        r = run_cli_env("PATH=/nonexistent ", "analyze " + merged + " --plots " + shell_quoted(name.raw + "p"), dir.string());
        REQUIRE(r.exit_code == 0);
        std::size_t figures = 0;
        for (const std::string& line : lines_of(r.out)) {
            if (line.rfind("| ", 0) == 0) continue;
            CHECK(line.rfind("gnuplot not found: wrote the data and script of ", 0) == 0);
            CHECK(line.ends_with(" to " + name.shown + "p"));
            ++figures;
        }
        CHECK(figures >= 2);  // cactus and growth
    }
    fs::remove_all(dir);
}

TEST_CASE("merge's warning of a killed shard shows its name as the errors do", "[cli][merge][names]") {
    const fs::path dir = fresh_dir("names-shown", "killed-shard");
    make_shards(dir);
    for (const Name& name : kNames) {
        INFO(name.shown);
        const fs::path folder = dir / (name.raw + "sh");
        fs::remove_all(folder);
        fs::copy(dir / "sh", folder);
        const fs::path meta = folder / "mr.shard-1-of-2.csv.meta.yaml";
        std::string text = slurp(meta.string());
        text.replace(text.find("state: finished"), 15, "state: running");
        std::ofstream(meta, std::ios::trunc) << text;
        const std::string shard = shell_quoted(name.raw + "sh") + "/mr.shard-";
        const auto r = run_cli("merge " + shard + "0-of-2.csv " + shard + "1-of-2.csv --out m.csv --force", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: warning: " + name.shown + "sh/mr.shard-1-of-2.csv: its sidecar says state: running"));
        for (const std::string& line : lines_of(r.err)) CHECK(line.rfind("futolab: ", 0) == 0);  // each line a message
    }
    fs::remove_all(dir);
}

TEST_CASE("run's note of an input read from the working directory shows the config's name as the errors do", "[cli][names]") {
    const fs::path dir = fresh_dir("names-shown", "beside-note");
    made(dir, "generate unique --n 4 --count 2 --seed 3 --out p.jsonl");
    for (const Name& name : kNames) {
        INFO(name.shown);
        // p.jsonl is not beside the config, in its own folder: read from here, with a note.
        fs::create_directories(dir / (name.raw + "c"));
        std::ofstream(dir / (name.raw + "c") / "c.yaml") << "name: s\nmode: { count: 2 }\ninstances:\n  - file: p.jsonl\n"
                                                           "solvers: [ fc ]\noutput: o/s.csv\n";
        const auto r = run_cli("run -q " + shell_quoted(name.raw + "c/c.yaml"), dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.err.rfind("futolab: note: " + name.shown + "c/c.yaml:4:11: 'p.jsonl' matches nothing beside the config", 0) == 0);
        CHECK(lines_of(r.err).size() == 1);
        fs::remove_all(dir / "o");  // output: is read from here too
    }
    fs::remove_all(dir);
}
