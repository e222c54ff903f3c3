// Names in merge's and critical's messages are shown once, as every message shows them
// (red-team round 26, left open): a refusal is made visible where app/main.cpp prints it, so a
// name made visible before it was thrown was escaped twice (`--out a<U+003C>U+000A>b.jsonl`, a
// marker's '<' escaped again), while merge's warning about its shards' instances printed a name
// from a sidecar raw (a U+202E reordered the line). Each now shows <U+000A>, <U+202E> once.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

struct Name {
    std::string typed, shown;
};

const std::vector<Name> kNames{{"a\nb", "a<U+000A>b"},
                               {"a\tb", "a<U+0009>b"},
                               {"r\xe2\x80\xae" "x", "r<U+202E>x"},
                               {"z\xe2\x80\x8b", "z<U+200B>"},
                               {"<U+0041>", "<U+003C>U+0041>"}};  // typed so: shown apart from an A

// `text` in single quotes for /bin/sh ('\'' for a quote).
std::string quoted(const std::string& text) { return "'" + text + "'"; }

}  // namespace

TEST_CASE("merge and critical show a refused output's name once", "[cli][names]") {
    const fs::path dir = fresh_dir("names-once", "refused");
    for (const Name& n : kNames) {
        INFO(n.shown);
        const auto merged = run_cli("merge x.csv --out " + quoted(n.typed + ".jsonl"), dir.string());
        CHECK(merged.exit_code == 2);
        CHECK(merged.err == "futolab: merge: --out " + n.shown +
                                ".jsonl ends in .jsonl, the extension of format 'jsonl': a file is named for the format it "
                                "holds, and a results CSV by .csv (or a name of no format's)\n");
        const auto cert = run_cli("critical --construct --n 4 --certificate " + quoted(n.typed + ".futo"), dir.string());
        CHECK(cert.exit_code == 2);
        CHECK(cert.err == "futolab: critical: --certificate " + n.shown +
                              ".futo ends in .futo, the extension of format 'futo'; a certificate is JSON Lines (.jsonl, or "
                              "a name of no format's such as .cert)\n");
        const auto out = run_cli("critical --construct --n 4 --out " + quoted(n.typed + ".json"), dir.string());
        CHECK(out.exit_code == 2);
        CHECK(out.err == "futolab: critical: --out " + n.shown +
                             ".json ends in .json, the extension of a single JSON document (such as the futolab-bench "
                             "manifest); critical writes JSON Lines (.jsonl)\n");
        const auto verify = run_cli("critical --construct --n 4 --verify-with " + quoted("gac:" + n.typed), dir.string());
        CHECK(verify.exit_code == 2);
        CHECK(has(verify.err, "futolab: critical: --verify-with gac:" + n.shown + ": "));
        CHECK_FALSE(has(verify.err + cert.err + merged.err + out.err, "<U+003C>U+000"));
    }
    fs::remove_all(dir);
}

