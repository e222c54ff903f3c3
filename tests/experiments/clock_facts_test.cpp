// experiments/clock_facts.hpp (red-team round 26, B F1 and C F1): a row's clocks and counters
// held to each other and to its sweep's span. Every rule refuses what no run can write and takes
// what every backend and task kind writes: the committed results CSVs (other machines, every
// backend and isolation) pass whole.
#include "experiments/clock_facts.hpp"

#include "core/error.hpp"
#include "experiments/config.hpp"
#include "experiments/methods.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

using Catch::Matchers::Contains;
using futolab::ExperimentConfig;
using futolab::parse_config;
using futolab::SweepSpan;

namespace {

const ExperimentConfig& solve_config() {
    static const ExperimentConfig c =
        parse_config("name: s\ninstances:\n  - file: x.jsonl\nsolvers: [ fc ]\nmode: { count: 2 }\n", "c.yaml");
    return c;
}

const ExperimentConfig& command_config() {
    static const ExperimentConfig c = parse_config(
        "name: c\ninstances:\n  - file: x.jsonl\ncommands:\n  - name: t\n    argv: [ \"t\", \"{instance}\" ]\n"
        "    format: futo\n    counters: { nodes: '^n=(\\d+)$' }\nsolvers: [ \"command:name=t\" ]\nmode: { count: 2 }\n",
        "c.yaml");
    return c;
}

const ExperimentConfig& exact_config() {
    static const ExperimentConfig c = parse_config(
        "name: e\ntask: exact\nisolation: thread\ninstances:\n  - classes:\n      n: 3\nmethods:\n  - \"exact:objective=h+k\"\n",
        "c.yaml");
    return c;
}

// One row of these cells (n 4, status unique, its message empty unless given) checked as a run of
// `spec` in a sweep of `config` that lasted `span`.
void check(const std::map<std::string, std::string>& cells, const std::string& spec = "gac",
           const ExperimentConfig& config = solve_config(), const SweepSpan& span = {}) {
    std::map<std::string, std::string> row{{"n", "4"}, {"status", "unique"}, {"message", ""}, {"nodes", "40"}, {"fails", "20"},
                                           {"max_depth", "9"}, {"wall_ns", "50000"}, {"cpu_ns", "49000"}, {"session", "3"},
                                           {"calibration_ns", "90000"}};
    for (const auto& [column, value] : cells) row[column] = value;
    std::string header, values;
    for (const auto& [column, value] : row) {
        header += (header.empty() ? "" : ",") + column;
        values += (values.empty() ? "" : ",") + value;
    }
    const futolab::CsvTable t = futolab::parse_csv(header + "\n" + values + "\n", "r.csv");
    const bool method = config.task == futolab::Task::exact || config.task == futolab::Task::exact_square;
    const futolab::SolverSpec s = method ? futolab::parse_method_spec(config.task, spec)
                                  : spec.starts_with("command") ? config.solvers.front()
                                                                : futolab::parse_solver_spec(spec);
    futolab::check_clock_cells(t, 0, "r.csv", config, s, span, "refusing");
}

// The column's place in check()'s header (its columns sorted by name).
std::string at(const std::string& column) {
    const char* sorted[] = {"calibration_ns", "cpu_ns", "fails", "max_depth", "message", "n", "nodes", "session", "status",
                            "wall_ns"};
    for (int i = 0; i < 10; ++i)
        if (column == sorted[i]) return "r.csv:2:" + std::to_string(i + 1) + ": column '" + column + "'";
    return "";
}

SweepSpan span_of(const std::string& first, const std::string& finished) {
    futolab::SidecarFacts f;
    f.first_started = first;
    f.finished = finished;
    return futolab::sweep_span(f);
}

}  // namespace

