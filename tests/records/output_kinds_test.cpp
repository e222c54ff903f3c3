// Issue #45, "outputs that cannot hang" and "data loss on odd outputs": an output that is a
// FIFO, a socket or a folder is refused before any work with one line (a FIFO with no reader
// hung report, merge, generate, convert and `analyze --tables` forever); two outputs of one
// command naming one file are refused; a symlinked or hard-linked results CSV is refused by
// run, --resume and --redo (a --redo replaced the link by a file, the target keeping the rows
// it took out); `convert` of one instance to a folder writes into it.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using futolab::test::CliResult;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

std::string fresh(const std::string& name) { return futolab::test::fresh_dir("output-kinds", name).string(); }

// `args` with a 60 s watchdog: a command that hangs is killed and fails the test (exit 143).
CliResult bounded(const std::string& args) {
    // The watchdog's own sleep goes with it (a plain `( sleep 60; kill $p )` left one sleep
    // behind per call for a minute).
    return run_cli(args + " & p=$!; ( sleep 60 & s=$!; trap 'kill $s; exit' TERM; wait $s; kill $p ) 2>/dev/null & w=$!; "
                          "wait $p; c=$?; kill $w 2>/dev/null; exit $c");
}

// A listening-less Unix socket file at `path` (what a crashed daemon leaves).
void make_socket(const std::string& path) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    REQUIRE(path.size() < sizeof address.sun_path);
    std::strcpy(address.sun_path, path.c_str());
    CHECK(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    ::close(fd);
}

// A sweep of 75 puzzles x 1 solver writing DIR/out/r.csv, run to the end; returns its config.
std::string finished_run(const std::string& dir) {
    const std::string path = futolab::test::sweep_config(dir);
    REQUIRE(run_cli("run -q " + path).exit_code == 0);
    return path;
}