// Round 27 left open: critical's other refusals (a --construct certificate given --verify-with,
// a results CSV it did not make, a linked --out, the file at a --checkpoint table's name) made
// the name visible before app/main.cpp did, `a<U+003C>U+000A>b`.
TEST_CASE("critical shows the names in its refusals once", "[cli][critical][names][long]") {
    for (const Name& n : kNames) {
        INFO(n.shown);
        const fs::path dir = fresh_dir("names-once", "critical");
        const std::string name = quoted(n.typed), shown = n.shown;
        REQUIRE(run_cli("critical --construct --n 4 --certificate " + quoted(n.typed + ".cert"), dir.string()).exit_code == 0);
        const auto verify = run_cli("critical --check-certificate " + quoted(n.typed + ".cert") + " --verify-with gac", dir.string());
        CHECK(verify.exit_code == 2);
        CHECK(has(verify.err, "--verify-with does not apply to " + shown + ".cert, a --construct certificate"));
        std::ofstream(dir / (n.typed + ".csv")) << "hello\n";
        const auto csv = run_cli("critical --construct --n 4 --out " + quoted(n.typed + ".jsonl"), dir.string());
        CHECK(csv.exit_code == 2);
        CHECK(csv.err == "futolab: critical: " + shown + ".csv (the results CSV of --out " + shown + ".jsonl) is not one futolab "
                         "critical made: neither replaced nor resumed, --force or not; give another --out, or move " + shown +
                         ".csv away\n");
        std::ofstream(dir / "t.jsonl") << "";
        fs::create_symlink("t.jsonl", dir / ("l" + n.typed + ".jsonl"));
        const auto linked = run_cli("critical --construct --n 4 --out " + quoted("l" + n.typed + ".jsonl"), dir.string());
        CHECK(linked.exit_code == 2);
        CHECK(has(linked.err, "futolab: critical: --out l" + shown + ".jsonl: is a symbolic link; "));
        // The file at a --checkpoint folder's table name: a folder, then a file of no table's.
        const std::string count = "critical --n 3 --few-relations 2 --shards 2 --checkpoint " + name;
        const fs::path table = dir / n.typed / "n3-k2-of-002.table.md";
        fs::create_directories(table);
        const auto folder = run_cli(count, dir.string());
        CHECK(folder.exit_code == 2);
        CHECK(folder.err == "futolab: --checkpoint " + shown + ": its table " + shown + "/n3-k2-of-002.table.md: is a folder, "
                            "not a file: move it away (the table is a regular file)\n");
        fs::remove(table);
        std::ofstream(table) << "hello\n";
        const auto other = run_cli(count, dir.string());
        CHECK(other.exit_code == 2);
        CHECK(has(other.err, "futolab: --checkpoint " + shown + ": its table " + shown + "/n3-k2-of-002.table.md: is not a "));
        // A table of this count's form whose rows its shard files do not give.
        fs::remove(table);
        REQUIRE(run_cli(count, dir.string()).exit_code == 0);
        std::ifstream in(table);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        text.replace(text.find("| 0/2 |"), 7, "| 7 |");
        std::ofstream(table) << text;
        const auto edited = run_cli(count, dir.string());
        CHECK(edited.exit_code == 2);
        CHECK(has(edited.err, "futolab: --checkpoint " + shown + ": its table " + shown + "/n3-k2-of-002.table.md: is not this "
                              "count's table as its shard files give it ("));
        CHECK_FALSE(has(verify.err + csv.err + linked.err + folder.err + other.err + edited.err, "<U+003C>U+000"));
        fs::remove_all(dir);
    }
}

TEST_CASE("merge's warning shows a name its shards' sidecars hold", "[cli][merge][names]") {
    const fs::path dir = fresh_dir("names-once", "warning");
    const std::string puzzles = "p\xe2\x80\xae" "x.tatham";  // U+202E, which reorders the rest of a line
    std::ifstream corpus(FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham");
    std::string line;
    std::ofstream kept(dir / puzzles);
    for (int i = 0; i < 3 && std::getline(corpus, line); ++i) kept << line << "\n";
    kept.close();
    std::ofstream(dir / "m.yaml") << "name: m\nmode: { count: 2 }\ninstances:\n  - file: " << puzzles
                                  << "\nsolvers: [ gac ]\noutput: out/m.csv\n";
    REQUIRE(run_cli("run m.yaml -q --shard 0/2", dir.string()).exit_code == 0);
    REQUIRE(run_cli("run m.yaml -q --shard 1/2", dir.string()).exit_code == 0);
    fs::remove(dir / puzzles);  // the instances cannot be read again: merge warns, naming the file
    const auto r = run_cli("merge out/m.shard-0-of-2.csv out/m.shard-1-of-2.csv --out mm.csv", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "futolab: warning: the instances could not be read again ("));
    CHECK(has(r.err, "input file p<U+202E>x.tatham with content hash "));
    CHECK_FALSE(has(r.err, "\xe2\x80\xae"));
    CHECK(has(r.out, "mm.csv: 3 of 3 runs from 2 files"));
    fs::remove_all(dir);
}