TEST_CASE("clock cells: a one-thread run's CPU time is at most 1.25 times its wall time and 10 ms",
          "[records][resume][merge][clocks]") {
    CHECK_NOTHROW(check({}));
    CHECK_NOTHROW(check({{"wall_ns", "1000"}, {"cpu_ns", "10001250"}}));  // exactly at the bound
    CHECK_NOTHROW(check({{"wall_ns", "100000000"}, {"cpu_ns", "135000000"}}));
    CHECK_THROWS_WITH(check({{"wall_ns", "1000"}, {"cpu_ns", "10001251"}}),
                      Contains(at("cpu_ns") + " is '10001251', more than 1.25 × its wall_ns (1000) + 10 ms = 10001250 ns, where "
                                              "a run of gac is timed on its one thread's CPU clock") &&
                          Contains(": refusing"));
    CHECK_THROWS_WITH(check({{"cpu_ns", "9223372036854775807"}}), Contains(at("cpu_ns")));
    CHECK_THROWS_WITH(check({{"wall_ns", "849123"}, {"cpu_ns", "84912300"}}, "fc"), Contains("a run of fc"));  // 100 × wall
    CHECK_THROWS_WITH(check({{"wall_ns", "200000000"}, {"cpu_ns", "2000000000"}}, "portfolio"), Contains(at("cpu_ns")));  // 10 ×
    CHECK_THROWS_WITH(check({{"status", "timeout"}, {"message", "wall time limit (1 s)"}, {"cpu_ns", "999999999"}}, "sat"),
                      Contains(at("cpu_ns")));  // a timeout the run said itself: its own clocks
    // A square task's search is timed on its thread too, whatever threads its method starts.
    CHECK_THROWS_WITH(check({{"status", "solved"}, {"wall_ns", "318353"}, {"cpu_ns", "9223372036854775807"}}, "exact",
                            exact_config()),
                      Contains(at("cpu_ns")) && Contains("a run of exact"));
}

// A span whose sidecar says the machine has `cores` (one host wrote every row).
SweepSpan on_cores(std::uint64_t cores) {
    futolab::SidecarFacts f;
    f.machines.push_back({"r.csv", "h", "cpu", {"h"}, cores});
    return futolab::sweep_span(f);
}

TEST_CASE("clock cells: a tool's CPU time is at most the machine's cores times its wall time", "[records][resume][merge][clocks]") {
    const SweepSpan two = on_cores(2);
    REQUIRE(two.cores == 2);
    for (const char* tool : {"minizinc", "clpfd", "ilp", "command:name=t"}) {
        INFO(tool);
        const ExperimentConfig& config = std::string(tool).starts_with("command") ? command_config() : solve_config();
        // 2 × (1.25 × 1 ms + 10 ms) = 22.5 ms: a tool on both cores all the time, and the ticks.
        CHECK_NOTHROW(check({{"wall_ns", "1000000"}, {"cpu_ns", "22500000"}, {"max_depth", ""}}, tool, config, two));
        CHECK_THROWS_WITH(check({{"wall_ns", "1000000"}, {"cpu_ns", "22500001"}, {"max_depth", ""}}, tool, config, two),
                          Contains(at("cpu_ns") + " is '22500001', more than 2 cores × (1.25 × its wall_ns (1000000) + 10 ms) "
                                                  "= 22500000 ns (cores: its sidecar's machine.cores (its sidecar))"));
        CHECK_THROWS_WITH(check({{"wall_ns", "2000"}, {"cpu_ns", "9223372036854775807"}, {"max_depth", ""}}, tool, config, two),
                          Contains(at("cpu_ns")));
        CHECK_THROWS_WITH(check({{"wall_ns", "1000000"}, {"cpu_ns", "18446744073709551615"}, {"max_depth", ""}}, tool, config,
                                on_cores(64)),
                          Contains(at("cpu_ns") + " is '18446744073709551615', more than 64 cores"));
        // No machine named (a merge's sidecar, rows of two hosts): 8192 CPUs, the most Linux runs on.
        CHECK_NOTHROW(check({{"wall_ns", "1000000"}, {"cpu_ns", "100000000"}, {"max_depth", ""}}, tool, config));
        CHECK_THROWS_WITH(check({{"wall_ns", "1000000"}, {"cpu_ns", "92160000001"}, {"max_depth", ""}}, tool, config),
                          Contains("more than 8192 cores") && Contains("8192, the most CPUs Linux runs on"));
    }
    // Rows of two hosts, or a merge's: the sidecar's cores are one machine's, not every row's.
    futolab::SidecarFacts resumed;
    resumed.machines.push_back({"r.csv", "h", "cpu", {"g", "h"}, 2});
    CHECK(futolab::sweep_span(resumed).cores == SweepSpan::kMostCpus);
    futolab::SidecarFacts merged;
    merged.merged = true;
    merged.machines.push_back({"a.csv", "h", "cpu", {"h"}, 2});
    CHECK(futolab::sweep_span(merged).cores == SweepSpan::kMostCpus);
}

