// Outputs reserved from the start of the work and written at its end (red-team round 14, A F2
// F4 F5 F6 F8): a lock that cannot be made is refused before any work; a name too long for a
// file beside the results CSV leaves no lock behind; `--certificate -` is standard output; a
// lock removed or replaced meanwhile stops the write; a folder under a second name (a bind
// mount) is one folder.
#include "records_cli.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

fs::path fresh(const std::string& name) { return futolab::test::fresh_dir("output-reservation", name); }

constexpr const char* kSquare = "--square \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\" --objective h+k";

// The lock files in `dir` (`.NAME.lock`).
int locks_in(const fs::path& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().ends_with(".lock");
    return n;
}

// `script` in bash from `dir`, with $F the futolab under test; its standard output.
std::string run_script(const fs::path& dir, const std::string& script) {
    const fs::path file = dir / "script.sh", out = dir / "script.out";
    std::ofstream(file) << "export F='" FUTOLAB_CLI "'\n" << script;
    const std::string cmd = "cd '" + dir.string() + "' && bash script.sh >script.out 2>script.err";
    [[maybe_unused]] const int rc = std::system(cmd.c_str());
    return futolab::test::slurp(out.string());
}

}  // namespace

TEST_CASE("an output whose lock cannot be made is refused before any work", "[records][outputs][reserve]") {
    // /proc/self takes no new file, even from root (EACCES): as a read-only or full file system.
    REQUIRE_THROWS_AS(OutputLock("/proc/self/futolab-test.jsonl"), LockNotMade);
    const fs::path dir = fresh("unmade-lock");
    SECTION("critical --exact --n: the search does not run") {
        const auto r = run_cli("critical --exact --n 3 --objective h+k --out o.jsonl --certificate /proc/self/c.txt",
                               dir.string());
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "cannot write /proc/self/.c.txt.lock"));
        CHECK_FALSE(fs::exists(dir / "o.jsonl"));  // was written, then the certificate failed
    }
    SECTION("critical --exact --square: no run is made") {
        const auto r = run_cli(std::string("critical --exact ") + kSquare + " --out o.jsonl --certificate /proc/self/c.txt",
                               dir.string());
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "cannot write /proc/self/.c.txt.lock"));
        CHECK_FALSE(fs::exists(dir / "o.csv"));
    }
}

TEST_CASE("a name too long for a file beside the results CSV leaves no lock behind", "[records][outputs][reserve]") {
    const std::string stem(212, 'a');  // fits with .jsonl and .csv, not the schema's temporary name
    const fs::path dir = fresh("long-companion");
    SECTION("critical --out") {
        const auto r = run_cli(std::string("critical --exact ") + kSquare + " --out " + stem + ".jsonl", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "name too long"));
        CHECK(locks_in(dir) == 0);
    }
    SECTION("a run config's output") {
        const std::string config = futolab::test::sweep_config(dir.string());
        std::string text = futolab::test::slurp(config);
        text.replace(text.find("out/r.csv"), 9, "out/" + stem + ".csv");
        std::ofstream(config) << text;
        const auto r = run_cli("run " + config, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "name too long"));
        CHECK((!fs::exists(dir / "out") || locks_in(dir / "out") == 0));
    }
}

