// core/visible_text.hpp: what is shown as <U+XXXX> or <0xNN>, and what passes.
#include "core/visible_text.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <string>

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
