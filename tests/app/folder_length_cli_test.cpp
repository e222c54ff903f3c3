// Folder outputs too long for the file system (red-team round 23, A F1): a few_relations
// checkpoint, `critical --checkpoint` and `analyze --plots` whose path has a part longer than a
// name may be, or that leaves no room under PATH_MAX for the files made in it (their locks and
// temporary names too), were found by making the folder or by writing a shard file after its
// count: error rows and exit 0, exit 1 as a disk failure with folders left, or exit 1 after the
// tables were printed. Now refused before anything is made, exit 2, naming the option (the key at
// its place in a config) and the limit passed. A file output whose path, not its name, leaves no
// room for its temporary file says so.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <climits>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// A part longer than any name (NAME_MAX 255).
const std::string kLongPart(300, 'q');

// A relative folder path of `size` bytes in parts of 200: it fits under PATH_MAX, but a file's
// temporary name in it does not.
std::string deep_path(const std::string& first, std::size_t size) {
    std::string path = first;
    while (path.size() < size) path += "/" + std::string(200, 'r');
    return path.substr(0, size);
}

// What is left in `dir` by name: nothing made but the files the test wrote.
std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    return names;
}

void write_count_config(const fs::path& dir, const std::string& checkpoint) {
    std::ofstream(dir / "fr.yaml") << "name: fr\ntask: few-relations\ninstances:\n"
                                   << "  - few_relations: { n: 4, k: 3, shards: 2, checkpoint: " << checkpoint << " }\n"
                                   << "methods: [ \"few-relations\" ]\noutput: out/fr.csv\n";
}

const std::string kPaired = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv";

}  // namespace

TEST_CASE("a checkpoint folder too long for the file system is refused at its key or option before anything is made",
          "[app][few-relations][long-name]") {
    const std::string deep = deep_path("d", PATH_MAX - 40);  // the folder fits, a shard file's temporary name does not
    struct Case {
        std::string name, checkpoint, says;
    };
    const std::vector<Case> cases{{"part", "ck/" + kLongPart, "name too long (a part of 300 bytes, where the file system takes at most 255"},
                                  {"path", deep, "too long for the files made in it: "}};
    for (const Case& c : cases) {
        INFO(c.name);
        const fs::path dir = fresh_dir("folder-length-cli", "run-" + c.name);
        write_count_config(dir, c.checkpoint);
        const auto run = run_cli("run fr.yaml -q", dir.string());
        INFO(run.err);
        CHECK(run.exit_code == 2);
        CHECK(has(run.err, "fr.yaml:4:57: few_relations.checkpoint " + c.checkpoint + ": " + c.says));
        CHECK(names_in(dir) == std::vector<std::string>{"fr.yaml"});  // no results CSV, no folder

        for (const char* shards : {" --shards 2", " --shard 1/2"}) {
            const fs::path here = fresh_dir("folder-length-cli", "critical-" + c.name);
            const auto r = run_cli("critical --n 4 --few-relations 3 --checkpoint " + c.checkpoint + shards, here.string());
            INFO(r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "futolab: --checkpoint " + c.checkpoint + ": " + c.says));
            CHECK(fs::is_empty(here));  // no folder, no lock
        }
    }
    const fs::path dir = fresh_dir("folder-length-cli", "deep-says");
    write_count_config(dir, deep);
    const auto run = run_cli("run fr.yaml -q", dir.string());
    CHECK(has(run.err, "would have a path of "));
    CHECK(has(run.err, "where the file system takes at most " + std::to_string(PATH_MAX - 1) + " bytes a path: give a shorter folder path"));
}

TEST_CASE("analyze --plots too long for the file system is refused before any table is printed or folder made",
          "[app][analyze][long-name]") {
    const std::string study = "analyze " + kPaired + " --metric nodes --plot cactus --plots ";
    for (const std::string& plots : {"pl/" + kLongPart, deep_path("d", PATH_MAX - 30)}) {
        const fs::path dir = fresh_dir("folder-length-cli", "plots");
        const auto r = run_cli(study + plots, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: --plots " + plots + ": "));
        CHECK(has(r.err, "where the file system takes at most"));
        CHECK(r.out.empty());  // no table printed first
        CHECK(fs::is_empty(dir));
    }
}

TEST_CASE("a file output whose path leaves no room for its temporary name says the path is too long, not the name",
          "[app][output][long-name]") {
    const fs::path dir = fresh_dir("folder-length-cli", "file-path");
    const std::string out = deep_path("d", PATH_MAX - 30) + "/o.jsonl";  // the name and its lock fit, NAME.tmp-… does not
    const auto r = run_cli("generate unique --n 4 --out " + out, dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--out " + out + ": name too long for its temporary file beside it ("));
    CHECK(has(r.err, "a path of "));
    CHECK(has(r.err, "give a shorter path"));
    CHECK(fs::is_empty(dir));
}
