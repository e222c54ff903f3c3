// `analyze --where`: parsing, numeric and text comparison, and the filtered table.
#include "analysis/filter.hpp"
#include "core/error.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;

namespace {
const std::string kPhase = std::string(FUTOLAB_SOURCE_DIR) + "/tests/data/analysis/phase.csv";
}

TEST_CASE("row filters parse every operator", "[analysis][filter]") {
    for (const auto& [text, column, op, value] :
         {std::tuple{"k=0", "k", "=", "0"}, {"n!=5", "n", "!=", "5"}, {"n<7", "n", "<", "7"},
          {"n<=7", "n", "<=", "7"}, {"h>3", "h", ">", "3"}, {"h>=3", "h", ">=", "3"},
          {"spec=fc:var=mrv", "spec", "=", "fc:var=mrv"}}) {
        const RowFilter f = parse_row_filter(text);
        CHECK(f.column == column);
        CHECK(f.op == op);
        CHECK(f.value == value);
    }
    CHECK_THROWS_AS(parse_row_filter("k"), InputError);
    CHECK_THROWS_AS(parse_row_filter("=3"), InputError);
    CHECK_THROWS_AS(parse_row_filter("k!3"), InputError);
}

TEST_CASE("filter_rows keeps the rows every filter accepts", "[analysis][filter]") {
    const ResultsTable all = ResultsTable::load({kPhase});
    const ResultsTable five = filter_rows(all, {parse_row_filter("n=5")});
    REQUIRE(five.size() > 0);
    REQUIRE(five.size() < all.size());
    for (std::size_t i = 0; i < five.size(); ++i) CHECK(five.text(i, "n") == "5");
    const ResultsTable unique5 = filter_rows(all, {parse_row_filter("n=5"), parse_row_filter("status=unique")});
    for (std::size_t i = 0; i < unique5.size(); ++i) CHECK(unique5.text(i, "status") == "unique");
    CHECK(unique5.size() < five.size());
    // Numbers compare as numbers: 10 > 9 although "10" < "9" as text.
    CHECK(filter_rows(all, {parse_row_filter("nodes>9")}).size() == filter_rows(all, {parse_row_filter("nodes>=10")}).size());
    CHECK_THROWS_AS(filter_rows(all, {parse_row_filter("nosuch=1")}), InputError);
    CHECK_THROWS_AS(filter_rows(all, {parse_row_filter("status<1")}), InputError);
}

// Round 7: seeds and counters past 2^53 compared as doubles, so `seed=5208710888987585224`
// kept the row of seed 5208710888987585223 (both round to one double).
TEST_CASE("whole numbers compare exactly, past 2^53 too", "[analysis][filter]") {
    const std::string path = std::filesystem::temp_directory_path() / "filter-seeds.csv";
    std::ofstream(path) << "solver,options,status,wall_ns,cpu_ns,seed\nfc,,solved,1,1,5208710888987585223\n"
                           "fc,,solved,1,1,5208710888987585224\nfc,,solved,1,1,9007199254740993\n";
    const ResultsTable all = ResultsTable::load({path});
    CHECK(filter_rows(all, {parse_row_filter("seed=5208710888987585224")}).size() == 1);
    CHECK(filter_rows(all, {parse_row_filter("seed!=5208710888987585223")}).size() == 2);
    CHECK(filter_rows(all, {parse_row_filter("seed>5208710888987585223")}).size() == 1);
    CHECK(filter_rows(all, {parse_row_filter("seed<=9007199254740992")}).size() == 0);
    CHECK(filter_rows(all, {parse_row_filter("seed>=9.007199254740993e15")}).size() == 3);  // exactly 9007199254740993
}

// Round 10: a literal with a fraction or exponent went through doubles, so `seed=N.0` and
// `seed>=N.0` kept the row of seed N-1. Every operator now compares exactly as written.
TEST_CASE("whole numbers compare exactly with reals too, for every operator", "[analysis][filter]") {
    const std::string path = std::filesystem::temp_directory_path() / "filter-real-seeds.csv";
    std::ofstream(path) << "solver,options,status,wall_ns,cpu_ns,seed\nfc,,solved,1,1,6163107194635030919\n"
                           "fc,,solved,1,1,18446744073709551615\n";
    const ResultsTable all = ResultsTable::load({path});
    const auto kept = [&](const std::string& where) { return filter_rows(all, {parse_row_filter(where)}).size(); };
    for (const auto& [where, rows] :
         {std::pair{"seed=6163107194635030920.0", 0}, {"seed=6163107194635030919.0", 1}, {"seed=6.163107194635030919e18", 1},
          {"seed!=6163107194635030919.0", 1}, {"seed!=6163107194635030920.0", 2}, {"seed>=6163107194635030920.0", 1},
          {"seed>=6163107194635030919.5", 1}, {"seed>6163107194635030919.0", 1}, {"seed>6163107194635030918.5", 2},
          {"seed<6163107194635030919.5", 1}, {"seed<6163107194635030919.0", 0}, {"seed<=6163107194635030918.5", 0},
          {"seed<=6163107194635030919.0", 1}, {"seed=6163107194635030919.5", 0}, {"seed>=1.8446744073709551615e19", 1},
          {"seed<1.8446744073709551616e19", 2}, {"seed>1e300", 0}, {"seed>-1e300", 2}}) {
        INFO(where);
        CHECK(kept(where) == static_cast<std::size_t>(rows));
    }
}

