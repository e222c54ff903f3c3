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
#include <vector>

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
    const Edited e = edited_sidecar("sidecar-numbers-edge", "  load_other_cores: 0.500", "  load_other_cores: 0.000");
    CHECK_NOTHROW(read_sidecar(e.csv));
}

// Red-team round 25, B F8: run.memory_poll_ms took 020, -20, 20.5 and 2^64, the loads a leading
// zero, timing.pinned_cpus 2^66, and no time was checked (`started: not-a-date`, a `finished`
// before `started`), while the keys beside them were refused. Every number and time of the
// sidecar is now held to the form futolab writes and its range (records/sidecar_numbers.cpp's
// table): one case or more per kind of field, each refused at its line with its key, by
// read_sidecar (resume, merge, compare) and by read_redone.
TEST_CASE("every number and time of a sidecar is read in the form futolab writes and its range",
          "[records][sidecar][numbers]") {
    struct Case {
        const char* from;
        std::string to;
        const char* key;
        const char* says;
    };
    const std::string many_cpus = "  pinned_cpus: [" + [] {
        std::string items = "0";
        for (int i = 1; i <= kMaxJobs; ++i) items += ", 0";
        return items;
    }() + "]";
    const std::vector<Case> cases{
        // A whole number: a leading zero, a sign, a fraction, past 2^64, below its range.
        {"  memory_poll_ms: 20", "  memory_poll_ms: 020", "run.memory_poll_ms", "has a leading zero"},
        {"  memory_poll_ms: 20", "  memory_poll_ms: -20", "run.memory_poll_ms", "must be a whole number from 1 to"},
        {"  memory_poll_ms: 20", "  memory_poll_ms: 20.5", "run.memory_poll_ms", "must be a whole number from 1 to"},
        {"  memory_poll_ms: 20", "  memory_poll_ms: 18446744073709551616", "run.memory_poll_ms", "must be a whole number"},
        {"  memory_poll_ms: 20", "  memory_poll_ms: 0", "run.memory_poll_ms", "must be a whole number from 1 to"},
        {"  warmup: 0", "  warmup: 00", "timing.warmup", "has a leading zero"},
        // A decimal: a leading zero, other decimals than written, a sign, an exponent.
        {"  load_other_cores: 0.500", "  load_other_cores: 01.235", "run.load_other_cores", "not a number as futolab writes it"},
        {"  load_own_cores: 1.500", "  load_own_cores: 1.5", "run.load_own_cores", "with 3 decimals"},
        {"  load_own_cores: 1.500", "  load_own_cores: -0.500", "run.load_own_cores", "not a number as futolab writes it"},
        {"  load_seconds: 2.0", "  load_seconds: 000.1", "run.load_seconds", "not a number as futolab writes it"},
        {"  load_seconds: 2.0", "  load_seconds: 2.00", "run.load_seconds", "with 1 decimal"},
        {"  load_seconds: 2.0", "  load_seconds: 1000000000.1", "run.load_seconds", "must be a number from 0 to 1000000000"},
        // A list of CPUs: an item past 2^64, past the CPUs a mask holds, with a leading zero; too many items; no list.
        {"  pinned_cpus: []", "  pinned_cpus: [99999999999999999999]", "timing.pinned_cpus[0]", "must be a whole number from 0 to"},
        {"  pinned_cpus: []", "  pinned_cpus: [0, 1024]", "timing.pinned_cpus[1]", "must be a whole number from 0 to 1023"},
        {"  pinned_cpus: []", "  pinned_cpus: [01]", "timing.pinned_cpus[0]", "has a leading zero"},
        {"  pinned_cpus: []", many_cpus, "timing.pinned_cpus", "more than the 4096 futolab writes at most"},
        {"  pinned_cpus: []", "  pinned_cpus: 3", "timing.pinned_cpus", "must be a list"},
        // A time: no date, a month 13, a day February lacks, a space for the T, a finish before the start.
        {"  started: 2026-01-01T00:00:00Z", "  started: not-a-date", "run.started", "not a time as futolab writes it"},
        {"  started: 2026-01-01T00:00:00Z", "  started: 2026-13-01T00:00:00Z", "run.started", "not a time"},
        {"  started: 2026-01-01T00:00:00Z", "  started: 2025-02-29T00:00:00Z", "run.started", "not a time"},
        {"  started: 2026-01-01T00:00:00Z", "  started: \"2026-01-01 00:00:00Z\"", "run.started", "not a time"},
        {"  finished: 2026-01-01T00:00:00Z", "  finished: 1970-01-01T00:00:00Z", "run.finished", "before run.started 2026-01-01T00:00:00Z"},
        {"  finished: 2026-01-01T00:00:00Z", "  finished: 2026-01-01T00:00:60Z", "run.finished", "not a time"},
        {"  - at: 2026-01-01T00:00:00Z", "  - at: yesterday", "redone[0].at", "not a time as futolab writes it"}};
    for (const Case& c : cases) {
        INFO(c.to.substr(0, 60));
        const Edited e = edited_sidecar("sidecar-numbers-forms", c.from, c.to);
        for (const bool redone : {false, true}) {
            const std::string message = refusal([&] { redone ? static_cast<void>(read_redone(e.csv)) : static_cast<void>(read_sidecar(e.csv)); });
            CHECK_THAT(message, Catch::StartsWith(fmt::format("{}:{}:", sidecar_path(e.csv), e.line)));
            CHECK_THAT(message, Catch::Contains(fmt::format("key '{}'", c.key)) && Catch::Contains(c.says));
            CHECK(message.find('\n') == std::string::npos);
        }
    }
    // What futolab writes still reads: a run still going (no finish yet), a leap day, loads of 0,
    // the CPUs of two workers, and a sidecar of a run that states no poll (the key left out).
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"  finished: 2026-01-01T00:00:00Z", "  finished: \"\""},
             {"  started: 2026-01-01T00:00:00Z", "  started: 2024-02-29T23:59:59Z"},
             {"  load_own_cores: 1.500", "  load_own_cores: 0.000"},
             {"  pinned_cpus: []", "  pinned_cpus: [0, 1023]"},
             {"  memory_poll_ms: 20", "  memory_poll_ms: 2147483647"}}) {
        INFO(to);
        const Edited e = edited_sidecar("sidecar-numbers-written-forms", from, to);
        CHECK_NOTHROW(read_sidecar(e.csv));
        CHECK_NOTHROW(read_redone(e.csv));
    }
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
