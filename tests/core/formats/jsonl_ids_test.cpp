// JSON Lines ids that show nothing (red-team round 25, C F8): `"id": ""` was replaced in silence
// by the default `<stem>:<line>` (SPEC §2.2 gives it only to a record WITHOUT an id, so
// `convert --to jsonl` rewrote the key's value) and `"   "` was kept as an id no reader can see.
// Both are refused, naming the file, the line and the default to get by leaving the key out.
#include "test_util.hpp"

#include "core/error.hpp"
#include "core/visible_text.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::test;

namespace {

std::string error_of(const std::string& text, const std::string& source = "e.jsonl") {
    try {
        parse(text, Format::jsonl, source);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("jsonl: an empty id is refused naming the line and the default id", "[jsonl][ids]") {
    CHECK(error_of(R"({"n": 4, "id": ""})") == "e.jsonl:1: \"id\" is empty: leave the key out for the default id e:1");
    CHECK(error_of("{\"n\": 2, \"id\": \"a\"}\n\n{\"id\": \"\", \"n\": 2}", "dir/corpus.jsonl") ==
          "dir/corpus.jsonl:3: \"id\" is empty: leave the key out for the default id corpus:3");
    CHECK(error_of(R"({"id": "", "n": 2})", "-") == "-:1: \"id\" is empty: leave the key out for the default id stdin:1");
}

TEST_CASE("jsonl: an id of white space or invisible characters only is refused", "[jsonl][ids]") {
    struct Case {
        std::string json, shown;
    };
    const std::vector<Case> cases{
        {" ", "U+0020"},
        {"   ", "U+0020 U+0020 U+0020"},
        {"\\u00a0", "U+00A0"},                 // no-break space
        {"\\u3000", "U+3000"},                 // ideographic space
        {" \\u2003 ", "U+0020 U+2003 U+0020"},  // em space between spaces
        {"\\u200b", "U+200B"},                 // zero-width space
        {"\\ufeff\\u2060", "U+FEFF U+2060"},   // zero-width no-break space, word joiner
        {std::string(12, ' '), "U+0020 U+0020 U+0020 U+0020 U+0020 U+0020 U+0020 U+0020 ..."},
    };
    for (const Case& c : cases) {
        INFO(c.json);
        CHECK(error_of("{\"id\": \"" + c.json + "\", \"n\": 2}") ==
              "e.jsonl:1: \"id\" is only white space or invisible characters (" + c.shown +
                  "): leave the key out for the default id e:1");
    }
}

TEST_CASE("jsonl: an id with something visible is kept as it is, spaces and all", "[jsonl][ids]") {
    for (const std::string id : {"a", " a", "a b", ".", "_", "\u00e9", "a\u200b", "\u00a0x\u00a0", "0"}) {
        INFO(id);
        const Json line{{"id", id}, {"n", 2}};
        const auto all = parse(line.dump(), Format::jsonl, "k.jsonl");
        REQUIRE(all.size() == 1);
        CHECK(all[0].id == id);
        // convert's round trip keeps it byte for byte.
        CHECK(parse(write_instances(all, Format::jsonl), Format::jsonl, "other.jsonl").at(0).id == id);
    }
    // Without the key the default stays: SPEC §2.2.
    CHECK(parse(R"({"n": 2})", Format::jsonl, "k.jsonl").at(0).id == "k:1");
}

TEST_CASE("jsonl: a lenient read lists a blank-id line under its default id", "[jsonl][ids]") {
    std::vector<SkippedInput> skipped;
    const auto read = parse_instances("{\"id\": \"\", \"n\": 2}\n{\"id\": \"  \", \"n\": 2}\n{\"id\": \"ok\", \"n\": 2}\n", "s.jsonl",
                                      Format::jsonl, &skipped);
    REQUIRE(read.size() == 1);
    CHECK(read[0].id == "ok");
    REQUIRE(skipped.size() == 2);
    CHECK(skipped[0].id == "s:1");
    CHECK(skipped[1].id == "s:2");
    CHECK(skipped[1].error == "s.jsonl:2: \"id\" is only white space or invisible characters (U+0020 U+0020): leave the key "
                              "out for the default id s:2");
}

TEST_CASE("shows_nothing and code_points: blank text and the characters it holds", "[visible]") {
    CHECK(shows_nothing(""));
    CHECK(shows_nothing("  "));
    CHECK(shows_nothing("\u00a0\u2009\u200b"));
    CHECK_FALSE(shows_nothing("a"));
    CHECK_FALSE(shows_nothing("  a  "));
    CHECK_FALSE(shows_nothing("\xff"));  // shown as <0xFF>
    CHECK_FALSE(shows_nothing("\u3164x"));
    CHECK(code_points(" \u00a0\xff\U0001F600") == "U+0020 U+00A0 0xFF U+1F600");
    CHECK(code_points("abc", 2) == "U+0061 U+0062 ...");
    CHECK(code_points("") == "");
}

// C1 controls (U+0080–U+009F) are control characters as C0 ones are: NEL (U+0085) breaks a line
// for YAML 1.1 and other tools, U+009B is the 8-bit CSI a terminal acts on. They were accepted
// and written raw into CSV and JSONL (red-team round 26, C F6); refused now, naming the code
// point and its byte. The characters just past them (U+00A0 and up) are text.
TEST_CASE("jsonl: an id with a C1 control character is refused naming it and its byte", "[jsonl][ids]") {
    struct Case {
        std::string json, code_point;
        int byte;
    };
    const std::vector<Case> cases{
        {"a\\u0085b", "U+0085", 2},
        {"a\\u009b31mRED", "U+009B", 2},
        {"\\u0080", "U+0080", 1},
        {"x\\u009f", "U+009F", 2},
        {"\\u00e9\\u0090", "U+0090", 3},  // after a 2-byte é: the byte counts bytes
        {"ok\\u00a0\\u0085", "U+0085", 5},
    };
    for (const Case& c : cases) {
        INFO(c.json);
        CHECK(error_of("{\"id\": \"" + c.json + "\", \"n\": 2}") ==
              "e.jsonl:1: \"id\" holds the control character " + c.code_point + " at byte " + std::to_string(c.byte) +
                  ": ids must be printable text");
    }
    // The first control is named, C0 or C1, whichever comes first.
    CHECK(error_of(R"({"id": "a\u0085\u0001", "n": 2})") ==
          "e.jsonl:1: \"id\" holds the control character U+0085 at byte 2: ids must be printable text");
    CHECK(error_of(R"({"id": "a\u0001\u0085", "n": 2})") ==
          "e.jsonl:1: \"id\" holds the control character U+0001 at byte 2: ids must be printable text");
    // Written into a file as raw UTF-8 (C2 85) rather than as an escape: the same refusal.
    CHECK(error_of("{\"id\": \"a\xc2\x85z\", \"n\": 2}") ==
          "e.jsonl:1: \"id\" holds the control character U+0085 at byte 2: ids must be printable text");
    // A lenient read lists the line under its default id, never the refused one.
    std::vector<SkippedInput> skipped;
    CHECK(parse_instances("{\"id\": \"a\\u009bb\", \"n\": 2}\n", "c.jsonl", Format::jsonl, &skipped).empty());
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].id == "c:1");
}

TEST_CASE("jsonl: characters next to the C1 controls are ids", "[jsonl][ids]") {
    // U+007E, U+00A1, U+00BF, U+00C2 (the letter Â, whose UTF-8 is C3 82) and U+0100 (C4 80).
    for (const std::string id : {"a~", "\u00a1", "\u00bf", "\u00c2\u00c2", "\u0100", "x\u00a0y", "\u0180"}) {
        INFO(id);
        const auto all = parse(Json{{"id", id}, {"n", 2}}.dump(), Format::jsonl, "k.jsonl");
        REQUIRE(all.size() == 1);
        CHECK(all[0].id == id);
    }
}
