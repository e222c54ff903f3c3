// `futolab critical --few-relations`'s outputs as every critical mode's (red-team round 19, A F1-F3):
// a symbolic link at --out refused, an --out that is another name of a file the count writes
// refused before any work, and a count that a failed write stopped goes on with the same command.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

constexpr const char* kCount = "critical --n 3 --few-relations 2";
constexpr const char* kCheckpoint = " --checkpoint ck --shards 2";

// The count's lines with its times (seconds to a tenth, the table's CPU column) taken out.
std::string untimed(const std::string& out) { return std::regex_replace(out, std::regex("[0-9]+\\.[0-9]+"), "T"); }

}  // namespace

// A F1, cases 012, 015, 017, 018: the link was replaced by a regular file, exit 0, where every
// other mode refuses it.
TEST_CASE("critical --few-relations refuses a symbolic link at --out, as every mode does", "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "symlink");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    std::ofstream(dir / "target.txt") << "keep\n";
    fs::create_directories(dir / "folder");
    fs::create_symlink("target.txt", dir / "file.jsonl");
    fs::create_symlink("nowhere", dir / "dangling.jsonl");
    fs::create_symlink("folder", dir / "folder.jsonl");
    fs::create_symlink("ck/n3-k2-shard-000-of-002.yaml", dir / "shard.jsonl");
    const std::string shard = slurp((dir / "ck" / "n3-k2-shard-000-of-002.yaml").string());
    for (const std::string link : {"file.jsonl", "dangling.jsonl", "folder.jsonl", "shard.jsonl"})
        for (const std::string more : {"", kCheckpoint, " --checkpoint ck --shard 0/2"}) {
            const auto r = run_cli(std::string(kCount) + more + " --out " + link, dir.string());
            INFO(link << more);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: critical: --out " + link + ": is a symbolic link; --out is written at the name given (a link "
                               "there would be replaced, not followed), so give the file's own path\n");
            CHECK(fs::is_symlink(dir / link));
        }
    CHECK(slurp((dir / "target.txt").string()) == "keep\n");
    CHECK(slurp((dir / "ck" / "n3-k2-shard-000-of-002.yaml").string()) == shard);
    // A link to a device is that device, as in every mode.
    fs::create_symlink("/dev/null", dir / "null.jsonl");
    CHECK(run_cli(std::string(kCount) + " --out null.jsonl", dir.string()).exit_code == 0);
    CHECK(fs::is_symlink(dir / "null.jsonl"));
}

// A F2, case 152: a hard link of a shard file at --out was taken; the shard's run then found
// --out's lock on its file and failed after the count, blaming "another futolab" (this one).
TEST_CASE("critical --few-relations refuses an --out that is another name of a shard file it writes, before any work",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "hard-link");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    const fs::path ck = dir / "ck";
    fs::remove(ck / "n3-k2-shard-001-of-002.yaml");  // the count would write it: it stays unwritten
    const std::string refused = ": two outputs of one command cannot be one file\n";
    struct Linked {
        std::string file, shard;  // the file --out is another name of; how many shards the command runs
        std::string message;
    };
    for (const Linked& l :
         {Linked{"n3-k2-shard-000-of-002.yaml", kCheckpoint,
                 "is also --checkpoint's shard file ck/n3-k2-shard-000-of-002.yaml"},
          Linked{".n3-k2-shard-000-of-002.yaml.lock", kCheckpoint,
                 "is also the lock of --checkpoint's shard file ck/.n3-k2-shard-000-of-002.yaml.lock"},
          Linked{"n3-k2-shard-000-of-002.yaml", " --checkpoint ck --shard 0/2",
                 "is also --checkpoint's shard file ck/n3-k2-shard-000-of-002.yaml"}}) {
        fs::remove(dir / "o.jsonl");
        fs::create_hard_link(ck / l.file, dir / "o.jsonl");
        const auto r = run_cli(std::string(kCount) + l.shard + " --out o.jsonl", dir.string());
        INFO(l.file << l.shard);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: --out o.jsonl: " + l.message + refused);
        CHECK_FALSE(fs::exists(ck / "n3-k2-shard-001-of-002.yaml"));
    }
    // Another name of a file this command does not write (shard 0 with --shard 1/2) is --out's to
    // replace with --force (a shard file by its first line: red-team round 20, A F3).
    fs::remove(dir / "o.jsonl");
    fs::create_hard_link(ck / "n3-k2-shard-000-of-002.yaml", dir / "o.jsonl");
    const std::string shard = slurp((ck / "n3-k2-shard-000-of-002.yaml").string());
    CHECK(run_cli(std::string(kCount) + " --checkpoint ck --shard 1/2 --out o.jsonl", dir.string()).exit_code == 2);
    CHECK(run_cli(std::string(kCount) + " --checkpoint ck --shard 1/2 --out o.jsonl --force", dir.string()).exit_code == 0);
    CHECK(slurp((ck / "n3-k2-shard-000-of-002.yaml").string()) == shard);
}

