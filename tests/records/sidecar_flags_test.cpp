// A sidecar's flags (`futolab.dirty`, each build's `dirty`, `timing.pin`) are read as futolab
// writes them, `true` or `false` unquoted (red-team round 25, C F6): yaml-cpp's decoding took
// YAML 1.1's `no`, `NO`, `off` and `yes` too, so an edited provenance flag passed resume and
// merge while the refusal of `maybe` said "must be true or false". Each refusal names
// file:line:column and the key; the written words and a missing key still read.
#include "core/error.hpp"
#include "records/sidecar.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

// The sample shard run with every flag false, whatever the build's own work tree.
RunInfo all_false() {
    RunInfo info = futolab::test::sample_shard_run();
    info.driver.dirty = false;
    for (BuildIdentity& b : info.builds) b.dirty = false;
    info.timing.pin = false;
    return info;
}

struct Sidecar {
    std::string csv, path, text;
};

Sidecar written(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("records", name);
    const std::string csv = (dir / "c.shard-1-of-2.csv").string();
    write_sidecar(csv, futolab::test::sample_identity(), all_false());
    return {csv, sidecar_path(csv), futolab::test::slurp(sidecar_path(csv))};
}

// The sidecar's text with the whole line `from` replaced by `to`, and that line's number.
std::pair<std::string, long> edited(const std::string& text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find("\n" + from + "\n");
    REQUIRE(at != std::string::npos);
    const long line = static_cast<long>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at) + 1, '\n')) + 1;
    return {text.substr(0, at + 1) + to + text.substr(at + 1 + from.size()), line};
}

std::string refusal(const Sidecar& s, const std::string& text) {
    try {
        parse_sidecar(text, s.path, s.csv);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(taken)";
}

struct Flag {
    const char* line;    // as written
    const char* prefix;  // the line up to its value
    const char* key;     // as the message names it
};

const Flag kFlags[] = {{"  dirty: false", "  dirty: ", "futolab.dirty"},
                       {"    dirty: false", "    dirty: ", "builds[0].dirty"},
                       {"  pin: false", "  pin: ", "timing.pin"}};

}  // namespace

TEST_CASE("a sidecar flag other than true or false is refused at its key", "[records][sidecar][flags]") {
    const Sidecar s = written("sidecar-flags");
    for (const Flag& f : kFlags)
        for (const std::string value : {"no", "NO", "No", "off", "OFF", "n", "N", "yes", "YES", "on", "y", "Y", "True", "FALSE",
                                        "maybe", "1", "0", "'true'", "\"false\""}) {
            INFO(f.key << " = " << value);
            const auto [text, line] = edited(s.text, f.line, f.prefix + value);
            const std::string message = refusal(s, text);
            CHECK_THAT(message, Catch::StartsWith(fmt::format("{}:{}:", s.path, line)));
            CHECK_THAT(message, Catch::Contains(fmt::format("key '{}' must be true or false, not ", f.key)));
            CHECK(message.find('\n') == std::string::npos);
        }
}

TEST_CASE("a sidecar flag with no value is refused, a missing one takes its default", "[records][sidecar][flags]") {
    const Sidecar s = written("sidecar-flags-empty");
    for (const Flag& f : kFlags)
        for (const std::string value : {"", "~", "null"}) {
            INFO(f.key << " = " << value);
            const auto [text, line] = edited(s.text, f.line, f.prefix + value);
            const std::string message = refusal(s, text);
            // yaml-cpp marks an empty value where the next token starts, on the line below.
            CHECK_THAT(message, Catch::StartsWith(fmt::format("{}:{}:", s.path, value.empty() ? line + 1 : line)) &&
                                    Catch::EndsWith(fmt::format("key '{}' must be true or false, not empty", f.key)));
        }
    // Without the key (a sidecar older than it): pin false, dirty as the commit's "-dirty" says.
    const auto without = [](std::string text, const std::string& line) {
        const std::size_t at = text.find("\n" + line + "\n");
        REQUIRE(at != std::string::npos);
        return text.erase(at + 1, line.size() + 1);
    };
    const SidecarFacts read = parse_sidecar(without(without(s.text, "  pin: false"), "  dirty: false"), s.path, s.csv);
    CHECK_FALSE(read.timing.pin);
    CHECK_FALSE(read.driver.dirty);
}

TEST_CASE("a sidecar's flags read true and false as written", "[records][sidecar][flags]") {
    const Sidecar s = written("sidecar-flags-taken");
    const SidecarFacts was = parse_sidecar(s.text, s.path, s.csv);
    CHECK_FALSE(was.driver.dirty);
    CHECK_FALSE(was.timing.pin);
    std::string text = edited(s.text, "  dirty: false", "  dirty: true").first;
    text = edited(text, "    dirty: false", "    dirty: true").first;
    text = edited(text, "  pin: false", "  pin: true").first;
    const SidecarFacts is = parse_sidecar(text, s.path, s.csv);
    CHECK(is.driver.dirty);
    REQUIRE(is.builds.size() == 1);
    CHECK(is.builds[0].dirty);
    CHECK(is.timing.pin);
}
