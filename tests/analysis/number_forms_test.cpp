// A number cell of a column futolab writes is read in futolab's form only, whether the column
// is checked at load or first used by a table: the PAR-2 caps time_limit_ms and cpu_limit_ms
// took `-0`, `1000.`, `1e9`, `0999999` and 10^23 (red-team round 27, C F1).
#include "analysis/number_forms.hpp"
#include "analysis/results_table.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using namespace futolab;
using futolab::test::temp_csv;

namespace {

const std::string kLeadingZero = "has a leading zero, where futolab writes none";

bool has_prefix(std::string_view text, std::string_view prefix) { return text.starts_with(prefix); }

bool refused(std::string_view column, std::string_view cell) { return !cell_form_problem(column, cell).empty(); }

// A results CSV whose second run hit a 1000 ms time limit recorded as `limit` (column 8).
std::string timeout_csv(const std::string& name, const std::string& limit) {
    return temp_csv("number-forms-" + name + ".csv", "instance,instance_hash,solver,options,status,wall_ns,cpu_ns,time_limit_ms\n"
                                                   "a,000a,gac,,solved,1000000,1000000," + limit + "\n"
                                                   "b,000b,gac,,timeout,1000000000,1000000000," + limit + "\n");
}

}  // namespace

TEST_CASE("number forms: a time limit as futolab writes it and every other form", "[number_forms][numbers]") {
    for (const char* column : {"time_limit_ms", "cpu_limit_ms"}) {
        INFO(column);
        for (const char* ok : {"1000", "0", "0.25", "0.000001", "250.5", "9200000000000"}) CHECK_FALSE(refused(column, ok));
        CHECK(cell_form_problem(column, "0999999") == kLeadingZero);
        CHECK(cell_form_problem(column, "00.5") == kLeadingZero);
        for (const char* bad : {"-0", "-0.0", "1000.", ".5", "1e9", "1E3", "+1000", " 1000", "1000 ", "0x10", "1,000"})
            CHECK(has_prefix(cell_form_problem(column, bad), "is not a decimal in plain digits"));
        CHECK(cell_form_problem(column, "1000.0") == "has a zero at the end of its fraction, where futolab writes none");
        CHECK(cell_form_problem(column, "0.0000001") ==
              "has more than 6 places after the point: finer than the nanosecond futolab records a limit in");
        CHECK(cell_form_problem(column, "99999999999999999999999") ==
              "is larger than any limit futolab writes (at most 9200000000000 ms)");
        CHECK(refused(column, "9200000000001"));
    }
}

TEST_CASE("number forms: counts, the memory limit, param columns and another tool's columns", "[number_forms][numbers]") {
    for (const char* column : {"nodes", "seed", "memory_limit_kb", "max_rss_kb"}) {
        INFO(column);
        CHECK_FALSE(refused(column, "4096"));
        CHECK(cell_form_problem(column, "04096") == kLeadingZero);
        for (const char* bad : {"-0", "4096.", "4096.0", "4e3"}) CHECK(refused(column, bad));
    }
    CHECK_FALSE(refused("memory_limit_kb", "1125899906842624"));  // 1 EiB
    CHECK(cell_form_problem("memory_limit_kb", "1125899906842625") ==
          "is larger than any limit futolab writes (at most 1125899906842624 KiB)");
    CHECK_FALSE(refused("param_givens", "0.3"));
    CHECK_FALSE(refused("param_givens", "12"));
    for (const char* bad : {"0.30", "3e-1", "-0", "00.3", ".3"}) CHECK(refused("param_givens", bad));
    // A column futolab does not write is another tool's: any number, but never -0.
    for (const char* ok : {"1e9", "007", "1000.", "+3"}) CHECK_FALSE(refused("tool_score", ok));
    for (const char* bad : {"-0", "-0.0", "-0e5"}) CHECK(refused("tool_score", bad));
}

TEST_CASE("number forms: the PAR-2 cap is read in the time limit's form, naming file, line and field", "[number_forms][numbers]") {
    const std::string ok = timeout_csv("ok", "1000");
    const ResultsTable t = ResultsTable::load({ok});
    REQUIRE(metric_cap(t, "wall_ms"));
    CHECK(*metric_cap(t, "wall_ms") == 1000);
    const std::vector<std::pair<std::string, std::string>> cases{
        {"0999999", kLeadingZero},
        {"1e9", "is not a decimal in plain digits"},
        {"1000.", "is not a decimal in plain digits"},
        {"-0", "is not a decimal in plain digits"},
        {"99999999999999999999999", "is larger than any limit futolab writes"},
    };
    for (const auto& [cell, problem] : cases) {
        INFO(cell);
        const std::string path = timeout_csv("bad", cell);
        const ResultsTable bad = ResultsTable::load({path});  // the cell is read when a table uses it
        try {
            metric_cap(bad, "wall_ms");
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK(has_prefix(e.what(), path + ":3:8: time_limit_ms: '" + cell + "' " + problem));
        }
    }
}