// A F3, cases 191-196: the failed command left the CSV of the checkpoint folder with its header
// alone and no sidecar, taken by every later command (--force too) for a user's CSV. 8 blocks of
// 512 bytes (sh's ulimit -f): the CSV's header and the lock fit, its column schema does not.
TEST_CASE("critical --few-relations and --construct go on after a write that failed, as if it had not been",
          "[app][critical][few-relations][full-disk]") {
    const fs::path clean = futolab::test::fresh_dir("few-relations-outputs", "clean");
    const fs::path failed = futolab::test::fresh_dir("few-relations-outputs", "failed");
    const std::string count = std::string(kCount) + kCheckpoint + " --out o.jsonl";
    const auto expected = run_cli(count, clean.string());
    REQUIRE(expected.exit_code == 0);
    const auto stopped = futolab::test::run_cli_env("ulimit -f 8; ", count, failed.string());
    INFO(stopped.err);
    CHECK(stopped.exit_code == 1);
    CHECK(has(stopped.err, "cannot write ck/n3-k2-of-002.csv.schema.json: File too large"));
    CHECK_FALSE(fs::exists(failed / "ck" / "n3-k2-of-002.csv"));
    const auto again = run_cli(count, failed.string());
    INFO(again.err);
    CHECK(again.exit_code == 0);
    CHECK(untimed(again.out) == untimed(expected.out));
    CHECK(slurp((failed / "o.jsonl").string()) == slurp((clean / "o.jsonl").string()));
    // --construct's CSV beside --out: --force replaces nothing then, a plain re-run works.
    const std::string construct = "critical --construct --n 4 --out c.jsonl";
    CHECK(futolab::test::run_cli_env("ulimit -f 8; ", construct, failed.string()).exit_code == 1);
    CHECK_FALSE(fs::exists(failed / "c.csv"));
    CHECK(run_cli(construct, failed.string()).exit_code == 0);
    CHECK(futolab::test::run_cli_env("ulimit -f 8; ", construct + " --force", failed.string()).exit_code == 1);
    CHECK(run_cli(construct + " --force", failed.string()).exit_code == 0);
}

