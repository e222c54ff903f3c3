// Strings written through ExactEmitter (core/yaml_exact.hpp) read back byte for byte, Unicode
// noncharacters too, which yaml-cpp's emitter alone writes as U+FFFD wherever it quotes a string
// (red-team round 25: `critical --input` read a file that is not there, and `run --resume`
// refused its own run, after a file name with U+FDD0 came back from the YAML they wrote).
#include "core/yaml_exact.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

using futolab::ExactEmitter;
using futolab::exactly_quoted;
using futolab::needs_exact_quotes;

namespace {

// Noncharacters in the BMP (both ends of U+FDD0..U+FDEF, U+FFFE, U+FFFF) and in planes 1, 2, 14,
// 15 and 16 (U+xFFFE, U+xFFFF), as UTF-8.
const std::vector<std::string> kNoncharacters{"\xEF\xB7\x90",     "\xEF\xB7\xAF",     "\xEF\xBF\xBE",     "\xEF\xBF\xBF",
                                              "\xF0\x9F\xBF\xBE", "\xF0\xAF\xBF\xBF", "\xF3\xAF\xBF\xBE", "\xF3\xBF\xBF\xBF",
                                              "\xF4\x8F\xBF\xBE", "\xF4\x8F\xBF\xBF"};

// Every noncharacter alone, first, last, between other text, twice, and beside characters the
// emitter quotes for (": ", "#", a quote, a leading space, a line break, a non-ASCII letter).
std::vector<std::string> names() {
    std::vector<std::string> out;
    for (const std::string& nc : kNoncharacters)
        for (const std::string& name : {nc, nc + "in.jsonl", "in" + nc + ".jsonl", "in.jsonl" + nc, nc + "a" + nc,
                                        "#in: " + nc + "'\"x", " " + nc + "\n" + nc + " ", "caf\xC3\xA9" + nc})
            out.push_back(name);
    out.push_back(kNoncharacters[0] + kNoncharacters[4] + kNoncharacters[9]);  // three planes in a row
    return out;
}

// `text` through every way the sidecar and rendered configs write a string: a map value in the
// emitter's own style, double-quoted and single-quoted, an item of a flow list and of a block list.
std::string emitted(const std::string& text) {
    ExactEmitter e;
    e << YAML::BeginMap;
    e << YAML::Key << "plain" << YAML::Value << text;
    e << YAML::Key << "double" << YAML::Value << YAML::DoubleQuoted << text;
    e << YAML::Key << "single" << YAML::Value << YAML::SingleQuoted << text;
    e << YAML::Key << "flow" << YAML::Value << YAML::Flow << std::vector<std::string>{"a", text, text};
    e << YAML::Key << "block" << YAML::Value << std::vector<std::string>{text, "b"};
    e << YAML::EndMap;
    REQUIRE(e.good());
    return e.str();
}

}  // namespace

TEST_CASE("a string with a noncharacter reads back from ExactEmitter's YAML byte for byte", "[yaml][names]") {
    for (const std::string& name : names()) {
        INFO(exactly_quoted(name));
        CHECK(needs_exact_quotes(name));
        const YAML::Node back = YAML::Load(emitted(name));
        CHECK(back["plain"].as<std::string>() == name);
        CHECK(back["double"].as<std::string>() == name);
        CHECK(back["single"].as<std::string>() == name);
        CHECK(back["flow"][1].as<std::string>() == name);
        CHECK(back["flow"][2].as<std::string>() == name);
        CHECK(back["block"][0].as<std::string>() == name);
        CHECK(back["block"][1].as<std::string>() == "b");
    }
}

TEST_CASE("ExactEmitter writes what the emitter writes where no string needs escapes", "[yaml][names]") {
    // U+FFFD itself, U+FDCF and U+FDF0 (just outside the range), U+FFFC and U+1FFFD are characters.
    for (const std::string text : {"in.jsonl", "#a: 'b\" c", "\xEF\xBF\xBD", "\xEF\xB7\x8F\xEF\xB7\xB0", "\xEF\xBF\xBC",
                                   "\xF0\x9F\xBF\xBD", "futolab-exact-0z"}) {
        INFO(text);
        CHECK_FALSE(needs_exact_quotes(text));
        YAML::Emitter plain;
        plain << YAML::BeginMap << YAML::Key << "k" << YAML::Value << text << YAML::Key << "l" << YAML::Value << YAML::Flow
              << std::vector<std::string>{text} << YAML::EndMap;
        ExactEmitter exact;
        exact << YAML::BeginMap << YAML::Key << "k" << YAML::Value << std::string(text) << YAML::Key << "l" << YAML::Value
              << YAML::Flow << std::vector<std::string>{text} << YAML::EndMap;
        CHECK(exact.str() == plain.c_str());
    }
}

TEST_CASE("many strings with noncharacters each take their own place", "[yaml][names]") {
    ExactEmitter e;
    e << YAML::BeginSeq;
    std::vector<std::string> texts;
    for (int i = 0; i < 1200; ++i) {
        texts.push_back("#" + std::to_string(i) + kNoncharacters[static_cast<std::size_t>(i) % kNoncharacters.size()]);
        e << texts.back() << ("futolab-exact-" + std::to_string(i) + "z");  // a look-alike of a placeholder, written as it is
    }
    e << YAML::EndSeq;
    const YAML::Node back = YAML::Load(e.str());
    REQUIRE(back.size() == 2 * texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        CHECK(back[2 * i].as<std::string>() == texts[i]);
        CHECK(back[2 * i + 1].as<std::string>() == "futolab-exact-" + std::to_string(i) + "z");
    }
}
