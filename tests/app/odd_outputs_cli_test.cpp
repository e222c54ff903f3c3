// Red-team round 12 (issue #45), tester A's findings 1, 5 and 6 and the `--out -` borderline:
// an output ending in '/' made a folder at the output's name (after the whole search for
// --exact, or beside a live writer, whose last write then failed), a name too long came out as
// the library's "filesystem error", a FIFO in the folder part was called "a file" after the
// work, and records sent to a standard output redirected onto a finished experiment's results
// CSV were appended to it. Each is refused before any work, exit 2, with one line naming the
// option, the path and the problem, and nothing is made. And a lock file whose pid a full disk
// kept out was taken for another futolab's ("another futolab (pid ?) is writing t.csv").
#include "../records/records_cli.hpp"
#include "core/error.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl";

// DIR/k.yaml: a small sweep writing its results CSV to `output`.
void write_config(const fs::path& dir, const std::string& output) {
    std::ofstream(dir / "k.yaml") << "name: k\nisolation: thread\nmode: { count: 2 }\ninstances: [ { file: " << kPuzzle
                                  << " } ]\nsolvers: [ fc ]\noutput: " << output << "\n";
}

// A finished experiment in DIR: DIR/k.csv with its sidecar and schema.
std::string finished_run(const fs::path& dir) {
    write_config(dir, "k.csv");
    REQUIRE(run_cli("run k.yaml -q", dir.string()).exit_code == 0);
    REQUIRE(fs::exists(dir / "k.csv.meta.yaml"));
    return (dir / "k.csv").string();
}

}  // namespace

TEST_CASE("a file output ending in / is refused before any work by every command, and no folder is made",
          "[cli][output]") {
    const fs::path dir = fresh_dir("app", "odd-out-slash");
    const std::string csv = finished_run(dir);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"critical --n 4 --count 2 --out a.jsonl/", "--out a.jsonl/"},
        {"critical --n 4 --count 2 --out a.jsonl/ --resume", "--out a.jsonl/"},
        {"critical --exact --n 4 --objective k --out a.jsonl/", "--out a.jsonl/"},
        {"critical --construct --n 5 --certificate a.jsonl/", "--certificate a.jsonl/"},
        {"generate unique --n 4 --count 2 --out a.jsonl/", "--out a.jsonl/"},
        {"merge " + csv + " --out a.jsonl/", "--out a.jsonl/"},
        {"report " + csv + " --out a.jsonl/", "--out a.jsonl/"},
        {"convert " + kPuzzle + " --to jsonl --out a.jsonl/sub/.", "--out a.jsonl/sub/."}};
    for (const auto& [command, option] : cases) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, option + ": names a folder"));
        CHECK(r.out.empty());
        CHECK_FALSE(fs::exists(dir / "a.jsonl"));
    }
    fs::remove_all(dir);
}

TEST_CASE("a second critical --out s.jsonl/ beside a live writer of s.csv makes nothing at its name", "[cli][output][lock]") {
    const fs::path dir = fresh_dir("app", "odd-out-live");
    std::ofstream(dir / "s.csv") << "";
    // Another process writing s.csv, as a live `critical --out s.jsonl` does.
    const futolab::test::OtherProcess live([&] { return std::make_shared<futolab::OutputLock>((dir / "s.csv").string()); });
    const auto r = run_cli("critical --n 4 --count 2 --out s.jsonl/ --resume", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--out s.jsonl/: names a folder (it ends with /)"));
    CHECK_FALSE(fs::exists(dir / "s.jsonl"));  // the live search's --out could not be written had it been made
}

TEST_CASE("an output name too long is refused in one line naming the option, never as a filesystem error",
          "[cli][output]") {
    const fs::path dir = fresh_dir("app", "odd-out-long");
    const std::string too_long = std::string(300, 'a') + ".jsonl";
    const std::string lock_too_long = std::string(246, 'b') + ".jsonl";  // 252 bytes: its .NAME.lock has 258
    for (const std::string& command : {"critical --n 4 --count 2 --out " + too_long, "generate unique --n 4 --out " + too_long,
                                       "critical --n 4 --count 2 --out " + std::string(300, 'a')}) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--out " + std::string(300, 'a')));
        CHECK(has(r.err, ": name too long ("));
        CHECK_FALSE(has(r.err, "filesystem error"));
    }
    const auto r = run_cli("generate unique --n 4 --out " + lock_too_long, dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--out " + lock_too_long + ": name too long for its lock file"));
    CHECK(fs::is_empty(dir));  // nothing written unlocked
    // A run's results CSV and the files beside it: its schema's name is 12 bytes longer.
    for (const std::string& stem : {std::string(300, 'c'), std::string(246, 'c')}) {
        write_config(dir, stem + ".csv");
        const auto run = run_cli("run k.yaml -q", dir.string());
        INFO(run.err);
        CHECK(run.exit_code == 2);
        CHECK(has(run.err, ": name too long"));
    }
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(dir)) left.push_back(entry.path().filename().string());
    CHECK(left == std::vector<std::string>{"k.yaml"});  // no CSV, sidecar or lock: only the config
}