TEST_CASE("clock cells: a dead run's CPU time read from outside is not held to its wall time",
          "[records][resume][merge][clocks]") {
    for (const char* tool : {"minizinc", "clpfd", "ilp"}) {
        INFO(tool);
        CHECK_NOTHROW(check({{"status", "crash"}, {"message", "killed by SIGSEGV"}, {"wall_ns", "1000000"},
                             {"cpu_ns", "100000000"}, {"max_depth", ""}},
                            tool, solve_config(), on_cores(2)));
    }
    // The worker's CPU since its last answer, its start-up included: a crash, a memout, an error,
    // a timeout killed at its limit.
    CHECK_NOTHROW(check({{"status", "crash"}, {"message", "killed by SIGSEGV"}, {"cpu_ns", "3000000000"}}));
    CHECK_NOTHROW(check({{"status", "memout"}, {"message", "out of memory"}, {"cpu_ns", "3000000000"}}));
    CHECK_NOTHROW(check({{"status", "error"}, {"message", "interrupted"}, {"cpu_ns", "3000000000"}}));
    CHECK_NOTHROW(check({{"status", "timeout"},
                         {"message", "wall time limit: killed 0.5 s after it (the run did not stop by itself)"},
                         {"cpu_ns", "3000000000"}}));
    CHECK_NOTHROW(check({{"wall_ns", ""}, {"cpu_ns", "3000000000"}}));  // no wall time to hold it to
}

TEST_CASE("clock cells: fails at most nodes + 1 for every backend but a command", "[records][resume][merge][clocks]") {
    CHECK_NOTHROW(check({{"nodes", "40"}, {"fails", "41"}}));
    CHECK_NOTHROW(check({{"nodes", "0"}, {"fails", "1"}, {"max_depth", "0"}}));  // a root that fails
    CHECK_NOTHROW(check({{"nodes", ""}, {"fails", "5000"}, {"max_depth", ""}}, "sat"));  // conflicts, no nodes
    CHECK_THROWS_WITH(check({{"nodes", "40"}, {"fails", "42"}}),
                      Contains(at("fails") + " is '42', more than nodes + 1 (nodes is 40), where a fail is a node at which a "
                                             "conflict was found"));
    CHECK_THROWS_WITH(check({{"nodes", "0"}, {"fails", "999"}, {"max_depth", "0"}}, "gac:branch=binary"), Contains(at("fails")));
    CHECK_THROWS_WITH(check({{"nodes", "31"}, {"fails", "36"}}, "fc:var=mrv"), Contains(at("fails")));
    CHECK_THROWS_WITH(check({{"nodes", "40"}, {"fails", "50"}}, "minizinc"), Contains(at("fails")));  // fzn-gecode's fail is a node's
    CHECK_THROWS_WITH(check({{"fails", "18446744073709551615"}}, "gecode"), Contains(at("fails")));
}