// Red-team round 20, A F3, cases 106b, 110, 110b, 110c, 111, 112, 159: a file output naming an
// existing shard file of a checkpoint folder replaced it, exit 0, its counts lost (hours at
// n = 6), where a results CSV there is refused. Every command's file output refuses it now,
// by its first line, unless --force.
TEST_CASE("every file output refuses a few-relations checkpoint shard file without --force",
          "[app][critical][few-relations][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "shard-as-output");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    REQUIRE(run_cli("generate random --n 3 --count 1 --seed 1 --out g.jsonl", dir.string()).exit_code == 0);
    const std::string shard = "ck/n3-k2-shard-000-of-002.yaml";
    const std::string counts = slurp((dir / shard).string());
    const std::string csv = " ck/n3-k2-of-002.csv";
    struct Writer {
        std::string command, option;
    };
    for (const Writer& w : {Writer{"generate random --n 3 --count 1 --out", "--out"},
                            Writer{"convert g.jsonl --to jsonl --out", "--out"},
                            Writer{"critical --construct --n 4 --out", "--out"},
                            Writer{"critical --construct --n 4 --out c.jsonl --certificate", "--certificate"},
                            Writer{"merge" + csv + " --out", "--out"},
                            Writer{"report" + csv + " --out", "--out"},
                            Writer{std::string(kCount) + " --shard 0/2 --out", "--out"},
                            Writer{"analyze" + csv + " --tables", "--tables"}}) {
        // analyze --tables writes DIR/NAME.csv: a copy of the shard file at one table's name.
        const bool tables = w.option == "--tables";
        if (tables) {
            fs::create_directories(dir / "t");
            fs::copy_file(dir / shard, dir / "t" / "summary.csv", fs::copy_options::overwrite_existing);
        }
        const std::string target = tables ? "t/summary.csv" : shard;
        const auto r = run_cli(w.command + " " + (tables ? "t" : shard), dir.string());
        INFO(w.command << "\n" << r.out << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, w.option + " " + target + ": is a few-relations checkpoint file (its shard's counts): refusing to "
                                                     "overwrite it (use another file, or --force)\n"));
        CHECK(slurp((dir / target).string()) == counts);
    }
    CHECK_FALSE(fs::exists(dir / "ck" / "n3-k2-shard-000-of-002.yaml.csv"));  // --construct's CSV beside --out
    // --force replaces it, as it replaces a results CSV.
    CHECK(run_cli("generate random --n 3 --count 1 --out " + shard + " --force", dir.string()).exit_code == 0);
    CHECK(slurp((dir / shard).string()) != counts);
}

