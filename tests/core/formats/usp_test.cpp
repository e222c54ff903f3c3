// The USP course format: the four files of corpora/usp-course read as documented, detection
// by extension and by content, the writer, and round trips of all 280 instances.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

namespace {

const std::vector<std::pair<std::string, std::size_t>> kCourseFiles{
    {"usp-course/mrv_only.txt", 60},
    {"usp-course/arc_consistent.txt", 60},
    {"usp-course/arc_inconsistent.txt", 60},
    {"usp-course/futoshiki_all.txt", 100},
};

std::string without_cr(std::string text) {
    text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
    return text;
}

}  // namespace

TEST_CASE("usp: the four course files read, with ids <stem>:<line of 'n R'>", "[usp]") {
    std::size_t total = 0;
    for (const auto& [name, count] : kCourseFiles) {
        INFO(name);
        const auto all = read_instances(shared_data(name));
        REQUIRE(all.size() == count);
        for (const Instance& in : all) CHECK_NOTHROW(Puzzle::compile(in));
        total += all.size();
    }
    CHECK(total == 280);
    // The first instance of arc_consistent.txt: "4 4" on line 2, then "4 4 3 4" (value(4,4) <
    // value(3,4)), and the given 4 at (2,4) on line 8.
    const Instance first = read_instances(shared_data("usp-course/arc_consistent.txt")).at(0);
    CHECK(first.id == "arc_consistent:2");
    CHECK(first.n == 4);
    REQUIRE(first.lt.size() == 4);
    CHECK((first.lt[0].r1 == 3 && first.lt[0].c1 == 3 && first.lt[0].r2 == 2 && first.lt[0].c2 == 3));
    CHECK(first.lt[0].line == 3);
    REQUIRE(first.givens.size() == 2);
    CHECK((first.givens[0].row == 1 && first.givens[0].col == 3 && first.givens[0].value == 4));
    CHECK((first.givens[0].line == 8 && first.givens[0].column == 7));
    CHECK(read_instances(shared_data("usp-course/arc_consistent.txt")).at(1).id == "arc_consistent:12");
}

TEST_CASE("usp: detected by .usp and, for .txt and stdin, by a lone count followed by 'n R'", "[usp]") {
    CHECK(format_from_extension("a/b.USP") == Format::usp);
    CHECK(format_from_name("usp") == Format::usp);
    const std::string text = slurp(shared_data("usp-course/mrv_only.txt"));
    CHECK(detect_format("mrv_only.txt", text) == Format::usp);
    CHECK(detect_format("-", "\n1\n\n2 0\n0 0\n0 0\n") == Format::usp);
    // A lone number not followed by 'n R' is not usp (it stays grid text, rejected later).
    CHECK(detect_format("-", "1\n2 0 1\n") == Format::futo);
    CHECK(detect_format("-", "2 .\n. .\n. .\n") == Format::futo);
}

TEST_CASE("usp: the writer gives back the course files (line ends aside)", "[usp]") {
    for (const auto& [name, count] : kCourseFiles) {
        INFO(name);
        const std::string text = slurp(shared_data(name));
        const auto all = parse_instances(text, name, Format::usp);
        CHECK(write_instances(all, Format::usp) == without_cr(text));
    }
    // A single instance: its id is the stem; blank lines are not needed to read it.
    const auto one = parse(" 1\n2 1\n1 1 1 2\n0 0\n\n\n0 2\n", Format::usp, "one.usp");
    REQUIRE(one.size() == 1);
    CHECK(one[0].id == "one");
    CHECK(write_instances(one, Format::usp) == "1\n2 1\n1 1 1 2\n0 0\n0 2\n\n");
}

TEST_CASE("usp: all 280 course instances keep their hash through every format and back", "[usp][roundtrip]") {
    std::size_t trips = 0;
    for (const auto& [name, count] : kCourseFiles) {
        const auto all = read_instances(shared_data(name));
        for (Format f : readable_formats()) {
            if (f == Format::usp) continue;
            INFO(name << " via " << format_info(f).name);
            for (const Instance& in : all) {
                const Instance via = parse_one(write_instances({in}, f), f, "x" + std::string(format_info(f).extensions[0]));
                const Instance back = parse_one(write_instances({via}, Format::usp), Format::usp, "x.usp");
                REQUIRE(hash_of(back) == hash_of(in));
                ++trips;
            }
        }
    }
    CHECK(trips == 280 * (readable_formats().size() - 1));
}

TEST_CASE("usp: malformed input is one line naming the file and line", "[usp]") {
    CHECK_THROWS_WITH(parse("x\n", Format::usp, "a.usp"),
                      Contains("a.usp:1:1: 'x' is not a whole number >= 0 (in the number of instances T)"));
    CHECK_THROWS_WITH(parse("1 2\n", Format::usp, "a.usp"),
                      Contains("a.usp:1: expected the number of instances T (1 number), found 2 numbers"));
    CHECK_THROWS_WITH(parse("1\n2 0\n0 0\n", Format::usp, "a.usp"),
                      Contains("a.usp:2: incomplete instance: the file ends before its row 2 of 2"));
    CHECK_THROWS_WITH(parse("1\n2 1\n", Format::usp, "a.usp"),
                      Contains("a.usp:2: incomplete instance: the file ends before all its relations are read"));
    CHECK_THROWS_WITH(parse("0\n2 0\n0 0\n0 0\n", Format::usp, "a.usp"),
                      Contains("a.usp:1: the file declares T = 0 instances but holds 1"));
    CHECK_THROWS_WITH(parse("1\n99 0\n", Format::usp, "a.usp"), Contains("a.usp:2: size n=99 is out of range 2..64"));
    CHECK_THROWS_WITH(parse("1\n2 0\n0 0\n0 -1\n", Format::usp, "a.usp"),
                      Contains("a.usp:4:3: '-1' is not a whole number >= 0 (in row 2 of the grid)"));
    CHECK_THROWS_WITH(parse("1\n", Format::usp, "a.usp"),
                      Contains("a.usp:1: the file declares T = 1 instance but holds 0"));
}

// Round 28, C F9: "T = 1 instances", and T = 0 said "only comments and blank lines" (USP files
// have none): the count agrees with its noun, and T = 0 is named as the count it is.
TEST_CASE("usp: the declared count agrees with its noun and T = 0 is named as such", "[usp]") {
    const auto message = [](const std::string& text) {
        try {
            parse(text, Format::usp, "f.usp");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("read");
    };
    CHECK(message("1\n2 0\n1 0\n0 0\n2 0\n1 0\n0 0\n") == "f.usp:1: the file declares T = 1 instance but holds 2");
    CHECK(message("3\n2 0\n1 0\n0 0\n") == "f.usp:1: the file declares T = 3 instances but holds 1");
    CHECK(message("0\n") == "f.usp:1:1: the file declares T = 0 instances (at least 1)");
    CHECK(message("\n  0  \n\n") == "f.usp:2:3: the file declares T = 0 instances (at least 1)");
    CHECK(message("0\n2 0\n0 0\n0 0\n") == "f.usp:1: the file declares T = 0 instances but holds 1");
}