TEST_CASE("a FIFO in an output's folder part is named as a FIFO before any work", "[cli][output]") {
    const fs::path dir = fresh_dir("app", "odd-out-fifo");
    REQUIRE(::mkfifo((dir / "ff").c_str(), 0600) == 0);
    for (const std::string& command : {std::string("critical --n 4 --count 2 --out ff/x.jsonl"),
                                       std::string("generate unique --n 4 --count 2 --out ff/x.jsonl"),
                                       "report " + kPuzzle + " --out ff/x.html"}) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--out ff/x."));
        CHECK(has(r.err, ": ff is not a folder but a FIFO (named pipe)"));
    }
    // A run's --out names the CSV's folder: what is there is named by its kind too.
    write_config(dir, "k.csv");
    const auto r = run_cli("run k.yaml -q --out ff", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "ff: is a FIFO (named pipe), not a folder"));
    fs::remove_all(dir);
}

TEST_CASE("records sent to standard output redirected onto an experiment's CSV, sidecar or schema are refused",
          "[cli][output][stream]") {
    const fs::path dir = fresh_dir("app", "odd-out-stdout");
    const std::string csv = finished_run(dir);
    const std::string before = slurp(csv);
    for (const std::string& command :
         {std::string("critical --n 4 --count 1 --out - >> k.csv"), std::string("critical --n 4 --count 1 >> k.csv"),
          std::string("critical --n 4 --count 1 --out /dev/stdout --force >> k.csv"),
          std::string("generate unique --n 4 --count 1 >> k.csv"), std::string("generate unique --n 4 --out - >> k.csv"),
          "solve " + kPuzzle + " >> k.csv", "convert " + kPuzzle + " --to jsonl >> k.csv",
          std::string("critical --n 4 --count 1 >> k.csv.schema.json"),
          std::string("generate unique --n 4 --count 1 >> k.csv.meta.yaml")}) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "standard output "));
        CHECK(has(r.err, "/k.csv"));
        CHECK(has(r.err, " is a"));
        CHECK(slurp(csv) == before);
    }
    // Any other file takes them, a CSV without a sidecar (no experiment's) too.
    fs::copy_file(csv, dir / "plain.csv");
    CHECK(run_cli("critical --n 4 --count 1 >> plain.csv", dir.string()).exit_code == 0);
    CHECK(run_cli("critical --n 4 --count 1 --out - >> other.jsonl", dir.string()).exit_code == 0);
    CHECK(slurp((dir / "other.jsonl").string()).size() > 10);
    fs::remove_all(dir);
}

