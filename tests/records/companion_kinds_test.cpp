// Red-team round 17, A F1: the files futolab writes beside a results CSV (its sidecar, its column
// schema, a run's exported `<stem>.jsonl`) are, as the CSV is, a regular file or nothing, --force
// or not. `critical --force` removed a FIFO, a symlink or an empty folder at the schema's path
// and failed with exit 1 on a folder holding a file; a resume replaced a symlinked schema; the
// sidecar's refusals under --force read it first ("cannot read", a symlink read through). And
// `critical --out r.txt`, which never writes `r.txt.jsonl`, was refused for a folder there.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace futolab::test;  // run_cli, slurp, has, fresh_dir
namespace fs = std::filesystem;

namespace {

const std::string kVictim = "a file the planted symlink leads to\n";

// What is planted at a companion's path, as the refusal names it.
enum class Planted { fifo, empty_folder, full_folder, symlink };

std::string kind_named(Planted p) {
    switch (p) {
        case Planted::fifo: return "is a FIFO";
        case Planted::empty_folder:
        case Planted::full_folder: return "is a folder";
        case Planted::symlink: return "is a symbolic link";
    }
    return "";
}

// Plants `p` at `path`; a symlink leads to `victim`.
void plant(Planted p, const std::string& path, const std::string& victim) {
    fs::remove_all(path);
    switch (p) {
        case Planted::fifo: REQUIRE(::mkfifo(path.c_str(), 0644) == 0); break;
        case Planted::empty_folder: fs::create_directory(path); break;
        case Planted::full_folder:
            fs::create_directory(path);
            std::ofstream(path + "/keep") << "kept\n";
            break;
        case Planted::symlink:
            std::ofstream(victim) << kVictim;
            fs::create_symlink(victim, path);
            break;
    }
}

// Whether `path` is still what `plant` made there (the victim unchanged).
bool still_planted(Planted p, const std::string& path, const std::string& victim) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return false;
    switch (p) {
        case Planted::fifo: return S_ISFIFO(st.st_mode);
        case Planted::empty_folder: return S_ISDIR(st.st_mode) && fs::is_empty(path);
        case Planted::full_folder: return S_ISDIR(st.st_mode) && slurp(path + "/keep") == "kept\n";
        case Planted::symlink: return S_ISLNK(st.st_mode) && slurp(victim) == kVictim;
    }
    return false;
}

void refused_naming(const CliResult& r, const std::string& file, Planted p) {
    INFO(r.out << "|" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, file + ": " + kind_named(p)));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("critical refuses what is not a regular file at the schema or sidecar path of its results CSV, with --force too",
          "[records][outputs][companions]") {
    const std::string dir = fresh_dir("companion-kinds", "critical").string();
    const std::string search = "critical --construct --n 4 --out a.jsonl";
    REQUIRE(run_cli(search, dir).exit_code == 0);
    for (const std::string companion : {"a.csv.schema.json", "a.csv.meta.yaml"}) {
        const std::string path = dir + "/" + companion, victim = dir + "/victim";
        fs::rename(path, dir + "/kept");
        for (const Planted p : {Planted::fifo, Planted::empty_folder, Planted::full_folder, Planted::symlink})
            for (const std::string how : {" --force", " --resume"}) {
                INFO(companion << " " << kind_named(p) << how);
                plant(p, path, victim);
                refused_naming(run_cli(search + how, dir), companion, p);
                CHECK(still_planted(p, path, victim));
            }
        // No CSV beside it (a search started again from nothing): the same refusal.
        fs::rename(dir + "/a.csv", dir + "/a.csv.away");
        plant(Planted::fifo, path, victim);
        refused_naming(run_cli(search + " --force", dir), companion, Planted::fifo);
        CHECK(still_planted(Planted::fifo, path, victim));
        CHECK_FALSE(fs::exists(dir + "/a.csv"));
        fs::rename(dir + "/a.csv.away", dir + "/a.csv");
        fs::remove_all(path);
        fs::rename(dir + "/kept", path);
    }
    const CliResult again = run_cli(search + " --force", dir);  // regular files: replaced, as --force says
    INFO(again.err);
    CHECK(again.exit_code == 0);
}