TEST_CASE("critical --certificate - is standard output, as /dev/stdout is", "[records][outputs][reserve]") {
    const fs::path dir = fresh("certificate-stdout");
    const auto r = run_cli(std::string("critical --exact ") + kSquare + " --out o.jsonl --certificate -", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(r.out.starts_with("{\"certificate\":\"futolab-square-critical\""));
    CHECK_FALSE(fs::exists(dir / "-"));
    // Without --out the records go there too: one stream, refused.
    const auto both = run_cli(std::string("critical --exact ") + kSquare + " --certificate -", dir.string());
    CHECK(both.exit_code == 2);
    CHECK(has(both.err, "two outputs of one command"));
}

TEST_CASE("a whole-file output whose lock was removed meanwhile is not written", "[records][outputs][reserve][long]") {
    const fs::path dir = fresh("lock-removed");
    // The first search is stopped (SIGSTOP) once its certificate's lock is there; its lock is
    // removed and a second futolab takes the name and writes it; then the first goes on. Two
    // squares of order 5 keep the first search busy for ~1 s (order 6 took 19 s, 400 s under
    // ASan) while the lock is polled every 10 ms.
    const std::string out = run_script(dir, R"(
$F generate random --n 5 --count 2 --seed 5 --out s.jsonl >/dev/null 2>&1
$F critical --exact --input s.jsonl --objective 2h+3k --out o.jsonl --certificate c.txt 2>first.err & p=$!
until [ -s .c.txt.lock ] || ! kill -0 $p 2>/dev/null; do sleep 0.01; done
kill -STOP $p
[ -e c.txt ] && echo raced
rm .c.txt.lock
$F critical --exact --square "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4" --objective h+k --out q.jsonl --certificate c.txt 2>/dev/null
echo second=$?
cp c.txt second.txt
kill -CONT $p
wait $p; echo first=$?
cmp -s c.txt second.txt && echo kept
)");
    if (has(out, "raced")) {
        WARN("the first search wrote its certificate before it was stopped: nothing to check");
        return;
    }
    CHECK(has(out, "second=0"));
    CHECK(has(out, "first=1"));
    CHECK(has(out, "kept"));  // the second futolab's certificate, not replaced
    CHECK(has(futolab::test::slurp((dir / "first.err").string()), "c.txt: not written: "));
}

TEST_CASE("outputs through a bind-mounted folder are one file", "[records][outputs][reserve]") {
    const fs::path dir = fresh("bind-mount");
    if (std::system("unshare -m true >/dev/null 2>&1") != 0) {
        WARN("unshare -m is not permitted here: the bind-mount case is not checked");
        return;
    }
    const std::string out = run_script(dir, std::string(R"(
mkdir a c
unshare -m sh -c 'mount --bind a c &&
  $F critical --exact )") + kSquare + R"( --out a/o.jsonl --certificate c/o.csv.meta.yaml 2>sidecar.err; echo sidecar=$?;
  $F critical --exact )" + kSquare + R"( --out c/o.jsonl --certificate a/o.jsonl 2>records.err; echo records=$?'
)");
    CHECK(has(out, "sidecar=2"));
    CHECK(has(futolab::test::slurp((dir / "sidecar.err").string()), "two outputs of one command"));
    CHECK(has(out, "records=2"));
    CHECK(has(futolab::test::slurp((dir / "records.err").string()), "two outputs of one command"));
}

// A lock file an earlier run left (every run leaves one) on a disk now read-only: opening it
// fails as making one fails, the disk's failure (exit 1), never bad input (red-team round 19,
// A F5: exit 2 with the lock there, exit 1 without). Each kind of lock: a results CSV's, a
// certificate's (another search's: --force), a few-relations checkpoint's table and shard, a
// run's, a merge's.
TEST_CASE("a lock file left on a disk now read-only is the disk failure, exit 1, as a lock not made",
          "[records][outputs][reserve]") {
    const fs::path dir = fresh("read-only-lock");
    if (std::system("unshare -m sh -c 'mount -t tmpfs tmpfs /mnt' >/dev/null 2>&1") != 0) {
        WARN("mounts are not permitted here: the read-only disk case is not checked");
        return;
    }
    fs::create_directories(dir / "rw");
    const std::string config = futolab::test::sweep_config((dir / "rw").string());
    const std::string out = run_script(dir, std::string(R"(
cd rw
$F critical --construct --n 4 --out c.jsonl >/dev/null 2>&1
$F critical --exact )") + kSquare + R"( --out e.jsonl --certificate e.cert >/dev/null 2>&1
$F critical --n 3 --few-relations 2 --checkpoint ck --shards 2 >/dev/null 2>&1
$F run -q )" + config + R"( >/dev/null 2>&1
ls -a . ck out | grep -c '\.lock$'
cd ..
unshare -m sh -c 'mount --bind rw rw && mount -o remount,bind,ro rw && cd rw &&
  { $F critical --construct --n 4 --out c.jsonl --resume 2>../csv.err; echo csv=$?;
    $F critical --exact )" + kSquare + R"( --out e2.jsonl --certificate e.cert --force 2>../certificate.err; echo certificate=$?;
    $F critical --n 3 --few-relations 2 --checkpoint ck --shards 2 2>../table.err; echo table=$?;
    $F critical --n 3 --few-relations 2 --checkpoint ck --shard 1/2 2>../shard.err; echo shard=$?;
    $F run -q --resume )" + config + R"( 2>../run.err; echo run=$?;
    $F merge c.csv --out c.csv --force 2>../merge.err; echo merge=$?; }; cd .. && umount rw'
)");
    REQUIRE(out.starts_with("8\n"));  // c.csv's, e.csv's, e.cert's, ck's table, CSV and 2 shards, r.csv's
    for (const std::string lock : {"csv", "certificate", "table", "shard", "run", "merge"}) {
        INFO(lock);
        CHECK(has(out, lock + "=1\n"));
        const std::string err = futolab::test::slurp((dir / (lock + ".err")).string());
        CHECK(has(err, ".lock: cannot open the lock of "));
        CHECK(has(err, "Read-only file system"));
    }
}
