// `--` ends the options, in every command (red-team round 28, C F1): every word after it is an
// argument, whatever it looks like. CLI11 ended the command itself at a `--` once its arguments
// had their least count, so `solve a -- b` refused b ("solve takes the argument INPUTS"),
// `convert a -- --help` printed futolab's help, and `convert -- a --to jsonl` said "-- is not an
// option of convert".
#include "tests/app/cli_runner.hpp"
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::CliResult;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// One line on stderr, exit 2, and it is `line`.
void check_line(const CliResult& r, const std::string& line) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + line + "\n");
    CHECK(r.out.empty());
}

// `before` with the input `last` after a `--` does what it does with `last` without the `--` (as
// ./-s where it looks like an option).
void same_with_separator(const std::string& before, const std::string& last, const std::string& cwd) {
    const CliResult plain = run_cli(before + (last.starts_with("-") ? " ./" : " ") + last, cwd);
    const CliResult separated = run_cli(before + " -- " + last, cwd);
    INFO(before << " -- " << last << ": " << separated.err);
    CHECK(plain.exit_code == 0);
    CHECK(separated.exit_code == plain.exit_code);
    CHECK(separated.out == plain.out);
    CHECK(separated.err == plain.err);
}

}  // namespace

TEST_CASE("every command takes the inputs after -- with those before it", "[cli][parse-errors][separator]") {
    const fs::path dir = futolab::test::fresh_dir("end-of-options", "inputs");
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo", dir / "a.futo");
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/good/multi-4x4.futo", dir / "b.futo");
    fs::copy_file(dir / "a.futo", dir / "-s");  // a file whose name looks like an option
    for (const std::string last : {"b.futo", "-s"}) {
        same_with_separator("check a.futo", last, dir.string());
        same_with_separator("grade a.futo", last, dir.string());
    }
    // solve prints its times: the same rows, one per puzzle.
    const CliResult solved = run_cli("solve --format csv -s gac a.futo -- b.futo -s", dir.string());
    INFO(solved.err);
    CHECK(solved.exit_code == 0);
    for (const char* id : {"\nsolve,a,", "\nsolve,b:3,", "\nsolve,b:12,", "\nsolve,b:21,", "\nsolve,-s,"}) CHECK(has(solved.out, id));
    // The results CSVs of analyze, compare, merge and report.
    const fs::path sweep = futolab::test::two_shard_sweep("end-of-options", "csvs");
    const std::string first = "sh/ms.shard-0-of-2.csv", second = "sh/ms.shard-1-of-2.csv";
    same_with_separator("analyze " + first, second, sweep.string());
    same_with_separator("compare " + first, second, sweep.string());
    const CliResult merged = run_cli("merge --out m/m.csv " + first + " -- " + second, sweep.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    CHECK(merged.out == "m/m.csv: 12 of 12 runs from 2 files\n");
    const CliResult reported = run_cli("report --out r.html " + first + " -- " + second, sweep.string());
    INFO(reported.err);
    CHECK(reported.exit_code == 0);
    CHECK(fs::exists(sweep / "r.html"));
}

TEST_CASE("a word after -- that no argument takes is an argument not expected and never an option", "[cli][parse-errors][separator]") {
    check_line(run_cli("convert -- good/conjure-4x4.futo --to jsonl"),
               "convert: '--to' was not expected (convert takes the argument INPUT, then options)");
    check_line(run_cli("convert --to jsonl -- good/conjure-4x4.futo --out x.jsonl"),
               "convert: '--out' was not expected (convert takes the argument INPUT, then options)");
    check_line(run_cli("generate -- random --n 4"), "generate: '--n' was not expected (generate takes the argument KIND, then options)");
    check_line(run_cli("run -- s.yaml --quiet"), "run: '--quiet' was not expected (run takes the argument CONFIG, then options)");
    check_line(run_cli("list -- x"), "list: 'x' was not expected (list takes options only)");
    // --help and --version after -- are words too: no help printed, no version.
    check_line(run_cli("convert good/conjure-4x4.futo -- --help"),
               "convert: '--help' was not expected (convert takes the argument INPUT, then options)");
    check_line(run_cli("run a.yaml -- --version"), "run: '--version' was not expected (run takes the argument CONFIG, then options)");
    const CliResult input = run_cli("check good/conjure-4x4.futo -- --help");
    CHECK(input.exit_code == 2);
    CHECK(input.err == "futolab: --help: cannot read: No such file or directory\n");
    CHECK(input.out.empty());
    // A word before -- that nothing takes is named first, as without a --.
    check_line(run_cli("convert good/conjure-4x4.futo extra -- x"),
               "convert: 'extra' was not expected (convert takes the argument INPUT, then options)");
    check_line(run_cli("convert good/conjure-4x4.futo --nope -- x"),
               "convert: --nope is not an option of convert (futolab convert --help lists them)");
    // An argument still missing after -- is missing.
    CHECK(has(run_cli("convert --to jsonl --").err, "futolab: convert: INPUT is missing ("));
}

TEST_CASE("a help asked before -- is printed as without the --", "[cli][separator]") {
    for (const char* command : {"solve", "convert", "analyze"}) {
        const CliResult plain = run_cli(std::string(command) + " --help");
        const CliResult separated = run_cli(std::string(command) + " --help -- x");
        INFO(command);
        CHECK(plain.exit_code == 0);
        CHECK(separated.exit_code == 0);
        CHECK(separated.out == plain.out);
    }
}
