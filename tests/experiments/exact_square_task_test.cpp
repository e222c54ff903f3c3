// Task exact-square (experiments/tasks/exact_square.cpp): one given square's minimum as a row,
// from a `futolab run` config as from `futolab critical --exact --square`; resume and merge
// re-check its record (experiments/output_facts.cpp) like any task's.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Two squares of a critical_squares: source, method exact-square with `options`.
void write_config(const fs::path& dir, const std::string& options, const std::string& extra = "") {
    std::ofstream(dir / "cfg.yaml") << "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { n: 4, count: 2, seed: 3 }\n"
                                       "methods: [ \"exact-square:" << options << "\" ]\n" << extra;
}

void replace_in(const fs::path& file, const std::string& from, const std::string& to) {
    std::string text = slurp(file.string());
    REQUIRE(has(text, from));
    text.replace(text.find(from), from.size(), to);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

TEST_CASE("exact-square rows: the square's minimum, checked again on resume", "[tasks][exact-square]") {
    const fs::path dir = fresh_dir("exact-square-task", "rows");
    write_config(dir, "objective=k,certificate=yes");
    REQUIRE(run_cli("run -q cfg.yaml --out o", dir.string()).exit_code == 0);
    const std::string rows = slurp((dir / "o" / "es.csv").string());
    CHECK(has(rows, "critical-n4-s3,"));
    CHECK(has(rows, "critical-n4-s4,"));
    CHECK(has(rows, ",exact-square,solved,1,"));
    CHECK(has(rows, "\"\"minimum\"\":"));
    CHECK(has(rows, "\"\"certificate\"\":[{"));
    CHECK(run_cli("run -q cfg.yaml --out o --resume", dir.string()).exit_code == 0);
    // A record whose claimed minimum is not its set's cost is no row this task writes.
    fs::copy(dir / "o", dir / "edited", fs::copy_options::recursive);
    const std::string minimum = "\"\"minimum\"\":";
    std::string text = slurp((dir / "edited" / "es.csv").string());
    const std::size_t at = text.find(minimum) + minimum.size();
    replace_in(dir / "edited" / "es.csv", text.substr(at - minimum.size(), minimum.size() + 1), minimum + "1");
    const auto resumed = run_cli("run -q cfg.yaml --out edited --resume", dir.string());
    CHECK(resumed.exit_code == 2);
    CHECK(has(resumed.err, "column 'output'"));
    const auto merged = run_cli("merge edited/es.csv --out m/es.csv", dir.string());
    CHECK(merged.exit_code == 2);
}

TEST_CASE("exact-square configs: the method's objectives, and limits the search can keep", "[tasks][exact-square]") {
    const fs::path dir = fresh_dir("exact-square-task", "config");
    write_config(dir, "objective=frontier");
    auto r = run_cli("run -q cfg.yaml --out o", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "cfg.yaml:"));
    CHECK(has(r.err, "objective"));
    write_config(dir, "objective=k", "limits: { nodes: 10 }\n");
    r = run_cli("run -q cfg.yaml --out o", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "limits.nodes"));
    write_config(dir, "objective=h", "limits: { cpu: 30 }\n");
    REQUIRE(run_cli("run -q cfg.yaml --out o", dir.string()).exit_code == 0);
    CHECK(has(slurp((dir / "o" / "es.csv").string()), ",30000,"));  // cpu_limit_ms
}
