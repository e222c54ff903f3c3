// The keys futolab writes in a sidecar that every reader requires, one list (records/sidecar.cpp,
// check_required_keys): compare dropped a missing futolab.git_commit from its provenance lines,
// merge took a shard without run.state, and a missing run.load_own_cores read as 0 cores, each
// without a word (red-team round 27, B F9). The keys a newer sidecar holds (those it writes once
// it names run.shard_numbering) are not asked of the committed results/ of older futolabs.
#include "core/error.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using Catch::Matchers::Contains;
using namespace futolab;
using futolab::test::sidecar_refusal;
using futolab::test::written_shard_sidecar;

namespace {

// `text` without the line that starts `line` (the first such line).
std::string without(std::string text, const std::string& line) {
    const std::size_t at = text.find("\n" + line);
    REQUIRE(at != std::string::npos);
    text.erase(at + 1, text.find('\n', at + 1) - at);
    return text;
}

}  // namespace

TEST_CASE("sidecar: a key futolab writes in every sidecar is required of it", "[sidecar][required]") {
    const std::string whole = written_shard_sidecar();
    REQUIRE(sidecar_refusal(whole).empty());
    const struct {
        const char* line;
        const char* key;
    } cases[] = {
        {"  version: ", "futolab.version"},         {"  git_commit: ", "futolab.git_commit"},
        {"  cpu: ", "machine.cpu"},                 {"  host: ", "machine.host"},
        {"  state: ", "run.state"},                 {"  jobs: ", "run.jobs"},
        {"  started: ", "run.started"},             {"  finished: ", "run.finished"},
        {"  binary_hash: ", "futolab.binary_hash"}, {"  isolation: ", "run.isolation"},
        {"  memory_limit: ", "run.memory_limit"},   {"  load_own_cores: ", "run.load_own_cores"},
        {"  load_other_cores: ", "run.load_other_cores"}, {"  load_seconds: ", "run.load_seconds"},
    };
    for (const auto& c : cases) {
        INFO(c.key);
        const std::string why = sidecar_refusal(without(whole, c.line));
        CHECK_THAT(why, Contains(std::string("key '") + c.key + "' is missing"));
        CHECK_THAT(why, Contains("(edited?)"));
        CHECK(why.rfind("c.csv.meta.yaml:", 0) == 0);  // at its map's line
    }
}

TEST_CASE("sidecar: a load figure is its three keys or none", "[sidecar][required]") {
    std::string text = written_shard_sidecar();
    for (const char* line : {"  load_other_cores: ", "  load_own_cores: ", "  load_seconds: "}) text = without(text, line);
    CHECK(sidecar_refusal(text).empty());  // none: /proc/stat could not be read
    // Two of three: the one left out is named.
    CHECK_THAT(sidecar_refusal(without(without(written_shard_sidecar(), "  load_own_cores: "), "  load_seconds: ")),
               Contains("key 'run.load_own_cores' is missing, where the other load keys are given"));
    CHECK_THAT(sidecar_refusal(without(without(written_shard_sidecar(), "  load_other_cores: "), "  load_own_cores: ")),
               Contains("key 'run.load_other_cores' is missing"));
}

TEST_CASE("sidecar: an older futolab's sidecar without the keys written since run.shard_numbering still reads",
          "[sidecar][required]") {
    // As the committed results/ of older futolabs: shards counted from 1, no binary_hash,
    // isolation, memory limit or load.
    std::string text = written_shard_sidecar();
    for (const char* line : {"  shard_numbering: ", "  binary_hash: ", "  isolation: ", "  memory_limit: ",
                             "  load_other_cores: ", "  load_own_cores: ", "  load_seconds: "})
        text = without(text, line);
    CHECK(text.find("\n  binary_hash") == std::string::npos);  // the futolab block's (builds: keep theirs)
    text.replace(text.find("  shard_index: 1\n"), 17, "  shard_index: 2\n");  // counted from 1
    CHECK(sidecar_refusal(text).empty());
    // The keys written by every futolab are still required of it.
    CHECK_THAT(sidecar_refusal(without(text, "  state: ")), Contains("key 'run.state' is missing"));
    CHECK_THAT(sidecar_refusal(without(text, "  git_commit: ")), Contains("key 'futolab.git_commit' is missing"));
}

TEST_CASE("sidecar: every committed results sidecar reads with the required keys", "[sidecar][required]") {
    int read = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(FUTOLAB_SOURCE_DIR "/results")) {
        const std::string path = entry.path().string();
        if (!path.ends_with(".csv.meta.yaml")) continue;
        INFO(path);
        const std::string csv = path.substr(0, path.size() - 10);
        CHECK(sidecar_refusal(futolab::test::slurp(path)).empty());
        CHECK_NOTHROW(read_sidecar(csv));
        ++read;
    }
    CHECK(read >= 20);
}
