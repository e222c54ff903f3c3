// Every scalar of a sidecar is read in the one form futolab writes it (red-team round 26, C F9):
// a YAML tag anywhere (`dirty: !!str false`, `cores: !!float 2`, `!custom …`) is refused, as are
// quotes on a number, a time or a flag (`cores: "2"`), each at its line and column naming the
// key. yaml-cpp's text of `!!str false` is "false": merge took it as a clean build, where a YAML
// reader reads the string "false" (true in Python), and `!!float 2` as 2.0. Strings may be
// quoted (the emitter quotes those that need it), and the config text is a block or a quoted
// scalar whose own strings are not read as YAML here.
#include "core/error.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

struct Sidecar {
    std::string csv, path, text;
};

Sidecar written(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("records", name);
    const std::string csv = (dir / "c.shard-1-of-2.csv").string();
    RunInfo info = futolab::test::sample_shard_run();
    info.pinned_cpus = {0, 1};
    write_sidecar(csv, futolab::test::sample_identity(), info);
    return {csv, sidecar_path(csv), futolab::test::slurp(sidecar_path(csv))};
}

// The first line of `text` that starts with `start`: where it is, its text and its number.
struct Line {
    std::size_t at = 0;  // offset of the line
    std::string line;
    long number = 0;
};

Line line_of(const std::string& text, const std::string& start) {
    const std::size_t found = text.rfind(start, 0) == 0 ? 0 : text.find("\n" + start);
    REQUIRE(found != std::string::npos);
    const std::size_t at = found == 0 && text.rfind(start, 0) == 0 ? 0 : found + 1;
    const std::size_t end = text.find('\n', at);
    return {at, text.substr(at, end - at), static_cast<long>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1};
}

// `text` with the value after `start` (up to the line's end) written as `prefix` VALUE `suffix`,
// and the "FILE:LINE:COLUMN" of that value.
std::pair<std::string, std::string> rewritten(const Sidecar& s, const std::string& start, const std::string& prefix,
                                              const std::string& suffix = "") {
    const Line l = line_of(s.text, start);
    const std::string value = l.line.substr(start.size());
    std::string text = s.text;
    text.replace(l.at, l.line.size(), start + prefix + value + suffix);
    return {text, fmt::format("{}:{}:{}", s.path, l.number, start.size() + 1)};
}

std::string refusal(const Sidecar& s, const std::string& text) {
    try {
        parse_sidecar(text, s.path, s.csv);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(taken)";
}

// A line of every kind of scalar the sidecar holds, and the key its refusal names.
const std::pair<const char*, const char*> kScalars[] = {
    {"experiment: ", "experiment"},          {"config_hash: ", "config_hash"},
    {"  dirty: ", "futolab.dirty"},          {"    dirty: ", "builds[0].dirty"},
    {"  cores: ", "machine.cores"},          {"  host: ", "machine.host"},
    {"  jobs: ", "run.jobs"},                {"  total_runs: ", "run.total_runs"},
    {"  shard_index: ", "run.shard_index"},  {"  started: ", "run.started"},
    {"  load_other_cores: ", "run.load_other_cores"}, {"  load_seconds: ", "run.load_seconds"},
    {"  memory_poll_ms: ", "run.memory_poll_ms"},     {"  pin: ", "timing.pin"},
    {"  warmup: ", "timing.warmup"},         {"  order: ", "timing.order"},
    {"    rows: ", "redone[0].rows"},        {"  state: ", "run.state"},
};

}  // namespace

TEST_CASE("a YAML tag on any sidecar scalar is refused at its line and column", "[records][sidecar][tags]") {
    const Sidecar s = written("sidecar-tags");
    REQUIRE(refusal(s, s.text) == "(taken)");
    for (const auto& [start, key] : kScalars)
        for (const char* tag : {"!!str", "!!float", "!!int", "!!bool", "!custom", "!<tag:yaml.org,2002:str>"}) {
            INFO(start << tag);
            const auto [text, at] = rewritten(s, start, std::string(tag) + " ");
            const std::string shown = std::string(tag).starts_with("!<") ? "!!str" : tag;
            CHECK(refusal(s, text) == fmt::format("{}: key '{}' has the YAML tag {}, where futolab writes none (a tag makes "
                                                  "other readers take the value as another type)",
                                                  at, key, shown));
        }
}

