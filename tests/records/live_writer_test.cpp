// Round 9 (issue #45), R1, R2, R8: no futolab writer replaces a file another live futolab
// holds locked (a generate's JSONL, a run's CSV) nor a lock file itself, --force or not; and
// merge finds a live shard's lock through a symlink, and refuses a running shard reached by a
// hard link, whose writer's lock cannot be found from it.
#include "records_cli.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"
#include "records/outputs.hpp"
#include "records/read_lock.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <functional>
#include <memory>

#include <chrono>

#include <thread>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

std::string fresh(const std::string& name) { return futolab::test::fresh_dir("live-writer", name).string(); }

// Another futolab writing `file`: a child process that holds its OutputLock until destroyed.
class OtherWriter : public futolab::test::OtherProcess {
public:
    explicit OtherWriter(const std::string& file) : OtherProcess([file] { return std::make_shared<OutputLock>(file); }) {}
};

template <typename F>
std::string refusal(F&& write) {
    try {
        write();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

ino_t inode(const std::string& path) {
    struct stat st {};
    REQUIRE(::lstat(path.c_str(), &st) == 0);
    return st.st_ino;
}

}  // namespace

TEST_CASE("no writer replaces a file another live futolab is writing, even with --force", "[records][lock]") {
    const std::string dir = fresh("live-file"), file = dir + "/g.jsonl";
    std::ofstream(file) << "{\"id\":\"a record\"}\n";
    {
        OtherWriter writer(file);
        const std::string busy = "another futolab (pid " + writer.pid() + ") is writing it";
        CHECK(has(refusal([&] { write_file_atomically(file, "a report\n"); }), busy));
        for (const bool force : {false, true})
            CHECK(has(refusal([&] { check_output_path(file, {}, force, "--certificate"); }), "--certificate " + file + ": " + busy));
        CHECK(has(output_kind_problem(file), busy));  // asked before a tool opens its outputs itself (gnuplot)
        CHECK(slurp(file) == "{\"id\":\"a record\"}\n");
    }
    write_file_atomically(file, "a report\n");  // its writer has ended
    CHECK(slurp(file) == "a report\n");
}

TEST_CASE("this process's own lock does not stop its own rewrite", "[records][lock]") {
    const std::string dir = fresh("own-lock"), csv = dir + "/r.csv";
    OutputLock mine(csv);
    CHECK_NOTHROW(check_output_path(csv, {}, true));
    write_file_atomically(csv, "rewritten\n");  // a redo, a merge
    CHECK(slurp(csv) == "rewritten\n");
}

TEST_CASE("no writer writes a lock file, which would switch a live lock off", "[records][lock]") {
    const std::string dir = fresh("lock-name"), csv = dir + "/k.csv", lock = lock_path(csv);
    OtherWriter writer(csv);
    const ino_t held = inode(lock);
    for (const bool force : {false, true})
        CHECK(has(refusal([&] { check_output_path(lock, {}, force); }), "is named as a futolab lock file"));
    CHECK(has(refusal([&] { write_file_atomically(lock, "a report\n"); }), "is named as a futolab lock file"));
    CHECK(has(refusal([&] { OutputLock as_output(lock); }), "is named as a futolab lock file"));  // generate --out
    // A lock file of no live writer is refused alike: its name is the reason.
    CHECK(has(refusal([&] { write_file_atomically(dir + "/.other.csv.lock", "x"); }), "lock file"));
    CHECK(inode(lock) == held);
    CHECK(has(slurp(lock), writer.pid()));
    CHECK(has(refusal([&] { OutputLock second(csv); }), "another futolab (pid " + writer.pid() + ")"));  // still on
}

// merge reads each input under a shared lock (ReadLock) for a moment: a run starting on that
// file then waits for the reader instead of being refused (a known limit of round 9, fixed); a
// writer holding the lock is still refused at once (the OtherWriter cases above).
TEST_CASE("a writer waits for readers of its lock to end", "[records][lock][merge]") {
    const std::string dir = fresh("wait-reader"), csv = dir + "/k.csv";
    std::ofstream(csv) << "a finished shard\n";
    { OutputLock first(csv); }  // the lock file exists, as after any run
    auto reading = std::make_unique<ReadLock>(csv);
    const auto start = std::chrono::steady_clock::now();
    std::thread reader_ends([&reading] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        reading.reset();
    });
    {
        // Two writers wait at once: neither may look like a reader to the other (a waiter that
        // kept its probe's shared lock did, and both waited out the whole 10 s). Once the reader
        // is gone one of them takes the lock; the other takes it after, or is refused at once
        // because a writer holds it — never as if readers had held it for 10 s.
        std::array<std::string, 2> outcome;
        const auto writer = [&csv](std::string& said) {
            try {
                const OutputLock mine(csv);
                said = "locked";
            } catch (const InputError& e) {
                said = e.what();
            }
        };
        std::thread second(writer, std::ref(outcome[1]));
        writer(outcome[0]);
        second.join();
        INFO(outcome[0] << " | " << outcome[1]);
        CHECK((outcome[0] == "locked" || outcome[1] == "locked"));
        // (Both writers are threads of this process here: the one that finds the other holding
        // the lock is refused as a second output of one command, core/file_identities.hpp.)
        for (const std::string& said : outcome)
            CHECK((said == "locked" || has(said, "is writing it") || has(said, "this command writes it already")));
    }
    reader_ends.join();
    const auto waited = std::chrono::steady_clock::now() - start;
    CHECK(waited >= std::chrono::milliseconds(250));  // the reader was there: they did wait for it
    CHECK(waited < std::chrono::seconds(8));          // and not for each other (the deadline is 10 s)
}

