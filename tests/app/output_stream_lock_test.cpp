// app/load.hpp, OutputStream (round 9, R1): a generate or critical stream stops at the next
// record once its lock file is removed or replaced, since a second writer could lock the new
// file and write the same output; the records written before stay whole.
#include "app/load.hpp"
#include "cli_runner.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

TEST_CASE("a record stream stops when its lock is no longer its own", "[app][lock]") {
    namespace fs = std::filesystem;
    const std::string dir = futolab::test::fresh_dir("stream-lock", "held").string(), out = dir + "/g.jsonl";
    futolab::app::OutputStream stream(out);
    stream.write("{\"id\":\"first\"}\n");
    fs::remove(futolab::lock_path(out));
    CHECK_THROWS_AS(stream.write("{\"id\":\"second\"}\n"), std::runtime_error);
    CHECK(futolab::test::slurp(out) == "{\"id\":\"first\"}\n");
}

// Red-team round 10: `generate > g.jsonl` took no lock, so `generate --out g.jsonl` (no --force)
// wrote into the same inode (NUL bytes between the two streams' records). Standard output that
// is a regular file is now locked by that file's own name: here this test process is the other
// writer, holding the lock, and the redirected generate is refused without writing a byte.
TEST_CASE("a record stream to a redirected standard output takes the file's lock", "[app][lock]") {
    const std::string dir = futolab::test::fresh_dir("stream-lock", "stdout").string(), out = dir + "/g.jsonl";
    futolab::app::OutputStream first(out);  // another writer of g.jsonl
    first.write("{\"id\":\"first\"}\n");
    const auto r = futolab::test::run_cli("generate random --n 4 --count 3 >> " + out);
    CHECK(r.exit_code == 2);
    CHECK(futolab::test::has(r.err, "is writing it"));
    CHECK(futolab::test::slurp(out) == "{\"id\":\"first\"}\n");
}

// Red-team round 10: two `critical --few-relations --checkpoint DIR` runs of one count computed
// every shard at once. One writer per count (or per shard with --shard), as for a results CSV.
TEST_CASE("a few-relations checkpoint count has one writer", "[app][lock][critical]") {
    const std::string dir = futolab::test::fresh_dir("stream-lock", "checkpoint").string();
    auto other = std::make_unique<futolab::OutputLock>(dir + "/n4-k3-of-004.table.md");  // the count's lock, held by another writer
    const auto r = futolab::test::run_cli("critical --n 4 --few-relations 3 --checkpoint " + dir + " --shards 4");
    CHECK(r.exit_code == 2);
    CHECK(futolab::test::has(r.err, "n4-k3-of-004.table.md: another futolab (pid "));
    CHECK_FALSE(std::filesystem::exists(dir + "/n4-k3-shard-000-of-004.yaml"));
    const futolab::OutputLock shard(dir + "/n4-k3-shard-001-of-004.yaml");
    CHECK(futolab::test::run_cli("critical --n 4 --few-relations 3 --checkpoint " + dir + " --shard 1/4").exit_code == 2);
    // The whole count holds every shard file of it from its start (red-team round 26, A F7), so a
    // count of another of its shards alone is refused too while it runs, and runs once it is over.
    const auto reserved = futolab::test::run_cli("critical --n 4 --few-relations 3 --checkpoint " + dir + " --shard 0/4");
    CHECK(reserved.exit_code == 2);
    CHECK(futolab::test::has(reserved.err, "n4-k3-shard-000-of-004.yaml: is a shard file of the few-relations count"));
    other.reset();
    CHECK(futolab::test::run_cli("critical --n 4 --few-relations 3 --checkpoint " + dir + " --shard 0/4").exit_code == 0);
}

// Red-team round 11, F11: `critical --exact` took no lock while it searched and then replaced
// what `generate --out` had written at its --out meanwhile. Its --out and --certificate are now
// locked from the search's start: a writer of either is refused while the search runs.
TEST_CASE("critical --exact holds --out and --certificate from the start of its search", "[app][lock][critical]") {
    namespace fs = std::filesystem;
    const fs::path dir = futolab::test::fresh_dir("stream-lock", "exact");
    const pid_t pid = ::fork();
    if (pid == 0) {  // a search of minutes (n = 5, every class), killed below
        if (::chdir(dir.c_str()) != 0) ::_exit(126);
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        ::execl(FUTOLAB_CLI, "futolab", "critical", "--exact", "--n", "5", "--objective", "h+k", "--jobs", "1", "--out",
                "b.jsonl", "--certificate", "c.cert", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    // --out is held by the lock of its results CSV (b.csv, the experiment's), as in the other modes.
    while (!(fs::exists(dir / ".b.csv.lock") && fs::exists(dir / ".c.cert.lock")) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const auto out = futolab::test::run_cli("generate random --n 4 --count 2 --out b.jsonl", dir.string());
    const auto cert = futolab::test::run_cli("critical --n 3 --count 1 --out c.cert", dir.string());
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    CHECK(out.exit_code == 2);
    CHECK(futolab::test::has(out.err, "b.jsonl: another futolab (pid "));
    CHECK(cert.exit_code == 2);
    CHECK(futolab::test::has(cert.err, "c.cert: another futolab (pid "));
    CHECK_FALSE(fs::exists(dir / "b.jsonl"));
    CHECK_FALSE(fs::exists(dir / "c.cert"));
}

// Red-team round 24 (left open): a refusal of the lock of the file standard output was
// redirected to advised "use another --out", which changes nothing there (no --out placed the
// file, the redirect did). It names standard output and advises another redirect; --out's own
// refusal keeps advising another --out.
TEST_CASE("a refused lock of redirected standard output names standard output and not --out", "[app][lock][stdout]") {
    namespace fs = std::filesystem;
    const fs::path dir = futolab::test::fresh_dir("stream-lock", "stdout-advice");
    const fs::path lock = dir / ".g.jsonl.lock";
    // What is planted at the lock's path: a folder, a link, a file with two names.
    const std::function<void()> plants[] = {
        [&lock] { fs::create_directory(lock); },
        [&lock] { fs::create_symlink("nowhere", lock); },
        [&lock, &dir] {
            std::ofstream(dir / "other") << "1\n";
            fs::create_hard_link(dir / "other", lock);
        },
    };
    for (const std::function<void()>& plant : plants) {
        fs::remove_all(lock);
        fs::remove(dir / "other");
        plant();
        for (const std::string args : {"generate random --n 4 > g.jsonl", "generate random --n 4 >> g.jsonl",
                                       "generate random --n 4 --out /dev/stdout > g.jsonl", "generate random --n 4 --out - > g.jsonl"}) {
            const auto r = futolab::test::run_cli(args, dir.string());
            INFO(args << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(futolab::test::has(r.err, "/g.jsonl (standard output of this command): refusing to write without the lock "
                                            "(remove it, or send standard output to another file)\n"));
            CHECK_FALSE(futolab::test::has(r.err, "another --out"));
            CHECK(futolab::test::slurp((dir / "g.jsonl").string()).empty());
        }
        const auto out = futolab::test::run_cli("generate random --n 4 --out g.jsonl", dir.string());
        INFO(out.err);
        CHECK(out.exit_code == 2);
        CHECK(futolab::test::has(out.err, "(remove it, or use another --out)\n"));
    }
}
