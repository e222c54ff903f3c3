// A command line as POSIX shell words (core/shell_words.hpp), the sidecar's run.command: a word
// of safe characters as it is, any other single-quoted; and what /bin/sh makes of the text is
// the words given, byte for byte, with nothing run (red-team round 26, C F4: the words were
// joined with spaces, so a pasted command split `--square '2 1 4 3/…'` and ran `; touch x`).
#include "core/shell_words.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using futolab::shell_command;
using futolab::shell_quoted;
namespace fs = std::filesystem;

namespace {

// The words /bin/sh reads from `line` (a command line whose program is `printf '%s\0'`), run in
// `dir`: each printed with a NUL after it, so a word holding a line feed stays one word.
std::vector<std::string> words_sh_reads(const std::string& line, const fs::path& dir) {
    const fs::path script = dir / "line.sh", out = dir / "words";
    std::ofstream(script) << line << " > '" << out.string() << "'\n";
    const std::string run = "cd '" + dir.string() + "' && /bin/sh '" + script.string() + "'";
    REQUIRE(std::system(run.c_str()) == 0);
    std::ifstream in(out, std::ios::binary);
    std::vector<std::string> words;
    for (std::string word; std::getline(in, word, '\0');) words.push_back(word);
    return words;
}

}  // namespace

TEST_CASE("shell_quoted: a word of safe characters is left as it is", "[shell]") {
    for (const std::string word : {"futolab", "--out", "a.jsonl", "results/x-1.csv", "h+k", "n=4", "50%", "a@b", "1,2", "x:y",
                                   "_", "-", ".", "/tmp/a/b.c"})
        CHECK(shell_quoted(word) == word);
}

TEST_CASE("shell_quoted: any other word is single-quoted and a quote is written as '\\''", "[shell]") {
    CHECK(shell_quoted("") == "''");
    CHECK(shell_quoted("a b") == "'a b'");
    CHECK(shell_quoted("2 1 4 3/4 2 3 1") == "'2 1 4 3/4 2 3 1'");
    CHECK(shell_quoted("sq2; touch PWNED.jsonl") == "'sq2; touch PWNED.jsonl'");
    CHECK(shell_quoted("my cfg $(id).yaml") == "'my cfg $(id).yaml'");
    CHECK(shell_quoted("`id`") == "'`id`'");
    CHECK(shell_quoted("it's") == "'it'\\''s'");
    CHECK(shell_quoted("'") == "''\\'''");
    CHECK(shell_quoted("a\nb") == "'a\nb'");
    CHECK(shell_quoted("~") == "'~'");
    CHECK(shell_quoted("*.tatham") == "'*.tatham'");
    CHECK(shell_quoted("n >= 8") == "'n >= 8'");
    CHECK(shell_quoted("x\\y") == "'x\\y'");
    CHECK(shell_quoted("o\xff.jsonl") == "'o\xff.jsonl'");
    CHECK(shell_quoted("caf\xc3\xa9") == "'caf\xc3\xa9'");  // non-ASCII is quoted too: safe is a short list
}

TEST_CASE("shell_command: the program and each word, one space between", "[shell]") {
    CHECK(shell_command("futolab", {}) == "futolab");
    CHECK(shell_command("futolab", {"run", "my cfg.yaml", "-q"}) == "futolab run 'my cfg.yaml' -q");
    CHECK(shell_command("futolab", {"critical", "--square", "2 1/1 2", "--out", "a;b.jsonl"}) ==
          "futolab critical --square '2 1/1 2' --out 'a;b.jsonl'");
}

TEST_CASE("shell_command: /bin/sh reads back exactly the words given and runs none of them", "[shell]") {
    const fs::path dir = fs::temp_directory_path() / ("futolab-shell-words-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::vector<std::vector<std::string>> lines{
        {"--square", "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4", "--out", "sq2; touch PWNED.jsonl"},
        {"run", "my cfg $(touch PWNED).yaml", "-q", "`touch PWNED`"},
        {"it's", "'", "''", "a'b'c", "\"q\"", ""},
        {"a\nb", "tab\there", "  lead", "trail  ", "x\\n", "$HOME", "${PATH}", "!x", "#c"},
        {"*", "?", "[ab]", "~", "~/x", "a|b", "a&b", "a>b", "a<b", "(x)", "{a,b}", "a=b"},
        {"o\xff.jsonl", "caf\xc3\xa9", "\xe2\x80\xae", "%", "-", "--where", "n >= 8"},
    };
    for (const std::vector<std::string>& words : lines) {
        const std::string line = shell_command("printf '%s\\0'", words);
        INFO(line);
        CHECK(words_sh_reads(line, dir) == words);
        CHECK_FALSE(fs::exists(dir / "PWNED"));
    }
    fs::remove_all(dir);
}