// Red-team round 19, A F4: grade and check appended their lines to a finished experiment's
// results CSV, sidecar, schema or exported outputs, exit 0, and the next resume was refused; the
// tables of analyze, compare, schema and list, and the summaries of run, merge and report, went
// in as well. Whatever the command prints, such a standard output is refused first thing.
TEST_CASE("no command prints onto an experiment's CSV, sidecar, schema, outputs or lock", "[cli][output][stream][long]") {
    const fs::path dir = fresh_dir("app", "odd-out-any-stdout");
    std::ofstream(dir / "fr.yaml") << "name: fr\ntask: few-relations\ninstances:\n  - few_relations: { n: 3, k: 2 }\n"
                                      "methods: [ \"few-relations\" ]\noutput: fr.csv\n";
    REQUIRE(run_cli("run fr.yaml -q", dir.string()).exit_code == 0);
    const std::vector<std::string> files = {"fr.csv", "fr.csv.meta.yaml", "fr.csv.schema.json", "fr.jsonl", ".fr.csv.lock"};
    std::vector<std::string> before;
    for (const std::string& file : files) {
        REQUIRE(fs::exists(dir / file));
        before.push_back(slurp((dir / file).string()));
    }
    for (const std::string& command :
         {"grade " + kPuzzle, "grade --format csv " + kPuzzle, "check " + kPuzzle, std::string("analyze fr.csv"),
          std::string("compare fr.csv fr.csv"), std::string("schema"), std::string("schema fr.csv"), std::string("list"),
          std::string("report fr.csv --out r.html"), std::string("merge fr.csv --out m.csv"),
          std::string("run fr.yaml --resume"), std::string("grade --help"), std::string("--version")})
        for (const std::string& file : files) {
            INFO(command << " >> " << file);
            const auto r = run_cli(command + " >> " + file, dir.string());
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "/" + file));
            if (file != ".fr.csv.lock") CHECK(has(r.err, "standard output /"));  // a lock: named as one before
            for (std::size_t i = 0; i < files.size(); ++i) CHECK(slurp((dir / files[i]).string()) == before[i]);
        }
    // A results CSV with no sidecar is no experiment's: it takes them.
    fs::copy_file(dir / "fr.csv", dir / "plain.csv");
    CHECK(run_cli("grade " + kPuzzle + " >> plain.csv", dir.string()).exit_code == 0);
    CHECK(run_cli("check " + kPuzzle + " >> plain.csv", dir.string()).exit_code == 0);
    CHECK(run_cli("run fr.yaml --resume -q", dir.string()).exit_code == 0);
    fs::remove_all(dir);
}

// The same for a few-relations checkpoint file (A case 197e): `critical >> ck/…-shard-000-of-002.yaml`
// appended records to it, and the next command with that --checkpoint refused it for good.
TEST_CASE("no command prints onto a few-relations checkpoint file", "[cli][output][stream]") {
    const fs::path dir = fresh_dir("app", "odd-out-checkpoint-stdout");
    const std::string count = "critical --n 3 --few-relations 2 --checkpoint ck --shards 2";
    REQUIRE(run_cli(count, dir.string()).exit_code == 0);
    const std::string shard = "ck/n3-k2-shard-000-of-002.yaml", before = slurp((dir / shard).string());
    for (const std::string& command :
         {"grade " + kPuzzle + " >> " + shard, "check " + kPuzzle + " >> " + shard, "critical --n 4 --count 1 >> " + shard,
          "critical --n 3 --few-relations 2 >> " + shard, "list >> " + shard, "grade " + kPuzzle + " 2>> " + shard}) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.out + r.err, shard));
        CHECK(has(r.out + r.err, "is a few-relations checkpoint file"));
        CHECK(slurp((dir / shard).string()) == before);
    }
    CHECK(run_cli(count, dir.string()).exit_code == 0);  // it still reads the folder
    fs::remove_all(dir);
}

// The same for a checkpoint folder's table and a certificate (by their first lines), which
// --check-certificate reads back: `futolab list >> cert.txt` made it another file.
TEST_CASE("no command prints onto a few-relations table or a certificate", "[cli][output][stream]") {
    const fs::path dir = fresh_dir("app", "odd-out-table-certificate-stdout");
    REQUIRE(run_cli("critical --n 3 --few-relations 2 --checkpoint ck --shards 2", dir.string()).exit_code == 0);
    REQUIRE(run_cli("critical --construct --n 4 --certificate cert.txt --out c.jsonl", dir.string()).exit_code == 0);
    for (const auto& [file, kind] : {std::pair<std::string, std::string>{"ck/n3-k2-of-002.table.md", "a few-relations checkpoint table"},
                                     {"cert.txt", "a futolab certificate"}}) {
        const std::string before = slurp((dir / file).string());
        for (const std::string& command : {"grade " + kPuzzle + " >> " + file, "list >> " + file,
                                           "critical --n 4 --count 1 >> " + file, "grade " + kPuzzle + " 2>> " + file}) {
            INFO(command);
            const auto r = run_cli(command, dir.string());
            CHECK(r.exit_code == 2);
            CHECK(has(r.out + r.err, file));
            CHECK(has(r.out + r.err, "is " + kind));
            CHECK(slurp((dir / file).string()) == before);
        }
    }
    CHECK(run_cli("critical --check-certificate cert.txt", dir.string()).exit_code == 0);
    fs::remove_all(dir);
}

