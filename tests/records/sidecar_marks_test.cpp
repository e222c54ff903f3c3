// Every refusal of a sidecar's key names the file, the line and the column (records/sidecar.cpp):
// each key of real sidecars (a shard's and a merge's as this futolab writes them, and a committed
// one of the older shard numbering) is set in turn to values of the wrong form or range, and
// removed, and every reader of the sidecar is run. A refusal without `:line:column:` fails (run.
// shard_index, shard_count and total_runs named the file and the key, but no line).
#include "core/error.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp
#include "tests/records/sample_sidecar.hpp"
#include "tests/support/yaml_paths.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

using futolab::test::YamlPath;

// The document with the node at `path` set to `value`, or removed (nullopt) if it is a map's key.
std::optional<std::string> edited(const YAML::Node& doc, const YamlPath& path, const std::optional<std::string>& value) {
    YAML::Node copy = YAML::Clone(doc);
    YAML::Node node = futolab::test::node_at(copy, path, path.size() - 1);  // the parent
    if (!value && !std::holds_alternative<std::string>(path.back())) return std::nullopt;
    if (!value) node.remove(std::get<std::string>(path.back()));
    else if (std::holds_alternative<std::string>(path.back())) node[std::get<std::string>(path.back())] = YAML::Load(*value);
    else node[std::get<std::size_t>(path.back())] = YAML::Load(*value);
    YAML::Emitter out;
    out << copy;
    return std::string(out.c_str());
}

// Of the wrong form (a sign, a fraction, hex, a word, a list, a map, nothing) or out of range
// (0 where a count starts at 1, 99 for a shard of 2, 2^64, a number past every limit).
const std::vector<std::string> kBad{"x", "-1", "+1", "0", "1.5", "2.0", "0x1", "99", "18446744073709551616",
                                    "10000000000000000", "[1, 2]", "{a: 1}", "~", "''"};

// True if `message` starts "<file>:<line>:<column>: ".
bool marked(const std::string& message, const std::string& file) {
    if (message.rfind(file + ":", 0) != 0) return false;
    std::size_t at = file.size();
    for (int part = 0; part < 2; ++part) {
        if (message[at] != ':' || !std::isdigit(static_cast<unsigned char>(message[at + 1])) || message[at + 1] == '0')
            return false;
        for (++at; std::isdigit(static_cast<unsigned char>(message[at])); ++at) {
        }
    }
    return message.compare(at, 2, ": ") == 0;
}

// Every key of `original` set to each bad value and removed; each reader run on the result.
void every_refusal_marked(const std::string& original, const std::string& csv) {
    const std::string sidecar = sidecar_path(csv);
    const std::vector<std::function<void()>> readers{
        [&] { read_sidecar(csv); }, [&] { read_redone(csv); }, [&] { read_skipped_inputs(csv); }};
    const YAML::Node doc = YAML::Load(original);
    std::vector<YamlPath> paths;
    YamlPath at;
    futolab::test::collect_paths(doc, at, paths);
    REQUIRE(paths.size() > 20);
    std::size_t refused = 0;
    for (const YamlPath& path : paths) {
        std::vector<std::optional<std::string>> values(kBad.begin(), kBad.end());
        values.emplace_back(std::nullopt);
        for (const std::optional<std::string>& value : values) {
            const std::optional<std::string> text = edited(doc, path, value);
            if (!text) continue;
            std::ofstream(sidecar, std::ios::binary | std::ios::trunc) << *text;
            for (const std::function<void()>& read : readers) {
                try {
                    read();
                } catch (const InputError& e) {
                    ++refused;
                    INFO(futolab::test::path_text(path) << (value ? " = " + *value : " removed"));
                    CHECK(marked(e.what(), sidecar));
                    if (!marked(e.what(), sidecar)) UNSCOPED_INFO(e.what());
                }
            }
        }
    }
    CHECK(refused > 100);  // the walk reached the keys the readers check
}


}  // namespace

TEST_CASE("every refusal of a key of a shard sidecar names its line and column", "[records][sidecar][marks][long]") {
    const fs::path dir = futolab::test::fresh_dir("records", "sidecar-marks-shard");
    const std::string csv = (dir / "c.shard-1-of-2.csv").string();
    write_sidecar(csv, futolab::test::sample_identity(), futolab::test::sample_shard_run());
    const std::string original = futolab::test::slurp(sidecar_path(csv));
    REQUIRE_NOTHROW(read_sidecar(csv));
    every_refusal_marked(original, csv);
}

TEST_CASE("every refusal of a key of a merged sidecar names its line and column", "[records][sidecar][marks][long]") {
    const fs::path dir = futolab::test::fresh_dir("records", "sidecar-marks-merged");
    const std::string csv = (dir / "c.csv").string();
    RunInfo info = futolab::test::sample_shard_run();
    info.shard_index = 0;
    info.shard_count = 1;
    info.merged_by = this_build();
    info.state = "merged";  // as merge writes it (a merged sidecar's run.state is a merge's word)
    info.shards = {{"c.shard-0-of-2.csv", "a", "cpu", {"a"}, std::nullopt}, {"c.shard-1-of-2.csv", "b", "cpu", {"b", "c"}, std::nullopt}};
    write_sidecar(csv, futolab::test::sample_identity(), info);
    const std::string original = futolab::test::slurp(sidecar_path(csv));
    REQUIRE_NOTHROW(read_sidecar(csv));
    every_refusal_marked(original, csv);
}

TEST_CASE("every refusal of a key of a sidecar of the older shard numbering names its line and column",
          "[records][sidecar][marks]") {
    const fs::path dir = futolab::test::fresh_dir("records", "sidecar-marks-older");
    const std::string csv = (dir / "s.csv").string();
    const std::string original =
        futolab::test::slurp(std::string(FUTOLAB_SOURCE_DIR) + "/results/solver-comparison/solver-comparison.csv.meta.yaml");
    std::ofstream(sidecar_path(csv), std::ios::binary) << original;
    REQUIRE_NOTHROW(read_sidecar(csv));
    every_refusal_marked(original, csv);
}

TEST_CASE("a sidecar's run.shard_index out of its range is refused at its line and column", "[records][sidecar][marks]") {
    const fs::path dir = futolab::test::fresh_dir("records", "sidecar-marks-index");
    const std::string csv = (dir / "c.shard-1-of-2.csv").string();
    write_sidecar(csv, futolab::test::sample_identity(), futolab::test::sample_shard_run());
    const std::string text = futolab::test::slurp(sidecar_path(csv));
    const std::size_t at = text.find("shard_index: 1\n");
    REQUIRE(at != std::string::npos);
    const auto line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1;
    std::ofstream(sidecar_path(csv), std::ios::binary | std::ios::trunc)
        << text.substr(0, at) + "shard_index: 5\n" + text.substr(at + 15);
    CHECK_THROWS_WITH(read_sidecar(csv), sidecar_path(csv) + ":" + std::to_string(line) +
                                             ":16: key 'run.shard_index' must be a whole number from 0 to 1, not '5'");
}
