// A config's few_relations checkpoint folder is none of the files the run writes itself (its
// results CSV, the CSV of `--shard I/N`, its sidecar, schema, export or lock) by any spelling,
// nor under one: refused at the `checkpoint:` key before anything is made, exit 2 (red-team
// round 22, A F1: the run made its CSV where the folder goes and every shard was an `error` row,
// exit 0, or the export failed after the count, exit 1).
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// The folder of one case, holding only its config: a count of n = 3, k = 2 in 2 shards.
fs::path config_folder(const std::string& name, const std::string& checkpoint, const std::string& output) {
    const fs::path dir = futolab::test::fresh_dir("checkpoint-apart", name);
    std::ofstream(dir / "fr.yaml") << "name: fr\ntask: few-relations\ninstances:\n"
                                   << "  - few_relations: { n: 3, k: 2, shards: 2, checkpoint: " << checkpoint << " }\n"
                                   << "methods: [ \"few-relations\" ]\noutput: " << output << "\n";
    return dir;
}

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    return names;
}

struct Apart {
    std::string name, checkpoint, output, options, says;
};

}  // namespace

TEST_CASE("a few_relations checkpoint at a file the run writes or under one is refused at its key before anything is made",
          "[experiments][few-relations]") {
    const std::vector<Apart> cases{
        {"csv", "ck", "ck", "", "few_relations.checkpoint ck: is the run's results CSV ck, a file the run writes"},
        {"sidecar", "r.csv.meta.yaml", "r.csv", "", "few_relations.checkpoint r.csv.meta.yaml: is the sidecar r.csv.meta.yaml of the run's results CSV"},
        {"schema", "r.csv.schema.json", "r.csv", "", "few_relations.checkpoint r.csv.schema.json: is the column schema r.csv.schema.json"},
        {"lock", ".r.csv.lock", "r.csv", "", "few_relations.checkpoint .r.csv.lock: is the lock file ./.r.csv.lock of the run's results CSV"},
        {"export", "r.jsonl", "r.csv", "", "few_relations.checkpoint r.jsonl: is the exported outputs r.jsonl of the run's results CSV"},
        {"under", "r.csv/ck", "r.csv", "", "few_relations.checkpoint r.csv/ck: lies under the run's results CSV r.csv, a file the run writes"},
        {"spelled", "sub/../ck", "./ck", "", "few_relations.checkpoint sub/../ck: is the run's results CSV ./ck"},
        {"shard", "r.shard-1-of-2.csv", "r.csv", " --shard 1/2", "few_relations.checkpoint r.shard-1-of-2.csv: is the run's results CSV r.shard-1-of-2.csv"},
        {"out-dir", "o/r.csv", "r.csv", " --out o", "few_relations.checkpoint o/r.csv: is the run's results CSV o/r.csv"},
    };
    for (const Apart& c : cases) {
        INFO(c.name);
        const fs::path dir = config_folder(c.name, c.checkpoint, c.output);
        const auto r = run_cli("run fr.yaml -q" + c.options, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "fr.yaml:4:"));
        CHECK(has(r.err, c.says));
        CHECK(names_in(dir) == std::vector<std::string>{"fr.yaml"});  // nothing made, no row written
    }
}

TEST_CASE("a few_relations checkpoint beside the run's files, or holding them under --out DIR, is taken",
          "[experiments][few-relations]") {
    for (const auto& [name, options] : {std::pair<std::string, std::string>{"beside", ""}, {"holding", " --out ck"}}) {
        INFO(name);
        const fs::path dir = config_folder(name, "ck", "r.csv");
        const auto r = run_cli("run fr.yaml -q" + options, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(fs::exists(dir / "ck" / "n3-k2-shard-001-of-002.yaml"));
    }
}