namespace {

// What taking the lock of `csv` throws in a child that may write no byte into a file (a file
// size limit of 0, as a full disk: the lock file is made, its pid cannot be written): "input: …"
// for an InputError (exit 2), "runtime: …" for another error (exit 1), "taken" if none.
std::string lock_on_full_disk(const std::string& csv) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        std::signal(SIGXFSZ, SIG_IGN);  // the write fails with EFBIG instead of killing the child
        const struct rlimit none {0, 0};
        std::string said = "taken";
        if (::setrlimit(RLIMIT_FSIZE, &none) != 0) said = "no limit";
        try {
            const futolab::OutputLock lock(csv);
        } catch (const futolab::InputError& e) {
            said = std::string("input: ") + e.what();
        } catch (const std::exception& e) {
            said = std::string("runtime: ") + e.what();
        }
        [[maybe_unused]] const ssize_t n = ::write(fds[1], said.data(), said.size());
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string said(4096, '\0');
    const ssize_t n = ::read(fds[0], said.data(), said.size());
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    said.resize(static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
    return said;
}

}  // namespace

TEST_CASE("a lock whose pid cannot be written is the disk's failure, not another futolab's, and blocks no one later",
          "[records][lock]") {
    const fs::path dir = fresh_dir("app", "odd-out-full-lock");
    const std::string csv = (dir / "t.csv").string();
    const std::string said = lock_on_full_disk(csv);
    INFO(said);
    CHECK(said.starts_with("runtime: cannot write " + futolab::lock_path(csv) + ": "));
    CHECK_FALSE(has(said, "another futolab"));
    REQUIRE(fs::exists(futolab::lock_path(csv)));
    CHECK(fs::file_size(futolab::lock_path(csv)) == 0);  // left empty, as on the full disk
    // Space back: the empty lock file is no one's lock (the flock died with its taker).
    const futolab::OutputLock lock(csv);
    CHECK(slurp(futolab::lock_path(csv)) == std::to_string(::getpid()) + "\n");
    fs::remove_all(dir);
}

// Red-team round 22, A F3: `--out /dev/stdin` with standard input redirected from a file was
// renamed over (in /dev itself), and merge made its sidecar, schema and lock there. A path that
// reaches a descriptor other than standard output and error is refused before anything is made.
// The test names it through /proc/self/fd/0 and /dev/fd/0 only: with the fix undone a write
// there fails (exit 1) rather than replacing the machine's /dev/stdin.
TEST_CASE("an output naming standard input or another descriptor of the command is refused before anything is made",
          "[cli][output][stream]") {
    const fs::path dir = fresh_dir("odd-outputs", "stdin-out");
    std::ofstream(dir / "in.txt") << "keep\n";
    REQUIRE(run_cli("generate random --n 4 --count 2 --out g.jsonl", dir.string()).exit_code == 0);
    for (const std::string target : {"/proc/self/fd/0", "/dev/fd/0"}) {
        for (const std::string& args :
             {"convert g.jsonl --to jsonl --out " + target, "generate random --n 4 --out " + target,
              "critical --construct --n 4 --out c.jsonl --certificate " + target}) {  // (critical --out refuses links)
            const auto r = run_cli(args + " < in.txt", dir.string());
            INFO(args << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, target + ": names a descriptor of this command other than its standard output and error"));
        }
    }
    CHECK(slurp((dir / "in.txt").string()) == "keep\n");
    CHECK_FALSE(fs::exists(dir / "c.jsonl"));
}

