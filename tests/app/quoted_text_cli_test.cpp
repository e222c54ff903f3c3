// What a command prints when it quotes a bad input (red-team round 8): the readers quote the
// text as typed and main's visible_text shows it, so a typed `\xef\xbc\x91` and the character
// U+FF11 print apart, and a stray byte is <0xEF> (not the <U+003C>0xEF> of a marker escaped
// twice).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("grid and number messages show what was typed, two inputs never alike", "[cli][messages]") {
    const fs::path dir = fresh_dir("app", "quoted-text");
    std::ofstream(dir / "wide.futo") << "1 \xef\xbc\x91\n";
    std::ofstream(dir / "typed.futo") << "1 \\xef\\xbc\\x91\n";
    std::ofstream(dir / "cut.futo") << "1 \xef\xbc\n";
    std::ofstream(dir / "rlo.futo") << "1 \xe2\x80\xae" "2\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"check wide.futo", "wide.futo:1:3: '\xef\xbc\x91' is not a cell"},
        {"check typed.futo", "typed.futo:1:3: '\\xef\\xbc\\x91' is not a cell"},
        {"check cut.futo", "cut.futo:1:3: '<0xEF><0xBC>' is not a cell"},
        {"check rlo.futo", "rlo.futo:1:3: '<U+202E>2' is not a cell"},
        {"solve --seed \"$(printf '1\\0332')\" wide.futo", "--seed: '1<U+001B>2' is not a whole number"},
        {"solve --seed '1\\x1b2' wide.futo", "--seed: '1\\x1b2' is not a whole number"}};
    for (const auto& [command, message] : cases) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, message));
        CHECK_FALSE(has(r.err, "<U+003C>"));  // no marker escaped a second time
    }
    fs::remove_all(dir);
}
