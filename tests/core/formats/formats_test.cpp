// The format table, names, extensions, detection and the file-level errors of read_instances.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <cstdio>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

TEST_CASE("the format table lists every format once with its extensions", "[formats]") {
    REQUIRE(format_table().size() == 6);
    for (const FormatInfo& info : format_table()) {
        CHECK(&format_info(info.format) == &info);
        CHECK(format_from_name(info.name) == info.format);
        REQUIRE_FALSE(info.extensions.empty());
        for (std::string_view ext : info.extensions) {
            CHECK(ext.front() == '.');
            CHECK(format_from_extension("dir/x" + std::string(ext)) == info.format);
        }
    }
    CHECK_FALSE(format_info(Format::dzn).readable);
    CHECK(format_info(Format::jsonl).multi_instance);
    CHECK_FALSE(format_info(Format::essence).multi_instance);
}

TEST_CASE("format names: unknown names list the valid ones, extensions work as names", "[formats]") {
    CHECK(format_from_name("param") == Format::essence);
    CHECK(format_from_name("essence-param") == Format::essence);
    CHECK_THROWS_WITH(format_from_name("csv"), Contains("unknown format 'csv'") &&
                                                   Contains("futo, jsonl, tatham, essence, dzn, usp"));
}

TEST_CASE("format from extension: case-insensitive, by the last part of the name only", "[formats]") {
    CHECK(format_from_extension("A.FUTO") == Format::futo);
    CHECK(format_from_extension("a.essence-param") == Format::essence);
    CHECK(format_from_extension("x.futo.txt") == std::nullopt);
    CHECK(format_from_extension("futo") == std::nullopt);
    CHECK(format_from_extension(".jsonl/x") == std::nullopt);
    CHECK(format_from_extension("-") == std::nullopt);
}

TEST_CASE("detect_format: extension first, else the first significant line", "[formats]") {
    CHECK(detect_format("a.tatham", "{\"n\": 4}") == Format::tatham);
    CHECK(detect_format("-", "\n  {\"n\": 4}\n") == Format::jsonl);
    CHECK(detect_format("-", "$ comment\nletting n be 4\n") == Format::essence);
    CHECK(detect_format("-", "language Essence 1.3\n") == Format::essence);
    CHECK(detect_format("-", "5:0,0L,0,\n") == Format::tatham);
    CHECK(detect_format("-", "12dx:0,\n") == Format::tatham);
    CHECK(detect_format("-", "# comment\n2 . . < .\n") == Format::futo);
    CHECK(detect_format("x.unknown", "_ 1\n") == Format::futo);
    CHECK(detect_format("-", "\xEF\xBB\xBF{}") == Format::jsonl);  // a UTF-8 byte-order mark
    CHECK_THROWS_WITH(detect_format("-", "hello"),
                      "-: cannot tell the format (use an extension: .futo .jsonl .tatham .param .essence-param .usp)");
    CHECK_THROWS_WITH(detect_format("x.txt", "^ v"), Contains("x.txt: cannot tell the format"));
}

TEST_CASE("read_instances: missing files, folders, empty and binary input", "[formats]") {
    CHECK_THROWS_WITH(read_instances("/nonexistent/x.futo"),
                      "/nonexistent/x.futo: cannot read: No such file or directory");
    CHECK_THROWS_WITH(read_instances(test_data("good")), Contains("good: cannot read: is a directory"));
    CHECK_THROWS_WITH(parse_instances(" \n\t\n", "e.jsonl", Format::jsonl), "e.jsonl: empty input");
    CHECK_THROWS_WITH(parse_instances(std::string("1 2\n\0\n", 6), "b.futo", Format::futo),
                      "b.futo:2:1: binary data (byte 0x00): not a text puzzle file");
    CHECK_THROWS_WITH(parse_instances("n = 4;", "x.dzn", Format::dzn), Contains("dzn is write-only"));
}

TEST_CASE("read_instances reads every format by extension", "[formats]") {
    for (const char* name : {"good/conjure-4x4.futo", "good/conjure-4x4.jsonl", "good/conjure-4x4.tatham",
                             "good/conjure-4x4.param", "good/conjure-4x4.essence-param"}) {
        INFO(name);
        const auto all = read_instances(test_data(name));
        REQUIRE(all.size() == 1);
        CHECK(all[0].id == "conjure-4x4");
        CHECK(all[0].source == test_data(name));
        CHECK(hash_of(all[0]) == hash_of(read_instances(shared_data("conjure-tutorial-4x4.param"))[0]));
    }
}

TEST_CASE("single-instance formats refuse several instances (and none)", "[formats]") {
    const auto corpus = read_instances(test_data("good/corpus.jsonl"));
    REQUIRE(corpus.size() == 3);
    for (Format f : {Format::essence, Format::dzn}) {
        CHECK_THROWS_WITH(write_instances(corpus, f), Contains("holds exactly one instance per file, got 3"));
        CHECK_THROWS_AS(write_instances({}, f), InputError);
        CHECK_NOTHROW(write_instances({corpus[0]}, f));
    }
    for (Format f : {Format::futo, Format::jsonl, Format::tatham}) CHECK(write_instances({}, f).empty());
}

TEST_CASE("grid writers reject an invalid instance with the compile error", "[formats]") {
    Instance bad;
    bad.source = "x.jsonl";
    bad.line = 3;
    bad.n = 4;
    bad.lt.push_back({0, 0, 2, 2, 3, 0});
    for (Format f : {Format::futo, Format::tatham, Format::dzn})
        CHECK_THROWS_WITH(write_instances({bad}, f), Contains("x.jsonl:3: relation between non-adjacent cells"));
    bad.n = 100;
    CHECK_THROWS_WITH(write_instances({bad}, Format::futo), Contains("size n=100"));
}
