// The run matrix: the size guard of issue #18 (counted before anything is built) and the
// sweep values that become the CSV's param_<name> columns.
#include "core/error.hpp"
#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/runner.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace futolab;

namespace {

const std::string kRoot = FUTOLAB_SOURCE_DIR;

std::string guard_error(const std::string& text) {
    try {
        build_run_matrix(parse_config(text, "cfg.yaml"));
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

// Each of these would build (or generate) far more than memory holds if the count came after
// the building: the test finishing at all, at once, is part of what it checks.
TEST_CASE("a run matrix over max_runs is refused with its count before it is built", "[matrix][guard]") {
    CHECK(guard_error("name: t\nrepeats: 1000000000\ninstances:\n  - file: " + kRoot +
                      "/corpora/tatham-dev/n04.tatham\nsolvers: [gac]\n")
              .find("cfg.yaml: the run matrix has 75000000000 runs (75 instances × 1 solvers × (1000000000 repeats)), "
                    "more than max_runs = 100000000: refused before building it") == 0);
    CHECK(guard_error("name: t\ninstances:\n  - generate: { kind: random, n: 5, count: 1000000000 }\nsolvers: [gac, fc]\n") ==
          "cfg.yaml: the run matrix has at least 2000000000 runs (at least 1000000000 instances × 2 solvers × "
          "(1 repeats)), more than max_runs = 100000000: refused before building it (raise max_runs if you mean it)");
    // Two sweep axes of 100 000 values each (the per-axis cap) and a count multiply to 10^15.
    CHECK(guard_error("name: t\ninstances:\n  - generate: { kind: random, n: 5, count: 100000, "
                      "givens: {from: 0, to: 0.99999, step: 0.00001}, relations: {from: 0, to: 0.99999, step: 0.00001} }\n"
                      "solvers: [gac]\n")
              .find("the run matrix has at least 1000000000000000 runs") != std::string::npos);
    // Past 2^64 the count saturates instead of wrapping round to a small number.
    CHECK(guard_error("name: t\nrepeats: 2147483647\ninstances:\n  - generate: { kind: random, n: {from: 2, to: 64, "
                      "step: 1}, givens: {from: 0, to: 0.99999, step: 0.00001}, count: 2147483647 }\nsolvers: [gac]\n")
              .find("the run matrix has more than 18446744073709551615 runs") != std::string::npos);
    CHECK(guard_error("name: t\ntask: critical\ninstances:\n  - squares: { n: [4, 5], count: 2000000000 }\nmethods: [critical]\n")
              .find("at least 4000000000 runs") != std::string::npos);
}

TEST_CASE("max_runs moves the limit, and warm-up runs count", "[matrix][guard]") {
    const std::string body = "instances:\n  - generate: { kind: random, n: 4, count: 3 }\nsolvers: [gac, fc]\nrepeats: 2\n";
    CHECK(build_run_matrix(parse_config("name: t\nmax_runs: 12\n" + body, "cfg.yaml")).runs.size() == 12);
    CHECK(guard_error("name: t\nmax_runs: 11\n" + body).find("has at least 12 runs") != std::string::npos);
    CHECK(guard_error("name: t\nmax_runs: 12\nwarmup: 1\n" + body)
              .find("has at least 18 runs (at least 3 instances × 2 solvers × (2 repeats + 1 warm-up))") != std::string::npos);
    // The file instances are counted once read: 75 instances x 1 solver x 2 repeats.
    const std::string files = "name: t\nrepeats: 2\ninstances:\n  - file: " + kRoot + "/corpora/tatham-dev/n04.tatham\nsolvers: [gac]\n";
    CHECK(guard_error(files + "max_runs: 149\n").find("has 150 runs (75 instances") != std::string::npos);
    CHECK(build_run_matrix(parse_config(files + "max_runs: 150\n", "cfg.yaml")).runs.size() == 150);
}

TEST_CASE("generated instances carry their nominal sweep values, file instances none", "[matrix][params]") {
    const RunMatrix m = build_run_matrix(parse_config(
        "name: t\ninstances:\n  - file: " + kRoot + "/corpora/tatham-dev/n04.tatham\n"
        "  - generate: { kind: random, n: 4, givens: [0.2, 0.4], relations: 0.1, count: 2 }\n"
        "  - generate: { kind: random, n: 5, h: 6, k: [3, 4] }\nsolvers: [\"fc:var=mrv\", \"gac:sac=root\"]\n",
        "cfg.yaml"));
    CHECK(m.param_names == std::vector<std::string>{"givens", "h", "relations", "k"});
    REQUIRE(m.instances.size() == 75 + 4 + 2);
    const auto values = [&](int i) { return std::vector<double>(m.params_of(i).begin(), m.params_of(i).end()); };
    for (double v : values(0)) CHECK(std::isnan(v));  // a file instance
    const std::vector<double> first = values(75);     // n 4, givens 0.2, relations 0.1
    CHECK(first[0] == 0.2);
    CHECK(std::isnan(first[1]));
    CHECK(first[2] == 0.1);
    CHECK(std::isnan(first[3]));
    CHECK(values(77)[0] == 0.4);
    const std::vector<double> last = values(80);  // n 5, h 6, k 4
    CHECK(std::isnan(last[0]));
    CHECK(last[1] == 6);
    CHECK(last[3] == 4);
    // SPEC §3: as the config asked, even var=mrv, today's default (the label must not move
    // when the default does).
    CHECK(m.specs == std::vector<std::string>{"fc:var=mrv", "gac:sac=root"});
}

TEST_CASE("the sweep axes are those of the config's random generate sources", "[matrix][params]") {
    const auto axes = [](const std::string& sources) {
        return sweep_axes(parse_config("name: t\ninstances:\n" + sources + "solvers: [gac]\n", "cfg.yaml"));
    };
    CHECK(axes("  - file: x.jsonl\n").empty());
    CHECK(axes("  - generate: { kind: unique, n: 5 }\n").empty());
    CHECK(axes("  - generate: { kind: random, n: 5 }\n") == std::vector<std::string>{"givens", "relations"});
    CHECK(axes("  - generate: { kind: random, n: 5, h: 3, relations: 0.2 }\n") ==
          std::vector<std::string>{"h", "relations"});
}

// Round 7: a config's `h` or `k` past what its n allows was reported as "--h 17 is out of range",
// an option the config's user never gave. Since round 17 (B F7) it is refused as the config is
// read, naming its key, before the run count.
TEST_CASE("a generate source's h or k out of range for its n is named as the config's parameter", "[matrix]") {
    for (const auto& [axis, says] :
         {std::pair{"h: [17]", "cfg.yaml:3:42: generate.h: 17 is too large for n = 4 (accepted: 0 to 16, its cells)"},
          {"k: [25]", "cfg.yaml:3:42: generate.k: 25 is too large for n = 4 (accepted: 0 to 24, its pairs of neighbouring "
                      "cells)"}}) {
        const std::string text = std::string("name: t\ninstances:\n  - generate: { kind: random, n: [4], ") + axis +
                                 ", count: 1 }\nsolvers: [gac]\n";
        CHECK_THROWS_WITH(parse_config(text, "cfg.yaml"), says);
    }
}

// Round 7: a unique source that finds no puzzle in its attempts said "futolab: error: <id>: …
// (raise --max-attempts)", naming neither the config nor the source.
TEST_CASE("a generate source that finds no puzzle names the config and its line", "[matrix]") {
    const std::string text = "name: t\ninstances:\n  - generate: { kind: unique, n: [4], grade: search, attempts: 1, "
                             "count: 1 }\nsolvers: [gac]\n";
    CHECK_THROWS_WITH(build_run_matrix(parse_config(text, "cfg.yaml")),
                      Catch::Matchers::StartsWith("cfg.yaml:3: unique-n4-") &&
                          Catch::Matchers::Contains("or the source's `attempts` in a config"));
}

// Task greedy (`futolab critical`'s default search as an experiment): its squares keep the
// command's ids and seeds, so its records are the ones the command has always written.
TEST_CASE("critical_squares: the command's ids and its own seeds, one source only", "[matrix][critical]") {
    const auto config = [](const std::string& source) {
        return "name: t\ntask: greedy\ninstances:\n  - critical_squares: " + source + "\nmethods: [critical]\n";
    };
    const RunMatrix random = build_run_matrix(parse_config(config("{ n: 5, count: 3, seed: 7 }"), "cfg.yaml"));
    REQUIRE(random.runs.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(random.instances[i].id() == "critical-n5-s" + std::to_string(7 + i));
        CHECK(random.runs[i].seed == 7 + i);
    }
    const RunMatrix square =
        build_run_matrix(parse_config(config("{ square: \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\", seed: 5 }"), "cfg.yaml"));
    REQUIRE(square.runs.size() == 1);
    CHECK(square.instances[0].id() == "square:critical");
    CHECK(square.runs[0].seed == 5);
    const RunMatrix file =
        build_run_matrix(parse_config(config("{ file: " + kRoot + "/corpora/tatham-check/n04.tatham }"), "cfg.yaml"));
    CHECK(file.instances.size() == 150);
    CHECK(file.instances[0].id().ends_with(":critical"));
    CHECK(file.runs[0].seed == 1);
    CHECK(file.input_files.size() == 1);

    CHECK_THAT(guard_error(config("{ n: 5, square: \"1\" }")), Catch::Contains("exactly one of 'n', 'square' and 'file'"));
    CHECK_THAT(guard_error(config("{ square: \"1\", count: 2 }")), Catch::Contains("critical_squares.count applies with 'n' only"));
    CHECK_THAT(guard_error(config("{ n: 5, seed: 9223372036854775808 }")), Catch::Contains("too large"));
    CHECK_THAT(guard_error(config("{ n: 5, seed: 9223372036854775800, count: 9 }")), Catch::Contains("too large"));
    CHECK_THAT(guard_error("name: t\ntask: greedy\ninstances:\n  - squares: { n: 4 }\nmethods: [critical]\n"),
               Catch::Contains("task greedy takes 'critical_squares' sources only"));
    CHECK_THAT(guard_error("name: t\ntask: critical\ninstances:\n  - critical_squares: { n: 4 }\nmethods: [critical]\n"),
               Catch::Contains("'critical_squares' sources feed greedy and exact-square tasks, not critical"));
}

// Red-team round 12 (F10, F14, F16): a critical_squares: source's refusals name the field and
// the file line, and an id read twice comes with advice its source can follow (a config cannot
// rename the squares it names itself).
TEST_CASE("critical_squares: empty fields, the config seed and repeated ids are refused with followable messages",
          "[matrix][critical]") {
    const std::string n04 = kRoot + "/corpora/tatham-check/n04.tatham";
    const auto config = [](const std::string& sources) {
        return "name: t\ntask: greedy\ninstances:\n" + sources + "methods: [critical]\n";
    };
    CHECK(guard_error(config("  - critical_squares: { square: '' }\n")) == "cfg.yaml:4:33: critical_squares.square is empty");
    CHECK(guard_error(config("  - critical_squares: { file: '' }\n")) == "cfg.yaml:4:31: critical_squares.file is empty");
    for (const char* task : {"greedy", "exact-square"}) {
        const std::string method = std::string(task) == "greedy" ? "critical" : "exact-square";
        CHECK_THAT(guard_error(fmt::format("name: t\ntask: {}\nseed: 5\ninstances:\n  - critical_squares: {{ n: 4 }}\nmethods: [{}]\n",
                                           task, method)),
                   Catch::StartsWith(fmt::format("cfg.yaml:3:7: 'seed' does not apply to task {}: each run uses its square's own seed", task)));
    }
    CHECK_THAT(guard_error(config("  - critical_squares: { square: '1 2/2 1' }\n  - critical_squares: { square: '2 1/1 2' }\n")),
               Catch::StartsWith("cfg.yaml:5: instance id 'square:critical' again (first at cfg.yaml:4)") &&
                   Catch::Contains("put the squares in a file"));
    CHECK_THAT(guard_error(config("  - critical_squares: { file: " + n04 + ", seed: 1 }\n  - critical_squares: { file: " + n04 +
                                  ", seed: 2 }\n")),
               Catch::StartsWith(n04 + ":2: instance id 'n04:") && Catch::Contains("the file is given twice, cfg.yaml lines 4 and 5: list it once"));
    CHECK_THAT(guard_error(config("  - critical_squares: { n: 4, count: 2 }\n  - critical_squares: { n: 4, seed: 2 }\n")),
               Catch::StartsWith("cfg.yaml:5: instance id 'critical-n4-s2' again (first at cfg.yaml:4)") &&
                   Catch::Contains("seed ranges"));
}

// Red-team round 14, B F18: two generate sources with a value in common made the same ids,
// refused as "… again (first at cfg.yaml): … rename one, or list the file once": no line, and
// advice a generated instance cannot follow. Now both sources' lines, and what to change.
TEST_CASE("two generate sources that make the same instances are named by their lines", "[matrix]") {
    const std::string source = "  - generate: { kind: random, n: 4, givens: [0.1, 0.2], count: 1 }\n";
    CHECK_THAT(guard_error("name: t\ninstances:\n" + source + source + "solvers: [gac]\n"),
               Catch::StartsWith("cfg.yaml:4: instance id 'random-n4-p0.10-") &&
                   Catch::Contains("again (first at cfg.yaml:3)") &&
                   Catch::EndsWith("(the generate sources of cfg.yaml lines 3 and 4 make the same instances (equal values "
                                   "draw equal seeds): give each value in one of them only)"));
    CHECK_THAT(guard_error("name: t\ntask: generate\ninstances:\n  - squares: { n: 4 }\n  - squares: { n: [3, 4] }\nmethods: [unique]\n"),
               Catch::Contains("(first at cfg.yaml:4)") && Catch::Contains("the squares sources of cfg.yaml lines 4 and 5"));
    CHECK(guard_error("name: t\ninstances:\n  - generate: { kind: random, n: 4, givens: 0.1 }\n"
                      "  - generate: { kind: random, n: 4, givens: 0.2 }\nsolvers: [gac]\n") == "(no error)");
}

// Red-team round 14, B F19: the memory floor, checked when the sweep starts, named no line,
// where every other refusal of limits.memory names its value's line and column.
TEST_CASE("a memory limit below a run's process's floor is refused at limits.memory's line and column", "[matrix][memory]") {
    const std::string text = "name: t\nmode: { count: 2 }\nlimits: { memory: 1MiB }\nisolation: fork\ninstances:\n  - file: " +
                             kRoot + "/corpora/tatham-dev/n04.tatham\nsolvers: [fc]\noutput: never-written/f.csv\n";
    RunnerOptions options;
    options.quiet = true;
    CHECK_THROWS_WITH(run_experiment(parse_config(text, "cfg.yaml"), options),
                      Catch::StartsWith("cfg.yaml:3:19: limits.memory 1MiB is below what a run's process needs"));
    CHECK_FALSE(std::filesystem::exists("never-written"));
}

// Red-team round 29, B5: the limit is quoted as the config wrote it, never rounded to whole MiB
// (`1.5MiB` was "1 MiB", a value the config did not hold).
TEST_CASE("a memory limit below the floor is quoted as written", "[matrix][memory]") {
    for (const std::string written : {"1.5MiB", "1600KiB", "1.25MiB", "2000KiB"}) {
        INFO(written);
        const std::string text = "name: t\nmode: { count: 2 }\nlimits: { memory: " + written +
                                 " }\nisolation: fork\ninstances:\n  - file: " + kRoot +
                                 "/corpora/tatham-dev/n04.tatham\nsolvers: [fc]\noutput: never-written/f.csv\n";
        RunnerOptions options;
        options.quiet = true;
        CHECK_THROWS_WITH(run_experiment(parse_config(text, "cfg.yaml"), options),
                          Catch::StartsWith("cfg.yaml:3:19: limits.memory " + written + " is below what a run's process"));
    }
    CHECK_FALSE(std::filesystem::exists("never-written"));
}

// Red-team round 28, C F11: a `file:` value is a glob, and `a[1].tatham` ran the file a1.tatham
// (or matched nothing) with the file a[1].tatham right beside the config. Where the name as typed
// is a file that the pattern does not match alone, which was meant cannot be told: refused,
// naming both and the escaped form that selects the file.
TEST_CASE("a file: glob that is also the name of another file is refused naming both", "[matrix][glob]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "futolab-glob-beside-file";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto write = [&](const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; };
    const std::string two = "4dt:2,0,0,0,3,1,0,0,0,0,0,1,0,2,0,0,\n4dt:1,0,0,4,2,0,0,1,0,1,0,2,0,0,0,0,\n";
    write("a[1].tatham", two);
    write("a1.tatham", "4dt:1,0,0,4,2,0,0,1,0,1,0,2,0,0,0,0,\n");
    const std::string cfg = (dir / "cfg.yaml").string();
    const auto outcome = [&](const std::string& file) -> std::string {
        try {
            return fmt::format("{} instances", build_run_matrix(parse_config("name: t\ninstances:\n  - file: " + file +
                                                                             "\nsolvers: [gac]\n", cfg)).instances.size());
        } catch (const InputError& e) {
            return e.what();
        }
    };
    const std::string d = dir.string() + "/";
    const std::string advice = ": write file: 'a\\[1\\].tatham' for that file (a backslash makes a character of the pattern its own)";
    CHECK(outcome("\"a[1].tatham\"") ==
          cfg + ":3:11: file: 'a[1].tatham' is a glob matching " + d + "a1.tatham, not the file " + d + "a[1].tatham" + advice);
    CHECK(outcome("'a\\[1\\].tatham'") == "2 instances");  // escaped: the file itself
    CHECK(outcome("a1.tatham") == "1 instances");
    CHECK(outcome("\"a?.tatham\"") == "1 instances");  // no file of that name: a glob as ever
    fs::remove(dir / "a1.tatham");
    CHECK(outcome("\"a[1].tatham\"") ==
          cfg + ":3:11: file: no file matches the glob 'a[1].tatham'; the file " + d + "a[1].tatham exists" + advice);
    // A name that matches itself and more.
    write("b*.tatham", two);
    write("bx.tatham", two);
    CHECK(outcome("\"b*.tatham\"") == cfg + ":3:11: file: 'b*.tatham' is a glob matching " + d + "b*.tatham, " + d +
                                           "bx.tatham, not only the file " + d +
                                           "b*.tatham: write file: 'b\\*.tatham' for that file (a backslash makes a "
                                           "character of the pattern its own)");
    CHECK(outcome("'b\\*.tatham'") == "2 instances");
    fs::remove_all(dir);
}
