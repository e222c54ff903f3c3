// run.first_started (records/sidecar.hpp): the start of a CSV's first run, which every resume
// keeps, so a row's clocks can be held to the span of the sessions that made it (red-team round
// 26, B F1: a wall_ns of 292 years was resumed in a sweep whose sidecar said it took a second;
// run.started is the latest run's, which would cut earlier sessions' rows out). Written when
// known, read back, held to its form and to come no later than run.started; left out, it reads
// as unknown (a merge's sidecar, an older futolab's).
#include "core/error.hpp"
#include "records/sidecar.hpp"
#include "records/sidecar_numbers.hpp"
#include "tests/app/cli_runner.hpp"  // fresh_dir, slurp
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using namespace futolab;

namespace {

// A sidecar written with run.first_started `first` (after `started: 2026-01-01T00:00:00Z`),
// then its first_started line replaced by `line` ("" keeps it); the CSV's path.
std::string sidecar_with(const std::string& name, const std::string& first, const std::string& line = "") {
    const std::filesystem::path dir = futolab::test::fresh_dir("records", name);
    const std::string csv = (dir / "c.shard-1-of-2.csv").string();
    RunInfo info = futolab::test::sample_shard_run();
    info.first_started = first;
    write_sidecar(csv, futolab::test::sample_identity(), info);
    if (line.empty()) return csv;
    std::string text = futolab::test::slurp(sidecar_path(csv));
    const std::string written = "  first_started: " + first + "\n";
    REQUIRE(text.find(written) != std::string::npos);
    text.replace(text.find(written), written.size(), line + "\n");
    std::ofstream(sidecar_path(csv), std::ios::binary | std::ios::trunc) << text;
    return csv;
}

// "SIDECAR:LINE:" of the first_started line as written (the machine's keys above it vary by host).
std::string first_started_at(const std::string& csv) {
    const std::string text = futolab::test::slurp(sidecar_path(csv));
    const std::size_t at = text.find("\n  first_started: ");
    REQUIRE(at != std::string::npos);
    return sidecar_path(csv) + ":" + std::to_string(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 2) + ":";
}

std::string refusal(const std::string& csv) {
    try {
        read_sidecar(csv);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(taken)";
}

}  // namespace

TEST_CASE("run.first_started is written after run.started and read back and left out when unknown", "[records][sidecar]") {
    const std::string csv = sidecar_with("first-started-written", "2025-12-31T23:00:00Z");
    const std::string text = futolab::test::slurp(sidecar_path(csv));
    CHECK(text.find("  started: 2026-01-01T00:00:00Z\n  first_started: 2025-12-31T23:00:00Z\n") != std::string::npos);
    const SidecarFacts f = read_sidecar(csv);
    CHECK(f.first_started == "2025-12-31T23:00:00Z");
    CHECK(f.started == "2026-01-01T00:00:00Z");
    CHECK(f.finished == "2026-01-01T00:00:00Z");
    CHECK_THAT(sidecar_at(f, "run.first_started"), StartsWith(first_started_at(csv)));
    // The same moment as run.started (a first run) reads; none written reads as unknown.
    CHECK(read_sidecar(sidecar_with("first-started-same", "2026-01-01T00:00:00Z")).first_started == "2026-01-01T00:00:00Z");
    const std::string unknown = sidecar_with("first-started-none", "");
    CHECK(futolab::test::slurp(sidecar_path(unknown)).find("first_started") == std::string::npos);
    CHECK(read_sidecar(unknown).first_started.empty());
}

TEST_CASE("run.first_started is refused at its line if it is no time or later than run.started", "[records][sidecar]") {
    const std::string first = "2025-12-31T23:00:00Z";
    for (const auto& [line, says] : std::vector<std::pair<std::string, std::string>>{
             {"  first_started: 2026-01-01T00:00:01Z", "is 2026-01-01T00:00:01Z, after run.started 2026-01-01T00:00:00Z ("},
             {"  first_started: not-a-date", "is 'not-a-date', not a time as futolab writes it"},
             {"  first_started: \"\"", "is '', not a time as futolab writes it"},
             {"  first_started: 2025-02-29T00:00:00Z", "is '2025-02-29T00:00:00Z', not a time"}}) {
        INFO(line);
        const std::string csv = sidecar_with("first-started-refused", first, line);
        const std::string message = refusal(csv);
        CHECK_THAT(message, StartsWith(first_started_at(csv)) && Contains("key 'run.first_started' " + says));
    }
}

TEST_CASE("utc_seconds counts the seconds since 1970 of a sidecar's time", "[records][sidecar]") {
    CHECK(utc_seconds("1970-01-01T00:00:00Z") == 0);
    CHECK(utc_seconds("1970-01-02T00:00:01Z") == 86401);
    CHECK(utc_seconds("2000-03-01T00:00:00Z") == 951868800);  // after a leap day of a year divisible by 400
    CHECK(utc_seconds("2024-02-29T23:59:59Z") == 1709251199);
    CHECK(utc_seconds("2026-12-01T00:25:50Z") == 1796084750);
}
