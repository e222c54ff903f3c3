// core/visible_text.hpp: what is shown as <U+XXXX> or <0xNN>, and what passes.
#include "core/visible_text.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

using namespace futolab;

namespace {

std::string utf8(char32_t c) {
    std::string s;
    if (c < 0x80) return std::string(1, static_cast<char>(c));
    if (c < 0x800) return s + static_cast<char>(0xc0 | (c >> 6)) + static_cast<char>(0x80 | (c & 0x3f));
    if (c < 0x10000)
        return s + static_cast<char>(0xe0 | (c >> 12)) + static_cast<char>(0x80 | ((c >> 6) & 0x3f)) +
               static_cast<char>(0x80 | (c & 0x3f));
    return s + static_cast<char>(0xf0 | (c >> 18)) + static_cast<char>(0x80 | ((c >> 12) & 0x3f)) +
           static_cast<char>(0x80 | ((c >> 6) & 0x3f)) + static_cast<char>(0x80 | (c & 0x3f));
}

}  // namespace

TEST_CASE("visible_text: bidi controls, line breaks and other controls are shown", "[visible]") {
    for (const char32_t c : {0x202aU, 0x202bU, 0x202cU, 0x202dU, 0x202eU, 0x2066U, 0x2067U, 0x2068U, 0x2069U, 0x200eU,
                             0x200fU, 0x061cU, 0x200bU, 0x200dU, 0x2028U, 0x2029U, 0xfeffU, 0x00adU, 0x0085U, 0x009fU}) {
        INFO(fmt::format("U+{:04X}", static_cast<unsigned>(c)));
        CHECK(visible_text("a" + utf8(c) + "b") == fmt::format("a<U+{:04X}>b", static_cast<unsigned>(c)));
    }
    for (int b = 0; b < 0x20; ++b) CHECK(visible_text(std::string(1, static_cast<char>(b))) == fmt::format("<U+{:04X}>", b));
    CHECK(visible_text("\x7f") == "<U+007F>");
    CHECK(visible_text("a\nb\tc\r") == "a<U+000A>b<U+0009>c<U+000D>");
    CHECK(visible_text("a\nb\tc\r", LineBreaks::kept) == "a\nb\tc<U+000D>");
    CHECK(visible_text(utf8(0x202e), LineBreaks::kept) == "<U+202E>");
}

TEST_CASE("visible_text: text passes, bad UTF-8 is shown byte by byte", "[visible]") {
    for (const char* ok : {"plain ascii ~!@#$%^&*()", "é ≥ − 中文 😀", "gac:sac=none,var=domwdeg"}) CHECK(visible_text(ok) == ok);
    CHECK(visible_text("\xff") == "<0xFF>");
    CHECK(visible_text("\xc0\xaf") == "<0xC0><0xAF>");            // overlong '/'
    CHECK(visible_text("\xed\xa0\x80") == "<0xED><0xA0><0x80>");  // a surrogate
    CHECK(visible_text("\xf4\x90\x80\x80") == "<0xF4><0x90><0x80><0x80>");  // above U+10FFFF
    CHECK(visible_text("\xf8\x88\x80\x80\x80") == "<0xF8><0x88><0x80><0x80><0x80>");
    CHECK(visible_text("\xe2\x80") == "<0xE2><0x80>");  // cut short
    CHECK(visible_text("a\xe2" "b") == "a<0xE2>b");
}

// Issue #45, round 6: the text "<U+2066>" typed in a label printed as the character U+2066
// does. A literal '<' that starts a marker is shown itself, so no two texts show alike.
TEST_CASE("visible_text: a typed marker never shows as the character it names", "[visible]") {
    CHECK(visible_text("a<U+2066>b") == "a<U+003C>U+2066>b");
    CHECK(visible_text("a" + utf8(0x2066) + "b") == "a<U+2066>b");
    CHECK(visible_text("<0xFF>") == "<U+003C>0xFF>");
    CHECK(visible_text("\xff") == "<0xFF>");
    CHECK(visible_text("a<b <U <0 <u+1 <0X") == "a<b <U <0 <u+1 <0X");  // only "<U+" and "<0x" start a marker
    CHECK(visible_text("<U+2066>", LineBreaks::kept) == "<U+003C>U+2066>");
    // Text whose data parts are shown already keeps its markers (a second visible_text would not).
    const std::string shown = visible_text("x" + utf8(0x202e) + "<U+1>");
    CHECK(visible_text_keeping_markers(shown) == shown);
    CHECK(visible_text_keeping_markers("ok " + utf8(0x202e)) == "ok <U+202E>");
}

TEST_CASE("visible_text: spaces a table drops or merges, and characters that print as a space or nothing", "[visible]") {
    CHECK(visible_text("gac ") == "gac<U+0020>");
    CHECK(visible_text(" gac") == "<U+0020>gac");
    CHECK(visible_text("a  b") == "a <U+0020>b");
    CHECK(visible_text("a b c") == "a b c");
    CHECK(visible_text(" ") == "<U+0020>");
    CHECK(visible_text("a  b ", LineBreaks::kept) == "a  b ");  // a block (message, config) keeps its spaces
    for (const char32_t c : {0x00a0U, 0x1680U, 0x2000U, 0x2007U, 0x200aU, 0x202fU, 0x205fU, 0x3000U, 0x034fU, 0x115fU,
                             0x3164U, 0xffa0U, 0x2800U, 0xfe0fU, 0x180bU, 0x2065U, 0x1d173U, 0xe0001U, 0xe0041U, 0xe0100U}) {
        INFO(fmt::format("U+{:04X}", static_cast<unsigned>(c)));
        CHECK(visible_text("a" + utf8(c) + "b") == fmt::format("a<U+{:04X}>b", static_cast<unsigned>(c)));
    }
    for (const char* ok : {"é", "中", "😀", "\xe2\x80\x91"}) CHECK(visible_text(ok) == ok);  // U+2011 has ink
}

// Every text of up to 4 pieces over an alphabet of marker parts, spaces and invisibles: no two
// show alike, in either mode.
TEST_CASE("visible_text: no two texts show alike", "[visible]") {
    const std::vector<std::string> pieces{"<", "U+", "0x", "2066", "FF", ">", " ", "a", utf8(0x2066), "\xff", "\n"};
    for (const LineBreaks mode : {LineBreaks::shown, LineBreaks::kept}) {
        std::map<std::string, std::string> seen;
        std::vector<std::string> texts{""};
        for (int length = 1; length <= 4; ++length) {
            std::vector<std::string> longer;
            for (const std::string& t : texts)
                for (const std::string& p : pieces) longer.push_back(t + p);
            for (const std::string& t : longer) {
                const auto [at, fresh] = seen.emplace(visible_text(t, mode), t);
                if (!fresh && at->second != t) FAIL("'" << at->second << "' and '" << t << "' both show as " << at->first);
            }
            texts = std::move(longer);
        }
    }
}
