// `critical --few-relations --checkpoint DIR`: the folder is none of the command's file outputs
// (--out, their locks) by any spelling, nor under one, refused naming both options before any
// shard runs (red-team round 22, A F1: `--checkpoint ck --out ck` counted every shard, then
// "cannot write ck: Is a directory", exit 1). And the table at the count's name is replaced only
// if it is this count's, row by row as its shard files give it (round 22, left open: a table of
// another count copied under this count's name was replaced, exit 0).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

constexpr const char* kCount = "critical --n 3 --few-relations 2 --shards 2";

struct Apart {
    std::string name, options, says;
};

}  // namespace

TEST_CASE("critical --checkpoint at --out, at its lock or under it is refused naming both options before any shard runs",
          "[app][critical][few-relations]") {
    const std::vector<Apart> cases{
        {"out", " --checkpoint ck --out ck", "--checkpoint ck: is also --out ck, a file this command writes"},
        {"spelled", " --checkpoint sub/../o.jsonl --out ./o.jsonl", "--checkpoint sub/../o.jsonl: is also --out ./o.jsonl, a file"},
        {"lock", " --checkpoint .o.jsonl.lock --out o.jsonl", "--checkpoint .o.jsonl.lock: is also the lock file ./.o.jsonl.lock of --out o.jsonl"},
        {"under", " --checkpoint o.jsonl/ck --out o.jsonl", "--checkpoint o.jsonl/ck: lies under --out o.jsonl, a file this command writes"},
    };
    for (const Apart& c : cases) {
        INFO(c.name);
        const fs::path dir = futolab::test::fresh_dir("checkpoint-apart-cli", c.name);
        const auto r = run_cli(kCount + c.options, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, c.says));
        CHECK(fs::is_empty(dir));  // no shard counted, no folder or lock made
    }
    const fs::path dir = futolab::test::fresh_dir("checkpoint-apart-cli", "inside");
    const auto inside = run_cli(std::string(kCount) + " --checkpoint ck --out ck/o.jsonl", dir.string());
    INFO(inside.err);
    CHECK(inside.exit_code == 0);  // a file of its own in the folder is no file of the folder's
}

TEST_CASE("a checkpoint table of another count at this count's name is refused naming its line and field unless --force",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("checkpoint-apart-cli", "table");
    const std::string k3 = "critical --n 4 --few-relations 3 --checkpoint ck --shards 4";
    const std::string k4 = "critical --n 4 --few-relations 4 --checkpoint ck --shards 4";
    REQUIRE(run_cli(k3, dir.string()).exit_code == 0);
    REQUIRE(run_cli(k4, dir.string()).exit_code == 0);
    const fs::path table3 = dir / "ck" / "n4-k3-of-004.table.md", table4 = dir / "ck" / "n4-k4-of-004.table.md";
    const std::string own3 = slurp(table3.string()), own4 = slurp(table4.string());
    const auto again = run_cli(k4, dir.string());  // its own table: replaced by the same
    INFO(again.err);
    CHECK(again.exit_code == 0);

    fs::copy_file(table4, table3, fs::copy_options::overwrite_existing);  // another k
    const auto other_k = run_cli(k3, dir.string());
    INFO(other_k.err);
    CHECK(other_k.exit_code == 2);
    CHECK(has(other_k.err, "--checkpoint ck: its table ck/n4-k3-of-004.table.md: is not this count's table"));
    CHECK(has(other_k.err, "its line 3 (shard 0/4): canonical sets is '"));
    CHECK(has(other_k.err, "where this count's shard file ck/n4-k3-shard-000-of-004.yaml gives "));
    CHECK(slurp(table3.string()) == own4);  // kept

    fs::copy_file(table4, dir / "ck" / "n4-k4-of-008.table.md");  // another shard count
    const auto other_shards = run_cli("critical --n 4 --few-relations 4 --checkpoint ck --shards 8", dir.string());
    INFO(other_shards.err);
    CHECK(other_shards.exit_code == 2);
    CHECK(has(other_shards.err, "its table ck/n4-k4-of-008.table.md: is not this count's table"));
    CHECK(has(other_shards.err, "its line 3 is the row of shard '0/4', where this count's table has 0/8 there"));

    fs::remove(dir / "ck" / "n4-k4-shard-002-of-004.yaml");  // removed to count shard 2 again: the rest checks the table
    const auto recount = run_cli(k4, dir.string());
    INFO(recount.err);
    CHECK(recount.exit_code == 0);

    // Case 105: no file of this count there, so nothing tells the copy from this count's table.
    const fs::path other = futolab::test::fresh_dir("checkpoint-apart-cli", "table-alone");
    REQUIRE(run_cli(k4, other.string()).exit_code == 0);
    fs::copy_file(other / table4.lexically_relative(dir), other / table3.lexically_relative(dir));
    const auto alone = run_cli(k3, other.string());
    INFO(alone.err);
    CHECK(alone.exit_code == 2);
    CHECK(has(alone.err, "its table ck/n4-k3-of-004.table.md: is not this count's table as its shard files give it (none of "
                         "its rows can be checked: no shard file of this count is there (ck/n4-k3-shard-000-of-004.yaml"));
    CHECK(fs::exists(other / "ck" / "n4-k3-of-004.table.md"));
    CHECK(!fs::exists(other / "ck" / "n4-k3-shard-000-of-004.yaml"));  // refused before any shard runs

    const auto forced = run_cli(k3 + " --force", dir.string());
    INFO(forced.err);
    CHECK(forced.exit_code == 0);
    CHECK(slurp(table3.string()) == own3);
}
