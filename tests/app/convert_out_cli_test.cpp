// convert's --out for several instances in a one-instance format (dzn, essence): a folder
// only where the name says so — one that exists, or a name ending in '/' (--help). Round 10:
// `--out new.dzn` (new) made a folder new.dzn/ and wrote into it.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("convert makes a folder for several instances only from a name ending in '/'", "[cli][convert][output]") {
    const fs::path dir = fresh_dir("app", "convert-out");
    std::ofstream(dir / "two.jsonl") << "{\"id\":\"a\",\"n\":4,\"givens\":[],\"lt\":[]}\n"
                                        "{\"id\":\"b\",\"n\":4,\"givens\":[],\"lt\":[]}\n";
    std::ofstream(dir / "f.dzn") << "old\n";
    for (const auto& [to, out] : {std::pair{"dzn", "new.dzn"}, {"essence", "new.param"}, {"dzn", "new"}}) {
        INFO(to << " " << out);
        const auto r = run_cli(std::string("convert two.jsonl --to ") + to + " --out " + out, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "two.jsonl: 2 instances, but format '" + std::string(to) + "' holds one per file: give --out "
                         "DIRECTORY/ (a folder that exists, or a name ending in '/' to make one, e.g. --out " + out + "/)"));
        CHECK_FALSE(fs::exists(dir / out));
    }
    // In a folder not there, the name is refused before the input is read (the count of instances
    // unknown then), and the advice is the same (missing_out_folder_cli_test.cpp).
    const auto sub = run_cli("convert two.jsonl --to essence --out sub/new", dir.string());
    CHECK(sub.exit_code == 2);
    CHECK(sub.err == "futolab: --out sub/new: its folder sub is not there (convert makes no folders: make it first, or "
                     "give --out sub/new/ to write one file per instance into a folder it makes)\n");
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
    REQUIRE(run_cli("convert two.jsonl --to dzn --out new.dzn/", dir.string()).exit_code == 0);
    CHECK(fs::is_regular_file(dir / "new.dzn" / "a.dzn"));
    CHECK(fs::is_regular_file(dir / "new.dzn" / "b.dzn"));
    REQUIRE(run_cli("convert two.jsonl --to essence --out new.dzn", dir.string()).exit_code == 0);
    CHECK(fs::is_regular_file(dir / "new.dzn" / "a.param"));
    fs::remove_all(dir);
}