void check_refused(const CliResult& r, const std::string& part) {
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, part));
    CHECK_FALSE(has(r.err, "filesystem error"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("an output that is a FIFO, a socket or a folder is refused at once, never waited on", "[records][outputs][fifo][long]") {
    const std::string dir = fresh("kinds");
    finished_run(dir);
    const std::string csv = dir + "/out/r.csv", jsonl = FUTOLAB_SOURCE_DIR "/tests/data/good/corpus.jsonl";
    REQUIRE(::mkfifo((dir + "/fifo").c_str(), 0644) == 0);
    make_socket(dir + "/sock");
    fs::create_directory(dir + "/folder");
    for (const auto& [kind, path] : {std::pair{"is a FIFO (named pipe)", dir + "/fifo"}, {"is a socket", dir + "/sock"},
                                     {"is a folder", dir + "/folder"}}) {
        for (const std::string& command : std::vector<std::string>{"report " + csv, "merge " + csv,
                                                                   "generate random --n 4 --count 3",
                                                                   "convert " + jsonl + " --to jsonl", "critical --n 5 --count 2"}) {
            const std::string args = command + " --out " + path;
            INFO(args);
            check_refused(bounded(args), "--out " + path + ": " + kind);
            // --force replaces files; it does not make a FIFO one.
            check_refused(bounded(args + " --force"), "--out " + path + ": " + kind);
        }
    }
    // A FIFO planted where `analyze --tables` writes a table.
    fs::create_directory(dir + "/tables");
    REQUIRE(::mkfifo((dir + "/tables/summary.csv").c_str(), 0644) == 0);
    check_refused(bounded("analyze " + csv + " --tables " + dir + "/tables"), dir + "/tables/summary.csv: is a FIFO");
    // FIFOs planted among the plots: the data futolab writes, the figures and log gnuplot writes.
    const bool gnuplot = std::system("command -v gnuplot >/dev/null 2>&1") == 0;
    for (const std::string name : {"cactus-wall_ms-0.dat", "cactus-wall_ms.svg", "cactus-wall_ms.log"}) {
        INFO(name);
        fs::remove_all(dir + "/plots");
        fs::create_directory(dir + "/plots");
        REQUIRE(::mkfifo((dir + "/plots/" + name).c_str(), 0644) == 0);
        const CliResult r = bounded("analyze " + csv + " --plots " + dir + "/plots");
        if (gnuplot || name.ends_with(".dat")) check_refused(r, dir + "/plots/" + name + ": is a FIFO");
        CHECK(r.exit_code != 143);  // never the watchdog
    }
    // What stays allowed: a device, and this process's own stdout (a pipe to `wc`).
    CHECK(run_cli("generate random --n 4 --count 3 --out /dev/null").exit_code == 0);
    CHECK(run_cli("report " + csv + " --out /dev/null").exit_code == 0);
    const CliResult piped = run_cli("convert " + jsonl + " --to jsonl --out /dev/stdout | wc -l");
    CHECK(piped.exit_code == 0);
    CHECK(has(piped.out, "3"));
}

TEST_CASE("an output that names the process's own stream is written through it, never replaced", "[records][outputs][own-stream]") {
    // `--out /dev/stdout` with stdout sent to a file: the writers renamed a temp file over the
    // /dev/stdout symlink (and merge made its sidecar and lock in /dev). /dev/fd/N and
    // /proc/self/fd/N are the same stream by other names; they are the ones tested here, so an
    // unfixed build fails on them (no temp file can be made in /proc) instead of damaging /dev.
    const std::string dir = fresh("own-stream");
    finished_run(dir);
    const std::string csv = dir + "/out/r.csv", jsonl = FUTOLAB_SOURCE_DIR "/tests/data/good/corpus.jsonl";
    for (const std::string stdout_name : {"/dev/fd/1", "/proc/self/fd/1"}) {
        INFO(stdout_name);
        fs::remove(dir + "/o.txt");
        CliResult r = run_cli("convert " + jsonl + " --to jsonl --out " + stdout_name + " > " + dir + "/o.txt");
        CHECK(r.exit_code == 0);
        CHECK(slurp(dir + "/o.txt") == run_cli("convert " + jsonl + " --to jsonl").out);
        r = run_cli("generate random --n 4 --count 3 --seed 1 --out " + stdout_name + " > " + dir + "/g.jsonl");
        CHECK(r.exit_code == 0);
        const std::string g = slurp(dir + "/g.jsonl");
        CHECK(std::count(g.begin(), g.end(), '\n') == 3);
        r = run_cli("report " + csv + " --out " + stdout_name + " > " + dir + "/r.html");
        CHECK(r.exit_code == 0);
        CHECK(slurp(dir + "/r.html").starts_with("<!DOCTYPE html>"));
        // A merged CSV needs a file: its sidecar and lock go beside it.
        r = run_cli("merge " + csv + " --out " + stdout_name + " > " + dir + "/m.csv");
        check_refused(r, "--out " + stdout_name + ": a merged results CSV");
        CHECK(slurp(dir + "/m.csv").empty());
    }
    CHECK_FALSE(fs::exists("/proc/self/fd/.1.lock"));
}

// Red-team round 28, A F2: standard error named as an output (`--out /dev/stderr`, `/dev/fd/2`,
// `/proc/self/fd/2`) was written through, so records and certificates went into the message
// stream (into the file 2> sent it to, among the progress and warnings). It is refused by any of
// its names before any work, also when 2> sent it to a file and when standard output is the
// same file (`2>&1`: then it is no "also --out -" either).
TEST_CASE("standard error by any of its names is no output of any command", "[records][outputs][own-stream][long]") {
    const std::string dir = fresh("stderr-out");
    finished_run(dir);
    const std::string csv = dir + "/out/r.csv", jsonl = FUTOLAB_SOURCE_DIR "/tests/data/good/corpus.jsonl";
    for (const std::string err : {"/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"}) {
        const std::vector<std::pair<std::string, std::string>> commands = {
            {"generate random --n 4 --count 3 --out " + err, "--out"},
            {"critical --n 4 --count 1 --out " + err, "--out"},
            {"critical --construct --n 3 --certificate " + err + " --out " + dir + "/y.jsonl", "--certificate"},
            {"critical --exact --n 3 --objective h --certificate " + err, "--certificate"},
            {"convert " + jsonl + " --to jsonl --out " + err, "--out"},
            {"report " + csv + " --out " + err, "--out"}};
        for (const auto& [command, option] : commands) {
            INFO(command);
            // Standard error a file (run_cli's), then one file with standard output.
            for (const std::string both : {"", " 2>&1"}) {
                const CliResult r = run_cli(command + both);
                const std::string said = both.empty() ? r.err : r.out;
                // The refusal alone (one line): nothing was written there.
                check_refused({r.exit_code, "", said},
                              option + " " + err + ": names this command's standard error, where its messages go");
            }
        }
    }
    CHECK_FALSE(fs::exists(dir + "/y.jsonl"));
}

TEST_CASE("two outputs of one command naming one file are refused", "[records][outputs][same-file]") {
    const std::string dir = fresh("same");
    std::ofstream(dir + "/old.cert") << "an old certificate\n";
    fs::create_symlink(dir + "/old.cert", dir + "/link.cert");
    fs::create_hard_link(dir + "/old.cert", dir + "/hard.cert");
    const std::string one_file = ": two outputs of one command cannot be one file";
    // A symlinked --out is refused before the two are compared: its results CSV would lie
    // beside the link's name, not the file's.
    const std::string symlinked = "--out " + dir + "/link.cert: is a symbolic link";
    for (const auto& [cert, out, why] : {std::tuple{dir + "/c.txt", dir + "/c.txt", "is also --out " + dir + "/c.txt" + one_file},
                                         {dir + "/c.txt", dir + "/./sub/../c.txt", "is also --out " + dir + "/./sub/../c.txt" + one_file},
                                         {dir + "/old.cert", dir + "/link.cert", symlinked},
                                         {dir + "/old.cert", dir + "/hard.cert", "is also --out " + dir + "/hard.cert" + one_file}}) {
        const std::string args = "critical --exact --n 3 --objective h --certificate " + cert + " --out " + out;
        INFO(args);
        for (const std::string force : {"", " --force"}) {
            const CliResult r = run_cli(args + force);
            check_refused(r, why);
        }
    }
    CHECK_FALSE(fs::exists(dir + "/c.txt"));
    CHECK(slurp(dir + "/old.cert") == "an old certificate\n");
    // Both discarded is fine; two files are fine.
    CHECK(run_cli("critical --exact --n 3 --objective h --certificate /dev/null --out /dev/null").exit_code == 0);
    CHECK(run_cli("critical --exact --n 3 --objective h --certificate " + dir + "/c.cert --out " + dir + "/c.jsonl").exit_code == 0);
    CHECK(has(slurp(dir + "/c.jsonl"), "\"n\":3"));
}

TEST_CASE("a results CSV that is a symlink or a hard link is refused by run, resume and redo", "[records][outputs][links]") {
    const std::string dir = fresh("links");
    const std::string cfg = finished_run(dir), csv = dir + "/out/r.csv";
    const std::string rows = slurp(csv);
    fs::rename(csv, dir + "/target.csv");
    for (const std::string link : {"symbolic link", "hard links"}) {
        fs::remove(csv);
        if (link == "symbolic link") fs::create_symlink(dir + "/target.csv", csv);
        else fs::create_hard_link(dir + "/target.csv", csv);
        for (const std::string extra : {"", " --resume", " --resume --redo unique", " --resume --redo error"}) {
            INFO(link << extra);
            const CliResult r = run_cli("run -q " + cfg + extra);
            check_refused(r, csv + ": " + (link == "symbolic link" ? "is a symbolic link" : "has 2 names (hard links)"));
            CHECK(slurp(dir + "/target.csv") == rows);  // the target keeps every row
            struct stat st {};
            REQUIRE(::lstat(csv.c_str(), &st) == 0);
            CHECK(S_ISLNK(st.st_mode) == (link == "symbolic link"));  // the link is still the link
        }
    }
    // A dangling symlink is not written through either.
    fs::remove(csv);
    fs::create_symlink(dir + "/elsewhere.csv", csv);
    check_refused(run_cli("run -q " + cfg), "is a symbolic link");
    CHECK_FALSE(fs::exists(dir + "/elsewhere.csv"));
    // A FIFO or a folder at the CSV's path: one line, not the library's "filesystem error".
    for (const std::string extra : {"", " --resume", " --resume --redo error"}) {
        fs::remove(csv);
        REQUIRE(::mkfifo(csv.c_str(), 0644) == 0);
        check_refused(bounded("run -q " + cfg + extra), csv + ": is a FIFO");
        fs::remove(csv);
        fs::create_directory(csv);
        check_refused(run_cli("run -q " + cfg + extra), csv + ": is a folder");
        fs::remove(csv);
    }
}

TEST_CASE("a sidecar that is a symlink or a folder is refused before the CSV is made", "[records][outputs][links]") {
    const std::string dir = fresh("sidecar-links");
    const std::string cfg = finished_run(dir), csv = dir + "/out/r.csv", meta = csv + ".meta.yaml";
    // A symlinked sidecar: a resume would replace the link by a new file, two copies that differ.
    fs::rename(meta, dir + "/stored.meta.yaml");
    fs::create_symlink(dir + "/stored.meta.yaml", meta);
    const std::string stored = slurp(dir + "/stored.meta.yaml");
    check_refused(run_cli("run -q " + cfg + " --resume --redo unique"), meta + ": is a symbolic link");
    CHECK(fs::is_symlink(meta));
    CHECK(slurp(dir + "/stored.meta.yaml") == stored);
    // A folder at a fresh sweep's sidecar path: refused before the CSV exists, so nothing is left
    // that a later plain `run` would call "results exist already".
    fs::remove_all(dir + "/out");
    fs::create_directories(meta);
    check_refused(run_cli("run -q " + cfg), meta + ": is a folder");
    CHECK_FALSE(fs::exists(csv));
    fs::remove_all(meta);
    CHECK(run_cli("run -q " + cfg).exit_code == 0);
}

// Round 7: a FIFO at the column schema's path was refused only after the CSV's header was
// written, leaving a file a plain `run` then called "results exist already".
TEST_CASE("a FIFO or folder where the schema or outputs file goes is refused before the CSV is made",
          "[records][outputs][fifo][long]") {
    const std::string dir = fresh("beside");
    const std::string cfg = finished_run(dir), csv = dir + "/out/r.csv";
    for (const std::string& beside : {csv + ".schema.json", dir + "/out/r.jsonl"}) {
        for (const bool fifo : {true, false}) {
            INFO(beside << (fifo ? " FIFO" : " folder"));
            fs::remove_all(dir + "/out");
            fs::create_directories(dir + "/out");
            if (fifo) REQUIRE(::mkfifo(beside.c_str(), 0644) == 0);
            else fs::create_directories(beside);
            check_refused(run_cli("run -q " + cfg), beside + ": is a " + (fifo ? "FIFO" : "folder"));
            CHECK_FALSE(fs::exists(csv));
            fs::remove_all(beside);
            CHECK(run_cli("run -q " + cfg).exit_code == 0);
        }
    }
}

TEST_CASE("convert of one instance to a folder writes it there, named after its id", "[records][outputs][convert]") {
    const std::string dir = fresh("convert");
    const std::string one = dir + "/one.jsonl";
    REQUIRE(run_cli("generate random --n 4 --count 1 --seed 7 --out " + one).exit_code == 0);
    fs::create_directory(dir + "/out");
    for (const std::string to : {"dzn", "jsonl", "futo"}) {
        INFO(to);
        const CliResult r = run_cli("convert " + one + " --to " + to + " --out " + dir + "/out");
        CHECK(r.exit_code == 0);
        CHECK(fs::is_regular_file(dir + "/out/random-n4-p0.30-q0.10-s7." + to));
    }
    // A new folder, named with a trailing slash.
    CHECK(run_cli("convert " + one + " --to dzn --out " + dir + "/new/").exit_code == 0);
    CHECK(fs::is_regular_file(dir + "/new/random-n4-p0.30-q0.10-s7.dzn"));
    // Several instances in a format that holds them all: the message says what to give.
    const std::string three = FUTOLAB_SOURCE_DIR "/tests/data/good/corpus.jsonl";
    const CliResult many = run_cli("convert " + three + " --to jsonl --out " + dir + "/out");
    check_refused(many, "--out " + dir + "/out: is a folder, and format 'jsonl' writes all 3 instances into one file: give a "
                        "file name (e.g. " + dir + "/out/NAME.jsonl)");
    // Round 9 (R9 #12): a new `d/` was said to be "a folder"; futo holds several instances too.
    const CliResult fresh_folder = run_cli("convert " + three + " --to futo --out " + dir + "/none/");
    check_refused(fresh_folder, "--out " + dir + "/none/: names a folder (it ends with /), and format 'futo' writes all 3 "
                                "instances into one file: give a file name (e.g. " + dir + "/none/NAME.futo)");
    CHECK_FALSE(fs::exists(dir + "/none"));
}

TEST_CASE("outputs that must be files refuse '-' and devices, and a file where a folder belongs is named", "[records][outputs][file-outputs]") {
    const std::string dir = fresh("file-outputs");
    const std::string cfg = finished_run(dir), csv = dir + "/out/r.csv";
    // merge: its sidecar and lock go beside the CSV; "-" made files named "-", /dev/null a lock in /dev.
    for (const std::string out : {"-", "/dev/null"}) {
        INFO(out);
        check_refused(run_cli("merge " + csv + " --out " + out, dir), "--out " + out + ": a merged results CSV");
    }
    CHECK_FALSE(fs::exists(dir + "/-"));
    check_refused(run_cli("report " + csv + " --out -", dir), "--out -: the report page needs a file");
    // A certificate is written whole, as --out: `-` is standard output, here already --out's.
    check_refused(run_cli("critical --exact --n 3 --objective h+k --certificate -", dir),
                  "--certificate -: is also --out -: two outputs of one command cannot be one file");
    CHECK_FALSE(fs::exists(dir + "/-"));
    // A file where an output folder belongs: named, not the library's "filesystem error".
    std::ofstream(dir + "/afile") << "x\n";
    check_refused(run_cli("analyze " + csv + " --tables " + dir + "/afile/sub"), "--tables " + dir + "/afile/sub: " + dir + "/afile is not a folder");
    check_refused(run_cli("analyze " + csv + " --plots " + dir + "/afile"), "--plots " + dir + "/afile: " + dir + "/afile is not a folder");
    check_refused(run_cli("critical --few-relations 2 --n 3 --checkpoint " + dir + "/afile"),
                  "--checkpoint " + dir + "/afile: " + dir + "/afile is not a folder");
}

// Red-team round 10: standard error was never checked. `run --resume 2>> out/r.csv` appended
// the progress bar to the results CSV, `2>> sidecar` broke every later resume, `critical
// --certificate c 2>> c` wrote the certificate through standard error after the progress bar,
// and analyze, compare and merge wrote their warnings into an input given as `2>>`. Now a file
// that is also this command's standard error (or output) is refused before any work, as an
// input or as an output, and the refusal is printed on standard output, so the file is
// untouched. `analyze a.csv >> a.csv.meta.yaml` only warned, then appended its tables.
TEST_CASE("a file that is also the command's standard error or output is refused, and left as it was",
          "[records][outputs][own-stream]") {
    const std::string dir = fresh("stderr-alias");
    const std::string cfg = finished_run(dir), csv = dir + "/out/r.csv", meta = csv + ".meta.yaml";
    const std::string rows = slurp(csv), sidecar = slurp(meta);
    const auto refused_on_stdout = [](const CliResult& r, const std::string& part) {
        INFO(r.out << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.out, part));
        CHECK(has(r.out, "is also this command's standard error"));
    };
    refused_on_stdout(run_cli("run " + cfg + " --resume 2>> " + csv), csv);
    refused_on_stdout(run_cli("run " + cfg + " --resume 2>> " + meta), meta);
    for (const std::string& command : {"analyze " + csv, "compare " + csv + " " + csv, "merge " + csv + " --out " + dir + "/m.csv",
                                       "report " + csv + " --out " + dir + "/r.html"})
        refused_on_stdout(run_cli(command + " 2>> " + csv), csv);
    CHECK(slurp(csv) == rows);
    CHECK(slurp(meta) == sidecar);
    // As outputs: nothing is written through standard error into them.
    std::ofstream(dir + "/c.cert") << "";
    refused_on_stdout(run_cli("critical --exact --n 3 --objective h --certificate " + dir + "/c.cert --out " + dir +
                              "/o.jsonl 2>> " + dir + "/c.cert"),
                      "--certificate " + dir + "/c.cert");
    CHECK(slurp(dir + "/c.cert").empty());
    std::ofstream(dir + "/g.jsonl") << "";
    refused_on_stdout(run_cli("generate random --n 4 --count 2 --out " + dir + "/g.jsonl 2>> " + dir + "/g.jsonl"),
                      "--out " + dir + "/g.jsonl");
    CHECK(slurp(dir + "/g.jsonl").empty());
    // Standard output appended to an input's sidecar: refused, not a warning.
    const CliResult r = run_cli("analyze " + csv + " >> " + meta);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "standard output " + meta + " is a metadata sidecar"));
    CHECK(slurp(meta) == sidecar);
    // A plain path of the file standard output goes to is a second writer of it, not the stream.
    std::ofstream(dir + "/same.jsonl") << "";
    check_refused(run_cli("generate random --n 4 --count 2 --out " + dir + "/same.jsonl > " + dir + "/same.jsonl"),
                  "is also this command's standard output");
}

