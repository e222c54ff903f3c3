// Progress prints whole lines where stderr is not a terminal (issue #45: a log held one
// run-together line of "\r" redraws); a UTF-8 byte-order mark is skipped at the start of every
// file a researcher's tool may write (puzzles, results CSVs) and named anywhere else; "-0"
// is refused (--fail-if-slower -0 printed "+-0 %", and read as 0 since; round 26 refuses it).
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/numbers.hpp"
#include "experiments/progress.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"  // slurp

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace futolab;
using futolab::test::slurp;
using Catch::Matchers::Contains;

namespace {

// What `print` writes to a stream, as text.
template <class Print>
std::string printed(Print print) {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    print(f);
    std::fflush(f);
    std::rewind(f);
    std::string out;
    for (int c; (c = std::fgetc(f)) != EOF;) out += static_cast<char>(c);
    std::fclose(f);
    return out;
}

const std::string kBom = "\xEF\xBB\xBF";

}  // namespace

TEST_CASE("progress off a terminal: whole lines, no carriage return", "[progress]") {
    const std::string log = printed([](std::FILE* f) {
        Progress p(100, false, {}, f, false);
        for (std::size_t done = 1; done < 100; ++done) p.update(done, 1);  // within 10 s: no line
        p.finish(100, 1);
        p.update(100, 1);  // after finish: nothing
    });
    CHECK(log.find('\r') == std::string::npos);
    CHECK(log.back() == '\n');
    CHECK(std::count(log.begin(), log.end(), '\n') == 1);
    CHECK_THAT(log, Contains("100/100 runs, 1 error,"));
    const std::string classes = printed([](std::FILE* f) {
        Progress p(70, false, {"class", "es", false}, f, false);
        p.finish(70);
    });
    CHECK_THAT(classes, Contains("70/70 classes, ") && !Contains("errors"));
    CHECK(classes.find('\r') == std::string::npos);
}

// Red-team round 27: "1/1 classes" was printed; the noun agrees with the total (core/counted.hpp),
// and the errors with theirs.
TEST_CASE("progress counts its noun and errors in agreement", "[progress]") {
    const auto line = [](std::size_t total, ProgressWords words, std::size_t done, std::size_t errors) {
        return printed([&](std::FILE* f) { Progress(total, false, words, f, false).finish(done, errors); });
    };
    CHECK_THAT(line(1, {"class", "es", false}, 1, 0), Contains("] 1/1 class, ") && !Contains("classes"));
    CHECK_THAT(line(2, {"class", "es", false}, 1, 0), Contains("] 1/2 classes, "));
    CHECK_THAT(line(0, {"class", "es", false}, 0, 0), Contains("] 0/0 classes, "));
    CHECK_THAT(line(1, {"shard", "s", false}, 0, 0), Contains("] 0/1 shard, "));
    CHECK_THAT(line(1, {}, 1, 1), Contains("] 1/1 run, 1 error, "));
    CHECK_THAT(line(3, {}, 3, 0), Contains("] 3/3 runs, 0 errors, "));
    CHECK_THAT(line(3, {}, 3, 2), Contains("] 3/3 runs, 2 errors, "));
}

TEST_CASE("progress on a terminal: one bar redrawn, ended by a newline", "[progress]") {
    const std::string bar = printed([](std::FILE* f) {
        Progress p(10, false, {}, f, true);
        p.finish(10, 0);
    });
    CHECK(bar.front() == '\r');
    CHECK(bar.back() == '\n');
    CHECK(printed([](std::FILE* f) { Progress(10, true, {}, f, false).finish(10, 0); }).empty());  // --quiet
}

TEST_CASE("a byte-order mark at the start of a puzzle file is skipped, in every format", "[bom]") {
    const std::string dir = std::string(FUTOLAB_SOURCE_DIR) + "/tests/data/good/";
    for (const char* name : {"conjure-4x4.futo", "conjure-4x4.jsonl", "conjure-4x4.tatham", "conjure-4x4.usp",
                             "conjure-4x4.essence-param", "conjure-4x4.param", "corpus.jsonl"}) {
        INFO(name);
        const std::string text = slurp(dir + name);
        const Format format = detect_format(name, text);
        const auto plain = parse_instances(text, name, format);
        const auto marked = parse_instances(kBom + text, name, detect_format(name, kBom + text));
        REQUIRE(marked.size() == plain.size());
        CHECK(marked.front().id == plain.front().id);
        CHECK(marked.front().n == plain.front().n);
        CHECK(marked.front().givens.size() == plain.front().givens.size());
        CHECK(marked.front().lt.size() == plain.front().lt.size());
    }
}

TEST_CASE("a byte-order mark elsewhere in a puzzle file is named", "[bom]") {
    try {
        parse_instances("2 . .\n. " + kBom + ". .\n. . .\n", "p.futo", Format::futo);
        FAIL("accepted");
    } catch (const InputError& e) {
        CHECK_THAT(e.what(), Contains("p.futo:2:") && Contains("a UTF-8 byte-order mark"));
    }
}

TEST_CASE("a results CSV that starts with a byte-order mark reads its first column", "[bom]") {
    const CsvTable t = parse_csv(kBom + "solver,n\nfc,4\n", "r.csv");
    CHECK(t.header.front() == "solver");
    CHECK(t.column("solver", "r.csv") == 0);
    CHECK(t.complete_bytes == kBom.size() + 14);  // offsets stay the file's
    CHECK(parse_csv("solver,n\nfc,4\n", "r.csv").complete_bytes == 14);
    // Anywhere else it is data: a cell keeps it.
    CHECK(parse_csv("a,b\n" + kBom + "x,1\n", "r.csv").rows.at(0).at(0) == kBom + "x");
}

// A real number typed -0 is refused (red-team round 26, B F2: core/numbers.hpp negative_zero),
// so none reads as a negative zero: 0 reads as +0.
TEST_CASE("a real number typed -0 is refused and 0 never reads as a negative zero", "[numbers]") {
    for (const char* zero : {"-0", "-0.0", "-0e5"}) {
        INFO(zero);
        CHECK_THROWS_AS(parse_double_in(zero, "--fail-if-slower", {0, 1e9, " %"}), NumberError);
        CHECK_THROWS_AS(parse_duration(zero, "--time-limit"), NumberError);
    }
    for (const char* zero : {"0", "0.0", "0e5"}) {
        INFO(zero);
        const double v = parse_double_in(zero, "--fail-if-slower", {0, 1e9, " %"});
        CHECK(v == 0);
        CHECK_FALSE(std::signbit(v));
        CHECK_FALSE(std::signbit(parse_duration(zero, "--time-limit")));
    }
    CHECK_THROWS_AS(parse_double_in("-0.1", "--fail-if-slower", {0, 1e9, " %"}), NumberError);
}