// Round 27 left open: three refusals outside app/ made a name visible before app/main.cpp did,
// `a<U+003C>U+000A>b`: standard input named twice (core/files.cpp, refuse_stdin_twice), an
// output whose lock was removed meanwhile (records/output_lock.cpp, "not written") and a link
// at a companion's name (records/output_guard.cpp, companion_at's target).
TEST_CASE("standard input named twice is refused with its names shown once", "[cli][names]") {
    for (const Name& n : kNames) {
        INFO(n.shown);
        const fs::path dir = fresh_dir("names-once", "stdin");
        fs::create_symlink("/dev/stdin", dir / ("l" + n.typed));
        const auto first = run_cli("grade " + quoted("l" + n.typed) + " - </dev/null", dir.string());
        CHECK(first.exit_code == 2);
        CHECK(first.err == "futolab: l" + n.shown + ": given twice (inputs 1 and 2 as -): standard input can be read only "
                                                    "once; name it once\n");
        const auto second = run_cli("grade - " + quoted("l" + n.typed) + " </dev/null", dir.string());
        CHECK(second.exit_code == 2);
        CHECK(second.err == "futolab: -: given twice (inputs 1 and 2 as l" + n.shown + "): standard input can be read only "
                                                                                    "once; name it once\n");
        fs::remove_all(dir);
    }
}

TEST_CASE("an output whose lock was removed meanwhile is not written and named once", "[cli][names]") {
    for (const Name& n : kNames) {
        INFO(n.shown);
        const fs::path dir = fresh_dir("names-once", "not-written");
        const std::string out = quoted(n.typed + ".jsonl"), lock = quoted("." + n.typed + ".jsonl.lock");
        // convert holds --out's lock from before it reads its input: standard input, a FIFO the
        // script writes to only once the lock is removed.
        std::ofstream(dir / "s.sh") << "cd " << quoted(dir.string()) << " && mkfifo p && exec 3<>p || exit 1\n"
                                    << "'" FUTOLAB_CLI "' convert - --to jsonl --out " << out << " <p 3>&- 2>err & pid=$!\n"
                                    << "until [ -e " << lock << " ] || ! kill -0 $pid 2>/dev/null; do sleep 0.01; done\n"
                                    << "rm -f " << lock << "\n"
                                    << "cat '" FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham' >&3; exec 3>&-\n"
                                    << "wait $pid; echo $? >code\n";
        REQUIRE(std::system(("sh " + quoted((dir / "s.sh").string())).c_str()) == 0);
        CHECK(futolab::test::slurp((dir / "code").string()) == "1\n");
        CHECK(futolab::test::slurp((dir / "err").string()) ==
              "futolab: error: " + n.shown + ".jsonl: not written: ./." + n.shown + ".jsonl.lock: removed or replaced "
              "while futolab held it: stopping, since another futolab could now lock it and write the same file\n");
        CHECK_FALSE(fs::exists(dir / (n.typed + ".jsonl")));
        fs::remove_all(dir);
    }
}

TEST_CASE("a link at a companion's name shows its target once", "[cli][names]") {
    for (const Name& n : kNames) {
        INFO(n.shown);
        const fs::path dir = fresh_dir("names-once", "companion");
        fs::create_symlink("t" + n.typed, dir / "x.meta.yaml");
        const auto r = run_cli("convert '" FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham' --to jsonl --out x.meta.yaml",
                               dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: --out x.meta.yaml: is a symbolic link to t" + n.shown + ", which is not there (not a "
                         "metadata sidecar futolab made): refusing to overwrite it"));
        CHECK_FALSE(has(r.err, "<U+003C>U+000"));
        fs::remove_all(dir);
    }
}
