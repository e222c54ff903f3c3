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
