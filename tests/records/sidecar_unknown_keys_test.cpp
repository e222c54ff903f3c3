// A sidecar key futolab never writes (records/sidecar.cpp, check_known_keys): merge, compare,
// analyze and report took `futolab.patched_by`, `machine.gpu` or a top-level `note` without a
// word, and merge dropped them from the merged sidecar (red-team round 28, C F7). Refused at the
// key's line and column, as a missing key is; the keys older futolabs wrote still read.
#include "core/error.hpp"
#include "records/sidecar.hpp"
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>

using Catch::Matchers::Contains;
using namespace futolab;
using futolab::test::sidecar_refusal;
using futolab::test::written_shard_sidecar;

namespace {

// `text` with `line` inserted after its first line that starts with `after`, and the inserted
// line's number (1-based).
std::pair<std::string, int> inserted(std::string text, const std::string& after, const std::string& line) {
    const std::size_t at = text.find("\n" + after);
    REQUIRE(at != std::string::npos);
    const std::size_t end = text.find('\n', at + 1);
    text.insert(end + 1, line + "\n");
    return {text, static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n')) + 2};
}

}  // namespace

TEST_CASE("sidecar: a key futolab never writes is refused at its line and column by name", "[sidecar][unknown]") {
    const std::string whole = written_shard_sidecar();
    REQUIRE(sidecar_refusal(whole).empty());
    const struct {
        const char* after;
        const char* line;
        const char* key;
        const char* where;
    } cases[] = {
        {"config_hash: ", "note: edited by hand", "note", "at the top of a sidecar"},
        {"  binary_hash: ", "  patched_by: someone", "futolab.patched_by", "in 'futolab'"},
        {"  host: ", "  gpu: none", "machine.gpu", "in 'machine'"},
        {"  state: ", "  operator: me", "run.operator", "in 'run'"},
        {"  order: ", "  nice: 5", "timing.nice", "in 'timing'"},
        {"    binary_hash: ", "    signed: yes", "builds[0].signed", "in 'builds[]'"},
        {"    error: ", "    line: 3", "skipped_inputs[0].line", "in 'skipped_inputs[]'"},
        {"    rows: ", "    by: me", "redone[0].by", "in 'redone[]'"},
    };
    for (const auto& c : cases) {
        INFO(c.key);
        const auto [text, line] = inserted(whole, c.after, c.line);
        const int column = static_cast<int>(std::string(c.line).find_first_not_of(' ')) + 1;
        const std::string why = sidecar_refusal(text);
        CHECK(why.rfind(fmt::format("c.csv.meta.yaml:{}:{}: key '{}' is not a key futolab writes {} (it writes ", line,
                                    column, c.key, c.where),
                        0) == 0);
        CHECK_THAT(why, Contains("edited, or written by another program?)"));
    }
    // An input's flow map too.
    std::string input = whole;
    const std::size_t hash = input.find("hash: 0123456789abcdef}");
    REQUIRE(hash != std::string::npos);
    input.insert(hash + 22, ", size: 3");
    CHECK_THAT(sidecar_refusal(input), Contains("key 'inputs[0].size' is not a key futolab writes in 'inputs[]'"));
}

TEST_CASE("sidecar: the keys older futolabs wrote still read", "[sidecar][unknown]") {
    // The frequency facts a machine with cpufreq has (records/machine.cpp), written where they exist.
    const auto [text, line] = inserted(written_shard_sidecar(), "  host: ", "  governor: performance\n  no_turbo: \"1\"\n  boost: \"0\"");
    CHECK(line > 0);
    CHECK(sidecar_refusal(text).empty());
}
