// The config text a sidecar keeps reads back byte for byte, whatever the config's line ends and
// blank or indented lines. It was kept as a YAML `|` block, which brings back one final line end
// whatever the text had, folds CR LF to LF and strips the first line's indentation: a config
// with CR LF line ends, no final line end, blank lines at its end or every line indented ran, and
// then its own `--resume` and `merge` refused the sidecar ("its config text hashes to …, not to
// its config_hash … (edited?)"; red-team round 24, B F5). Such a text is now kept double-quoted
// with escapes; a text the block keeps is still written as a block.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace futolab::test;  // run_cli, slurp, has, fresh_dir

namespace {

// The lines of a sweep over the 75 4x4 Tatham puzzles, each ended by `end`, writing r.csv.
std::string sweep_text(const std::string& end = "\n", const std::string& indent = "") {
    std::string text;
    for (const std::string line :
         {"name: forms", "seed: 1", "mode: { count: 2 }", "instances:",
          "  - file: " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham", "solvers: [ bitmask ]", "output: r.csv"})
        text += indent + line + end;
    return text;
}

// Each form of the config text the report found not kept (and a few more), by name.
std::vector<std::pair<std::string, std::string>> config_forms() {
    const std::string text = sweep_text();
    return {{"CR LF line ends", sweep_text("\r\n")},
            {"no final line end", text.substr(0, text.size() - 1)},
            {"two blank lines at the end", text + "\n\n"},
            {"spaces on a last line of their own", text + "   "},
            {"spaces after the last line with no line end", text.substr(0, text.size() - 1) + "   "},
            {"every line indented", sweep_text("\n", "  ")},
            {"a leading blank line", "\n" + text},
            {"tabs in a comment and at the end", "#\ta\tcomment\n" + text.substr(0, text.size() - 1) + "\t"},
            // (A lone CR, even in a comment, is refused at it since red-team round 28, C F3:
            // tests/core/text_rules_test.cpp, tests/app/line_ends_cli_test.cpp.)
            {"a CR LF after a comment", "# a\r\n# b\n" + text},
            {"quotes, backslashes and other characters in a comment",
             "# \"q\" \\ \xC3\xA9 \xC2\x85 \xE2\x80\xA8 \xEF\xBB\xBF \xEF\xBF\xBE \xF0\x9F\x98\x80 \x7F\n" + text}};
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// Writes each config form into a fresh folder and runs `commands` there in turn: each must end
// with exit 0, calling no sidecar edited and no config other than the one that ran.
void each_form_takes(const std::string& name, const std::vector<std::string>& commands) {
    for (const auto& [form, text] : config_forms()) {
        INFO(form);
        const std::string dir = fresh_dir("config-text-forms", name).string();
        write(dir + "/c.yaml", text);
        for (const std::string& command : commands) {
            const CliResult r = run_cli(command, dir);
            INFO(command << ": " << r.err);
            REQUIRE(r.exit_code == 0);
            CHECK_FALSE(has(r.err, "edited?"));
            CHECK_FALSE(has(r.err, "may not be the config"));
        }
    }
}

}  // namespace

TEST_CASE("run --resume takes the sidecar of a config whatever its line ends and blank lines",
          "[records][sidecar][config-text][lifecycle]") {
    each_form_takes("resume", {"run c.yaml -q", "run c.yaml -q --resume", "report r.csv --out r.html"});
}

TEST_CASE("merge takes the shards of a config whatever its line ends and blank lines", "[records][sidecar][config-text][lifecycle]") {
    each_form_takes("merge", {"run c.yaml -q --shard 0/2", "run c.yaml -q --shard 1/2",
                              "merge r.shard-0-of-2.csv r.shard-1-of-2.csv --out m.csv"});
}

TEST_CASE("a config text the YAML block keeps is still written as a block", "[records][sidecar][config-text]") {
    const std::string dir = fresh_dir("config-text-forms", "block").string();
    write(dir + "/c.yaml", sweep_text());
    REQUIRE(run_cli("run c.yaml -q", dir).exit_code == 0);
    CHECK(has(slurp(dir + "/r.csv.meta.yaml"), "\nconfig: |\n  name: forms\n  seed: 1\n"));
    REQUIRE(run_cli("run c.yaml -q --resume", dir).exit_code == 0);
}
