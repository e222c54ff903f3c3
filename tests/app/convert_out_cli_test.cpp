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
