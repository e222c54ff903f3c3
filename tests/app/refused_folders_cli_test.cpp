// A refused command leaves no folder it made (red-team round 25, A F2): `critical --exact …
// --certificate newdir/x.cert` refused for the results CSV beside --out, and `merge … --out
// mdir/m.csv` refused for its inputs, exit 2, had made the folder of that output (with the lock
// file in it). The folders a command made go again when it is refused, each if nothing but
// unheld lock files is in it (core/made_folders.hpp); a folder that was there stays.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kExact = "critical --exact --n 4 --objective h+k --out e.jsonl";

// `command` in `dir` exits 2 saying `why`.
void refused(const fs::path& dir, const std::string& command, const std::string& why) {
    const auto r = run_cli(command, dir.string());
    INFO(command + ": " + r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, why));
}

}  // namespace

TEST_CASE("a refused critical leaves no folder made for --certificate (round 25 A F2)", "[cli][critical][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("refused-folders", "critical");
    REQUIRE(run_cli(kExact, dir.string()).exit_code == 0);  // e.csv there: the same search again is refused
    const std::string exists = "e.csv (the results CSV of --out e.jsonl) exists already";
    for (const std::string cert : {"newdir/x.cert", "nd/sub/x.cert", "nd2/../x2.cert", "./nd3/x.cert"}) {
        refused(dir, kExact + " --certificate " + cert, exists);
        const std::string top = fs::path(cert).lexically_normal().begin()->string();
        CHECK_FALSE(fs::exists(dir / top));
    }
    // A folder that was there stays, with what is in it, made by the user or not empty.
    fs::create_directory(dir / "empty");
    fs::create_directory(dir / "full");
    std::ofstream(dir / "full" / "notes.txt") << "mine\n";
    refused(dir, kExact + " --certificate empty/x.cert", exists);
    refused(dir, kExact + " --certificate full/sub/x.cert", exists);
    CHECK(fs::is_directory(dir / "empty"));
    CHECK(fs::exists(dir / "full" / "notes.txt"));
    CHECK_FALSE(fs::exists(dir / "full" / "sub"));
    // A folder for --out's results CSV, refused there: e2/e.csv is a folder.
    fs::create_directories(dir / "e2" / "e.csv");
    refused(dir / "e2", kExact + " --certificate nd4/x.cert", "e.csv: is a folder");
    CHECK_FALSE(fs::exists(dir / "e2" / "nd4"));
    // Not refused: the folder is made and kept, with the certificate in it.
    REQUIRE(run_cli("critical --exact --n 4 --objective h+k --out f.jsonl --certificate made/x.cert", dir.string()).exit_code == 0);
    CHECK(fs::exists(dir / "made" / "x.cert"));
}

TEST_CASE("a refused merge leaves no folder made for --out (round 25 A F2)", "[cli][merge][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("refused-folders", "merge");
    refused(dir, "merge none1.csv none2.csv --out mdir/m.csv", "none1.csv: no such file");
    refused(dir, "merge none1.csv --out a/b/c/m.csv", "none1.csv: no such file");
    CHECK_FALSE(fs::exists(dir / "mdir"));
    CHECK_FALSE(fs::exists(dir / "a"));
    // Shards of two shardings, refused once read.
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - generate: { kind: "
                                     "random, n: 4, count: 3 }\nsolvers: [ fc ]\n";
    for (const char* shard : {"0/2", "0/3"}) REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
    refused(dir, "merge sh/s.shard-0-of-2.csv sh/s.shard-0-of-3.csv --out m2/m.csv", "refusing to merge shards of two shardings");
    CHECK_FALSE(fs::exists(dir / "m2"));
}