// Left open in red-team round 22: a folder output or a run's results CSV naming a descriptor
// (/dev/fd/97, there or not, or a folder under /proc/self/fd/0) failed as the folder or lock
// was made, "No such file or directory", exit 1. Refused as a file output there is, exit 2.
TEST_CASE("a folder output or a run's CSV naming a descriptor of the command is refused before anything is made",
          "[cli][output][stream]") {
    const fs::path dir = fresh_dir("odd-outputs", "fd-folders");
    std::ofstream(dir / "in.txt") << "keep\n";
    REQUIRE(run_cli("generate random --n 4 --count 2 --out g.jsonl", dir.string()).exit_code == 0);
    const std::string sweep = "name: q\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: g.jsonl\nsolvers: [ gac ]\n";
    std::ofstream(dir / "q.yaml") << sweep << "output: r/r.csv\n";
    std::ofstream(dir / "fd.yaml") << sweep << "output: /dev/fd/97\n";
    std::ofstream(dir / "under.yaml") << sweep << "output: /dev/fd/97/r.csv\n";
    REQUIRE(run_cli("run -q q.yaml", dir.string()).exit_code == 0);
    for (const std::string args :
         {"analyze r/r.csv --tables /dev/fd/97", "analyze r/r.csv --plots /proc/self/fd/0/plots",
          "critical --few-relations 2 --n 3 --checkpoint /dev/fd/97", "convert g.jsonl --to futo --out /dev/fd/97/",
          "convert g.jsonl --to jsonl --out /proc/self/fd/97/x/g.jsonl", "run -q q.yaml --out /dev/fd/97", "run -q fd.yaml",
          "run -q under.yaml"}) {
        const auto r = run_cli(args + " < in.txt", dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "names a descriptor of this command"));
    }
    CHECK(slurp((dir / "in.txt").string()) == "keep\n");
}

// A F4 (round 24): a second `run --shard 0/2` of a shard another futolab writes was refused
// naming the unsharded CSV (`output out/p.csv: another futolab … is writing it`), a file nobody
// writes; the refusal names the shard's CSV. The writer here is this test process, holding that
// CSV's lock as `run` does: no timing involved.
TEST_CASE("run --shard refuses a live shard naming the shard CSV that is locked", "[cli][run][locks]") {
    const fs::path dir = fresh_dir("odd-outputs", "live-shard");
    std::ofstream(dir / "p.yaml") << "name: p\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                     "/corpora/tatham-dev/n04.tatham\nsolvers: [ gac ]\noutput: out/p.csv\n";
    const futolab::OutputLock writing((dir / "out" / "p.shard-0-of-2.csv").string());
    for (const std::string resume : {"", " --resume"}) {
        const auto r = run_cli("run p.yaml -q -j 1 --shard 0/2" + resume, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "p.yaml:6:9: output out/p.csv: out/p.shard-0-of-2.csv: another futolab (pid " +
                             std::to_string(::getpid()) + ") is writing it"));
    }
}

// Red-team round 30, F1: /dev/tty with no controlling terminal (setsid: a session of its own, as
// under cron or CI) cannot be opened; `critical --certificate /dev/tty` searched every class,
// wrote its CSV, and then was refused with "is a FIFO (named pipe) with no reader". A device
// output is opened once before any work now, and named as a device.
TEST_CASE("a device output that cannot be opened is refused before any work and named as a device", "[cli][output]") {
    const fs::path dir = fresh_dir("app", "odd-out-tty");
    for (const std::string& args : {std::string("critical --exact --n 3 --objective h+k --certificate /dev/tty --out x.jsonl"),
                                    std::string("critical --construct --n 5 --certificate /dev/tty"),
                                    std::string("critical --few-relations 3 --n 3 --out /dev/tty"),
                                    std::string("critical --n 4 --count 2 --out /dev/tty"),
                                    std::string("generate random --out /dev/tty"), "convert " + kPuzzle + " --to futo --out /dev/tty"}) {
        INFO(args);
        const auto r = futolab::test::run_cli_env("setsid -w ", args, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "/dev/tty: is a device that cannot be opened for writing (No such device or address: this "
                         "command has no controlling terminal)"));
        CHECK_FALSE(has(r.err, "FIFO"));
        CHECK_FALSE(has(r.err, "classes"));  // no progress: nothing searched
        CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 0);
    }
    fs::remove_all(dir);
}