TEST_CASE("clock cells: max_depth at most nodes and the decisions a path holds", "[records][resume][merge][clocks]") {
    CHECK_NOTHROW(check({{"nodes", "16"}, {"max_depth", "16"}, {"fails", "0"}}, "backtracking"));  // 16 cells of n = 4, d-way
    CHECK_NOTHROW(check({{"nodes", "500"}, {"max_depth", "48"}}, "gac:branch=binary"));  // n²(n − 1) = 48
    CHECK_NOTHROW(check({{"nodes", "500"}, {"max_depth", "48"}}, "gecode"));
    CHECK_NOTHROW(check({{"nodes", "500"}, {"max_depth", "48"}}, "portfolio"));
    CHECK_NOTHROW(check({{"nodes", "3"}, {"max_depth", "4"}, {"fails", "2"}}, "minizinc"));  // a tool's depth: nodes + 1
    CHECK_THROWS_WITH(check({{"nodes", "31"}, {"max_depth", "38"}}, "fc"),
                      Contains(at("max_depth") + " is '38', more than nodes (31), where each decision on the deepest node's "
                                                 "path is a node"));
    CHECK_THROWS_WITH(check({{"nodes", "0"}, {"max_depth", "11"}, {"fails", "0"}}), Contains(at("max_depth")));
    for (const char* dway : {"backtracking", "bitmask", "fc", "gac", "gac:branch=dway"}) {
        INFO(dway);
        CHECK_THROWS_WITH(check({{"nodes", "500"}, {"max_depth", "17"}}, dway),
                          Contains(at("max_depth") + " is '17', more than 16, the most decisions one path of"));
    }
    CHECK_THROWS_WITH(check({{"nodes", "500"}, {"max_depth", "49"}}, "gecode"), Contains("more than 48"));
    CHECK_THROWS_WITH(check({{"n", "64"}, {"nodes", "18446744073709551615"}, {"max_depth", "18446744073709551615"},
                             {"wall_ns", "18446744073709551615"}}, "gac:branch=binary"),
                      Contains("more than 258048"));  // 64² · 63
}

TEST_CASE("clock cells: nodes at most 1024 a nanosecond of wall time", "[records][resume][merge][clocks]") {
    CHECK_NOTHROW(check({{"nodes", "2048"}, {"wall_ns", "2"}, {"cpu_ns", "2"}, {"fails", "0"}, {"max_depth", "9"}}, "bitmask"));
    CHECK_THROWS_WITH(check({{"nodes", "18446744073709551615"}, {"wall_ns", "2000"}, {"cpu_ns", "1900"}}),
                      Contains(at("nodes") + " is '18446744073709551615', more than 1024 per ns of its wall_ns (2000)"));
    CHECK_THROWS_WITH(check({{"nodes", "3072"}, {"wall_ns", "2"}, {"cpu_ns", "2"}, {"fails", "0"}, {"max_depth", "9"}},
                            "bitmask"),
                      Contains(at("nodes")));
    CHECK_THROWS_WITH(check({{"nodes", "99999999999"}, {"wall_ns", "5000"}, {"max_depth", ""}}, "ilp"), Contains(at("nodes")));
}

