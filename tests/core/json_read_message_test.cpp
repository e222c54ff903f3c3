// Red-team round 29 (C3): nlohmann names the token it stopped in with each control byte written
// as "<U+00XX>", and the message escaped that marker again ("last read: '\"a<U+003C>U+0009>'").
// read_json quotes the token's own bytes, so message_text shows each of them once; a marker
// typed as text in the file stays text (its '<' escaped, as everywhere).
#include "core/json_read.hpp"

#include <catch2/catch.hpp>

#include <string>

using futolab::read_json;

TEST_CASE("read_json quotes the token of a syntax error as its bytes", "[json][messages]") {
    // The problem keeps the bytes; the final printing shows each control as one <U+XXXX>.
    const auto tab = read_json("{\"id\":\"a\tb\",\"n\":4}");
    INFO(tab.problem);
    CHECK(tab.problem.find("last read: '\"a\t'") != std::string::npos);
    CHECK(tab.problem.find("<U+0009>'") == std::string::npos);
    const auto form_feed = read_json("[\"x\fy\"]");
    CHECK(form_feed.problem.find("last read: '\"x\f'") != std::string::npos);
    const auto bidi = read_json("[\"a\xe2\x80\xae" "b\tc\"]");
    CHECK(bidi.problem.find("last read: '\"a\xe2\x80\xae" "b\t'") != std::string::npos);
    // The marker typed as text, then a real tab: the text stays text, the tab a byte.
    const auto typed = read_json("[\"<U+0009>\t\"]");
    CHECK(typed.problem.find("last read: '\"<U+0009>\t'") != std::string::npos);
}