// Red-team round 10: `critical --certificate /dev/stdout` was accepted (`-` was refused), and
// the certificate went into the JSONL on standard output: two outputs of one command are never
// one stream, by any name.
TEST_CASE("two outputs of one command are never one stream", "[records][outputs][own-stream]") {
    const std::string dir = fresh("one-stream");
    check_refused(run_cli("critical --construct --n 3 --certificate /dev/fd/1 > " + dir + "/x.jsonl"),
                  "--certificate /dev/fd/1: is also --out -: two outputs of one command cannot be one file");
    CHECK(slurp(dir + "/x.jsonl").empty());
}

// Red-team round 10: a generate run's corpus (`<stem>.jsonl`, its `output` column exported)
// was replaced by merge, report, convert, generate and critical --out without --force.
TEST_CASE("a results CSV's exported outputs are not replaced without --force", "[records][outputs]") {
    const std::string dir = fresh("outputs-file");
    std::ofstream(dir + "/g.yaml") << "name: g\nseed: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: 2 }\n"
                                      "methods: [ unique ]\noutput: " << dir << "/out/g.csv\n";
    REQUIRE(run_cli("run -q " + dir + "/g.yaml").exit_code == 0);
    const std::string corpus = dir + "/out/g.jsonl", before = slurp(corpus);
    REQUIRE_FALSE(before.empty());
    const std::string why = "is the outputs file of the results CSV " + dir + "/out/g.csv";
    check_refused(run_cli("merge " + dir + "/out/g.csv --out " + corpus), why);
    check_refused(run_cli("generate random --n 4 --count 1 --out " + corpus), why);
    // critical's own results CSV beside --out would be g.csv, which critical did not make:
    // neither resumed nor replaced, with --force or without.
    const std::string not_made = dir + "/out/g.csv (the results CSV of --out " + corpus + ") is not one futolab critical made";
    check_refused(run_cli("critical --n 4 --out " + corpus), not_made);
    check_refused(run_cli("critical --n 4 --force --out " + corpus), not_made);
    check_refused(run_cli("convert " + corpus + " --to jsonl --out " + corpus), "--out " + corpus);
    CHECK(slurp(corpus) == before);
    CHECK(run_cli("generate random --n 4 --count 1 --out " + corpus + " --force").exit_code == 0);
}
