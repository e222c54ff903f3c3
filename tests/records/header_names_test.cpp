// Red-team round 26, C F11: a results CSV's header with one name misspelt (`Experiment`, `nodes `,
// `nodez`, `grad`) is futolab's header, damaged; a CSV of other columns, or of a few of futolab's
// made by hand, is none. The readers name the column as written (records/header_names.hpp).
#include "records/header_names.hpp"
#include "records/results_csv.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace futolab;

namespace {

// The header a sweep writes, `from` replaced by `to`.
std::vector<std::string> damaged(const std::string& from, const std::string& to) {
    std::vector<std::string> header = csv_columns();
    *std::find(header.begin(), header.end(), from) = to;
    return header;
}

std::size_t field_of(const std::string& name) {
    const std::vector<std::string> header = csv_columns();
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
}

}  // namespace

TEST_CASE("a header of futolab's damaged or not looks like futolab's and another does not", "[csv][header]") {
    CHECK(looks_like_results_header(csv_columns()));
    CHECK(looks_like_results_header(csv_columns(csv_layout({"givens"}))));
    for (const char* first : {"Experiment", " experiment", "EXPERIMENT", "\xEF\xBB\xBF" "experiment", "experiment\xE2\x80\x8B"})
        CHECK(looks_like_results_header(damaged("experiment", first)));
    CHECK(looks_like_results_header(damaged("experiment", "x")));  // the rest is futolab's
    std::vector<std::string> reversed = csv_columns();
    std::reverse(reversed.begin(), reversed.end());
    CHECK(looks_like_results_header(reversed));
    CHECK_FALSE(looks_like_results_header({}));
    CHECK_FALSE(looks_like_results_header({"id", "n", "foo"}));
    CHECK_FALSE(looks_like_results_header({"solver", "options", "status", "wall_ns", "cpu_ns"}));
    CHECK_FALSE(looks_like_results_header(
        {"instance", "instance_hash", "n", "solver", "options", "status", "nodes", "wall_ns", "cpu_ns"}));
    CHECK_THROWS_WITH(check_looks_like_results_header({"id", "n"}, "o.csv"),
                      "o.csv: not a futolab results CSV (its header does not start with futolab's columns)");
    CHECK_NOTHROW(check_looks_like_results_header(damaged("grade", "grad"), "r.csv"));
}

TEST_CASE("a misspelt column is found where it is written", "[csv][header]") {
    for (const char* spelt : {"nodes ", " nodes", "Nodes", "NODES", "nodes\xE2\x80\x8B", "\"nodes\"", "nodez", "node",
                              "noodes", "ndoes "}) {
        INFO(spelt);
        const auto at = misspelt_column(damaged("nodes", spelt), "nodes");
        if (std::string(spelt) == "ndoes ") {  // two letters swapped: two edits
            CHECK_FALSE(at);
            continue;
        }
        REQUIRE(at);
        CHECK(*at == field_of("nodes"));
    }
    CHECK(misspelt_column(damaged("grade", "grad"), "grade") == field_of("grade"));
    CHECK(misspelt_column(damaged("n", "N"), "n") == field_of("n"));
    CHECK(misspelt_column(damaged("n", " n "), "n") == field_of("n"));
    // Short names one letter apart are other words; a name futolab writes is its own column.
    CHECK_FALSE(misspelt_column(damaged("run", "rum"), "run"));
    CHECK_FALSE(misspelt_column(damaged("h", "x"), "h"));
    CHECK_FALSE(misspelt_column({"nodes", "host"}, "node"));
    CHECK_FALSE(misspelt_column(csv_columns(), "nodes"));   // there as it is
    CHECK_FALSE(misspelt_column(csv_columns(), "elapsed"));  // nothing like it
}

TEST_CASE("a quoted header name says the spaces that do not show", "[csv][header]") {
    CHECK(quoted_name("nodes") == "'nodes'");
    CHECK(quoted_name("nodes ") == "'nodes ' (a space at its end)");
    CHECK(quoted_name(" nodes") == "' nodes' (a space at its start)");
    CHECK(quoted_name("  nodes   ") == "'  nodes   ' (2 spaces at its start, 3 spaces at its end)");
    CHECK(quoted_name("") == "''");
    CHECK(quoted_name(" ") == "' ' (only a space)");
    CHECK(quoted_name("   ") == "'   ' (only spaces)");
    CHECK(quoted_name(std::string(300, 'x') + " ") == "'" + std::string(200, 'x') + "...' (a space at its end)");
}

TEST_CASE("header_difference quotes the name as written", "[csv][header]") {
    const std::string column = std::to_string(field_of("nodes") + 1);
    CHECK(header_difference(damaged("nodes", "nodes "), plain_layout()) ==
          "column " + column + " is 'nodes ' (a space at its end), this experiment writes 'nodes'");
    CHECK(header_difference(damaged("grade", "grad"), plain_layout(), true) ==
          "column " + std::to_string(field_of("grade") + 1) + " is 'grad', this experiment writes 'grade'");
    std::vector<std::string> short_one = csv_columns();
    short_one.pop_back();
    CHECK(header_difference(short_one, plain_layout()) ==
          fmt::format("column {} is '(none)', this experiment writes '{}'", short_one.size() + 1, csv_columns().back()));
    std::vector<std::string> long_one = csv_columns();
    long_one.push_back("extra ");
    CHECK(header_difference(long_one, plain_layout()) ==
          fmt::format("column {} is 'extra ' (a space at its end), this experiment writes '(none)'", long_one.size()));
}
