// A sidecar or config with a value of the wrong kind at any level (a scalar where a map
// belongs, a list where a scalar belongs, …) is refused with one line naming the file, never
// with yaml-cpp's "operator[] call on a scalar" and no file (issue #45). Every node of a real
// sidecar and of real configs is replaced in turn by each kind, and every reader is run.
#include "analysis/provenance.hpp"
#include "analysis/results_table.hpp"
#include "core/error.hpp"
#include "experiments/config.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // slurp
#include "tests/support/yaml_paths.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

using namespace futolab;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

using Path = futolab::test::YamlPath;

// The document with the node at `path` replaced by `value`, as YAML text.
std::string replaced(const YAML::Node& doc, const Path& path, const std::string& value) {
    YAML::Node copy = YAML::Clone(doc);
    YAML::Node node = futolab::test::node_at(copy, path, path.size());
    node = YAML::Load(value);
    YAML::Emitter out;
    out << copy;
    return out.c_str();
}

const std::vector<std::string> kKinds{"5", "[1, 2]", "{a: 1}", "~", "[]", "{}", "[{a: [1]}]"};

// Runs `read` on every variant; each must be accepted or refused by an InputError that starts
// with `file` and holds nothing of yaml-cpp's own words.
void every_variant(const std::string& original, const std::string& file,
                   const std::function<void(const std::string&)>& read) {
    const YAML::Node doc = YAML::Load(original);
    std::vector<Path> paths;
    Path at;
    futolab::test::collect_paths(doc, at, paths);
    REQUIRE(paths.size() > 10);
    for (const Path& path : paths)
        for (const std::string& kind : kKinds) {
            const std::string text = replaced(doc, path, kind);
            INFO(futolab::test::path_text(path) + " = " + kind);
            try {
                read(text);
            } catch (const InputError& e) {
                const std::string m = e.what();
                CHECK(m.rfind(file, 0) == 0);
                CHECK(m.find("yaml-cpp") == std::string::npos);
                CHECK(m.find("operator[]") == std::string::npos);
                CHECK(m.find("bad conversion") == std::string::npos);
                CHECK(m.find('\n') == std::string::npos);
            } catch (const std::exception& e) {
                FAIL("not an InputError: " << e.what());
            }
        }
}

}  // namespace

TEST_CASE("a sidecar with any node of the wrong kind is refused naming the file", "[yaml-shapes][sidecar][long]") {
    const fs::path dir = fs::temp_directory_path() / "yaml-shapes";
    fs::create_directories(dir);
    const std::string csv = (dir / "s.csv").string(), sidecar = csv + ".meta.yaml";
    fs::copy_file(std::string(FUTOLAB_SOURCE_DIR) + "/tests/data/analysis/phase.csv", csv, fs::copy_options::overwrite_existing);
    const ResultsTable table = ResultsTable::load({csv});
    // A real sidecar, with the optional sections a redo, a merge and --skip-invalid add.
    const std::string original =
        slurp(std::string(FUTOLAB_SOURCE_DIR) + "/results/solver-comparison/solver-comparison.csv.meta.yaml") +
        "timing: { order: sequential, warmup: 0, pin: false }\n"
        "inputs:\n  - { file: a.jsonl, hash: 0123 }\n"
        "builds:\n  - { name: a, path: /x, version: 1, git_commit: abc, dirty: false }\n"
        "redone:\n  - { at: 2026-01-01T00:00:00Z, statuses: [timeout], rows: 3 }\n"
        "skipped_inputs:\n  - { id: x, error: bad }\n";
    REQUIRE_NOTHROW(parse_sidecar(original, sidecar, csv));
    every_variant(original, sidecar, [&](const std::string& text) {
        std::ofstream(sidecar) << text;
        parse_sidecar(text, sidecar, csv);
    });
    every_variant(original, sidecar, [&](const std::string& text) {
        std::ofstream(sidecar) << text;
        read_provenance(csv, table);
    });
    every_variant(original, sidecar, [&](const std::string& text) {
        std::ofstream(sidecar) << text;
        read_redone(csv);
        read_skipped_inputs(csv);
    });
    fs::remove_all(dir);
}

TEST_CASE("a config with any node of the wrong kind is refused naming the file", "[yaml-shapes][config]") {
    for (const char* name : {"solver-comparison.yaml", "critical-bound.yaml", "root-ab-check.yaml", "timing-protocol.yaml"}) {
        INFO(name);
        const std::string original = slurp(std::string(FUTOLAB_SOURCE_DIR) + "/configs/" + name);
        every_variant(original, "cfg.yaml", [](const std::string& text) { parse_config(text, "cfg.yaml"); });
    }
}
