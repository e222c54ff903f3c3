// experiments/failed_facts.hpp (red-team round 28, B F3): a crash row holds no counters and no
// solution, and a message of the forms the sandbox and the tool kit write; a solve or count
// error row holds a search's cells only where its message is a verdict on the answer it gave.
#include "experiments/failed_facts.hpp"

#include "core/error.hpp"
#include "experiments/config.hpp"
#include "experiments/methods.hpp"
#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using Catch::Matchers::Contains;
using futolab::ExperimentConfig;
using futolab::parse_config;

namespace {

const ExperimentConfig& solve_config() {
    static const ExperimentConfig c =
        parse_config("name: s\ninstances:\n  - file: x.jsonl\nsolvers: [ gac ]\nmode: { count: 2 }\n", "c.yaml");
    return c;
}

const ExperimentConfig& command_config() {
    static const ExperimentConfig c = parse_config(
        "name: c\ninstances:\n  - file: x.jsonl\ncommands:\n  - name: seg\n    argv: [ \"t\", \"{instance}\" ]\n"
        "    format: futo\n    counters: { nodes: '^n=(\\d+)$' }\nsolvers: [ \"command:name=seg\" ]\nmode: { count: 2 }\n",
        "c.yaml");
    return c;
}

const ExperimentConfig& square_config() {
    static const ExperimentConfig c = parse_config(
        "name: t\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"1 2/2 1\" }\nmethods: [ exact-square ]\n",
        "c.yaml");
    return c;
}

// The cells of a real crash of a run in process isolation: every counter empty, no solution.
std::map<std::string, std::string> crashed() {
    return {{"status", "crash"},  {"message", "killed by SIGSEGV (Segmentation fault)"},
            {"isolation", "process"}, {"solutions", ""}, {"nodes", ""}, {"fails", ""}, {"checks", ""},
            {"propagations", ""}, {"max_depth", ""}, {"solution", ""}};
}

// A finished row's cells (gac, unique).
std::map<std::string, std::string> finished() {
    return {{"status", "unique"}, {"message", ""}, {"isolation", "process"}, {"solutions", "1"}, {"nodes", "0"},
            {"fails", "0"}, {"checks", "0"}, {"propagations", "33"}, {"max_depth", "0"},
            {"solution", "1 2 3 4/3 4 1 2/2 1 4 3/4 3 2 1"}};
}

std::map<std::string, std::string> with(std::map<std::string, std::string> cells,
                                        const std::map<std::string, std::string>& changed) {
    for (const auto& [column, value] : changed) cells[column] = value;
    return cells;
}

// The row checked as a run of `spec` in a sweep of `config`.
void check(const std::map<std::string, std::string>& cells, const std::string& spec = "gac",
           const ExperimentConfig& config = solve_config()) {
    std::string header, values;
    for (const auto& [column, value] : cells) {
        const char* comma = header.empty() ? "" : ",";
        header += comma + column;
        values += comma + futolab::csv_quote(value);
    }
    const futolab::CsvTable t = futolab::parse_csv(header + "\n" + values + "\n", "r.csv");
    const futolab::SolverSpec s = config.task == futolab::Task::exact_square ? futolab::parse_method_spec(config.task, spec)
                                  : spec.starts_with("command")              ? config.solvers.front()
                                                                             : futolab::parse_solver_spec(spec);
    futolab::check_failed_row(t, 0, "r.csv", config, s, "refusing");
}

}  // namespace