// Red-team round 28, B F1 and F2: checks and propagations of 2^64 − 1 in a run of 1 to 160 µs
// (gac, backtracking, fc, gecode), sat's fails where it writes no nodes, and an exact-square
// multiple row's nodes and checks were taken. One table holds every counter of a search to the
// rate of its wall time (sweeps of every backend at n = 4..9 count at most about 1 a ns).
TEST_CASE("clock cells: every counter of a search at most 1024 a nanosecond of wall time", "[records][resume][merge][clocks]") {
    for (const char* spec : {"gac", "backtracking", "bitmask", "fc", "gecode", "portfolio", "gac:branch=binary"}) {
        for (const char* column : {"checks", "propagations", "solutions"}) {
            INFO(spec << " " << column);
            CHECK_NOTHROW(check({{column, "51200000"}}, spec));  // 1024 × its wall_ns of 50000 and 1023 more
            CHECK_NOTHROW(check({{column, "51201023"}}, spec));
            CHECK_THROWS_WITH(check({{column, "51201024"}}, spec),
                              Contains("column '" + std::string(column) + "' is '51201024', more than 1024 per ns of its "
                                       "wall_ns (50000), more than any search counts (one step is"));
            CHECK_THROWS_WITH(check({{column, "18446744073709551615"}, {"wall_ns", "972"}, {"cpu_ns", "900"}}, spec),
                              Contains("column '" + std::string(column) + "' is '18446744073709551615', more than 1024 per ns"));
        }
    }
    // sat writes no nodes: its fails (CaDiCaL's conflicts) are held to the rate alone.
    CHECK_NOTHROW(check({{"nodes", ""}, {"max_depth", ""}, {"fails", "5000"}, {"wall_ns", "119000"}, {"cpu_ns", "118000"}}, "sat"));
    CHECK_THROWS_WITH(check({{"nodes", ""}, {"max_depth", ""}, {"fails", "18446744073709551615"}, {"wall_ns", "119000"},
                             {"cpu_ns", "118000"}}, "sat"),
                      Contains(at("fails") + " is '18446744073709551615', more than 1024 per ns of its wall_ns (119000)") &&
                          Contains("one of sat's conflicts"));
    // A tool's counters too (one table): clpfd's checks are SWI-Prolog's inferences.
    CHECK_THROWS_WITH(check({{"nodes", ""}, {"fails", ""}, {"max_depth", ""}, {"propagations", "99999999999"},
                             {"wall_ns", "5000"}}, "clpfd"),
                      Contains("column 'propagations' is '99999999999', more than 1024 per ns"));
    // Task exact-square's branch and bound: its nodes and its oracle's queries (checks), whatever
    // its status (a multiple row keeps no record to hold them to).
    const ExperimentConfig exact_square = parse_config(
        "name: t\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"1 2/2 1\" }\nmethods: [ exact-square ]\n",
        "c.yaml");
    const std::map<std::string, std::string> multiple{{"status", "multiple"}, {"fails", ""}, {"max_depth", ""},
                                                      {"wall_ns", "250000"}, {"cpu_ns", "240000"}};
    const auto with = [&](const std::string& column, const std::string& value) {
        std::map<std::string, std::string> cells = multiple;
        cells[column] = value;
        return cells;
    };
    CHECK_NOTHROW(check(with("nodes", "25"), "exact-square", exact_square));
    CHECK_NOTHROW(check(with("nodes", "256000000"), "exact-square", exact_square));
    for (const char* column : {"nodes", "checks"}) {
        INFO(column);
        CHECK_THROWS_WITH(check(with(column, "18446744073709551615"), "exact-square", exact_square),
                          Contains("column '" + std::string(column) + "' is '18446744073709551615', more than 1024 per ns of "
                                   "its wall_ns (250000)"));
        CHECK_THROWS_WITH(check(with(column, "256001024"), "exact-square", exact_square), Contains("more than 1024 per ns"));
    }
    // A command's counters are its regex's: held to 2^63 − 1 only (below).
    CHECK_NOTHROW(check({{"checks", "9223372036854775807"}, {"wall_ns", "1000"}, {"cpu_ns", "900"}}, "command:name=t",
                        command_config()));
}

