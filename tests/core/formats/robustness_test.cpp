// Readers never crash: mutated copies of valid files (bytes replaced, inserted, deleted, lines
// cut) either read and compile, or fail with an InputError — never another exception.
#include "test_util.hpp"

#include "core/error.hpp"
#include "core/formats/text.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace futolab;
using namespace futolab::test;

namespace {

std::string mutate(std::string text, std::mt19937& rng) {
    static const std::string alphabet = "0123456789.<>^v_#${}[],:\"-() \nURDLadknxz\x01\xff";
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
        const std::size_t at = rng() % text.size();
        const char ch = alphabet[rng() % alphabet.size()];
        switch (rng() % 4) {
            case 0: text[at] = ch; break;
            case 1: text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), ch); break;
            case 2: text.erase(at, 1); break;
            default: text.resize(at); break;
        }
    }
    return text;
}

}  // namespace

TEST_CASE("robustness: mutated inputs give InputError or a valid instance", "[robustness]") {
    const std::vector<std::pair<std::string, Format>> seeds{
        {"good/conjure-4x4.futo", Format::futo},       {"good/n10-extreme.futo", Format::futo},
        {"good/multi-4x4.futo", Format::futo},         {"good/corpus.jsonl", Format::jsonl},
        {"good/n10-extreme.tatham", Format::tatham},   {"good/guardian-5x5.tatham", Format::tatham},
        {"good/conjure-4x4.param", Format::essence},
        {"good/multi-4x4.usp", Format::usp},
    };
    std::mt19937 rng(12345);
    int accepted = 0, rejected = 0;
    for (const auto& [file, format] : seeds) {
        const std::string original = slurp(test_data(file));
        for (int i = 0; i < 400; ++i) {
            const std::string text = mutate(original, rng);
            try {
                for (const Instance& in : parse_instances(text, file, format)) {
                    (void)Puzzle::compile(in);
                    // A valid instance must also be writable in every format.
                    for (const FormatInfo& info : format_table())
                        (void)write_instances({in}, info.format);
                }
                ++accepted;
            } catch (const InputError& e) {
                CHECK(std::string(e.what()).find('\n') == std::string::npos);
                ++rejected;
            }
        }
    }
    CHECK(rejected > 0);
    WARN("robustness: " << accepted << " mutated inputs accepted, " << rejected << " rejected with InputError");
}

TEST_CASE("valid_utf8 makes text valid UTF-8 and a file stem that is not UTF-8 is refused", "[formats][utf8]") {
    using futolab::formats_internal::valid_utf8;
    CHECK(valid_utf8("plain") == "plain");
    CHECK(valid_utf8("caf\xC3\xA9") == "caf\xC3\xA9");               // é, well formed
    CHECK(valid_utf8("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");     // an emoji (4 bytes)
    CHECK(valid_utf8("bad\xFF") == "bad\xEF\xBF\xBD");                // a byte UTF-8 never uses
    CHECK(valid_utf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");      // an overlong '/'
    CHECK(valid_utf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
    CHECK(valid_utf8("\xE2\x82") == "\xEF\xBF\xBD\xEF\xBF\xBD");      // cut short
    CHECK(valid_utf8("\xF4\x90\x80\x80").find("\xEF\xBF\xBD") == 0);  // past U+10FFFF
    // A file stem is not made valid: a name that is not UTF-8 is refused (file_stem_test.cpp).
    CHECK_THROWS_AS(futolab::formats_internal::file_stem("/tmp/x\xFFy.futo"), futolab::InputError);
    // Whatever goes in, what comes out is valid: running it again changes nothing.
    for (const std::string s : {"\x80\x80", "a\xE0\x80\x80z", "\xF8\x88\x80\x80\x80"})
        CHECK(valid_utf8(valid_utf8(s)) == valid_utf8(s));
}