TEST_CASE("a reader finds a live writer's lock through a symlink to its file", "[records][lock][merge]") {
    const std::string dir = fresh("read-symlink"), csv = dir + "/out/k.csv", link = dir + "/lk.csv";
    fs::create_directories(dir + "/out");
    std::ofstream(csv) << "a partial shard\n";
    fs::create_symlink(csv, link);
    OtherWriter writer(csv);
    CHECK(has(refusal([&] { ReadLock reading(link); }), "another futolab (pid " + writer.pid() + ") is writing it"));
}

TEST_CASE("merge refuses a running shard reached by a hard link: its writer's lock cannot be found", "[records][lock][merge]") {
    const std::string dir = fresh("merge-hard-link");
    REQUIRE(run_cli("run " + futolab::test::sweep_config(dir) + " -q").exit_code == 0);
    const std::string csv = dir + "/out/r.csv", sidecar = csv + ".meta.yaml";
    std::string text = slurp(sidecar);
    const std::size_t at = text.find("state: finished");
    REQUIRE(at != std::string::npos);
    text.replace(at, 15, "state: running");  // as a live run's sidecar says
    std::ofstream(sidecar) << text;
    fs::create_directories(dir + "/o2");
    fs::create_hard_link(csv, dir + "/o2/r.csv");
    fs::copy_file(sidecar, dir + "/o2/r.csv.meta.yaml");
    const auto r = run_cli("merge " + dir + "/o2/r.csv --out " + dir + "/m.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "has 2 names (hard links)"));
    CHECK(!has(r.err, "no futolab writes it"));
    CHECK(!fs::exists(dir + "/m.csv"));
}

TEST_CASE("no writer replaces the sidecar, schema or outputs of a results CSV a live run writes", "[records][lock]") {
    const std::string dir = fresh("beside"), csv = dir + "/k.csv";
    OtherWriter writer(csv);
    for (const std::string& beside : {csv + ".meta.yaml", csv + ".schema.json", dir + "/k.jsonl"}) {
        INFO(beside);
        for (const bool force : {false, true})
            CHECK(has(refusal([&] { check_output_path(beside, {}, force); }),
                      "another futolab (pid " + writer.pid() + ") is writing " + csv));
        CHECK(has(refusal([&] { write_file_atomically(beside, "a report\n"); }), "is writing " + csv));
        CHECK(!fs::exists(beside));
    }
}

// Red-team round 18, B F7: a results CSV named without .csv (`output: k`) and its shards
// (`k.shard-0-of-2`, whose tag is no extension) export to `<name>.jsonl`; that file is theirs
// as `k.jsonl` is `k.csv`'s, and no other writer replaces it while their run is live.
TEST_CASE("the outputs of a results CSV named without .csv or of its shard are its own", "[records][lock][outputs]") {
    const std::string dir = fresh("beside-bare");
    CHECK(outputs_path(dir + "/k") == dir + "/k.jsonl");
    CHECK(outputs_path(dir + "/k.shard-0-of-2") == dir + "/k.shard-0-of-2.jsonl");
    CHECK(outputs_path(dir + "/k.shard-12-of-40.csv") == dir + "/k.shard-12-of-40.jsonl");
    CHECK(outputs_path(dir + "/k.shard-x-of-2") == dir + "/k.jsonl");  // no shard's tag: an extension
    for (const std::string& csv : {dir + "/k", dir + "/k.shard-0-of-2", dir + "/k.shard-1-of-2"}) {
        INFO(csv);
        OtherWriter writer(csv);
        for (const bool force : {false, true})
            CHECK(has(refusal([&] { check_output_path(outputs_path(csv), {}, force); }),
                      "another futolab (pid " + writer.pid() + ") is writing " + csv));
        CHECK(!fs::exists(outputs_path(csv)));
    }
}

TEST_CASE("a lock holder finds out when its lock file is removed or replaced", "[records][lock]") {
    const std::string dir = fresh("held"), file = dir + "/g.jsonl", lock = lock_path(file);
    {
        OutputLock mine(file);
        CHECK_NOTHROW(mine.check_held());
        fs::remove(lock);  // an `rm`: a second writer could lock a new file there
        CHECK_THROWS_WITH(mine.check_held(), Catch::Contains("removed or replaced while futolab held it"));
    }
    OutputLock mine(file);
    std::ofstream(dir + "/other") << "1\n";
    fs::rename(dir + "/other", lock);  // a file renamed over it (an older futolab's convert --out)
    CHECK_THROWS_WITH(mine.check_held(), Catch::Contains(lock));
}
