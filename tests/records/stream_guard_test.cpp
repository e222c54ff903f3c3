// Red-team round 11 (issue #45), outputs and locks: a command's standard output or error, and
// the files written beside a results CSV, never land in data.
// - F1: a refusal that came before a command's own stream checks (a usage error, run's "has 2
//   names") was written into the file standard error named (`2>> out/base.csv`). A standard
//   error that is futolab data is now refused first thing, and the other early refusals go to
//   standard output when standard error is a file the command line names.
// - F5, F8: standard output or error into a file a live futolab writes, or into a lock file.
// - F13: a second stream writer of one file through a rename or a hard link (identity locks).
// - F3: a record stream written in place through a hard link onto a sidecar.
// - F4: standard output onto an input's sidecar, schema or exported outputs.
// - F2: run's and merge's `<stem>.jsonl` replacing the run's input or an unrelated file.
// - F9: analyze --plots with standard error onto one of its figures.
#include "records_cli.hpp"
#include "core/error.hpp"
#include "core/live_writer.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

using namespace futolab::test;  // run_cli, slurp, has, sweep_config, OtherProcess
namespace fs = std::filesystem;

namespace {

std::string fresh(const std::string& name) { return fresh_dir("stream-guard", name).string(); }

void refused(const CliResult& r, const std::string& where, const std::string& part) {
    INFO(r.out << "|" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(where == "out" ? r.out : r.err, part));
}

// A generate-task run writing DIR/out/g.csv and its outputs DIR/out/g.jsonl; returns the config.
std::string generate_run(const std::string& dir) {
    const std::string cfg = dir + "/g.yaml";
    std::ofstream(cfg) << "name: g\nseed: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: 2 }\n"
                          "methods: [ unique ]\noutput: " << dir << "/out/g.csv\n";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    REQUIRE(fs::exists(dir + "/out/g.jsonl"));
    return cfg;
}

// A record stream written in place, as app/load.hpp's OutputStream holds it: locked by name and
// by identity.
struct HeldStream {
    futolab::OutputLock lock;
    int fd;
    explicit HeldStream(const std::string& file)
        : lock(file), fd(::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)) {
        lock.hold_identity(fd, file);
    }
    ~HeldStream() { ::close(fd); }
    HeldStream(const HeldStream&) = delete;
    HeldStream& operator=(const HeldStream&) = delete;
};

// Another futolab writing the record stream `file`, until destroyed.
class OtherStream : public futolab::test::OtherProcess {
public:
    explicit OtherStream(const std::string& file) : OtherProcess([file] { return std::make_shared<HeldStream>(file); }) {}
};

}  // namespace

TEST_CASE("a usage error never lands in the file standard error names", "[records][own-stream]") {
    const std::string dir = fresh("usage-errors");
    const std::string cfg = futolab::test::sweep_config(dir), csv = dir + "/out/r.csv", meta = csv + ".meta.yaml";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string rows = slurp(csv), sidecar = slurp(meta);
    // A results CSV or sidecar as standard error: refused first thing, whatever comes after.
    for (const std::string& args : {"run " + cfg + " --resume --redo bogus", "run " + cfg + " --resume --shard 0/2",
                                    "run " + cfg + " --resume --jobs -1", "analyze " + csv + " --table bogus",
                                    "run " + cfg + " --resume --bogus", "report " + csv, "compare " + csv + " --list -1"}) {
        refused(run_cli(args + " 2>> " + csv), "out", "is also this command's standard error");
        refused(run_cli(args + " 2>> " + meta), "out", "is a metadata sidecar");
    }
    // A sidecar or schema under another name (a hard link) is known by its content.
    fs::create_hard_link(meta, dir + "/hl.yaml");
    refused(run_cli("run " + cfg + " --resume 2>> " + dir + "/hl.yaml"), "out", "is a metadata sidecar");
    refused(run_cli("check " + cfg + " 2>> " + dir + "/hl.yaml"), "out", "is a metadata sidecar");
    fs::remove(dir + "/hl.yaml");
    fs::create_hard_link(csv + ".schema.json", dir + "/hl.json");
    refused(run_cli("check " + cfg + " 2>> " + dir + "/hl.json"), "out", "is a results CSV's column schema");
    fs::remove(dir + "/hl.json");
    CHECK(slurp(csv) == rows);
    CHECK(slurp(meta) == sidecar);
    // An input named on the command line: its usage error goes to standard output.
    const std::string input = dir + "/two.jsonl";
    std::ofstream(input) << "{\"id\":\"a\",\"n\":3,\"givens\":[[0,0,1]],\"lt\":[]}\n";
    const std::string before = slurp(input);
    for (const std::string& args : {"solve " + input + " -s nosuch", "solve " + input + " --count 0x",
                                    "convert " + input + " --to bogus", "critical --input " + input + " --objective bogus"})
        refused(run_cli(args + " 2>> " + input), "out", "futolab: ");
    CHECK(slurp(input) == before);
}

