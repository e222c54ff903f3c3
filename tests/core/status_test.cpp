// The status table (core/status.hpp): every entry round-trips name → value → name, and every
// value of the enum has exactly one entry. The expected lists come from the table itself.
#include "core/status.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace futolab;

TEST_CASE("every status round-trips name → value → name", "[status][vocabulary]") {
    std::set<std::string_view> names;
    for (const StatusWord& w : kStatuses) {
        INFO(w.name);
        REQUIRE(status_named(w.name));
        CHECK(*status_named(w.name) == w.value);
        CHECK(status_name(w.value) == w.name);
        CHECK(outcome_of(w.value) == w.outcome);
        CHECK(is_verdict(w.value) == w.verdict);
        CHECK(value_in(kStatuses, w.name, "status") == w.value);
        CHECK(names.insert(w.name).second);  // no name twice
    }
    CHECK_FALSE(status_named("Solved"));  // names are exact, as the CSV holds them
    CHECK_FALSE(status_named(""));
}

TEST_CASE("every value of Status has one row in the table", "[status][vocabulary]") {
    // The enum's values are 0 … N-1 (no explicit values): N rows, each value once.
    std::set<Status> seen;
    for (const StatusWord& w : kStatuses) CHECK(seen.insert(w.value).second);
    for (std::size_t i = 0; i < kStatuses.size(); ++i) CHECK(seen.count(static_cast<Status>(i)) == 1);
}

TEST_CASE("a verdict on uniqueness is a finished run", "[status][vocabulary]") {
    for (const StatusWord& w : kStatuses)
        if (w.verdict) CHECK(w.outcome == RunOutcome::finished);
}
