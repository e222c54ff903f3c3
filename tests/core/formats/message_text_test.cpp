// The grid readers quote what they refuse through message_text (core/message_text.hpp), as the
// CSV and number readers do (red-team round 8): bytes were shown as \xNN, so a cell typed
// literally as `\xef\xbc\x91` and the character U+FF11 (a fullwidth 1) printed alike.
#include "core/error.hpp"
#include "core/message_text.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using Catch::Matchers::Contains;
using futolab::test::parse;

namespace {

std::string error_of(const std::string& text, Format format, const std::string& source) {
    try {
        parse(text, format, source);
    } catch (const InputError& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("grid readers quote what they refuse as typed, two different inputs never alike", "[formats][messages]") {
    const std::string fullwidth = error_of("1 \xef\xbc\x91\n", Format::futo, "t.futo");
    const std::string typed = error_of("1 \\xef\\xbc\\x91\n", Format::futo, "t.futo");
    CHECK_THAT(fullwidth, Contains("'\xef\xbc\x91' is not a cell"));
    CHECK_THAT(typed, Contains("'\\xef\\xbc\\x91' is not a cell"));
    CHECK(fullwidth != typed);
    CHECK_THAT(error_of("1 \xef\xbc\n", Format::futo, "t.futo"), Contains("'\xef\xbc' is not a cell"));
    CHECK_THAT(error_of("1 \xe2\x80\xae" "2\n", Format::futo, "t.futo"), Contains("'\xe2\x80\xae" "2' is not a cell"));
    // The other readers quote through the same function: usp and tatham.
    CHECK_THAT(error_of("4\n\xef\xbc\x91\n", Format::usp, "t.usp"), Contains("'\xef\xbc\x91'"));
    CHECK_THAT(error_of("4:\xc2\xa0\n", Format::tatham, "t.tatham"), Contains("\xc2\xa0"));
    CHECK(error_of("4:\xc2\xa0\n", Format::tatham, "t.tatham").find("\\x") == std::string::npos);
}

TEST_CASE("message_text cuts before a character, never inside one", "[formats][messages]") {
    CHECK(message_text("abc", 10) == "abc");
    CHECK(message_text("abcdef", 3) == "abc...");
    CHECK(message_text("a\xef\xbc\x91" "b", 2) == "a...");  // not the first bytes of U+FF11
    CHECK(message_text("a\xef\xbc\x91" "b", 3) == "a...");
    CHECK(message_text("a\xef\xbc\x91" "b", 4) == "a\xef\xbc\x91...");
    CHECK(message_text(std::string(10, '\x80'), 4) == std::string(4, '\x80') + "...");  // no character: cut where it is
}
