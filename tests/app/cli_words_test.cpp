// The command line in futolab's words (red-team round 13): a flag takes no value (F5), CLI11's
// parse errors become one line naming the option and what it accepts (F13), each --shard and
// --few-relations refusal states its own range (F10, F11), run's refusals give the true reason
// (F12), and no output is one of the command's own files (F3, F6).
#include "app/commands.hpp"
#include "app/flag_values.hpp"
#include "cli_runner.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kSquare = "--square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4'";

// One line on stderr, exit 2, and it is `line`.
void check_line(const futolab::test::CliResult& r, const std::string& line) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + line + "\n");
}

// `name=value` given to the flag `name` of `sub` is refused in one line naming the flag.
void check_flag_value_refused(const CLI::App& app, const CLI::App& sub, const std::string& name, const std::string& value) {
    INFO(sub.get_name() << " " << name << "=" << value);
    try {
        futolab::app::refuse_flag_values(app, {sub.get_name(), name + "=" + value});
        FAIL("accepted");
    } catch (const futolab::InputError& e) {
        CHECK(std::string(e.what()) == sub.get_name() + ": " + name + " takes no value (given '" + name + "=" + value +
                                           "'): give " + name + " alone to ask for it, or leave it out");
    }
}

}  // namespace

TEST_CASE("every flag of every command refuses a value, even =true (round 13, F5)", "[cli][flag-values]") {
    CLI::App app{"test"};
    futolab::app::Action run;
    futolab::app::add_commands(app, run, "futolab");
    std::size_t flags = 0;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_positional() || option->get_items_expected_max() != 0) continue;
            // Its short names too, -h included (round 14, B F13).
            for (const std::string& letter : option->get_snames()) check_flag_value_refused(app, *sub, "-" + letter, "no");
            if (option->get_name() == "--help") continue;
            for (const std::string value : {"no", "false", "0", "true"}) check_flag_value_refused(app, *sub, option->get_name(), value);
            ++flags;
        }
    CHECK(flags > 15);  // critical's modes, --force and --resume everywhere, analyze's --no-vbs…
    // A flag alone, an option's value that looks like one, and words after "--" are left alone.
    CHECK_NOTHROW(futolab::app::refuse_flag_values(app, {"critical", "--exact", "--square", "--exact=no"}));
    CHECK_NOTHROW(futolab::app::refuse_flag_values(app, {"merge", "--", "--force=no"}));
    check_line(run_cli("critical --exact=no " + kSquare + " --objective h"),
               "critical: --exact takes no value (given '--exact=no'): give --exact alone to ask for it, or leave it out");
    check_line(run_cli("analyze --no-vbs=false x.csv"),
               "analyze: --no-vbs takes no value (given '--no-vbs=false'): give --no-vbs alone to ask for it, or leave it out");
}

// Round 14 (B F13): "-h=no" printed the help (exit 0) and "run x.yaml -q=1" said "- is not an
// option of run": a short flag refuses a value as the long one does, named as typed.
TEST_CASE("a short flag given a value with '=' is refused, named as typed", "[cli][flag-values]") {
    check_line(run_cli("critical -h=no"), "critical: -h takes no value (given '-h=no'): give -h alone to ask for it, or leave it out");
    check_line(run_cli("run x.yaml -q=1"), "run: -q takes no value (given '-q=1'): give -q alone to ask for it, or leave it out");
    check_line(run_cli("-h=1"), "-h takes no value (given '-h=1'): give -h alone to ask for it, or leave it out");
    CHECK(run_cli("critical -h").exit_code == 0);
}

// Round 14, left open: "solve -s=gac" said "unknown solver '=gac'" (CLI11 keeps the '=' of a
// value joined to a short option); every short option that takes a value refuses "-o=VALUE".
TEST_CASE("a short option given its value with '=' is refused, naming the spelling to use", "[cli][flag-values]") {
    check_line(run_cli("solve -s=gac x.futo"),
               "solve: -s takes its value after a space or joined to it, not after '=' (given '-s=gac'): give '-s gac'");
    check_line(run_cli("run x.yaml -j=2"),
               "run: -j takes its value after a space or joined to it, not after '=' (given '-j=2'): give '-j 2'");
    // Every short option of every command that takes a value.
    CLI::App app{"test"};
    futolab::app::Action run;
    futolab::app::add_commands(app, run, "futolab");
    int options = 0;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_positional() || option->get_items_expected_max() == 0) continue;
            for (const std::string& letter : option->get_snames()) {
                INFO(sub->get_name() << " -" << letter);
                CHECK_THROWS_AS(futolab::app::refuse_flag_values(app, {sub->get_name(), "-" + letter + "=1"}), futolab::InputError);
                CHECK_NOTHROW(futolab::app::refuse_flag_values(app, {sub->get_name(), "-" + letter, "=1"}));
                ++options;
            }
        }
    CHECK(options >= 2);  // solve -s, run -j
}

