// convert's --out for several instances in a one-instance format (dzn, essence): a folder
// only where the name says so — one that exists, or a name ending in '/' (--help). Round 10:
// `--out new.dzn` (new) made a folder new.dzn/ and wrote into it.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <tuple>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("convert makes a folder for several instances only from a name ending in '/'", "[cli][convert][output]") {
    const fs::path dir = fresh_dir("app", "convert-out");
    std::ofstream(dir / "two.jsonl") << "{\"id\":\"a\",\"n\":4,\"givens\":[],\"lt\":[]}\n"
                                        "{\"id\":\"b\",\"n\":4,\"givens\":[],\"lt\":[]}\n";
    std::ofstream(dir / "f.dzn") << "old\n";
    // The folder suggested is named for no file kind (a folder owns no kind's ending): new.dzn/ is
    // refused itself.
    for (const auto& [to, out, folder] : {std::tuple{"dzn", "new.dzn", "new/"}, {"essence", "new.param", "new/"},
                                          {"dzn", "new", "new/"}, {"dzn", "new.v2", "new.v2/"}, {"dzn", "n.csv.DZN", "n/"}}) {
        INFO(to << " " << out);
        const auto r = run_cli(std::string("convert two.jsonl --to ") + to + " --out " + out, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "two.jsonl: 2 instances, but format '" + std::string(to) + "' holds one per file: give --out "
                         "DIRECTORY/ (a folder that exists, or a name ending in '/' to make one, e.g. --out " + folder + ")"));
        CHECK_FALSE(fs::exists(dir / out));
    }
    // In a folder not there, the name is refused before the input is read (the count of instances
    // unknown then), and the advice is the same (missing_out_folder_cli_test.cpp).
    const auto sub = run_cli("convert two.jsonl --to essence --out sub/new", dir.string());
    CHECK(sub.exit_code == 2);
    CHECK(sub.err == "futolab: --out sub/new: its folder sub is not there (convert makes no folders: make it first, or "
                     "give --out sub/new/ to write one file per instance into a folder it makes)\n");
    const auto sub_dzn = run_cli("convert two.jsonl --to dzn --out sub/new.dzn", dir.string());
    CHECK(has(sub_dzn.err, "or give --out sub/new/ to write one file per instance into a folder it makes)\n"));
    CHECK_FALSE(fs::exists(dir / "sub"));
    // An existing file and no --out get the same rule, without a suggestion.
    for (const std::string args : {"--to dzn --out f.dzn", "--to dzn"}) {
        INFO(args);
        const auto r = run_cli("convert two.jsonl " + args, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "holds one per file: give --out DIRECTORY/ (a folder that exists, or a name ending in '/' to make one)"));
    }
    CHECK(futolab::test::slurp((dir / "f.dzn").string()) == "old\n");
    // The names that say "folder" work: a new one ending in '/', an existing one without it.
    REQUIRE(run_cli("convert two.jsonl --to dzn --out new/", dir.string()).exit_code == 0);
    CHECK(fs::is_regular_file(dir / "new" / "a.dzn"));
    CHECK(fs::is_regular_file(dir / "new" / "b.dzn"));
    REQUIRE(run_cli("convert two.jsonl --to essence --out new", dir.string()).exit_code == 0);
    CHECK(fs::is_regular_file(dir / "new" / "a.param"));
    CHECK(run_cli("convert two.jsonl --to dzn --out new.dzn/", dir.string()).exit_code == 2);  // a dzn file's name
    CHECK_FALSE(fs::exists(dir / "new.dzn"));
    fs::remove_all(dir);
}

// Red-team round 29, A3: `convert --out DIR/` cut by a full disk left the files written before
// the one that failed, the message naming only that one; and every command that failed with exit
// 1 after making its output folders left them, with their lock files. Now a failed convert
// removes the files it wrote new, and every failure, as every refusal, removes the folders it
// made that hold nothing else (a file size limit stands in for the full disk: sh's `ulimit -f`,
// 512-byte blocks, and the 30x30 puzzle's file is the one that does not fit).
TEST_CASE("a convert into a folder that fails removes the files it wrote and the folder it made", "[cli][convert][output]") {
    const fs::path dir = fresh_dir("convert-out", "full-disk");
    REQUIRE(run_cli("generate random --n 4 --count 2 --out a.jsonl", dir.string()).exit_code == 0);
    REQUIRE(run_cli("generate random --n 30 --count 1 --seed 3 --out b.jsonl", dir.string()).exit_code == 0);
    std::ofstream(dir / "all.jsonl") << futolab::test::slurp((dir / "a.jsonl").string())
                                     << futolab::test::slurp((dir / "b.jsonl").string());
    for (const std::string out : {"new/", "new/deeper/"}) {
        INFO(out);
        const auto r = futolab::test::run_cli_env("ulimit -f 2; ", "convert all.jsonl --to dzn --out " + out, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "File too large (2 files written before it removed again)"));
        CHECK_FALSE(fs::exists(dir / "new"));
    }
    // Into a folder already there, with a file of the same name replaced (--force): that one is
    // left as written, the new one goes, the folder stays.
    fs::create_directories(dir / "kept");
    REQUIRE(run_cli("convert a.jsonl --to dzn --out kept/", dir.string()).exit_code == 0);
    for (const auto& entry : fs::directory_iterator(dir / "kept"))
        if (entry.path().extension() == ".dzn") {
            fs::remove(entry.path());  // one of the two: the other is there before the convert
            break;
        }
    const auto r = futolab::test::run_cli_env("ulimit -f 2; ", "convert all.jsonl --to dzn --out kept/ --force", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "(1 file written before it removed again; 1 file that replaced one already there (--force) left as written)"));
    CHECK(std::distance(fs::directory_iterator(dir / "kept"), fs::directory_iterator()) == 2);  // the file and its lock
    fs::remove_all(dir);
}

// Its lock (a pid: a few bytes) fits in one 512-byte block, its first table does not.
TEST_CASE("analyze failing after it made its tables folder leaves no folder behind", "[cli][analyze][output]") {
    const fs::path dir = fresh_dir("convert-out", "analyze-fails");
    const std::string csv = std::string(FUTOLAB_SOURCE_DIR) + "/tests/data/analysis/paired.csv";
    const auto r = futolab::test::run_cli_env("ulimit -f 1; ", "analyze " + csv + " --tables made/tables/", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK_FALSE(fs::exists(dir / "made"));
    fs::remove_all(dir);
}