// The shard file a --checkpoint count writes itself is one of its own outputs: refused as --out
// even with --force.
TEST_CASE("critical --few-relations --checkpoint refuses its own shard file as --out, --force or not",
          "[app][critical][few-relations][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "own-shard-forced");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    const std::string shard = "ck/n3-k2-shard-001-of-002.yaml";
    const std::string counts = slurp((dir / shard).string());
    for (const std::string more : {"", " --force"}) {
        const auto r = run_cli(std::string(kCount) + " --checkpoint ck --shard 1/2 --out " + shard + more, dir.string());
        INFO(more << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--out " + shard + ": is also --checkpoint's shard file " + shard));
        CHECK(slurp((dir / shard).string()) == counts);
    }
}

// The same for a figure's file of analyze --plots (its names are fixed: a shard file copied
// there). A link there is only a name, replaced as before, the shard file kept.
TEST_CASE("analyze --plots refuses a few-relations checkpoint shard file at a figure's name without --force",
          "[app][analyze][few-relations][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "shard-as-figure");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    const fs::path shard = dir / "ck" / "n3-k2-shard-000-of-002.yaml";
    const std::string counts = slurp(shard.string());
    fs::create_directories(dir / "p");
    fs::copy_file(shard, dir / "p" / "cactus-wall_ms.gp");
    const std::string analyze = "analyze " FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv --plots p --plot cactus";
    const auto r = run_cli(analyze, dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: --plots p/cactus-wall_ms.gp: is a few-relations checkpoint file (its shard's counts): refusing to "
                   "overwrite it (use another --plots folder, or --force)\n");
    CHECK(slurp((dir / "p" / "cactus-wall_ms.gp").string()) == counts);
    CHECK(run_cli(analyze + " --force", dir.string()).exit_code == 0);
    CHECK(slurp((dir / "p" / "cactus-wall_ms.gp").string()) != counts);
    fs::remove(dir / "p" / "cactus-wall_ms.gp");
    fs::create_symlink(shard, dir / "p" / "cactus-wall_ms.gp");
    CHECK(run_cli(analyze, dir.string()).exit_code == 0);
    CHECK_FALSE(fs::is_symlink(dir / "p" / "cactus-wall_ms.gp"));
    CHECK(slurp(shard.string()) == counts);
}

// Red-team round 21, A F2, cases 159, 160, 280: the table a --checkpoint count writes at a name it
// chose (DIR/n<N>-k<K>-of-<S>.table.md) replaced whatever was there, exit 0: a results CSV (its
// sidecar and schema left orphaned, the results lost to --resume), a shard file. It replaces only
// an earlier table of the count, or nothing; anything else is refused before any shard runs.
TEST_CASE("critical --few-relations --checkpoint replaces at its table name only an earlier table, unless --force",
          "[app][critical][few-relations][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "table-name");
    const std::string count = std::string(kCount) + kCheckpoint;
    REQUIRE(run_cli(count, dir.string()).exit_code == 0);
    const std::string table = "ck/n3-k2-of-002.table.md";
    const std::string counted = slurp((dir / table).string());
    CHECK(run_cli(count, dir.string()).exit_code == 0);  // its own table, written again
    CHECK(slurp((dir / table).string()) == counted);
    // A results CSV that `run` wrote at the table's name, with its sidecar and schema beside it.
    const std::string puzzles = slurp(FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham");
    std::ofstream(dir / "p.tatham") << puzzles.substr(0, puzzles.find('\n') + 1);
    fs::remove(dir / table);
    std::ofstream(dir / "s.yaml") << "name: s\ninstances:\n  - file: p.tatham\nsolvers: [ gac ]\noutput: " << table << "\n";
    REQUIRE(run_cli("run -q s.yaml", dir.string()).exit_code == 0);
    REQUIRE(run_cli("critical --construct --n 4 --out c.jsonl --certificate c.cert", dir.string()).exit_code == 0);
    fs::remove(dir / "ck" / "n3-k2-shard-001-of-002.yaml");  // a shard to count: refused, it stays uncounted
    struct Planted {
        std::string file;  // copied to the table's name ("" the run's CSV there; "link": a symbolic link)
        std::string what;
    };
    for (const Planted& p : {Planted{"", "a results CSV"}, Planted{"ck/n3-k2-shard-000-of-002.yaml", "a few-relations checkpoint file"},
                             Planted{"c.cert", "a futolab certificate"}, Planted{"s.yaml", "not a few-relations checkpoint table "
                                                                                             "(its first line is not the table's)"},
                             Planted{"link", "a symbolic link"}}) {
        if (p.file == "link") {
            fs::remove(dir / table);
            fs::create_symlink("../c.cert", dir / table);
        } else if (!p.file.empty()) {
            fs::copy_file(dir / p.file, dir / table, fs::copy_options::overwrite_existing);
        }
        const std::string there = slurp((dir / table).string());
        const auto r = run_cli(count, dir.string());
        INFO(p.what << "\n" << r.out << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: --checkpoint ck: its table " + table + ": is " + p.what + ": refusing to overwrite it (the table "
                       "replaces only an earlier table of this count: move it away, or --force)\n");
        CHECK(slurp((dir / table).string()) == there);
        CHECK_FALSE(fs::exists(dir / "ck" / "n3-k2-shard-001-of-002.yaml"));
        if (p.file.empty()) CHECK(run_cli("run -q s.yaml --resume", dir.string()).exit_code == 0);  // its results kept
    }
    CHECK(fs::is_symlink(dir / table));
    CHECK(slurp((dir / "c.cert").string()).starts_with("{\"certificate\":"));
    // --force replaces a file or a link; a folder there is refused even so.
    CHECK(run_cli(count + " --force", dir.string()).exit_code == 0);
    CHECK_FALSE(fs::is_symlink(dir / table));
    CHECK(slurp((dir / table).string()).starts_with("| shard | canonical sets |"));
    fs::remove(dir / table);
    fs::create_directory(dir / table);
    const auto folder = run_cli(count + " --force", dir.string());
    CHECK(folder.exit_code == 2);
    CHECK(folder.err == "futolab: --checkpoint ck: its table " + table + ": is a folder, not a file: move it away (the table is "
                        "a regular file)\n");
    // critical --shard I/S writes no table: what is at its name is not its business.
    CHECK(run_cli(std::string(kCount) + " --checkpoint ck --shard 1/2", dir.string()).exit_code == 0);
}