// Round 14 (B F15): a word after "--" that nothing takes got CLI11's own line, naming no
// command ("The following argument was not expected: x (see --help)").
TEST_CASE("a word after -- that nothing takes is named with its command", "[cli][parse-errors]") {
    check_line(run_cli("critical -- x"), "critical: 'x' was not expected (critical takes options only)");
    check_line(run_cli("list -- x"), "list: 'x' was not expected (list takes options only)");
    check_line(run_cli("list -- -x"), "list: '-x' was not expected (list takes options only)");
    check_line(run_cli("run a.yaml -- b.yaml"), "run: 'b.yaml' was not expected (run takes the argument CONFIG, then options)");
}

TEST_CASE("CLI11's parse errors in futolab's words (round 13, F13)", "[cli][parse-errors]") {
    const std::string commands = "analyze, check, compare, convert, critical, generate, grade, list, merge, report, run, schema, solve";
    check_line(run_cli("nosuchcommand"), "'nosuchcommand' is not a futolab command (the commands: " + commands + ")");
    check_line(run_cli(""), "give a command (the commands: " + commands + "; futolab --help)");
    check_line(run_cli("--frobnicate"),
               "--frobnicate is not an option of futolab (it takes --help and --version, or a command: " + commands + ")");
    check_line(run_cli("generate unique --n 4 extra"), "generate: 'extra' was not expected (generate takes the argument KIND, then options)");
    check_line(run_cli("run a.yaml b.yaml"), "run: 'b.yaml' was not expected (run takes the argument CONFIG, then options)");
    check_line(run_cli("critical --frobnicate=3"), "critical: --frobnicate is not an option of critical (futolab critical --help lists them)");
    check_line(run_cli("generate --n 4"), "generate: KIND is missing (valid: random, unique)");
    CHECK(has(run_cli("generate unique --n").err, "futolab: generate: --n needs a value (N): "));
    check_line(run_cli("generate unique --n 4 --sampler xyz"), "generate: --sampler: unknown value 'xyz' (valid: jm, shuffle)");
    CHECK(has(run_cli("compare a.csv b.csv --fail-on-change minimum").err,
              "futolab: compare: --fail-on-change: unknown value 'minimum' (valid: status, missing, "));
    check_line(run_cli("generate unique --n 4 --givens 0.3 --h 3"), "generate: --givens and --h exclude each other: give one of them");
    CHECK(has(run_cli("report x.csv").err, "futolab: report: --out is required (the HTML file to write"));
    check_line(run_cli("report --nope x.csv"), "report: --nope is not an option of report (futolab report --help lists them)");
    CHECK(has(run_cli("merge").err, "futolab: merge: INPUTS is missing (shard CSVs"));
}

// Every command reads --shard I/N as shard I of N counted from 0 (app/shard_text.hpp): an I
// out of range, `2/2` above all (run's last shard when it counted from 1), is refused with the
// range and the last shard, in the same words in run and in critical.
TEST_CASE("a --shard I out of range is refused with the one range, in run and in critical", "[cli][shard]") {
    const std::string range = "I/N with 0 <= I < N <= 1000000: shard I of N, counted from 0";
    for (const char* command : {"run nosuch.yaml", "critical --exact --n 3 --objective h", "critical --few-relations 2 --n 3"}) {
        const std::string name = std::string(command).substr(0, std::string(command).find(' '));
        check_line(run_cli(std::string(command) + " --shard 2/2"),
                   name + ": --shard 2/2: I 2 is not below N 2 (" + range + "; the last is 1/2)");
        check_line(run_cli(std::string(command) + " --shard 3/2"),
                   name + ": --shard 3/2: I 3 is not below N 2 (" + range + "; the last is 1/2)");
    }
    check_line(run_cli("run nosuch.yaml --shard 18446744073709551616/2"),
               "run: --shard 18446744073709551616/2: I 18446744073709551616 is not below N 2 (" + range + "; the last is 1/2)");
    CHECK(has(run_cli("run --help").out, "counted from 0, e.g. 1/4"));
    CHECK(has(run_cli("critical --help").out, "I counting from 0"));
}

