// RFC 4180 line ends (SPEC §5, issue #44): CR LF is read as LF is, also mixed in one file; a CR
// inside quotes is the cell's; a lone CR outside quotes is refused, naming line and field; and
// a re-saved file is judged by its cells (exponent-formatted integers, thousands separators).
#include "core/error.hpp"
#include "records/csv_reader.hpp"
#include "records/results_csv.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;

namespace {

std::string with_crlf(const std::string& text) {
    std::string out;
    for (char ch : text) out += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    return out;
}

}  // namespace

TEST_CASE("CR LF line ends read as LF ones", "[csv][line-ends]") {
    const std::string lf = "a,b,c\n1,\"x\ny\",3\n4,,6\n";
    const CsvTable want = parse_csv(lf, "lf.csv");
    // Quoted newlines stay LF: Python's csv module writes a cell's own text as it is.
    std::string crlf = "a,b,c\r\n1,\"x\ny\",3\r\n4,,6\r\n";
    const CsvTable got = parse_csv(crlf, "crlf.csv");
    CHECK(got.header == want.header);
    CHECK(got.rows == want.rows);
    CHECK(got.lines == want.lines);
    CHECK_FALSE(got.truncated);
    CHECK(got.complete_bytes == crlf.size());
    // Mixed: a CR LF file that futolab resumed goes on with LF.
    const CsvTable mixed = parse_csv("a,b,c\r\n1,\"x\ny\",3\n4,,6\r\n", "mixed.csv");
    CHECK(mixed.rows == want.rows);
    CHECK(mixed.lines == want.lines);
}

TEST_CASE("a text cut between CR and LF is a line still being written", "[csv][line-ends]") {
    const CsvTable t = parse_csv("a,b\r\n1,2\r\n3,4\r", "x.csv");
    CHECK(t.truncated);
    CHECK(t.rows.size() == 1);
    CHECK(t.complete_bytes == 10);
}

TEST_CASE("a CR inside quotes is the cell's, a lone CR outside quotes is refused", "[csv][line-ends]") {
    const CsvTable t = parse_csv("a,b\r\n\"x\ry\",\"p\r\nq\"\r\n", "x.csv");
    REQUIRE(t.rows.size() == 1);
    CHECK(t.rows[0][0] == "x\ry");
    CHECK(t.rows[0][1] == "p\r\nq");
    CHECK_THROWS_WITH(parse_csv("a,b\n1,x\ry\n", "x.csv"),
                      "x.csv:2:2: a carriage return not followed by a line feed, outside quotes (line ends are LF or "
                      "CR LF; a CR inside a cell must be quoted): refusing the file");
    // Old Mac line ends (CR alone) are the same: the header's end is a lone CR.
    CHECK_THROWS_WITH(parse_csv("a,b\r1,2\r", "mac.csv"), Catch::Contains("mac.csv:1:2: a carriage return not followed"));
}

TEST_CASE("a CR LF results file is checked cell by cell: a mangled seed is refused", "[csv][line-ends]") {
    ResultRow row;
    row.experiment = "e";
    row.seed = 1521510643512839396;
    row.counters.nodes = 1234;
    const std::string text = with_crlf(csv_header_line() + csv_line(row) + csv_line(row));
    const CsvTable t = parse_csv(text, "r.csv");
    CHECK_NOTHROW(check_whole_number_columns(t, csv_integer_columns(), "r.csv"));
    CHECK(t.rows[1][t.column("seed", "r.csv")] == "1521510643512839396");
    std::string mangled = text;
    mangled.replace(mangled.rfind("1521510643512839396"), 19, "1.52151E+18");
    CHECK_THROWS_WITH(check_whole_number_columns(parse_csv(mangled, "r.csv"), csv_integer_columns(), "r.csv"),
                      Catch::StartsWith("r.csv:3: column 'seed': '1.52151E+18' is not a whole number in plain digits"));
    mangled = text;
    mangled.replace(mangled.find(",1234,"), 6, ",\"1,234\",");  // a thousands separator, quoted by the tool
    CHECK_THROWS_WITH(check_whole_number_columns(parse_csv(mangled, "r.csv"), csv_integer_columns(), "r.csv"),
                      Catch::StartsWith("r.csv:2: column 'nodes': '1,234' is not a whole number in plain digits"));
}
