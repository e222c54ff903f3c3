// A file name a sidecar cannot hold (a byte that is not UTF-8, or binary data: core/binary_data.hpp,
// unwritable_name) is refused before anything is made, naming it with the byte shown: an input a
// config's glob matches (experiments/run_matrix.cpp), and every word of the command line of run,
// critical and merge (app/commands.hpp: the config's path, critical --out, a merge input), which
// their sidecars hold. Such names went raw into the sidecar, and the run's own resume, merge and
// compare then refused it with "save the file as UTF-8" (red-team round 23, C F5).
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;

namespace {

const std::string kInstance = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";

std::string config(const std::string& file) {
    return "name: fs\nmode: first\ninstances:\n  - file: \"" + file + "\"\nsolvers: [ \"gac\" ]\noutput: out/fs.csv\n";
}

}  // namespace

TEST_CASE("run refuses an input its glob matches whose name a sidecar cannot hold", "[run][sidecar][names]") {
    for (const std::string byte : {"\xff", "\x01"}) {
        const fs::path dir = futolab::test::fresh_dir("unwritable-names", byte == "\xff" ? "glob-ff" : "glob-01");
        fs::copy_file(kInstance, dir / ("n" + byte + ".tatham"));
        std::ofstream(dir / "c.yaml") << config("*.tatham");
        const auto r = run_cli("run c.yaml -q", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: c.yaml:4:"));
        CHECK(has(r.err, byte == "\xff" ? "file: '*.tatham' matches 'n<0xFF>.tatham'" : "file: '*.tatham' matches 'n<U+0001>.tatham'"));
        CHECK(has(r.err, byte == "\xff" ? ": byte 0xff is not UTF-8: " : ": byte 0x01 is binary data: "));
        CHECK_FALSE(fs::exists(dir / "out"));
    }
}

TEST_CASE("run, critical and merge refuse a name in their command line that a sidecar cannot hold", "[cli][sidecar][names]") {
    const fs::path dir = futolab::test::fresh_dir("unwritable-names", "words");
    fs::copy_file(kInstance, dir / "n.tatham");
    std::ofstream(dir / "c\xff.yaml") << config("n.tatham");
    auto r = run_cli("run 'c\xff.yaml' -q", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: run: argument 2 'c<0xFF>.yaml': byte 0xff is not UTF-8: run writes its command line"));
    CHECK_FALSE(fs::exists(dir / "out"));
    r = run_cli("critical --construct --n 5 --out 'o\xff.jsonl'", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: critical: argument 6 'o<0xFF>.jsonl': byte 0xff is not UTF-8: "));
    CHECK_FALSE(fs::exists(dir / "o\xff.jsonl"));
    CHECK_FALSE(fs::exists(dir / "o\xff.csv"));
    // A UTF-8 name that is not ASCII is a name like any other: run, resumed, merged.
    fs::rename(dir / "c\xff.yaml", dir / "c\xc3\xb6.yaml");
    REQUIRE(run_cli("run 'c\xc3\xb6.yaml' -q", dir.string()).exit_code == 0);
    CHECK(run_cli("run 'c\xc3\xb6.yaml' -q --resume", dir.string()).exit_code == 0);
    fs::copy_file(dir / "out/fs.csv", dir / "out/f\xff.csv");
    fs::copy_file(dir / "out/fs.csv.meta.yaml", dir / "out/f\xff.csv.meta.yaml");
    r = run_cli("merge 'out/f\xff.csv' --out m.csv", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: merge: argument 2 'out/f<0xFF>.csv': byte 0xff is not UTF-8: "));
    CHECK_FALSE(fs::exists(dir / "m.csv"));
}