// A --shard whose I or N is not a whole number was blamed on the numbering ("I counts from 1
// here" for a/2); now the text is named, and the range stays the reason for numbers out of it.
// One reader and one range for every command (app/shard_text.hpp).
TEST_CASE("a --shard that is not two whole numbers is named as such, in run and in critical", "[cli][shard]") {
    const std::string range = "(I/N with 0 <= I < N <= 1000000: shard I of N, counted from 0)";
    // A leading space is shown as <U+0020> where the text is not quoted (core/visible_text.hpp).
    const auto shown = [](const std::string& i) { return i.starts_with(' ') ? "<U+0020>" + i.substr(1) : i; };
    for (const std::string i : {"a", "", " 1", "+1", "1.0", "1e0", "-1"}) {
        INFO("I '" << i << "'");
        check_line(run_cli("run nosuch.yaml --shard '" + i + "/2'"),
                   "run: --shard " + shown(i) + "/2: I '" + i + "' is not a whole number in plain digits " + range);
        check_line(run_cli("critical --few-relations 2 --n 3 --shard '" + i + "/2'"),
                   "critical: --shard " + shown(i) + "/2: I '" + i + "' is not a whole number in plain digits " + range);
    }
    check_line(run_cli("critical --exact --n 3 --objective k --shard a/2"),
               "critical: --shard a/2: I 'a' is not a whole number in plain digits " + range);
    check_line(run_cli("run nosuch.yaml --shard 1/2x"), "run: --shard 1/2x: N '2x' is not a whole number in plain digits " + range);
    check_line(run_cli("critical --few-relations 2 --n 3 --shard 0/"),
               "critical: --shard 0/: N '' is not a whole number in plain digits " + range);
    check_line(run_cli("run nosuch.yaml --shard 0/0"), "run: --shard 0/0: N 0 is too small " + range);
    check_line(run_cli("critical --few-relations 2 --n 3 --shard 0/1000001"),
               "critical: --shard 0/1000001: N 1000001 is too large " + range);
    for (const char* command : {"run nosuch.yaml", "critical --few-relations 2 --n 3"}) {
        const std::string name = std::string(command).substr(0, std::string(command).find(' '));
        check_line(run_cli(std::string(command) + " --shard 2"),
                   name + ": --shard 2: is not I/N (I/N with 0 <= I < N <= 1000000: shard I of N, counted from 0, e.g. 0/4)");
    }
}

TEST_CASE("critical --few-relations states its real range for the given n (round 13, F11)", "[cli][few-relations]") {
    check_line(run_cli("critical --few-relations 13 --n 3"),
               "critical --few-relations: 13 relations with --n 3: accepted 1 to 12 (min(2n(n-1), 16))");
    check_line(run_cli("critical --few-relations 17 --n 4"), "--few-relations: 17 is too large (accepted: 1 to 16)");
    check_line(run_cli("critical --few-relations 0 --n 3"), "--few-relations: 0 is too small (accepted: 1 to 16)");
    CHECK(has(run_cli("critical --help").out, "1 to min(2n(n-1), 16): 4 for n = 2, 12 for n = 3, 16 from n = 4"));
}

namespace {

// run --skip-invalid's refusal of `config`, whose only file is `file` (a source's, read whole).
std::string read_whole_refusal(const std::string& config, const std::string& file) {
    return "--skip-invalid does not apply: " + config + " has no `file:` source, the only kind it skips bad instances of (its " +
           file + " is read whole: a bad line is an error)";
}

}  // namespace

TEST_CASE("run's refusals give the true reason (round 13, F12)", "[cli][run-reasons]") {
    const fs::path dir = futolab::test::fresh_dir("cli-words", "run-reasons");
    std::ofstream(dir / "sq4.jsonl") << R"({"id":"a","n":4,"givens":[],"lt":[],"solution":[[2,1,4,3],[4,2,3,1],[3,4,1,2],[1,3,2,4]]})"
                                     << "\n";
    std::ofstream(dir / "e.yaml") << "name: e\ntask: exact-square\ninstances:\n  - critical_squares: { file: sq4.jsonl }\n"
                                     "methods: [ \"exact-square:objective=h\" ]\nisolation: thread\noutput: out/e.csv\n";
    check_line(run_cli("run e.yaml -q --skip-invalid", dir.string()), read_whole_refusal("e.yaml", "critical_squares file sq4.jsonl"));
    check_line(run_cli("run e.yaml -q --build x=" FUTOLAB_CLI, dir.string()),
               "e.yaml: builds apply to solve and count tasks, not exact-square");
    CHECK(!fs::exists(dir / "out"));
}