TEST_CASE("a YAML tag on a sidecar map, list, item or key is refused too", "[records][sidecar][tags]") {
    const Sidecar s = written("sidecar-tags-nodes");
    const auto refused = [&](const std::string& start, const std::string& prefix, const std::string& key) {
        INFO(start << prefix);
        const auto [text, at] = rewritten(s, start, prefix);
        CHECK_THAT(refusal(s, text), Catch::StartsWith(s.path + ":") && Catch::Contains("key '" + key + "' has the YAML tag"));
    };
    refused("  pinned_cpus: ", "!!seq ", "timing.pinned_cpus");
    refused("  pinned_cpus: [", "!!str ", "timing.pinned_cpus[0]");
    refused("  hosts: [", "!!str ", "machine.hosts[0]");
    refused("  - {file: ", "!!str ", "inputs[0].file");
    // A tagged key is named at the key's own line and column.
    const Line timing = line_of(s.text, "timing:");
    std::string text = s.text;
    text.replace(timing.at, timing.line.size(), "!!str timing:");
    CHECK_THAT(refusal(s, text), Catch::StartsWith(fmt::format("{}:{}:1: key 'timing' has the YAML tag !!str", s.path, timing.number)));
}

TEST_CASE("a sidecar number time or flag in quotes is refused at its value and a quoted string reads", "[records][sidecar][tags]") {
    const Sidecar s = written("sidecar-quotes");
    for (const auto& [start, key] :
         {std::pair{"  cores: ", "machine.cores"}, std::pair{"  jobs: ", "run.jobs"}, std::pair{"  total_runs: ", "run.total_runs"},
          std::pair{"  shard_count: ", "run.shard_count"}, std::pair{"  completed: ", "run.completed"},
          std::pair{"  started: ", "run.started"}, std::pair{"  finished: ", "run.finished"},
          std::pair{"  load_own_cores: ", "run.load_own_cores"}, std::pair{"  load_seconds: ", "run.load_seconds"},
          std::pair{"  memory_poll_ms: ", "run.memory_poll_ms"}, std::pair{"  warmup: ", "timing.warmup"},
          std::pair{"    rows: ", "redone[0].rows"}, std::pair{"  - at: ", "redone[0].at"}})
        for (const std::string quote : {"\"", "'"}) {
            INFO(start << quote);
            const std::string value = line_of(s.text, start).line.substr(std::string(start).size());
            const auto [text, at] = rewritten(s, start, quote, quote);
            CHECK(refusal(s, text) ==
                  fmt::format("{}: key '{}' is the quoted text '{}', where futolab writes the value plain (no quotes, no tag)", at,
                              key, value));
        }
    // A pinned CPU in quotes: the list's item.
    const auto [pinned, at] = rewritten(s, "  pinned_cpus: [", "\"", "");
    static_cast<void>(at);
    std::string cpus = pinned;
    cpus.replace(cpus.find("[\"0, 1]"), 7, "[\"0\", 1]");
    CHECK_THAT(refusal(s, cpus), Catch::Contains("key 'timing.pinned_cpus[0]' is the quoted text '0'"));
    // Flags: quoted is no flag (round 25), said the same way.
    CHECK_THAT(refusal(s, rewritten(s, "  pin: ", "\"", "\"").first), Catch::Contains("key 'timing.pin' must be true or false, not the quoted text"));
    // Strings in quotes read as their text; an empty `finished` is written "" while a run goes on.
    std::string text = rewritten(s, "experiment: ", "\"", "\"").first;
    for (const char* start : {"  host: ", "  order: ", "  isolation: ", "  state: "}) {
        const Line l = line_of(text, start);
        text.replace(l.at, l.line.size(), start + ("'" + l.line.substr(std::string(start).size()) + "'"));
    }
    const Line finished = line_of(text, "  finished: ");
    text.replace(finished.at, finished.line.size(), "  finished: \"\"");
    const Line state = line_of(text, "  state: ");
    text.replace(state.at, state.line.size(), "  state: 'running'");
    const SidecarFacts read = parse_sidecar(text, s.path, s.csv);
    CHECK(read.identity.name == "c");
    CHECK(read.state == "running");
}

// The committed results' sidecars, written by earlier builds, read as before.
TEST_CASE("every committed results sidecar reads with no tag or quoted number refused", "[records][sidecar][tags]") {
    int read = 0;
    for (const auto& entry : fs::recursive_directory_iterator(FUTOLAB_SOURCE_DIR "/results")) {
        const std::string path = entry.path().string();
        if (!path.ends_with(".csv.meta.yaml")) continue;
        INFO(path);
        const std::string csv = path.substr(0, path.size() - std::string(".meta.yaml").size());
        CHECK_NOTHROW(parse_sidecar(futolab::test::slurp(path), path, csv));
        ++read;
    }
    CHECK(read > 10);
}
