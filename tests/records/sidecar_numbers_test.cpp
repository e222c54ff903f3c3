// A sidecar's numbers are read in the form and range futolab writes them (records/sidecar.cpp):
// a whole number with a leading zero (`shard_index: 00`, `completed: 075`) is refused as `0x4b`
// is, and the machine's cores and the load figures are held to a range (a negative load, or
// 10^23 cores, was taken and compare printed it whole). Each refusal names file:line:column and
// the key.
#include "core/error.hpp"
#include "core/yaml_bounds.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <utility>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

struct Edited {
    std::string csv;  // the results CSV whose sidecar was edited
    long line;        // the edited line's number
};

// A shard sidecar as futolab writes it, with the line `from` (a whole line, its indentation
// included) replaced by `to`. (A named struct, not a pair taken apart: clang lets no lambda
// capture a structured binding.)
Edited edited_sidecar(const std::string& name, const std::string& from, const std::string& to) {
    const fs::path dir = futolab::test::fresh_dir("records", name);
    const std::string csv = (dir / "c.shard-1-of-2.csv").string();
    write_sidecar(csv, futolab::test::sample_identity(), futolab::test::sample_shard_run());
    const std::string text = futolab::test::slurp(sidecar_path(csv));
    const std::size_t at = text.find("\n" + from + "\n");
    REQUIRE(at != std::string::npos);
    const long line = static_cast<long>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at) + 1, '\n')) + 1;
    std::ofstream(sidecar_path(csv), std::ios::binary | std::ios::trunc)
        << text.substr(0, at + 1) + to + text.substr(at + 1 + from.size());
    return {csv, line};
}

std::string refusal(const std::function<void()>& read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(taken)";
}

// The `key: value` line of the written sidecar (the value as written, e.g. the host's cores).
std::string written_line(const std::string& key) {
    const fs::path dir = futolab::test::fresh_dir("records", "sidecar-numbers-written");
    const std::string csv = (dir / "c.csv").string();
    write_sidecar(csv, futolab::test::sample_identity(), futolab::test::sample_shard_run());
    const std::string text = futolab::test::slurp(sidecar_path(csv));
    const std::size_t at = text.find("\n  " + key + ": ");
    REQUIRE(at != std::string::npos);
    return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

}  // namespace

TEST_CASE("a whole number of a sidecar with a leading zero is refused at its key", "[records][sidecar][numbers]") {
    struct Case {
        const char* from;
        const char* to;
        const char* key;
    };
    for (const Case& c : {Case{"  shard_index: 1", "  shard_index: 01", "run.shard_index"},
                          Case{"  shard_count: 2", "  shard_count: 02", "run.shard_count"},
                          Case{"  jobs: 2", "  jobs: 02", "run.jobs"},
                          Case{"  total_runs: 4", "  total_runs: 004", "run.total_runs"},
                          Case{"  shard_runs: 2", "  shard_runs: 02", "run.shard_runs"},
                          Case{"  completed: 2", "  completed: 02", "run.completed"}}) {
        INFO(c.to);
        const Edited e = edited_sidecar("sidecar-numbers-zero", c.from, c.to);
        const std::string message = refusal([&] { read_sidecar(e.csv); });
        CHECK_THAT(message, Catch::StartsWith(fmt::format("{}:{}:", sidecar_path(e.csv), e.line)));
        CHECK_THAT(message, Catch::Contains(fmt::format("key '{}'", c.key)) && Catch::Contains("has a leading zero"));
    }
    const Edited e = edited_sidecar("sidecar-numbers-rows", "    rows: 1", "    rows: 01");
    CHECK_THAT(refusal([&] { read_redone(e.csv); }), Catch::StartsWith(fmt::format("{}:{}:", sidecar_path(e.csv), e.line)) &&
                                                    Catch::Contains("has a leading zero"));
    const std::string cores = written_line("cores");
    const Edited cores_edit = edited_sidecar("sidecar-numbers-cores", cores, "  cores: 0" + cores.substr(9));
    CHECK_THAT(refusal([&] { read_sidecar(cores_edit.csv); }),
               Catch::StartsWith(fmt::format("{}:{}:", sidecar_path(cores_edit.csv), cores_edit.line)) &&
                   Catch::Contains("key 'machine.cores'") && Catch::Contains("has a leading zero"));
}

TEST_CASE("a sidecar's cores and load figures out of their range are refused at their key", "[records][sidecar][numbers]") {
    struct Case {
        std::string from;
        std::string to;
        const char* key;
    };
    const std::string cores = written_line("cores");
    for (const Case& c : {Case{cores, "  cores: 0", "machine.cores"},
                          Case{cores, "  cores: 99999999999999999999999", "machine.cores"},
                          Case{"  load_other_cores: 0.500", "  load_other_cores: -1e300", "run.load_other_cores"},
                          Case{"  load_other_cores: 0.500", "  load_other_cores: -1", "run.load_other_cores"},
                          Case{"  load_own_cores: 1.500", "  load_own_cores: 1e20", "run.load_own_cores"},
                          Case{"  load_seconds: 2.0", "  load_seconds: -1", "run.load_seconds"},
                          Case{"  load_seconds: 2.0", "  load_seconds: 1e12", "run.load_seconds"}}) {
        INFO(c.to);
        const Edited e = edited_sidecar("sidecar-numbers-range", c.from, c.to);
        const std::string message = refusal([&] { read_sidecar(e.csv); });
        CHECK_THAT(message, Catch::StartsWith(fmt::format("{}:{}:", sidecar_path(e.csv), e.line)));
        CHECK_THAT(message, Catch::Contains(fmt::format("key '{}'", c.key)));
    }
    const Edited e = edited_sidecar("sidecar-numbers-edge", "  load_other_cores: 0.500", "  load_other_cores: 0");
    CHECK_NOTHROW(read_sidecar(e.csv));
}

TEST_CASE("YAML nested too deep is refused naming the line and column of the first node past the limit",
          "[records][sidecar][numbers]") {
    std::string deep = "name: a\nlimits: {nodes: ";
    for (int i = 0; i < 70; ++i) deep += '[';
    deep += "1";
    for (int i = 0; i < 70; ++i) deep += ']';
    deep += "}\n";
    // The root map is level 1, the map of `limits` 2, its first `[` 3: the 63rd `[` (column 17 + 62) is level 65.
    CHECK_THROWS_WITH(load_yaml_bounded(deep, "deep.yaml"), "deep.yaml:2:79: YAML nested deeper than 64 levels: refusing it");
    std::string block = "name: a\nlist:\n";
    for (int i = 1; i < 70; ++i) block += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
    // The map under `list` is level 2 and its key on line 3 level 3, so the key on line 3 + 62
    // (indented 63) is level 65.
    CHECK_THROWS_WITH(load_yaml_bounded(block, "b.yaml"), "b.yaml:65:64: YAML nested deeper than 64 levels: refusing it");
}