TEST_CASE("clock cells: a tool's every counter at most 1024 a nanosecond and its depth at most nodes + 1",
          "[records][resume][merge][clocks]") {
    // clpfd's checks are SWI-Prolog's inferences; minizinc's fails and depth fzn-gecode's.
    CHECK_NOTHROW(check({{"nodes", ""}, {"fails", ""}, {"max_depth", ""}, {"checks", "2048000"}, {"wall_ns", "2000"},
                         {"cpu_ns", "2000"}}, "clpfd"));
    CHECK_THROWS_WITH(check({{"nodes", ""}, {"fails", ""}, {"max_depth", ""}, {"checks", "18446744073709551615"},
                             {"wall_ns", "2000000"}, {"cpu_ns", "2000000"}}, "clpfd"),
                      Contains("column 'checks' is '18446744073709551615', more than 1024 per ns of its wall_ns (2000000)"));
    CHECK_THROWS_WITH(check({{"nodes", ""}, {"fails", "99999999999"}, {"max_depth", ""}, {"wall_ns", "5000"}}, "minizinc"),
                      Contains(at("fails") + " is '99999999999', more than 1024 per ns"));
    CHECK_THROWS_WITH(check({{"nodes", ""}, {"fails", ""}, {"max_depth", "18446744073709551615"}, {"wall_ns", "5000"}},
                            "minizinc"),
                      Contains(at("max_depth")));
    CHECK_NOTHROW(check({{"nodes", "3"}, {"fails", "2"}, {"max_depth", "4"}}, "minizinc"));  // a push not yet explored
    CHECK_THROWS_WITH(check({{"nodes", "3"}, {"fails", "2"}, {"max_depth", "5"}}, "minizinc"),
                      Contains(at("max_depth") + " is '5', more than nodes + 1 (nodes is 3)"));
}

TEST_CASE("clock cells: a command's counters at most 2^63 - 1 as its rule reads them", "[records][resume][merge][clocks]") {
    for (const char* column : {"nodes", "fails", "checks", "propagations", "max_depth"}) {
        INFO(column);
        CHECK_NOTHROW(check({{column, "9223372036854775807"}, {"wall_ns", "1000"}, {"cpu_ns", "900"}}, "command:name=t",
                            command_config()));
        CHECK_THROWS_WITH(check({{column, "9223372036854775808"}, {"wall_ns", "1000"}, {"cpu_ns", "900"}}, "command:name=t",
                                command_config()),
                          Contains("column '" + std::string(column) + "' is '9223372036854775808', more than "
                                   "9223372036854775807, the most a command's counter rule reads"));
        CHECK_THROWS_WITH(check({{column, "18446744073709551615"}, {"wall_ns", "1000"}, {"cpu_ns", "900"}}, "command:name=t",
                                command_config()),
                          Contains("the most a command's counter rule reads"));
    }
}

TEST_CASE("clock cells: a command's counters and a square task's are its own", "[records][resume][merge][clocks]") {
    const ExperimentConfig commands = parse_config(
        "name: c\ninstances:\n  - file: x.jsonl\ncommands:\n  - name: t\n    argv: [ \"t\", \"{instance}\" ]\n"
        "    format: futo\n    counters: { nodes: '^n=(\\d+)$' }\nsolvers: [ \"command:name=t\" ]\nmode: { count: 2 }\n",
        "c.yaml");
    const futolab::CsvTable t = futolab::parse_csv(
        "n,status,message,nodes,fails,max_depth,wall_ns,cpu_ns\n4,unique,,0,99,99,1000,900000000\n", "r.csv");
    CHECK_NOTHROW(futolab::check_clock_cells(t, 0, "r.csv", commands, commands.solvers.front(), {}, "refusing"));
    CHECK_NOTHROW(check({{"status", "solved"}, {"nodes", "0"}, {"fails", "99"}, {"max_depth", "99"}}, "exact", exact_config()));
}

