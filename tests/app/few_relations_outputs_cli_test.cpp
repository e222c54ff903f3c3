// `futolab critical --few-relations`'s outputs as every critical mode's (red-team round 19, A F1-F3):
// a symbolic link at --out refused, an --out that is another name of a file the count writes
// refused before any work, and a count that a failed write stopped goes on with the same command.
// Every command's file output refuses a checkpoint's shard file or table, or a certificate,
// without --force (red-team round 20, A F3; round 21, B F2).
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
// n = 6), where a results CSV there is refused. Round 21, B F2, cases 245a, 246b, 246c, 247a,
// 248a, 323c, 353b, 353c, 354a: the same for a checkpoint's table and a certificate (an exact
// one is hours of CPU), where standard output onto them was refused. Every command's file
// output refuses each of them now, by its first line, unless --force.
TEST_CASE("every file output refuses a checkpoint shard file or table or a certificate without --force",
          "[app][critical][few-relations][outputs][long]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "shard-as-output");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    REQUIRE(run_cli("generate random --n 3 --count 1 --seed 1 --out g.jsonl", dir.string()).exit_code == 0);
    REQUIRE(run_cli("critical --construct --n 4 --out c.jsonl --certificate c.cert", dir.string()).exit_code == 0);
    REQUIRE(run_cli("critical --exact --n 3 --objective k --out e.jsonl --certificate e.cert", dir.string()).exit_code == 0);
    struct Kept {
        std::string file, kind;
    };
    const std::string csv = " ck/n3-k2-of-002.csv";
    struct Writer {
        std::string command, option;
    };
    for (const Kept& k : {Kept{"ck/n3-k2-shard-000-of-002.yaml", "a few-relations checkpoint file (its shard's counts)"},
                          Kept{"ck/n3-k2-of-002.table.md", "a few-relations checkpoint table (its shards' counts)"},
                          Kept{"c.cert", "a futolab certificate (futolab-zero-given-critical, read by critical --check-certificate)"},
                          Kept{"e.cert", "a futolab certificate (futolab-exact-critical, read by critical --check-certificate)"}}) {
        const std::string kept = slurp((dir / k.file).string());
        for (const Writer& w : {Writer{"generate random --n 3 --count 1 --out", "--out"},
                                Writer{"convert g.jsonl --to jsonl --out", "--out"},
                                Writer{"critical --construct --n 4 --out", "--out"},
                                Writer{"critical --construct --n 4 --out o.jsonl --certificate", "--certificate"},
                                Writer{"critical --exact --n 3 --objective k --out o.jsonl --certificate", "--certificate"},
                                Writer{"critical --exact --square '1 2/2 1' --objective k --out o.jsonl --certificate",
                                       "--certificate"},
                                Writer{"critical --exact --n 2 --objective k --out", "--out"},
                                Writer{"critical --n 3 --out", "--out"},
                                Writer{"merge" + csv + " --out", "--out"},
                                Writer{"report" + csv + " --out", "--out"},
                                Writer{std::string(kCount) + " --shard 0/2 --out", "--out"},
                                Writer{"critical --n 3 --few-relations 3 --checkpoint ck --shards 2 --out", "--out"},
                                Writer{"analyze" + csv + " --tables", "--tables"}}) {
            // analyze --tables writes DIR/NAME.csv: a copy of the file at one table's name.
            const bool tables = w.option == "--tables";
            if (tables) {
                fs::create_directories(dir / "t");
                fs::copy_file(dir / k.file, dir / "t" / "summary.csv", fs::copy_options::overwrite_existing);
            }
            const std::string target = tables ? "t/summary.csv" : k.file;
            const auto r = run_cli(w.command + " " + (tables ? "t" : k.file), dir.string());
            INFO(w.command << " " << target << "\n" << r.out << r.err);
            CHECK(r.exit_code == 2);
            // --force advised only where it would be taken: a shard file's YAML name is no output's
            // (red-team round 27, A F6: NamedOutput force_works), a table's copy in t/ a table's.
            const bool force_works = tables || !target.ends_with(".yaml");
            CHECK(has(r.err, w.option + " " + target + ": is " + k.kind + ": refusing to overwrite it (use another file" +
                                 (force_works ? ", or --force)\n" : ")\n")));
            CHECK(slurp((dir / target).string()) == kept);
        }
        CHECK_FALSE(fs::exists(dir / (k.file + ".csv")));  // the CSV of a critical search beside --out
        CHECK_FALSE(fs::exists(dir / "o.csv"));
        CHECK_FALSE(fs::exists(dir / "ck" / "n3-k3-of-002.table.md"));
    }
    // --force replaces it, as it replaces a results CSV: a shard file under a name of no format's
    // (a copy), since JSON Lines is never written under its own YAML name (red-team round 26, C F2).
    fs::copy_file(dir / "ck/n3-k2-shard-000-of-002.yaml", dir / "shard-copy.txt");
    for (const std::string file : {"shard-copy.txt", "ck/n3-k2-of-002.table.md", "e.cert"}) {
        const std::string kept = slurp((dir / file).string());
        CHECK(run_cli("generate random --n 3 --count 1 --out " + file + " --force", dir.string()).exit_code == 0);
        CHECK(slurp((dir / file).string()) != kept);
    }
    const std::string shard = "ck/n3-k2-shard-000-of-002.yaml", counts = slurp((dir / shard).string());
    const auto named = run_cli("generate random --n 3 --count 1 --out " + shard + " --force", dir.string());
    CHECK(named.exit_code == 2);
    CHECK(has(named.err, "generate: --out " + shard + " ends in .yaml, the extension of futolab's YAML files"));
    CHECK(slurp((dir / shard).string()) == counts);
}