// Round 8: `n=>4` (a typo for >=) split as n = ">4" and kept no row, with no word. A value
// never starts with an operator character: every such split is the operator's mistake.
TEST_CASE("a value that starts with an operator character is refused, naming the operator", "[analysis][filter]") {
    for (const auto& [text, op] : {std::pair{"n=>4", "=>"}, {"n=<4", "=<"}, {"n==4", "=="}, {"n<>4", "<>"},
                                   {"n>=>4", ">=>"}, {"n!==4", "!=="}, {"n<<4", "<<"}, {"spec=!gac", "=!"}, {"n==", "=="}}) {
        INFO(text);
        try {
            parse_row_filter(text);
            FAIL("accepted");
        } catch (const InputError& e) {
            CHECK_THAT(e.what(), Catch::Contains(std::string("the operator '") + op + "' is not one of = != < <= > >="));
        }
    }
    CHECK(parse_row_filter("n=").value.empty());  // an empty value: the rows where n is empty
    CHECK(parse_row_filter("spec=fc:var=mrv").value == "fc:var=mrv");
}

// Round 11 (finding 10): `n!= 4` and `n!=+4` compared text under = and != and kept every row,
// while `n<= 3` was refused as not a number. One reader for every operator.
TEST_CASE("a value against a numeric column is a number under every operator", "[analysis][filter]") {
    const ResultsTable all = ResultsTable::load({kPhase});
    for (const std::string where : {"n!= 5", "n!=+5", "n= 5", "n=5 ", "n=five", "wall_ms!=+1", "seed!=0x1", "n=inf"}) {
        INFO(where);
        try {
            filter_rows(all, {parse_row_filter(where)});
            FAIL("accepted");
        } catch (const InputError& e) {
            CHECK_THAT(e.what(), Catch::Contains("--where " + where));
        }
    }
    CHECK(filter_rows(all, {parse_row_filter("n!=5.0")}).size() == filter_rows(all, {parse_row_filter("n!=5")}).size());
    CHECK(filter_rows(all, {parse_row_filter("n=")}).size() == 0);  // empty: the rows where n is empty
    // A text value with a space at an end that no cell holds is a typo, not "every row".
    CHECK_THROWS_WITH(filter_rows(all, {parse_row_filter("status!=unique ")}), Catch::Contains("a space at its end"));
    CHECK_THROWS_WITH(filter_rows(all, {parse_row_filter("status= unique")}), Catch::Contains("a space at its start"));
    CHECK(filter_rows(all, {parse_row_filter("status!=nosuch")}).size() == all.size());
}

// An empty cell (a counter cadical does not report, SPEC §4) stopped every order comparison on
// its column with exit 2, on CSVs futolab writes itself (red-team round 18, B F3). It is no
// value: no order keeps it, != does; a cell of text under an order names its file, line and column.
TEST_CASE("an empty cell is no value: no order keeps it but != does", "[analysis][filter]") {
    const std::string path = (futolab::test::fresh_dir("filter", "empty-cells") / "r.csv").string();
    std::ofstream(path) << "solver,options,status,wall_ns,cpu_ns,seed,nodes,note\nfc,,solved,1,1,1,5,a\n"
                           "fc,,solved,1,1,2,,\nfc,,solved,1,1,3,7,4\n";
    const ResultsTable all = ResultsTable::load({path});
    const auto kept = [&](const std::string& where) { return filter_rows(all, {parse_row_filter(where)}).size(); };
    for (const auto& [where, rows] : {std::pair{"nodes<6", 1}, {"nodes<=7", 2}, {"nodes>5", 1}, {"nodes>=5", 2},
                                      {"nodes>=2522.0000000000000001", 0}, {"nodes=5", 1}, {"nodes!=5", 2},
                                      {"nodes=", 1}, {"nodes!=", 2}}) {
        INFO(where);
        CHECK(kept(where) == static_cast<std::size_t>(rows));
    }
    CHECK_THROWS_WITH(kept("note>=1"), Catch::Contains(path + ":2:8: --where note>=1: '>=' compares numbers, and note is 'a' here"));
    CHECK(kept("note=4") == 1);
}
