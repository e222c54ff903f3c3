// Every YAML file futolab reads holds one document (red-team round 13, F7): YAML::Load read the
// first and dropped the rest, so an exact-square config followed by `---` and `solvers: [ gac,
// bogus_solver ]`, or by `---` and `[unclosed`, ran as its first part (exit 0) while its sidecar
// kept the whole text. The config, the sidecar and critical's checkpoint table are each read
// through core/yaml_bounds.hpp, which refuses a second document where it starts (exit 2, before
// any output), and binary data too (F8).
#include "critical/zero_given/few_relations_shards.hpp"

#include "core/error.hpp"
#include "../app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace futolab;
using namespace futolab::critical;
namespace fs = std::filesystem;

namespace {

const char* const kSquare =
    R"({"id":"s4","n":4,"givens":[[0,0,2],[0,1,1],[0,2,4],[0,3,3],[1,0,4],[1,1,2],[1,2,3],[1,3,1],)"
    R"([2,0,3],[2,1,4],[2,2,1],[2,3,2],[3,0,1],[3,1,3],[3,2,2],[3,3,4]],"lt":[]})"
    "\n";

const char* const kConfig =
    "name: x\ntask: exact-square\nisolation: thread\noutput: out/x.csv\n"
    "instances:\n  - critical_squares: { file: sq4.jsonl }\nmethods: [ exact-square ]\n";  // 7 lines

std::size_t lines_of(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

std::string second_document_at(const std::string& file, std::size_t line) {
    return file + ":" + std::to_string(line) + ":1: a second YAML document starts here";
}

fs::path square_folder(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("critical", name);
    std::ofstream(dir / "sq4.jsonl") << kSquare;
    return dir;
}

}  // namespace

TEST_CASE("run: a config of more than one YAML document is refused before any output (round 13, F7)",
          "[critical][yaml][cli]") {
    using namespace std::string_literals;
    const fs::path dir = square_folder("yaml-one-document");
    struct Case {
        std::string tail, expected;
    };
    const std::vector<Case> cases{
        {"---\nname: y\n", second_document_at("x.yaml", 8)},
        {"---\nsolvers: [ gac, bogus_solver ]\nrepeats: -5\n", second_document_at("x.yaml", 8)},
        {"...\n\nmethods: [ bogus ]\n", second_document_at("x.yaml", 10)},
        {"---\n", second_document_at("x.yaml", 8)},
        {"---\n[unclosed\n", "x.yaml:10:1: malformed YAML: "},  // a syntax error anywhere, as in the first part
        {"\0\nsolvers: [ bogus ]\n"s, "x.yaml:8:1: binary data (byte 0x00): not a text file"},
    };
    for (const Case& c : cases) {
        std::ofstream(dir / "x.yaml", std::ios::binary) << kConfig << c.tail;
        const futolab::test::CliResult r = futolab::test::run_cli("run x.yaml -q", dir.string());
        INFO(c.tail << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(futolab::test::has(r.err, c.expected));
        CHECK_FALSE(fs::exists(dir / "out"));
    }
    std::ofstream(dir / "x.yaml") << kConfig << "...\n# the end\n";  // one document, with its end marker
    const futolab::test::CliResult r = futolab::test::run_cli("run x.yaml -q", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
}

TEST_CASE("run --resume and merge: a sidecar of more than one YAML document is refused (round 13, F7)",
          "[critical][yaml][cli]") {
    const fs::path dir = square_folder("yaml-one-document-sidecar");
    std::ofstream(dir / "x.yaml") << kConfig;
    REQUIRE(futolab::test::run_cli("run x.yaml -q", dir.string()).exit_code == 0);
    const std::string sidecar = "out/x.csv.meta.yaml";
    const std::string text = futolab::test::slurp((dir / sidecar).string());
    std::ofstream(dir / sidecar, std::ios::binary) << text << "---\nconfig_hash: \"0\"\n";
    for (const std::string args : {"run x.yaml -q --resume", "merge out/x.csv --out m.csv"}) {
        const futolab::test::CliResult r = futolab::test::run_cli(args, dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(futolab::test::has(r.err, second_document_at(sidecar, lines_of(text) + 1)));
    }
}

TEST_CASE("few relations: a checkpoint table of more than one YAML document is refused (round 13, F7)",
          "[critical][yaml]") {
    const fs::path dir = futolab::test::fresh_dir("critical", "yaml-one-document-shard");
    const FewRelationsShard shard{4, 3, 0, 2, few_relations(4, 3, 0, 2, few_relations_pool(4)), "test"};
    const std::string file = few_relations_shard_path(dir.string(), 4, 3, 0, 2);
    const std::string text = write_few_relations_shard(shard);
    std::ofstream(file) << text;
    REQUIRE(read_few_relations_shard(file, 4, 3, 0, 2));
    std::ofstream(file) << text << "---\nunique: 99\n";
    CHECK_THROWS_WITH(read_few_relations_shard(file, 4, 3, 0, 2),
                      Catch::StartsWith(second_document_at(file, lines_of(text) + 1)));
}