TEST_CASE("clock cells: wall and calibration times at most the span of the sweep that made the row",
          "[records][resume][merge][clocks]") {
    const SweepSpan second = span_of("2026-12-01T00:25:50Z", "2026-12-01T00:25:51Z");
    // 1 s, 2 s for the whole seconds and a leap second, 60 s for a step back of the clock.
    REQUIRE(second.most_ns == 63'000'000'000);
    CHECK_NOTHROW(check({{"wall_ns", "63000000000"}, {"cpu_ns", "1"}}, "gac", solve_config(), second));
    CHECK_THROWS_WITH(check({{"wall_ns", "63000000001"}, {"cpu_ns", "1"}}, "gac", solve_config(), second),
                      Contains(at("wall_ns") + " is '63000000001', longer than the sweep that made the row (its sidecar says "
                                               "run.first_started 2026-12-01T00:25:50Z (its sidecar) to run.finished "
                                               "2026-12-01T00:25:51Z: at most 63 s with the timestamps' rounding and a step "
                                               "of the clock): refusing"));
    CHECK_THROWS_WITH(check({{"wall_ns", "9223372036854775807"}, {"status", "solved"}}, "exact", exact_config(), second),
                      Contains(at("wall_ns")));
    CHECK_THROWS_WITH(check({{"calibration_ns", "18446744073709551615"}}, "gac", solve_config(), second),
                      Contains(at("calibration_ns")));
    // Across days, months and a leap year's February.
    CHECK(span_of("2024-02-28T23:59:59Z", "2024-03-01T00:00:01Z").most_ns == (86400ULL + 2 + 62) * 1'000'000'000);
    CHECK(span_of("1970-01-01T00:00:00Z", "2026-12-01T00:00:00Z").most_ns == (1796083200ULL + 62) * 1'000'000'000);
    // Without first_started (a merged CSV, an older futolab's) nothing is bounded; a run going on
    // (finished "") is bounded by now.
    CHECK_FALSE(span_of("", "2026-12-01T00:25:51Z").most_ns);
    CHECK_NOTHROW(check({{"wall_ns", "9223372036854775807"}, {"cpu_ns", "1"}}));
    const SweepSpan going = span_of("2026-01-01T00:00:00Z", "");
    REQUIRE(going.most_ns);
    CHECK(*going.most_ns > 7'000'000'000'000'000);  // since the start of 2026: 8 months and more
    CHECK(going.words.find("to now, the run going on") != std::string::npos);
}

TEST_CASE("clock cells: a session is one the runner can count", "[records][resume][merge][clocks]") {
    CHECK_NOTHROW(check({{"session", "2147483647"}}));
    CHECK_NOTHROW(check({{"session", ""}}));  // a row without sessions (generate, critical)
    CHECK_THROWS_WITH(check({{"session", "4294967296"}}),
                      Contains(at("session") + " is '4294967296', more than 2147483647, the most sessions the runner counts"));
}

// Every committed results CSV (other machines, every backend, isolation and task kind): a rule
// that refused one of its rows would call a real run's row forged.
TEST_CASE("clock cells: every row of the committed results CSVs passes", "[records][resume][merge][clocks][long]") {
    namespace fs = std::filesystem;
    int files = 0;
    std::size_t rows = 0;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(FUTOLAB_SOURCE_DIR "/results")) {
        const std::string path = e.path().string();
        if (e.path().extension() != ".csv" || !fs::exists(futolab::sidecar_path(path))) continue;
        const futolab::SidecarFacts made = futolab::read_sidecar(path);
        if (made.identity.config_text.empty()) continue;
        INFO(path);
        ExperimentConfig config;
        try {  // a config of an older futolab that this one refuses: merge refuses its rows first
            config = parse_config(made.identity.config_text, made.identity.config_file);
        } catch (const futolab::InputError&) {
            continue;
        }
        const futolab::CsvTable t = futolab::read_csv_file(path);
        if (std::find(t.header.begin(), t.header.end(), "spec") == t.header.end()) continue;  // before the column
        const std::size_t spec = t.column("spec", path);
        for (std::size_t r = 0; r < t.rows.size(); ++r)
            for (const futolab::SolverSpec& s : config.solvers)
                if (s.spec() == t.rows[r][spec]) {
                    futolab::check_clock_cells(t, r, path, config, s, futolab::sweep_span(made), "refusing");
                    ++rows;
                }
        ++files;
    }
    CHECK(files >= 15);
    CHECK(rows >= 100000);
}