TEST_CASE("failed rows: a crash holds no counters and no solution", "[resume][merge][crash]") {
    CHECK_NOTHROW(check(crashed()));
    // A finished gac row relabelled crash, its counters kept (the tester's first edit).
    CHECK_THROWS_WITH(check(with(finished(), {{"status", "crash"}, {"message", "killed by SIGSEGV (Segmentation fault)"}})),
                      Contains("r.csv:2:") && Contains("is '1', where a 'crash' run's process or tool died without a result: "
                                                       "nothing of its search is known (every counter empty): refusing"));
    for (const char* column : {"solutions", "nodes", "fails", "checks", "propagations", "max_depth"}) {
        INFO(column);
        CHECK_THROWS_WITH(check(with(crashed(), {{column, "5"}})), Contains("column '" + std::string(column) + "' is '5'"));
        CHECK_THROWS_WITH(check(with(crashed(), {{column, "0"}})), Contains("every counter empty"));
    }
    CHECK_THROWS_WITH(check(with(crashed(), {{"solution", "1 2 3 4/3 4 1 2/2 1 4 3/4 3 2 1"}})),
                      Contains("column 'solution' is '1 2 3 4/3 4 1 2/2 1 4 3/4 3 2 1', where a crashed run found none"));
    // A tool's crash (command:name=seg killed by SIGSEGV) in any isolation.
    const auto tool = with(crashed(), {{"message", "command:name=seg killed by SIGSEGV"}});
    CHECK_NOTHROW(check(tool, "command:name=seg", command_config()));
    CHECK_NOTHROW(check(with(tool, {{"isolation", "thread"}}), "command:name=seg", command_config()));
    CHECK_THROWS_WITH(check(with(tool, {{"nodes", "5"}}), "command:name=seg", command_config()), Contains("column 'nodes' is '5'"));
    CHECK_NOTHROW(check(with(crashed(), {{"message", "swipl killed by SIGKILL"}}), "clpfd"));
    CHECK_NOTHROW(check(with(crashed(), {{"message", "cbc killed by SIGABRT"}}), "ilp"));
    CHECK_NOTHROW(check(with(crashed(), {{"message", "minizinc killed by SIGBUS"}}), "minizinc"));
}

TEST_CASE("failed rows: a crash's message is one the sandbox or the tool kit writes", "[resume][merge][crash]") {
    for (const char* m : {"killed by SIGABRT (Aborted)", "killed by SIGKILL (Killed)", "the run's process exited with code 3 "
                          "without a result", "the run's process exited with code 0 without a result",
                          "the run's process exited with code -1 without a result"}) {
        INFO(m);
        CHECK_NOTHROW(check(with(crashed(), {{"message", m}})));
        CHECK_NOTHROW(check(with(crashed(), {{"message", m}, {"isolation", "fork"}})));
    }
    for (const char* m : {"hello", "x", "", "killed by SIGSEGV", "killed by SIGSEGV (Segmentation fault) ", "killed by SIGFOO (Foo)",
                          "the run's process exited with code 97 without a result",  // a failed allocation: memout
                          "the run's process exited with code 256 without a result",
                          "the run's process exited with code 03 without a result", "swipl killed by SIGSEGV",
                          "gac killed by SIGSEGV"}) {
        INFO(m);
        CHECK_THROWS_WITH(check(with(crashed(), {{"message", m}})),
                          Contains("column 'message' is '") &&
                              Contains("where a 'crash' of a run of gac in process isolation writes 'killed by SIGNAME "
                                       "(description)' or 'the run's process exited with code N without a result'"));
    }
    // A tool's crash names its own program and a signal as the tool kit writes it.
    const auto seg = [](const std::string& m) { return with(crashed(), {{"message", m}}); };
    CHECK_THROWS_WITH(check(seg("hello"), "command:name=seg", command_config()),
                      Contains(", or 'command:name=seg killed by SIGNAME' (its tool was killed)"));
    CHECK_THROWS_WITH(check(seg("minizinc killed by SIGSEGV"), "command:name=seg", command_config()), Contains("column 'message'"));
    CHECK_THROWS_WITH(check(seg("command:name=seg killed by SIGSEGV (Segmentation fault)"), "command:name=seg",
                            command_config()),
                      Contains("column 'message'"));
    CHECK_THROWS_WITH(check(with(crashed(), {{"isolation", "thread"}}), "command:name=seg", command_config()),
                      Contains("where a 'crash' of a run of command:name=seg in thread isolation writes 'command:name=seg "
                               "killed by SIGNAME' (its tool was killed)"));
    // In thread isolation a run of futolab's own backend has no process to lose.
    CHECK_THROWS_WITH(check(with(crashed(), {{"isolation", "thread"}})),
                      Contains("where a run of gac in thread isolation has no process or tool of its own to lose"));
    // A square kind's crash: its process died, nothing of its search known.
    CHECK_NOTHROW(check(with(crashed(), {{"solution", "1 2/2 1"}}), "exact-square", square_config()));
    CHECK_THROWS_WITH(check(with(crashed(), {{"nodes", "5"}}), "exact-square", square_config()), Contains("column 'nodes' is '5'"));
    CHECK_THROWS_WITH(check(with(crashed(), {{"message", "x"}}), "exact-square", square_config()), Contains("column 'message'"));
}