TEST_CASE("standard output or error into a file a live futolab writes, or a lock file, is refused", "[records][own-stream][lock]") {
    const std::string dir = fresh("live-streams");
    const std::string cfg = futolab::test::sweep_config(dir), csv = dir + "/out/r.csv";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";
    {
        const futolab::OutputLock live(csv);  // a run writing r.csv
        const std::string rows = slurp(csv), sidecar = slurp(csv + ".meta.yaml");
        refused(run_cli("convert " + puzzle + " --to jsonl >> " + csv), "err", "another futolab (pid ");
        refused(run_cli("check " + cfg + " >> " + csv), "err", "is writing it");
        refused(run_cli("generate random --n 3 >> " + csv + ".meta.yaml"), "err", "is writing " + csv);
        refused(run_cli("solve " + puzzle + " -s nosuch 2>> " + csv), "out", "is writing it");
        refused(run_cli("analyze " + csv + " 2>> " + csv + ".schema.json"), "out", "is writing " + csv);
        CHECK(slurp(csv) == rows);
        CHECK(slurp(csv + ".meta.yaml") == sidecar);
    }
    // A lock file, live or not: refused on either stream.
    const std::string lock = dir + "/out/.r.csv.lock", pid = slurp(lock);
    refused(run_cli("run " + cfg + " --resume 2>> " + lock), "out", "is named as a futolab lock file");
    refused(run_cli("check " + cfg + " >> " + lock), "err", "is named as a futolab lock file");
    CHECK(slurp(lock) == pid);
}

TEST_CASE("a record stream is found under another name of its file: a rename or a hard link", "[records][lock]") {
    const std::string dir = fresh("identity"), g = dir + "/g.jsonl", h = dir + "/h.jsonl", k = dir + "/k.jsonl";
    std::ofstream(g) << "{\"id\":\"first\"}\n";
    const OtherStream live(g);
    fs::rename(g, h);  // the live stream's lock file still says g.jsonl
    refused(run_cli("generate random --n 4 --count 3 --out " + h + " --force"), "err", "under another name");
    refused(run_cli("critical --n 3 --count 2 --out " + h + " --force"), "err", "under another name");
    refused(run_cli("generate random --n 4 --count 3 >> " + h), "err", "under another name");
    fs::create_hard_link(h, k);
    refused(run_cli("generate random --n 4 --count 3 --out " + k + " --force"), "err", "under another name");
    CHECK(slurp(h) == "{\"id\":\"first\"}\n");
    // Not a stream: no lock_problem for a file nobody writes.
    CHECK(futolab::lock_problem(dir + "/none.jsonl").empty());
}

