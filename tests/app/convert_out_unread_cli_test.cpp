// convert refuses a file --out for all that needs none of the input before it reads the input
// (red-team round 26): an --out ending in another format's extension was refused only
// once the whole input had been read, so a big or slow input cost its read for a refusal that
// needed none of it. The extension, and the output guard (a FIFO, the input itself, a results
// CSV), are asked first: here the input is one that would be refused itself, or none at all,
// and the refusal is --out's.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/stat.h>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

struct Case {
    std::string args, why;
};

}  // namespace

TEST_CASE("convert refuses a file --out before it reads its input", "[cli][convert][output]") {
    const fs::path dir = futolab::test::fresh_dir("convert-out-unread", "refusals");
    std::ofstream(dir / "bad.jsonl") << "{\"id\": \"a\", \"n\": 4, \"givens\": [[9, 9, 9]]}\n{not json\n";
    REQUIRE(::mkfifo((dir / "fifo.futo").c_str(), 0644) == 0);
    const std::vector<Case> cases{
        {"bad.jsonl --to futo --out x.jsonl", "--out x.jsonl ends in .jsonl, the extension of format 'jsonl', not of --to futo"},
        {"bad.jsonl --to jsonl --out x.futo", "--out x.futo ends in .futo, the extension of format 'futo', not of --to jsonl"},
        {"bad.jsonl --to dzn --out x.tatham", "--out x.tatham ends in .tatham"},
        {"none.jsonl --to futo --out x.jsonl", "--out x.jsonl ends in .jsonl"},  // an input not there: not looked at
        {"bad.jsonl --to futo --out fifo.futo", "--out fifo.futo: is a FIFO"},
        {"bad.jsonl --to jsonl --out bad.jsonl", "--out bad.jsonl: is the input bad.jsonl: refusing to overwrite it"},
    };
    for (const Case& c : cases) {
        const auto r = run_cli("convert " + c.args, dir.string());
        INFO(c.args + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, c.why));
        CHECK_FALSE(fs::exists(dir / "x.jsonl"));
    }
    // Standard input that a slow writer sends a bad line, then nothing for 2 s: refused for --out,
    // the line never read (it was refused for that line once its end came).
    const auto slow = futolab::test::run_cli_env("{ echo '{not json'; sleep 2; } | ", "convert - --to futo --out x.jsonl", dir.string());
    CHECK(slow.exit_code == 2);
    CHECK(has(slow.err, "--out x.jsonl ends in .jsonl"));
}

TEST_CASE("convert still writes a file --out of its format once it has read the input", "[cli][convert][output]") {
    const fs::path dir = futolab::test::fresh_dir("convert-out-unread", "written");
    REQUIRE(run_cli("generate random --n 4 --count 1 --out one.jsonl", dir.string()).exit_code == 0);
    for (const std::string args : {"--to futo --out one.futo", "--to jsonl --out copy.jsonl", "--to futo --out noext"}) {
        const auto r = run_cli("convert one.jsonl " + args, dir.string());
        INFO(args + ": " + r.err);
        CHECK(r.exit_code == 0);
    }
    // A bad input with a good --out is refused for the input, naming its line.
    std::ofstream(dir / "bad.jsonl") << "{not json\n";
    const auto bad = run_cli("convert bad.jsonl --to futo --out b.futo", dir.string());
    CHECK(bad.exit_code == 2);
    CHECK(has(bad.err, "bad.jsonl:1"));
    CHECK_FALSE(fs::exists(dir / "b.futo"));
}
