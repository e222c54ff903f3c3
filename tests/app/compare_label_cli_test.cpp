// compare --label: a label names a side in every table, CSV and message, so it must be UTF-8
// text that shows as itself (app/cmd_compare.cpp, label_problem). Bytes that are not UTF-8, a
// control character and characters that show as nothing or reorder the line are refused at the
// option, exit 2, in one line, before any input is read (red-team round 27).
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <string>

using futolab::test::has;
using futolab::test::run_cli;

namespace {

// compare of a CSV with itself (tests/data), BASE labelled by the shell word `label`.
futolab::test::CliResult compare_labelled(const std::string& label) {
    return run_cli("compare analysis/compare/base.csv ./analysis/compare/base.csv --label " + label + ",b");
}

}  // namespace

TEST_CASE("compare --label refuses text that does not show as itself", "[compare][cli]") {
    const struct {
        const char* name;
        std::string word;  // a shell word (printf octal escapes)
        const char* why;
    } cases[] = {
        {"a byte that is not UTF-8", "\"$(printf 'a\\377')\"", "byte 0xff is not UTF-8"},
        {"a Latin-1 e acute", "\"$(printf 'caf\\351')\"", "byte 0xe9 is not UTF-8"},
        {"ESC", "\"$(printf 'a\\033[31m')\"", "the control character U+001B at byte 2"},
        {"a tab", "\"$(printf 'a\\tb')\"", "the control character U+0009 at byte 2"},
        {"a C1 control", "\"$(printf 'a\\302\\233')\"", "the control character U+009B at byte 2"},
        {"U+202E", "\"$(printf 'ab\\342\\200\\256c')\"", "show as nothing or reorder the line"},
        {"U+200B", "\"$(printf 'a\\342\\200\\213')\"", "show as nothing or reorder the line"},
        {"only spaces", "'  '", "only white space or invisible characters (U+0020 U+0020)"},
        {"a leading space", "' v1'", "spaces at its ends"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        const auto r = compare_labelled(c.word);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: --label: '"));
        CHECK(has(r.err, c.why));
        CHECK(has(r.err, "a label must be printable text, shown as it is"));
        CHECK(r.err.find('\n') == r.err.size() - 1);  // one line
        CHECK(r.err.find('\033') == std::string::npos);
        CHECK(r.out.empty());
    }
}

TEST_CASE("compare --label takes printable UTF-8 text as it is", "[compare][cli]") {
    for (const std::string label : {"v1", "v 1", "caf\xc3\xa9", "\xe7\x89\x88\xe6\x9c\xac"}) {
        INFO(label);
        const auto r = compare_labelled("'" + label + "'");
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, "# BASE " + label + " \xe2\x86\x92 NEW b"));
    }
}
