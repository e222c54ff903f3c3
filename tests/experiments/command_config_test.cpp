// `commands:` in a config (solvers/command): a sweep runs a Python solver beside gac with the
// same counts and its nodes column filled, a lying variant is caught, a time limit gives
// `timeout` with the tool's process tree killed, and every bad declaration is a one-line error
// naming the file, line and column (exit 2).
#include "../app/cli_runner.hpp"
#include "core/error.hpp"
#include "experiments/config.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;

namespace {

const std::string kScript = FUTOLAB_SOURCE_DIR "/tests/data/command/futoshiki.py";

// A command `py` running the Python solver with `extra` arguments, and a sweep of 8 random
// 4x4 puzzles (unsat, unique and multiple among them) counted to 3 under a time limit.
std::string sweep(const std::string& dir, const std::string& extra, const std::string& solvers,
                  const std::string& time = "30s") {
    const std::string path = dir + "/cfg.yaml";
    std::ofstream(path) << "name: command-sweep\nseed: 3\nmode: { count: 3 }\nlimits: { time: " << time
                        << ", memory: 1GiB }\ncommands:\n  - name: py\n    argv: [python3, \"" << kScript
                        << "\", \"{instance}\", \"{count}\"" << extra
                        << "]\n    format: futo\n    counters: { nodes: '^nodes=(\\d+)$' }\n"
                           "instances:\n  - generate: { kind: random, n: 4, givens: [0.2, 0.4], relations: 0.3, count: 4 }\n"
                           "solvers: ["
                        << solvers << "]\noutput: " << dir << "/out.csv\n";
    return path;
}

// instance_hash → the row of `solver` (columns by name).
std::map<std::string, std::map<std::string, std::string>> rows_of(const std::string& csv, const std::string& solver) {
    const CsvTable t = read_csv_file(csv);
    std::map<std::string, std::map<std::string, std::string>> out;
    for (const auto& row : t.rows) {
        std::map<std::string, std::string> named;
        for (std::size_t i = 0; i < t.header.size(); ++i) named[t.header[i]] = row[i];
        if (named["solver"] == solver) out[named["instance_hash"]] = named;
    }
    return out;
}

std::string config_error(const std::string& commands, const std::string& solvers = "\"command:name=py\"") {
    try {
        parse_config("name: x\ncommands:\n" + commands + "instances:\n  - file: a.futo\nsolvers: [" + solvers + "]\n",
                     "cfg.yaml");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a sweep runs a command beside gac: same statuses and counts, nodes from its regex", "[command][runner][long]") {
    const std::string dir = test::fresh_dir("command", "sweep").string();
    REQUIRE(run_cli("run -q " + sweep(dir, "", "gac, \"command:name=py\"")).exit_code == 0);
    const auto gac = rows_of(dir + "/out.csv", "gac"), py = rows_of(dir + "/out.csv", "command");
    REQUIRE(gac.size() == 8);
    REQUIRE(py.size() == 8);
    std::map<std::string, int> statuses;
    for (const auto& [hash, row] : py) {
        INFO(row.at("instance") << ": " << row.at("message"));
        CHECK(row.at("status") == gac.at(hash).at("status"));
        CHECK(row.at("solutions") == gac.at(hash).at("solutions"));
        CHECK(row.at("solution") == gac.at(hash).at("solution"));
        CHECK(row.at("spec") == "command:name=py");
        CHECK(!row.at("nodes").empty());  // the counter regex
        CHECK(row.at("fails").empty());   // no regex: unknown, never 0
        CHECK(std::stoll(row.at("cpu_ns")) > 0);
        ++statuses[row.at("status")];
    }
    CHECK(statuses.size() >= 2);  // more than one kind of answer was checked
}

TEST_CASE("a command that lies is caught in a sweep: every row an error, none solved", "[command][runner][trust][lifecycle]") {
    for (const std::string lie : {"grid", "unsat"}) {
        const std::string dir = test::fresh_dir("command", "lie-" + lie).string();
        REQUIRE(run_cli("run -q " + sweep(dir, ", \"--lie=" + lie + "\"", "\"command:name=py\"")).exit_code == 0);
        const auto rows = rows_of(dir + "/out.csv", "command");
        REQUIRE(rows.size() == 8);
        int wrong = 0;
        for (const auto& [hash, row] : rows) {
            INFO(lie << " " << row.at("instance") << ": " << row.at("status") << " " << row.at("message"));
            // An unsat puzzle's honest UNSAT is right; every puzzle with a solution is caught.
            CHECK((row.at("status") == "error" || (row.at("status") == "unsat" && row.at("solutions") == "0")));
            wrong += row.at("status") == "error" && has(row.at("message"), "wrong answer: command:name=py");
        }
        CHECK(wrong >= 4);
    }
}

TEST_CASE("a command over its time limit is a timeout, and its process tree is gone", "[command][runner][limits]") {
    const std::string dir = test::fresh_dir("command", "hang").string();
    const std::string pidfile = dir + "/child.pid";
    // 2 s: the child's pid is written after Python starts and forks, which took over 0.5 s on a
    // loaded CI machine (with no pid file nothing could be checked).
    const std::string cfg = sweep(dir, ", \"--hang=" + pidfile + "\"", "\"command:name=py\"", "2s");
    {
        std::ifstream in(cfg);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.replace(text.find("count: 4"), 8, "count: 1");  // one run is enough
        text.replace(text.find("[0.2, 0.4]"), 10, "0.2");
        std::ofstream(cfg) << text;
    }
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const auto rows = rows_of(dir + "/out.csv", "command");
    REQUIRE(rows.size() == 1);
    CHECK(rows.begin()->second.at("status") == "timeout");
    CHECK(rows.begin()->second.at("message") == "wall time limit: command:name=py stopped");
    std::ifstream in(pidfile);
    pid_t child = 0;
    REQUIRE(in >> child);
    CHECK(::kill(child, 0) == -1);
    CHECK(errno == ESRCH);
}

TEST_CASE("bad command declarations are one-line errors at their file, line and column", "[command][config]") {
    const std::string ok = "  - name: py\n    argv: [python3, s.py, \"{instance}\"]\n";
    CHECK(config_error(ok).empty());
    CHECK(config_error(ok, "\"command:name=other\"") == "cfg.yaml:7:11: no command named 'other' (declared: py)");
    CHECK(config_error("  - name: py\n    argv: [python3, s.py, \"{inst}\"]\n") ==
          "cfg.yaml:4:27: argv: unknown placeholder '{inst}' (valid: {instance}, {count}, {seed}, {cwd}; '{{' and "
          "'}}' for braces)");
    CHECK(config_error("  - name: py\n    argv: [python3, s.py, {instance}]\n") ==
          "cfg.yaml:4:27: an argv element (quote one with braces: \"{instance}\") must be a single value");
    CHECK(config_error("  - name: py\n    argv: \"python3 s.py {instance}\"\n") ==
          "cfg.yaml:4:11: argv must be a list, one element per argument (never a shell line)");
    CHECK(config_error("  - name: py\n    argv: [python3, s.py]\n") ==
          "cfg.yaml:4:11: argv: no element of argv names {instance}: the tool would never see the puzzle");
    CHECK(has(config_error(ok + "    format: xml\n"), "cfg.yaml:5:13: format: unknown format 'xml'"));
    CHECK(config_error(ok + "    counters: { nodes: 'nodes=(\\d+' }\n").starts_with(
        "cfg.yaml:5:17: counters: the regex of nodes does not compile: "));
    CHECK(config_error(ok + "    counters: { nodes: 'nodes=\\d+' }\n") ==
          "cfg.yaml:5:17: counters: the regex of nodes has 0 capture groups: it needs exactly one, around the number");
    CHECK(config_error(ok + "    counters: { solutions: '(\\d+)' }\n") ==
          "cfg.yaml:5:17: counters: 'solutions' is futolab's own count of the verified solutions, not read from output");
    CHECK(config_error(ok + "    shell: true\n") ==
          "cfg.yaml:5:5: unknown key 'shell' in a command (valid: name, argv, format, counters)");
    CHECK(config_error(ok + ok) == "cfg.yaml:5:11: command name 'py' is given twice");
    CHECK(config_error("  - argv: [python3, \"{instance}\"]\n") == "cfg.yaml:3:5: a command needs 'name'");
    CHECK(config_error("  - name: a b\n    argv: [x, \"{instance}\"]\n") ==
          "cfg.yaml:3:11: name: a command's name must be letters, digits, '_', '.' or '-'");
}

// Red-team round 28, C F10: a plain argv element 010, yes, 0x10 or .inf was passed as typed, but
// PyYAML reads the same declaration as 8, True, 16 and inf: the config said another argv to
// every other reader. Refused at its line and column, "quote it", as configs refuse a quoted
// number the other way round.
TEST_CASE("an argv element a YAML 1.1 reader takes for a number or flag is refused: quote it", "[command][config]") {
    const struct {
        const char* element;
        int column;
    } refused[] = {{"010", 27}, {"yes", 27}, {"0x10", 27}, {".inf", 27}, {"On", 27}, {"1e3", 27}, {"1_000", 27},
                   {"2001-12-14", 27}, {"1:20", 27}, {"false", 27}};
    for (const auto& r : refused) {
        INFO(r.element);
        CHECK(config_error(std::string("  - name: py\n    argv: [python3, s.py, ") + r.element + ", \"{instance}\"]\n") ==
              fmt::format("cfg.yaml:4:{}: argv: '{}' is a number, a flag or null to YAML 1.1 readers (PyYAML), not text: "
                          "quote it (\"{}\")",
                          r.column, r.element, r.element));
    }
    for (const char* taken : {"\"010\"", "'yes'", "-v", "--count=2", "x1", "s.py", "\".inf\""}) {
        INFO(taken);
        CHECK(config_error(std::string("  - name: py\n    argv: [python3, s.py, ") + taken + ", \"{instance}\"]\n").empty());
    }
}

TEST_CASE("futolab run and solve: a bad declaration exits 2, solve --commands runs one", "[command][config][cli]") {
    const std::string dir = test::fresh_dir("command", "cli").string();
    const std::string cfg = sweep(dir, "", "\"command:name=py\"");
    const test::CliResult solved = run_cli("solve --commands " + cfg + " -s command:name=py --count 2 --format csv "
                                           "good/conjure-4x4.futo");
    INFO(solved.err);
    CHECK(solved.exit_code == 0);
    CHECK(has(solved.out, ",command:name=py,"));
    CHECK(has(solved.out, ",unique,"));
    std::ofstream(dir + "/bad.yaml") << "name: x\ncommands:\n  - name: py\n    argv: [python3, \"{inpt}\"]\n"
                                        "instances:\n  - file: a.futo\nsolvers: [gac]\n";
    const test::CliResult bad = run_cli("run " + dir + "/bad.yaml");
    CHECK(bad.exit_code == 2);
    CHECK(has(bad.err, dir + "/bad.yaml:4:21: argv: unknown placeholder '{inpt}'"));
    const test::CliResult undeclared = run_cli("solve -s command:name=py good/conjure-4x4.futo");
    CHECK(undeclared.exit_code == 2);
    CHECK(has(undeclared.err, "no command named 'py' (none: declare one under 'commands:')"));
}
