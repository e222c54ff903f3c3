// Whole-number cells are read only in the form futolab writes them (red-team round 12, F6:
// `022`, `0367718` or `09223372036854775806` were read as 22, 367718 and 9223372036854775806,
// so resume kept the typed text as a done run's while merge refused a seed as text).
#include "core/error.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;

namespace {

std::string refusal(const std::string& cell) {
    const CsvTable t = parse_csv("a,nodes\nx," + cell + "\n", "r.csv");
    try {
        whole_number_cell(t, 0, 1, "r.csv");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a whole-number cell with a leading zero is refused, 0 itself read", "[csv]") {
    for (const char* cell : {"022", "00", "0367718", "09223372036854775806", "01"})
        CHECK(refusal(cell) == "r.csv:2: column 'nodes': '" + std::string(cell) + "' has a leading zero, where futolab writes none");
    for (const char* cell : {"0", "10", "9223372036854775806", "18446744073709551615"}) CHECK(refusal(cell).empty());
    const CsvTable t = parse_csv("a,nodes,h\nx,022,2\ny,3,02\n", "r.csv");
    CHECK_THROWS_WITH(check_whole_number_columns(t, {"nodes"}, "r.csv"),
                      "r.csv:2: column 'nodes': '022' has a leading zero, where futolab writes none");
    CHECK_THROWS_WITH(check_whole_number_columns(t, {"h"}, "r.csv"),
                      "r.csv:3: column 'h': '02' has a leading zero, where futolab writes none");
}

// Red-team round 30, F8: a cell past its column's range said "is out of range (0 to …)", where
// every other reader of whole numbers says "too large (at most …)" or "too small (at least …)".
TEST_CASE("a whole-number cell past its range is too large or too small, stating the bound", "[csv]") {
    CHECK(refusal("18446744073709551616") ==
          "r.csv:2: column 'nodes': '18446744073709551616' is too large (at most 18446744073709551615)");
    CHECK(refusal("100000000000000000000000") ==
          "r.csv:2: column 'nodes': '100000000000000000000000' is too large (at most 18446744073709551615)");
    const CsvTable t = parse_csv("a,repeat\nx,0\ny,3\nz,2\n", "r.csv");
    CHECK_THROWS_WITH(whole_number_cell(t, 0, 1, "r.csv", 2, 1), "r.csv:2: column 'repeat': '0' is too small (at least 1)");
    CHECK_THROWS_WITH(whole_number_cell(t, 1, 1, "r.csv", 2, 1), "r.csv:3: column 'repeat': '3' is too large (at most 2)");
    CHECK(whole_number_cell(t, 2, 1, "r.csv", 2, 1) == 2);
}