TEST_CASE("run refuses a symlink at its schema or exported outputs path on a resume and leaves it",
          "[records][outputs][companions]") {
    const std::string dir = fresh_dir("companion-kinds", "run").string();
    const std::string cfg = dir + "/g.yaml", victim = dir + "/victim";
    std::ofstream(cfg) << "name: g\nseed: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: 2 }\n"
                          "methods: [ unique ]\noutput: " << dir << "/out/g.csv\n";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    for (const std::string& path : {dir + "/out/g.csv.schema.json", dir + "/out/g.jsonl"}) {
        INFO(path);
        fs::rename(path, dir + "/kept");
        plant(Planted::symlink, path, victim);
        refused_naming(run_cli("run -q " + cfg + " --resume"), path, Planted::symlink);
        CHECK(still_planted(Planted::symlink, path, victim));
        fs::remove(path);
        fs::rename(dir + "/kept", path);
    }
    CHECK(run_cli("run -q " + cfg + " --resume").exit_code == 0);
}

TEST_CASE("critical --out r.txt never looks at r.txt.jsonl, which it does not write", "[records][outputs][companions]") {
    const std::string dir = fresh_dir("companion-kinds", "other-name").string();
    plant(Planted::full_folder, dir + "/r.txt.jsonl", "");
    const CliResult r = run_cli("critical --construct --n 4 --out r.txt", dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(slurp(dir + "/r.txt"), "\"n\":4"));
    CHECK(still_planted(Planted::full_folder, dir + "/r.txt.jsonl", ""));
}

// Red-team round 18, B F7: with `output: res` a shard's CSV is `res.shard-I-of-N`, and its tag
// was taken for an extension: every shard exported to res.jsonl, and the second shard in one
// folder was refused ("res.jsonl: exists"). Each shard's outputs are named after its own CSV,
// and are guarded as its own (a convert onto them is refused naming that CSV). The shards are
// found by trying 0, 1 and 2 of 2: whichever two the numbering of --shard takes.
TEST_CASE("the shards of an output named without .csv each export to their own outputs file",
          "[records][outputs][companions]") {
    const std::string dir = fresh_dir("companion-kinds", "shard-outputs").string();
    std::ofstream(dir + "/s.yaml") << "name: s\ntask: construct\ninstances:\n  - critical_orders: { n: 4 }\n"
                                      "  - critical_orders: { n: 5 }\n  - critical_orders: { n: 6 }\n"
                                      "  - critical_orders: { n: 7 }\nmethods: [ construct ]\noutput: res\n";
    std::vector<std::string> shards;
    for (const std::string i : {"0", "1", "2"}) {
        const CliResult r = run_cli("run s.yaml -q --shard " + i + "/2", dir);
        INFO(r.err);
        CHECK_FALSE(has(r.err, "exists"));
        if (r.exit_code == 0) shards.push_back(dir + "/res.shard-" + i + "-of-2");
    }
    REQUIRE(shards.size() == 2);
    const auto records = [](const std::string& path) { return std::ranges::count(slurp(path), '\n'); };
    CHECK(records(shards[0] + ".jsonl") + records(shards[1] + ".jsonl") == 4);
    CHECK_FALSE(fs::exists(dir + "/res.jsonl"));
    const CliResult merged = run_cli("merge " + shards[0] + " " + shards[1] + " --out res", dir);
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    CHECK(records(dir + "/res.jsonl") == 4);
    REQUIRE(run_cli("convert res.jsonl --to jsonl --out x.jsonl", dir).exit_code == 0);
    for (const std::string& csv : shards)
        CHECK(has(run_cli("convert x.jsonl --to jsonl --out " + csv + ".jsonl", dir).err,
                  "is the outputs file of the results CSV " + csv));
}
