#include "core/error.hpp"
#include "experiments/csv_reader.hpp"
#include "experiments/results_csv.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace futolab;

TEST_CASE("RFC 4180 quoting round-trips through the reader", "[csv]") {
    const std::vector<std::string> fields{"plain", "a,b", "say \"hi\"", "two\nlines", ""};
    std::string line;
    for (const std::string& f : fields) line += (line.empty() ? "" : ",") + csv_quote(f);
    const CsvTable t = parse_csv("h1,h2,h3,h4,h5\n" + line + "\n", "x.csv");
    REQUIRE(t.rows.size() == 1);
    CHECK(t.rows[0] == fields);
    CHECK_FALSE(t.truncated);
    CHECK(csv_quote("plain") == "plain");
    CHECK(csv_quote("a,b") == "\"a,b\"");
}

TEST_CASE("a last line cut off by a kill is reported, not read", "[csv]") {
    const std::string text = "a,b\n1,2\n3,";
    const CsvTable t = parse_csv(text, "x.csv");
    CHECK(t.truncated);
    CHECK(t.rows.size() == 1);
    CHECK(t.complete_bytes == 8);
}

TEST_CASE("a row with the wrong number of fields names its line", "[csv]") {
    CHECK_THROWS_WITH(parse_csv("a,b\n1,2\n1,2,3\n", "x.csv"), "x.csv:3: 3 fields, the header has 2");
}

TEST_CASE("the header is SPEC §5's columns, counters in order, then futolab's", "[csv]") {
    CHECK(csv_header_line() ==
          "experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,nodes,fails,"
          "checks,propagations,max_depth,wall_ns,cpu_ns,solution,run,message,grade,output\n");
}

TEST_CASE("a counter the backend does not know is an empty field, never 0 (SPEC §4)", "[csv]") {
    ResultRow row;
    row.counters.solutions = 1;
    row.counters.nodes = 6;
    row.counters.checks = 0;
    row.unknown_counters = counter_bits({Counter::checks, Counter::propagations});
    const CsvTable t = parse_csv(csv_header_line() + csv_line(row), "x.csv");
    REQUIRE(t.rows.size() == 1);
    const auto field = [&](const std::string& name) {
        const auto& c = csv_columns();
        return t.rows[0][static_cast<std::size_t>(std::find(c.begin(), c.end(), name) - c.begin())];
    };
    CHECK(field("solutions") == "1");
    CHECK(field("nodes") == "6");
    CHECK(field("fails") == "0");  // known, and zero
    CHECK(field("checks").empty());
    CHECK(field("propagations").empty());
    CHECK(field("max_depth") == "0");
}
