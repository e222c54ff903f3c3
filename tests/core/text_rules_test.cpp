// The rules every reader of futolab's text files shares (red-team round 13): a YAML file holds
// one document (F7: YAML::Load read the first and dropped the rest, so a config's `---` and
// `solvers: [ bogus ]` ran as the part before it), and no text file holds binary data (F8:
// nlohmann's parser took a NUL for the end of the input, so `{…}\0garbage` read as `{…}`).
#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/json_read.hpp"
#include "core/visible_text.hpp"
#include "core/yaml_bounds.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace futolab;
using namespace std::string_literals;

namespace {

// What load_yaml_bounded says of `text`: "ok" or the InputError's message.
std::string yaml_outcome(const std::string& text) {
    try {
        load_yaml_bounded(text, "t.yaml");
        return "ok";
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
    // A syntax error anywhere is refused as in the first document.
    CHECK(yaml_outcome("a: 1\n---\n[unclosed\n") == "t.yaml:4:1: malformed YAML: end of sequence flow not found");
    CHECK(yaml_outcome("a: [1\n") == "t.yaml:2:1: malformed YAML: end of sequence flow not found");
    // One document, with or without its markers, and no document at all.
    for (const char* one : {"a: 1\n", "---\na: 1\n", "---\na: 1\n...\n", "a: 1\n...\n# the end\n", "", "# nothing\n",
                            "a: |\n  ---\n  ...\n"})
        CHECK(yaml_outcome(one) == "ok");
}

// Red-team round 20, A F1: the parser's exception passed through for each caller to name the
// file, and the few-relations shard reader did not, so yaml-cpp's text (no file) came out with
// exit 1. A syntax error is now an InputError here, worded as the caller names the file's kind.
TEST_CASE("YAML: a syntax error is refused at its file, line and column, worded as the caller asks", "[core][text][yaml]") {
    CHECK(yaml_outcome("k: {a: b}: c\n") == "t.yaml:1:10: malformed YAML: illegal map value");
    CHECK_THROWS_AS(load_yaml_bounded("partition: [3\n", "s.yaml", "not a shard file"), InputError);
    CHECK_THROWS_WITH(load_yaml_bounded("partition: [3\n", "s.yaml", "not a shard file"),
                      "s.yaml:2:1: not a shard file: end of sequence flow not found");
}

TEST_CASE("YAML: binary data is refused naming line, column and byte (round 13, F8)", "[core][text][yaml]") {
    CHECK(yaml_outcome("a: 1\nb: 2\0x\n"s) == "t.yaml:2:5: binary data (byte 0x00): not a text file");
    CHECK(yaml_outcome("a: 1\n\0\nsolvers: [bogus]\n"s) == "t.yaml:2:1: binary data (byte 0x00): not a text file");
    CHECK(yaml_outcome("a: \"\x01\"\n") == "t.yaml:1:5: binary data (byte 0x01): not a text file");
    CHECK(yaml_outcome("a: 1\r\nb:\t2\f\n") == "ok");
}

// Round 28, C F3: yaml-cpp kept a CR that no LF follows inside a plain scalar (`output: o.csv<CR>`
// wrote a results CSV named so). Every YAML file is refused at such a CR, before anything else;
// CR LF line ends read as LF.
TEST_CASE("a carriage return that no line feed follows is found and refused in every YAML file", "[core][text][yaml][line-ends]") {
    CHECK_FALSE(find_lone_carriage_return("a: 1\r\nb: 2\r\n"));
    CHECK_FALSE(find_lone_carriage_return(""));
    const auto at = find_lone_carriage_return("a: 1\nb: 2\n  c: 3\r\r\n");
    REQUIRE(at);
    CHECK(at->line == 3);
    CHECK(at->column == 7);
    CHECK(find_lone_carriage_return("\r")->column == 1);
    CHECK(find_lone_carriage_return("x\ry\rz")->column == 2);
    const std::string cr = ": a carriage return not followed by a line feed (old Mac line ends): line ends are LF or CR LF "
                           "(save the file with Unix or Windows line ends)";
    CHECK(yaml_outcome("name: cr\noutput: out/o.csv\r") == "t.yaml:2:18" + cr);  // a CR that ends the file
    CHECK(yaml_outcome("name: cr2\noutput: out2/o\r.csv\n") == "t.yaml:2:15" + cr);
    CHECK(yaml_outcome("name: cr3\r\noutput: o.csv\r\r\n") == "t.yaml:2:14" + cr);  // CR CR LF: converted twice
    CHECK(yaml_outcome("a: 1\rb: 2\r") == "t.yaml:1:5" + cr);                       // old Mac line ends
    CHECK(yaml_outcome("a: \"x\ry\"\n") == "t.yaml:1:6" + cr);                      // inside quotes too
    CHECK(yaml_outcome("# \r\na: 1\n") == "ok");                                      // CR LF after a comment
    CHECK(yaml_outcome("a: \"x\\ry\"\r\n") == "ok");  // the escape \r is a value's, not a line end
    CHECK(load_yaml_bounded("a: o.csv\r\nb: |\r\n  x\r\n", "t.yaml")["a"].as<std::string>() == "o.csv");
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

// A NUL typed as a YAML escape is read into the value, and every C call cut the value there:
// `file: "g\0.tatham"` read the file g (red-team round 14, B F3). Refused in every YAML file
// at the scalar, key or value, as the byte typed raw is.
TEST_CASE("YAML: a NUL an escape makes in a scalar is refused at the scalar", "[core][text][yaml]") {
    const std::string refusal = ": binary data (byte 0x00) made by an escape such as \\0 or \\x1b in a quoted value: not text";
    CHECK(yaml_outcome("a: 1\nfile: \"g\\0.tatham\"\n") == "t.yaml:2:7" + refusal);
    CHECK(yaml_outcome("argv: [ \"/bin/echo\\x00ignored\" ]\n") == "t.yaml:1:9" + refusal);
    CHECK(yaml_outcome("\"k\\u0000\": 1\n") == "t.yaml:1:1" + refusal);
    // Through an alias too: the walk expands it.
    CHECK(yaml_outcome("a: &x \"\\0\"\nb: *x\n") == "t.yaml:1:4" + refusal);
    // Other escapes make text a sidecar may hold (a file name with a control byte in it).
    CHECK(yaml_outcome("a: \"tab\\there\\nline \\x01 \\u00e9\"\n") == "ok");
}

// One Latin-1 byte (a 'é' in a comment) ran, and the sidecar's emitter wrote the config back
// with U+FFFD, so the config no longer hashed to its config_hash and the run could never be
// resumed or merged (red-team round 14, B F4). Refused before anything runs, at the byte.
TEST_CASE("YAML: a byte that is not UTF-8 is refused at its line and column", "[core][text][yaml]") {
    const std::string refusal = ": byte 0xe9 is not UTF-8: futolab reads UTF-8 text (save the file as UTF-8)";
    CHECK(yaml_outcome("name: ic\n# caf\xe9\n") == "t.yaml:2:6" + refusal);
    CHECK(yaml_outcome("description: caf\xe9\n") == "t.yaml:1:17" + refusal);
    CHECK(yaml_outcome("a: \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 b\n") == "ok");  // é € and an emoji
    CHECK(yaml_outcome("\xef\xbb\xbf" "a: 1\n") == "ok");                        // a byte-order mark
    for (const char* bad : {"a: \xc0\xaf\n", "a: \xed\xa0\x80\n", "a: \xf4\x90\x80\x80\n", "a: \xe2\x82\n", "a: \x80\n"}) {
        INFO(bad);
        CHECK(yaml_outcome(bad).find("is not UTF-8") != std::string::npos);
    }
    const auto at = find_non_utf8_byte("ok\n\xc3\xa9 x\xff");
    REQUIRE(at);
    CHECK(at->line == 2);
    CHECK(at->column == 5);
    CHECK(at->byte == 0xff);
}

// A message is a C string: data quoted in it with a NUL ended it there ("column 'host' is 'vm"
// and no reason; red-team round 14, B F16). Every InputError keeps the NUL, and the printed
// message shows it as <U+0000>.
TEST_CASE("messages: a NUL in quoted data never cuts the message, and prints as <U+0000>", "[core][text]") {
    const InputError e("a.csv:2:28: column 'host' is 'vm\0x', not this machine"s);
    CHECK(std::string(e.what()).size() > 35);
    CHECK(visible_message(e.what()) == "a.csv:2:28: column 'host' is 'vm<U+0000>x', not this machine");
    try {
        throw_input_error({"c.yaml", 4, 0}, "square '1 2/2 1\0': bad"s);
    } catch (const InputError& again) {
        CHECK(visible_message(again.what()) == "c.yaml:4: square '1 2/2 1<U+0000>': bad");
        // Wrapped again through what(), as many callers do, it stays whole.
        CHECK(visible_message(InputError(std::string("x: ") + again.what()).what()) == "x: c.yaml:4: square '1 2/2 1<U+0000>': bad");
    }
    CHECK(visible_message("plain <U+0041> \x01") == "plain <U+003C>U+0041> <U+0001>");  // otherwise visible_text
}

// Red-team round 21, B F3: yaml-cpp read a quoted scalar left open at the end of the text as
// closed when a line break came before the end (`output: "out/r.csv⏎` was "out/r.csv "), and
// refused it only without that line break. Both quote kinds are now refused with or without
// the final line ends, where the text ends; a quoted scalar over several lines that is closed is
// read as before, and a text refused anyway keeps its error where it was.
TEST_CASE("YAML: a quoted scalar left open at the end of the text is refused with or without its line end", "[core][text][yaml]") {
    for (const char* quote : {"\"", "'"}) {
        for (const char* end : {"", "\n", "\n\n", "\r\n", "\n  \n"}) {
            const std::string text = "a: 1\nb: "s + quote + "out/r.csv" + end;
            INFO("quote " << quote << ", end '" << end << "'");
            CHECK(yaml_outcome(text) == "t.yaml:2:14: malformed YAML: illegal EOF in scalar");
        }
    }
    const YAML::Node closed = load_yaml_bounded("a: \"one\n  two\"\nb: 'three\n\n  four'\n", "t.yaml");
    CHECK(closed["a"].as<std::string>() == "one two");
    CHECK(closed["b"].as<std::string>() == "three\nfour");
    CHECK(load_yaml_bounded("a: |+\n  x\n\n", "t.yaml")["a"].as<std::string>() == "x\n\n");  // built from the whole text
    CHECK(yaml_outcome("a: [1\n") == "t.yaml:2:1: malformed YAML: end of sequence flow not found");
    CHECK(yaml_outcome("a: \"x\"\n  \n") == "ok");
}
