// A results CSV, its sidecar or column schema, or a JSON Lines file (puzzles, a certificate) given
// where an experiment config belongs is named as what it is, by its first bytes (red-team round
// 26, left open): `run results.csv` read the CSV as YAML, one plain scalar, "the config must be a
// YAML mapping of keys", and `run puzzles.jsonl` a line as a flow mapping of unknown keys. Every
// command that reads a config file (run, solve --commands) says "FILE: KIND, not an experiment
// config", exit 2, before any work; a config written as JSON (YAML too) is still a config.
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

struct Kind {
    std::string file, kind;
};

const std::string kPuzzles = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";

}  // namespace

TEST_CASE("run and solve --commands name a results CSV or JSON Lines given as the config", "[cli][run][file_kind][long]") {
    const fs::path dir = futolab::test::small_sweep("config-kind", "kinds");
    REQUIRE(run_cli("critical --construct --n 4 --certificate c.cert --out c.jsonl", dir.string()).exit_code == 0);
    std::ofstream(dir / "p.jsonl") << "{\"id\": \"a\", \"n\": 4}\n{\"id\": \"b\", \"n\": 4}\n";
    std::ofstream(dir / "one.jsonl") << "{\"n\": 4, \"givens\": []}\n";  // one record, no id
    std::ofstream(dir / "bom.txt") << "\xef\xbb\xbf\n{\"id\": \"a\", \"n\": 4}\n";  // a mark, a blank line first
    const std::vector<Kind> kinds{{"out/s.csv", "a futolab results CSV"},
                                  {"out/s.csv.meta.yaml", "a metadata sidecar"},
                                  {"out/s.csv.schema.json", "a results CSV's column schema"},
                                  {"p.jsonl", "JSON Lines (a puzzle file?)"},
                                  {"one.jsonl", "JSON Lines (a puzzle file?)"},
                                  {"bom.txt", "JSON Lines (a puzzle file?)"},
                                  {"c.jsonl", "JSON Lines (a puzzle file?)"},
                                  {"c.cert", "a futolab certificate (JSON Lines)"}};
    for (const Kind& k : kinds) {
        // Under a config's name too: told by content, not by name.
        const std::string copy = "as-" + fs::path(k.file).filename().string() + ".yaml";
        fs::copy_file(dir / k.file, dir / copy);
        for (const std::string& file : {k.file, copy})
            for (const std::string& command : {"run " + file + " -q", "run " + file + " --resume -q",
                                               "solve " + kPuzzles + " --commands " + file + " -s command:name=x"}) {
                const auto r = run_cli(command, dir.string());
                INFO(command << " -> " << r.err);
                CHECK(r.exit_code == 2);
                CHECK(r.err == "futolab: " + file + ": " + k.kind + ", not an experiment config\n");
                CHECK(r.out.empty());
            }
    }
    CHECK_FALSE(fs::exists(dir / "out" / "s.csv.shard-0-of-1.csv"));
    fs::remove_all(dir);
}

TEST_CASE("a config written as JSON or beginning with a brace is still read as a config", "[cli][run][file_kind]") {
    const fs::path dir = futolab::test::fresh_dir("config-kind", "json");
    const std::string body = "\"name\": \"j\", \"mode\": {\"count\": 2}, \"instances\": [{\"file\": \"" + kPuzzles +
                             "\"}], \"solvers\": [\"gac\"]";
    // One line of JSON, and JSON over several lines: YAML either way, with no key of a puzzle's.
    std::ofstream(dir / "one.yaml") << "{" << body << ", \"output\": \"o1/j.csv\"}\n";
    std::ofstream(dir / "many.json") << "{\n  " << body << ",\n  \"output\": \"o2/j.csv\"\n}\n";
    std::ofstream(dir / "flow.yaml") << "{name: f, mode: {count: 2}, instances: [{file: " << kPuzzles
                                     << "}],\n solvers: [gac], output: o3/f.csv}\n";
    for (const std::string config : {"one.yaml", "many.json", "flow.yaml"}) {
        const auto r = run_cli("run " + config + " -q", dir.string());
        INFO(config << " -> " << r.err);
        CHECK(r.exit_code == 0);
    }
    CHECK(fs::exists(dir / "o1" / "j.csv"));
    CHECK(fs::exists(dir / "o2" / "j.csv"));
    CHECK(fs::exists(dir / "o3" / "f.csv"));
    // A YAML file that is no config is refused by its keys, as before.
    std::ofstream(dir / "other.yaml") << "colour: red\n";
    const auto other = run_cli("run other.yaml -q", dir.string());
    CHECK(other.exit_code == 2);
    CHECK(has(other.err, "futolab: other.yaml:"));
    CHECK_FALSE(has(other.err, "not an experiment config"));
    fs::remove_all(dir);
}