// What a command rewrites of its own is not refused: a --checkpoint count's table, and the
// certificate of a critical search whose results CSV is beside --out (--resume writes it again
// from the rows; without --resume the CSV is refused, its message naming --resume). A
// certificate of another kind there is not this search's.
TEST_CASE("a count rewrites its checkpoint table and a resumed search its own certificate, not one of another kind",
          "[app][critical][few-relations][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "own-table-certificate");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    fs::remove(dir / "ck" / "n3-k2-shard-001-of-002.yaml");
    const auto again = run_cli(std::string(kCount) + kCheckpoint, dir.string());
    INFO(again.err);
    CHECK(again.exit_code == 0);
    CHECK(has(slurp((dir / "ck" / "n3-k2-of-002.table.md").string()), "| shard | canonical sets |"));
    const std::string construct = "critical --construct --n 4 --out c.jsonl --certificate ";
    const std::string exact = "critical --exact --n 3 --objective k --out e.jsonl --certificate ";
    REQUIRE(run_cli(construct + "c.cert", dir.string()).exit_code == 0);
    REQUIRE(run_cli(exact + "e.cert", dir.string()).exit_code == 0);
    const std::string exact_cert = slurp((dir / "e.cert").string());
    const auto rerun = run_cli(construct + "c.cert", dir.string());
    CHECK(rerun.exit_code == 2);
    CHECK(has(rerun.err, "c.csv (the results CSV of --out c.jsonl) exists already: --resume goes on with it"));
    fs::remove(dir / "c.cert");
    CHECK(run_cli(construct + "c.cert --resume", dir.string()).exit_code == 0);
    const auto resumed = run_cli(construct + "c.cert --resume", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    CHECK(run_cli("critical --check-certificate c.cert", dir.string()).exit_code == 0);
    CHECK(run_cli(exact + "e.cert --resume", dir.string()).exit_code == 0);
    CHECK(slurp((dir / "e.cert").string()) == exact_cert);
    const auto other = run_cli(construct + "e.cert --resume", dir.string());
    CHECK(other.exit_code == 2);
    CHECK(has(other.err, "--certificate e.cert: is a futolab certificate (futolab-exact-critical, read by critical "
                         "--check-certificate): refusing to overwrite it (use another file)"));
    CHECK_FALSE(has(other.err, "--force"));  // a resume takes no --force: no hint of it
    CHECK(slurp((dir / "e.cert").string()) == exact_cert);
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

// The same for a figure's file of analyze --plots (its names are fixed: a shard file, a table or
// a certificate copied there). A link there is only a name, replaced as before, the shard file kept.
TEST_CASE("analyze --plots refuses a checkpoint shard file or table or a certificate at a figure's name without --force",
          "[app][analyze][few-relations][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "shard-as-figure");
    REQUIRE(run_cli(std::string(kCount) + kCheckpoint, dir.string()).exit_code == 0);
    const fs::path shard = dir / "ck" / "n3-k2-shard-000-of-002.yaml";
    const std::string counts = slurp(shard.string());
    fs::create_directories(dir / "p");
    const std::string analyze = "analyze " FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv --plots p --plot cactus";
    // A checkpoint's table and a certificate likewise (red-team round 21, B F2).
    REQUIRE(run_cli("critical --construct --n 4 --out c.jsonl --certificate c.cert", dir.string()).exit_code == 0);
    for (const auto& [file, kind] :
         {std::pair<fs::path, std::string>{dir / "ck" / "n3-k2-of-002.table.md", "a few-relations checkpoint table (its shards' counts)"},
          {dir / "c.cert", "a futolab certificate (futolab-zero-given-critical, read by critical --check-certificate)"},
          {shard, "a few-relations checkpoint file (its shard's counts)"}}) {
        fs::copy_file(file, dir / "p" / "cactus-wall_ms.gp", fs::copy_options::overwrite_existing);
        const auto r = run_cli(analyze, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: --plots p/cactus-wall_ms.gp: is " + kind + ": refusing to overwrite it (use another --plots "
                       "folder, or --force)\n");
        CHECK(slurp((dir / "p" / "cactus-wall_ms.gp").string()) == slurp(file.string()));
    }
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

// Red-team round 24 (left open): `--checkpoint /dev/fd/3` (a descriptor, not a folder) was
// refused only after --out's lock had been made, and `.x.jsonl.lock` stayed behind. Every refusal
// of the checkpoint folder, or of the file at its table's name, now comes before any lock is
// taken or any file made: the folder holds what it held before.
TEST_CASE("critical --few-relations refuses its --checkpoint before --out's lock is made", "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "checkpoint-first");
    std::ofstream(dir / "in.txt") << "an open file\n";
    std::ofstream(dir / "file") << "a file, not a folder\n";
    fs::create_directories(dir / "ck");
    std::ofstream(dir / "ck" / "n3-k2-of-002.table.md") << "a user's notes at the table's name\n";
    struct Case {
        std::string checkpoint, redirect, says;
    };
    const Case cases[] = {
        {"/dev/fd/3", " 3< in.txt", "names a descriptor of this command"},
        {"/dev/fd/0", " < in.txt", "names a descriptor of this command"},
        {"/proc/self/fd/3/sub", " 3< in.txt", "names a descriptor of this command"},
        {"-", "", "a folder is needed, not standard output"},
        {"file", "", "is not a folder"},
        {"file/sub", "", "is not a folder"},
        {"ck --shards 2", "", "its table"},
    };
    const std::size_t before = std::distance(fs::directory_iterator(dir), fs::directory_iterator());
    for (const Case& c : cases)
        for (const std::string out : {" --out x.jsonl", " --out sub/x.jsonl"}) {
            const std::string args = std::string(kCount) + " --checkpoint " + c.checkpoint + out + c.redirect;
            const auto r = run_cli(args, dir.string());
            INFO(args << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "--checkpoint "));
            CHECK(has(r.err, c.says));
            CHECK_FALSE(fs::exists(dir / ".x.jsonl.lock"));
            CHECK_FALSE(fs::exists(dir / "x.jsonl"));
            CHECK_FALSE(fs::exists(dir / "sub"));
        }
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == static_cast<std::ptrdiff_t>(before));
    CHECK(slurp((dir / "ck" / "n3-k2-of-002.table.md").string()) == "a user's notes at the table's name\n");
    CHECK(std::distance(fs::directory_iterator(dir / "ck"), fs::directory_iterator()) == 1);
}

// Round 27 left open: each shard's line counted against its nouns ("shard 0/2: 1 canonical sets,
// 0 puzzles"). Twelve shards of n = 3, k = 2 hold none, one or two sets and none or two puzzles.
TEST_CASE("critical --few-relations counts each shard's sets and puzzles in agreement", "[app][critical][few-relations][words]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-outputs", "counted");
    const auto r = run_cli(std::string(kCount) + " --checkpoint ck --shards 12", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "shard 0/12: 2 canonical sets, 2 puzzles, 1 unique, "));
    CHECK(has(r.err, "shard 1/12: 1 canonical set, 2 puzzles, 0 unique, "));
    CHECK(has(r.err, "shard 8/12: 0 canonical sets, 0 puzzles, 0 unique, "));
    CHECK(has(r.err, "shard 11/12: 1 canonical set, 0 puzzles, 0 unique, "));
    CHECK_FALSE(has(r.err, " 1 canonical sets"));
    // Read from their files, the same words.
    const auto again = run_cli(std::string(kCount) + " --checkpoint ck --shards 12", dir.string());
    CHECK(again.exit_code == 0);
    CHECK(has(again.err, "shard 11/12: 1 canonical set, 0 puzzles, 0 unique, 0.0 s CPU (from its file)\n"));
}