// A critical_orders file of start puzzles was said to be no instance file at all ("its
// instances are made"); it is one, read whole as a critical_squares file is.
TEST_CASE("run --skip-invalid names a critical_orders file as read whole", "[cli][run-reasons]") {
    const fs::path dir = futolab::test::fresh_dir("cli-words", "orders-file");
    std::ofstream(dir / "starts.jsonl") << R"({"id":"a","n":4,"givens":[],"lt":[[0,0,0,1],[1,1,1,2],[2,0,2,1],[0,1,1,1]]})"
                                        << "\n";
    std::ofstream(dir / "fsf.yaml") << "name: fsf\ntask: free-square\ninstances:\n  - critical_orders: { file: starts.jsonl, seed: 1 }\n"
                                       "methods: [ \"free-square:iterations=5\" ]\noutput: o/r.csv\n";
    check_line(run_cli("run fsf.yaml -q --skip-invalid", dir.string()), read_whole_refusal("fsf.yaml", "critical_orders file starts.jsonl"));
    CHECK(!fs::exists(dir / "o"));
    // Orders made from `n` read no file: that reason stays.
    std::ofstream(dir / "fsn.yaml") << "name: fsn\ntask: free-square\ninstances:\n  - critical_orders: { n: 4 }\n"
                                       "methods: [ \"free-square:iterations=5\" ]\noutput: o/r.csv\n";
    check_line(run_cli("run fsn.yaml -q --skip-invalid", dir.string()),
               "--skip-invalid does not apply: fsn.yaml reads no instance file (its instances are made)");
}

TEST_CASE("no output of critical is one of the files it writes itself (round 13, F3, F6)", "[cli][own-outputs]") {
    const fs::path dir = futolab::test::fresh_dir("cli-words", "own-outputs");
    const std::string run = "critical --exact " + kSquare + " --objective h --out o.jsonl";
    const std::vector<std::pair<std::string, std::string>> own{
        {"o.csv.meta.yaml", "the sidecar of --out's results CSV o.csv.meta.yaml"},
        {"./o.csv.meta.yaml", "the sidecar of --out's results CSV o.csv.meta.yaml"},
        {"o.csv.schema.json", "the column schema of --out's results CSV o.csv.schema.json"},
        {"o.csv", "--out's results CSV o.csv"},
        {".o.csv.lock", "the lock of --out's results CSV ./.o.csv.lock"}};
    for (const auto& [cert, what] : own) {
        check_line(run_cli(run + " --certificate " + cert, dir.string()),
                   "--certificate " + cert + ": is also " + what + ": two outputs of one command cannot be one file");
        CHECK(!fs::exists(dir / "o.csv"));
    }
    REQUIRE(run_cli(run, dir.string()).exit_code == 0);
    const std::string sidecar = futolab::test::slurp((dir / "o.csv.meta.yaml").string());
    check_line(run_cli(run + " --resume --certificate o.csv.meta.yaml", dir.string()),
               "--certificate o.csv.meta.yaml: is also the sidecar of --out's results CSV o.csv.meta.yaml: two outputs of "
               "one command cannot be one file");
    CHECK(futolab::test::slurp((dir / "o.csv.meta.yaml").string()) == sidecar);
    CHECK(run_cli(run + " --resume", dir.string()).exit_code == 0);
    // --few-relations --checkpoint: its table and shard files are its own too.
    const std::string count = "critical --few-relations 2 --n 3 --checkpoint cp --shards 4 --out ";
    check_line(run_cli(count + "cp/n3-k2-shard-001-of-004.yaml", dir.string()),
               "--out cp/n3-k2-shard-001-of-004.yaml: is also --checkpoint's shard file cp/n3-k2-shard-001-of-004.yaml: two "
               "outputs of one command cannot be one file");
    check_line(run_cli(count + "cp/n3-k2-of-004.table.md", dir.string()),
               "--out cp/n3-k2-of-004.table.md: is also --checkpoint's table cp/n3-k2-of-004.table.md: two outputs of one "
               "command cannot be one file");
    CHECK(!fs::exists(dir / "cp"));
}

TEST_CASE("merge --force may replace one of its inputs, as its --help says (round 13, F6)", "[cli][own-outputs][merge]") {
    const fs::path dir = futolab::test::fresh_dir("cli-words", "merge-onto-input");
    REQUIRE(run_cli("generate unique --n 4 --count 2 --seed 3 --out p.jsonl", dir.string()).exit_code == 0);
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: p.jsonl\n"
                                     "solvers: [ fc ]\n";
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
    const std::string shards = "sh/s.shard-0-of-2.csv sh/s.shard-1-of-2.csv";
    const futolab::test::CliResult refused = run_cli("merge " + shards + " --out sh/s.shard-0-of-2.csv", dir.string());
    CHECK(refused.exit_code == 2);
    CHECK(has(refused.err, "is the input sh/s.shard-0-of-2.csv: refusing to overwrite it (use another file, or --force)"));
    const futolab::test::CliResult merged = run_cli("merge " + shards + " --out sh/s.shard-0-of-2.csv --force", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    CHECK(merged.out == "sh/s.shard-0-of-2.csv: 2 of 2 runs from 2 files\n");
    CHECK(run_cli("merge sh/s.shard-0-of-2.csv --out whole.csv", dir.string()).exit_code == 0);  // a whole experiment now
}