TEST_CASE("failed rows: a solve or count error keeps a search's cells only as a verdict on its answer", "[resume][merge][error]") {
    const auto error = [](const std::map<std::string, std::string>& changed) {
        return with(with(finished(), {{"status", "error"}, {"message", "x"}}), changed);
    };
    // A finished row relabelled error (the tester's merge edit): its solution and solutions kept.
    CHECK_THROWS_WITH(check(error({})), Contains("column 'solution' is '1 2 3 4/3 4 1 2/2 1 4 3/4 3 2 1', where an error that is "
                                                 "no verdict on an answer found nothing"));
    const std::map<std::string, std::string> none{{"solution", ""}, {"solutions", ""}, {"nodes", ""}, {"fails", ""},
                                                  {"checks", ""}, {"propagations", ""}, {"max_depth", ""}};
    const std::map<std::string, std::string> zero{{"solution", ""}, {"solutions", "0"}, {"nodes", "0"}, {"fails", "0"},
                                                  {"checks", "0"}, {"propagations", "0"}, {"max_depth", "0"}};
    CHECK_NOTHROW(check(error(none)));
    CHECK_NOTHROW(check(error(zero)));
    CHECK_THROWS_WITH(check(error(with(zero, {{"solutions", "1"}}))),
                      Contains("column 'solutions' is '1', where an error that is no verdict on an answer found nothing: every "
                               "counter 0"));
    CHECK_THROWS_WITH(check(error(with(zero, {{"propagations", "33"}}))), Contains("column 'propagations' is '33'"));
    CHECK_THROWS_WITH(check(error(with(none, {{"nodes", "0"}}))), Contains("column 'nodes' is '0'"));  // a mixture
    CHECK_THROWS_WITH(check(error(with(zero, {{"max_depth", ""}}))), Contains("column 'max_depth' is ''"));
    // The verdicts on an answer keep what the run answered.
    for (const char* m : {"backend returned a wrong solution: row 1 holds 2 twice", "backend returned the same solution twice"}) {
        INFO(m);
        CHECK_NOTHROW(check(error({{"message", m}})));
    }
    const std::string claim = "wrong answer: minizinc claimed unique (1 solution), futolab's check (gac) found 2 solutions";
    CHECK_NOTHROW(check(error({{"message", claim}}), "minizinc"));
    CHECK_NOTHROW(check(error({{"message", "claim not re-checked: cbc claimed unsat (0 solutions); futolab's check (gac) failed "
                                           "(gac: error, x)"}, {"solution", ""}, {"solutions", "0"}}),
                        "ilp"));
    CHECK_THROWS_WITH(check(error({{"message", claim}})), Contains("column 'solution'"));  // gac claims nothing
    // A tool's own error (its output wrong, its exit status) found nothing: every counter empty.
    CHECK_NOTHROW(check(error(with(none, {{"message", "wrong answer: command:name=seg: row 1 holds 2 twice"}})),
                        "command:name=seg", command_config()));
    CHECK_THROWS_WITH(check(error({{"message", "wrong answer: command:name=seg: row 1 holds 2 twice"}}), "command:name=seg",
                            command_config()),
                      Contains("column 'solution'"));
    // A square kind's error is its records' (error_rows.hpp): not read here.
    CHECK_NOTHROW(check(error({{"solution", "1 2/2 1"}}), "exact-square", square_config()));
}