// The same for a run's results CSV: renamed while its run writes it, it is still that run's.
TEST_CASE("a live run's results CSV is found under a new name", "[records][lock]") {
    const std::string dir = fresh("identity-csv");
    const std::string cfg = sweep_config(dir), csv = dir + "/out/r.csv", moved = dir + "/out/moved.csv";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const OtherProcess live([csv] { return std::make_shared<futolab::OutputLock>(csv); });  // a run writing r.csv
    fs::rename(csv, moved);
    fs::rename(csv + ".meta.yaml", moved + ".meta.yaml");
    const std::string rows = slurp(moved);
    std::string text = slurp(cfg);
    text.replace(text.find("out/r.csv"), 9, "out/moved.csv");
    std::ofstream(dir + "/moved.yaml") << text;
    refused(run_cli("run -q --resume " + dir + "/moved.yaml"), "err", "under another name");
    refused(run_cli("merge " + moved + " --out " + moved + " --force"), "err", "under another name");
    refused(run_cli("convert " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham --to jsonl >> " + moved), "err",
            "under another name");
    CHECK(slurp(moved) == rows);
}

// A CSV rewritten by --redo after its lock was taken (a new inode) is locked as it is now.
TEST_CASE("the identity lock follows a results CSV replaced after its lock", "[records][lock]") {
    const std::string dir = fresh("identity-follow"), csv = dir + "/r.csv", moved = dir + "/moved.csv";
    std::ofstream(csv) << "rows\n";
    const futolab::OutputLock lock(csv);  // holds the first file's identity
    std::ofstream(csv + ".new") << "rewritten\n";
    fs::rename(csv + ".new", csv);  // as --redo's rewrite replaces it
    lock.check_held();
    fs::rename(csv, moved);
    refused(run_cli("convert " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham --to jsonl >> " + moved), "err",
            "under another name");
    CHECK(slurp(moved) == "rewritten\n");
}

TEST_CASE("a record stream with a second name is refused before a byte is cut", "[records][outputs][links]") {
    const std::string dir = fresh("stream-links");
    generate_run(dir);
    const std::string meta = dir + "/out/g.csv.meta.yaml", schema = dir + "/out/g.csv.schema.json";
    // Without --force a sidecar or schema is named by its content first, under any name (red-team
    // round 26, A F1: records/output_guard.cpp, companion_at).
    const std::map<std::string, std::string> unforced{
        {meta, "is a metadata sidecar"}, {schema, "is a results CSV's column schema"}, {dir + "/out/g.jsonl", "has 2 names (hard links)"}};
    for (const std::string& target : {meta, schema, dir + "/out/g.jsonl"}) {
        const std::string before = slurp(target), link = dir + "/h.jsonl";
        fs::create_hard_link(target, link);
        refused(run_cli("generate random --n 4 --out " + link), "err", unforced.at(target));
        refused(run_cli("generate random --n 4 --out " + link + " --force"), "err", "has 2 names (hard links)");
        CHECK(slurp(target) == before);
        fs::remove(link);
    }
    // critical --free-square writes its records whole at the end (a temporary file renamed over
    // the name, as the other experiment modes do): the other name keeps its text.
    int i = 0;
    for (const std::string& target : {meta, schema, dir + "/out/g.jsonl"}) {
        const std::string before = slurp(target), own = dir + "/free-" + std::to_string(i++);
        fs::create_directories(own);
        fs::create_hard_link(target, own + "/f.jsonl");
        CHECK(run_cli("critical --free-square --n 3 --iterations 10 --out f.jsonl --force", own).exit_code == 0);
        CHECK(slurp(target) == before);
    }
}

TEST_CASE("standard output or error onto an input's sidecar, schema or outputs is refused", "[records][own-stream]") {
    const std::string dir = fresh("companions");
    generate_run(dir);
    const std::string csv = dir + "/out/g.csv";
    for (const std::string& companion : {csv + ".meta.yaml", csv + ".schema.json", dir + "/out/g.jsonl"}) {
        const std::string before = slurp(companion);
        for (const std::string& args : {"schema " + csv, "analyze " + csv, "compare " + csv + " " + csv,
                                        "report " + csv + " --out " + dir + "/r.html", "merge " + csv + " --out " + dir + "/m.csv"})
            refused(run_cli(args + " >> " + companion), "err", "standard output " + companion + " is ");
        CHECK(slurp(companion) == before);
    }
    refused(run_cli("analyze " + csv + " 2>> " + dir + "/out/g.jsonl"), "out", "is also this command's standard error");
}

// Red-team round 29, A1: an experiment's results CSV hard-linked under another name (no sidecar
// beside that name) took `solve --format csv >> other.txt` and every printer's text: it was known
// by the sidecar beside its name only. A results CSV with other names is refused; one with one
// name and no sidecar is still the user's to append to.
TEST_CASE("standard output into a results CSV with other names is refused", "[records][own-stream][links]") {
    const std::string dir = fresh("csv-hard-link");
    generate_run(dir);
    const std::string csv = dir + "/out/g.csv", other = dir + "/other.txt";
    fs::create_hard_link(csv, other);
    const std::string before = slurp(csv);
    for (const std::string& args : {"solve --format csv " + std::string(FUTOLAB_SOURCE_DIR) + "/corpora/tatham-dev/n04.tatham",
                                    "grade " + std::string(FUTOLAB_SOURCE_DIR) + "/corpora/tatham-dev/n04.tatham",
                                    "analyze " + csv, std::string("--help")})
        refused(run_cli(args + " >> " + other), "err", "is a results CSV with 2 names (hard links)");
    CHECK(slurp(csv) == before);
    // `>` onto an experiment's CSV: the shell empties it before futolab starts; its sidecar still
    // names it, and nothing is written into it (red-team round 30: grade's lines were, exit 0).
    for (const std::string& args : {"grade " + std::string(FUTOLAB_SOURCE_DIR) + "/corpora/tatham-dev/n04.tatham",
                                    "solve --format csv " + std::string(FUTOLAB_SOURCE_DIR) + "/corpora/tatham-dev/n04.tatham"}) {
        refused(run_cli(args + " > " + csv), "err", "is an experiment's results CSV that the redirect emptied (its sidecar " +
                                                        csv + ".meta.yaml is beside it");
        CHECK(slurp(csv).empty());
    }
    // One name, no sidecar: a solve's own CSV, appended to as before.
    const std::string own = dir + "/mine.csv";
    REQUIRE(run_cli("solve --format csv " + std::string(FUTOLAB_SOURCE_DIR) + "/corpora/tatham-dev/n04.tatham > " + own).exit_code == 0);
    CHECK(run_cli("solve --format csv " + std::string(FUTOLAB_SOURCE_DIR) + "/corpora/tatham-dev/n04.tatham >> " + own).exit_code == 0);
}

TEST_CASE("a run's or merge's exported outputs never replace its input or an unrelated file", "[records][outputs]") {
    const std::string dir = fresh("export-target");
    fs::create_directories(dir + "/out");
    const std::string corpus = dir + "/out/g.jsonl";
    REQUIRE(run_cli("convert " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham --to jsonl --out " + corpus).exit_code == 0);
    const std::string before = slurp(corpus);
    std::ofstream(dir + "/g.yaml") << "name: g\ntask: generate\ninstances:\n  - file: " << corpus
                                   << "\nmethods: [ unique ]\noutput: " << dir << "/out/g.csv\n";
    refused(run_cli("run -q " + dir + "/g.yaml"), "err", "out/g.jsonl: exists, and ");
    CHECK(slurp(corpus) == before);
    CHECK_FALSE(fs::exists(dir + "/out/g.csv"));
    // The input check alone (a resume, where an earlier export may be there): by inode too.
    fs::create_hard_link(corpus, dir + "/same.jsonl");
    CHECK_THROWS_WITH(futolab::check_outputs_file(dir + "/out/g.csv", {dir + "/same.jsonl"}, true),
                      Catch::Contains("is the input " + dir + "/same.jsonl"));
    // merge --out m.csv beside an unrelated m.jsonl: refused without --force.
    const std::string other = dir + "/other";
    fs::create_directories(other);
    generate_run(other);
    std::ofstream(dir + "/m.jsonl") << "{\"id\":\"precious\"}\n";
    refused(run_cli("merge " + other + "/out/g.csv --out " + dir + "/m.csv"), "err", "m.jsonl: exists, and ");
    CHECK(slurp(dir + "/m.jsonl") == "{\"id\":\"precious\"}\n");
    CHECK(run_cli("merge " + other + "/out/g.csv --out " + dir + "/m.csv --force").exit_code == 0);
    // Its own earlier export (a resume) is no obstacle.
    CHECK(run_cli("run -q --resume " + other + "/g.yaml").exit_code == 0);
}

TEST_CASE("analyze --plots refuses a figure that is its standard error", "[records][own-stream]") {
    const std::string dir = fresh("plots-stderr");
    const std::string cfg = futolab::test::sweep_config(dir), csv = dir + "/out/r.csv";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    fs::create_directories(dir + "/pl");
    const std::string svg = dir + "/pl/cactus-wall_ms.svg";
    std::ofstream(svg) << "old\n";
    const CliResult r = run_cli("analyze " + csv + " --plots " + dir + "/pl --table summary 2>> " + svg);
    refused(r, "out", "is also this command's standard error");
    CHECK_FALSE(has(r.out, "| spec"));  // before the tables
    CHECK(slurp(svg) == "old\n");
}
