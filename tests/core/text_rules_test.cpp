// The rules every reader of futolab's text files shares (red-team round 13): a YAML file holds
// one document (F7: YAML::Load read the first and dropped the rest, so a config's `---` and
// `solvers: [ bogus ]` ran as the part before it), and no text file holds binary data (F8:
// nlohmann's parser took a NUL for the end of the input, so `{…}\0garbage` read as `{…}`).
#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/json_read.hpp"
#include "core/yaml_bounds.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace futolab;
using namespace std::string_literals;

namespace {

// What load_yaml_bounded says of `text`: "ok", "syntax: LINE" or the InputError's message.
std::string yaml_outcome(const std::string& text) {
    try {
        load_yaml_bounded(text, "t.yaml");
        return "ok";
    } catch (const YAML::ParserException& e) {
        return "syntax: " + std::to_string(e.mark.line + 1);
    } catch (const InputError& e) {
        return e.what();
    }
}

const std::string kSecond = ": a second YAML document starts here: futolab reads one document per file (remove it, "
                            "or make it a file of its own)";

}  // namespace

TEST_CASE("binary data: one predicate, the instance reader's bytes", "[core][text]") {
    for (char c : {'\0', '\x01', '\x08', '\x1b', '\x1f'}) CHECK(is_binary_byte(c));
    for (char c : {'\t', '\n', '\v', '\f', '\r', ' ', 'a', '\x7f', '\xc3'}) CHECK_FALSE(is_binary_byte(c));
    CHECK_FALSE(find_binary_byte("a\tb\r\n\f\v{}\n"));
    const auto at = find_binary_byte("ab\ncd\n ef\x00g"s);
    REQUIRE(at);
    CHECK(at->line == 3);
    CHECK(at->column == 4);
    CHECK(at->byte == 0);
    CHECK(binary_data(0x1b) == "binary data (byte 0x1b): not a text file");
}

TEST_CASE("YAML: a file holds one document, a second is refused where it starts (round 13, F7)", "[core][text][yaml]") {
    CHECK(yaml_outcome("a: 1\n---\nb: 2\n") == "t.yaml:2:1" + kSecond);
    CHECK(yaml_outcome("a: 1\n---\n") == "t.yaml:2:1" + kSecond);               // an empty second one too
    CHECK(yaml_outcome("a: 1\n...\n\nb: 2\n") == "t.yaml:4:1" + kSecond);       // after an end marker
    CHECK(yaml_outcome("---\na: 1\n--- [x]\n") == "t.yaml:3:1" + kSecond);
    // A syntax error anywhere is the parser's, as in the first document (the callers' "malformed YAML").
    CHECK(yaml_outcome("a: 1\n---\n[unclosed\n") == "syntax: 4");
    CHECK(yaml_outcome("a: [1\n") != "ok");
    // One document, with or without its markers, and no document at all.
    for (const char* one : {"a: 1\n", "---\na: 1\n", "---\na: 1\n...\n", "a: 1\n...\n# the end\n", "", "# nothing\n",
                            "a: |\n  ---\n  ...\n"})
        CHECK(yaml_outcome(one) == "ok");
}

TEST_CASE("YAML: binary data is refused naming line, column and byte (round 13, F8)", "[core][text][yaml]") {
    CHECK(yaml_outcome("a: 1\nb: 2\0x\n"s) == "t.yaml:2:5: binary data (byte 0x00): not a text file");
    CHECK(yaml_outcome("a: 1\n\0\nsolvers: [bogus]\n"s) == "t.yaml:2:1: binary data (byte 0x00): not a text file");
    CHECK(yaml_outcome("a: \"\x01\"\n") == "t.yaml:1:5: binary data (byte 0x01): not a text file");
    CHECK(yaml_outcome("a: 1\r\nb:\t2\f\n") == "ok");
}

TEST_CASE("JSON: binary data is refused where it is, never read as the end of the text (round 13, F8)", "[core][text]") {
    const JsonRead cut = read_json("{\"a\":1}\0garbage {{{"s);
    CHECK(cut.problem == "binary data (byte 0x00): not a text file");
    CHECK(cut.line == 1);
    CHECK(cut.column == 8);
    const JsonRead inner = read_json("{\"a\":\n [1,\x02 2]}");
    CHECK(inner.problem == "binary data (byte 0x02): not a text file");
    CHECK(inner.line == 2);
    CHECK(inner.column == 5);
    CHECK(read_json("{\"a\":\t1}\r\n").problem.empty());
}

TEST_CASE("JSON Lines instances: the instance reader refuses binary data by the same predicate", "[core][text]") {
    const std::string good = R"({"n":2,"givens":[[0,0,1]],"lt":[]})";
    const std::string text = good + "\n" + good + "\0junk\n"s;
    const char* const refusal = "i.jsonl:2:35: binary data (byte 0x00): not a text puzzle file";
    CHECK_THROWS_WITH(parse_instances(text, "i.jsonl", Format::jsonl), refusal);
    std::vector<SkippedInput> skipped;  // run --skip-invalid: the whole file, as before any line is read
    CHECK_THROWS_WITH(parse_instances(text, "i.jsonl", Format::jsonl, &skipped), refusal);
}
