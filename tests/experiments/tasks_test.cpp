// The task kinds of experiments (configs/README.md `task:`): generate and critical tasks
// through `futolab run`, their rows re-verified here by an independent backend, resume and
// determinism; solve tasks with `grade: true` and `generate: {kind: unique}` sources.
#include "../app/cli_runner.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "generators/grade.hpp"
#include "records/csv_reader.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

using futolab::test::run_cli;
namespace fs = std::filesystem;
using namespace futolab;

namespace {

std::string scratch(const std::string& name) {
    const std::string build = std::to_string(std::hash<std::string>{}(FUTOLAB_CLI) % 100000);  // one per build tree
    const fs::path dir = fs::temp_directory_path() / ("futolab-tasks-" + build + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

std::string write(const std::string& dir, const std::string& text) {
    const std::string path = dir + "/cfg.yaml";
    std::ofstream(path) << text << "output: " << dir << "/out/results.csv\n";
    return path;
}

struct Rows {
    CsvTable table;
    std::string col(std::size_t row, const char* name) const { return table.rows[row][table.column(name, "csv")]; }
};

Rows run_config(const std::string& cfg, const std::string& out_dir, const std::string& flags = "--jobs 2") {
    const auto r = run_cli("run -q " + flags + " " + cfg + " --out " + out_dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return {read_csv_file(out_dir + "/results.csv")};
}

// Solutions of `in` counted up to 2 by the bitmask backtracker: independent of the gac
// oracle that searched and of the gecode backend that verified.
Status count_to_two(const Instance& in) {
    return run_solver(*make_solver(parse_solver_spec("bitmask")), Puzzle::compile(in), {Mode::count_to(2), {}, 0}).result.status;
}

Instance output_of(const Rows& rows, std::size_t i) {
    const std::vector<Instance> out = parse_instances(rows.col(i, "output"), "output", Format::jsonl);
    REQUIRE(out.size() == 1);
    return out[0];
}

std::string without_times(std::vector<std::string> row, const CsvTable& t) {
    for (const char* measured : {"wall_ns", "cpu_ns", "calibration_ns", "session"}) row[t.column(measured, "csv")] = "";
    std::string s;
    for (const auto& f : row) s += f + "|";
    return s;
}

}  // namespace

TEST_CASE("a critical task writes verified critical sets of its squares", "[tasks][critical]") {
    const std::string dir = scratch("critical");
    const std::string cfg = write(dir, "name: crit\ntask: critical\nseed: 3\ninstances:\n  - squares: { n: [3, 4], count: 2 }\n"
                                       "methods: [ critical, \"critical:objective=2h+3k,iterations=10\" ]\n");
    const Rows rows = run_config(cfg, dir + "/out");
    REQUIRE(rows.table.rows.size() == 8);
    for (std::size_t i = 0; i < rows.table.rows.size(); ++i) {
        INFO("row " << i);
        CHECK(rows.col(i, "status") == "critical");
        CHECK(rows.col(i, "mode") == "critical");
        // SPEC §3: the spec is the method as the config wrote it, keys sorted.
        CHECK((rows.col(i, "spec") == "critical" || rows.col(i, "spec") == "critical:iterations=10,objective=2h+3k"));
        const Instance set = output_of(rows, i);
        CHECK(std::to_string(set.givens.size()) == rows.col(i, "h"));
        CHECK(std::to_string(set.lt.size()) == rows.col(i, "k"));
        CHECK(solution_to_text(set.n, [&] {
                  std::vector<int> sq;
                  for (const auto& r : set.solution) sq.insert(sq.end(), r.begin(), r.end());
                  return sq;
              }()) == rows.col(i, "solution"));
        // Uniquely completable, and every clue necessary, by a third backend.
        CHECK(count_to_two(set) == Status::unique);
        for (std::size_t g = 0; g < set.givens.size(); ++g) {
            Instance less = set;
            less.givens.erase(less.givens.begin() + static_cast<std::ptrdiff_t>(g));
            CHECK(count_to_two(less) == Status::multiple);
        }
        for (std::size_t r = 0; r < set.lt.size(); ++r) {
            Instance less = set;
            less.lt.erase(less.lt.begin() + static_cast<std::ptrdiff_t>(r));
            CHECK(count_to_two(less) == Status::multiple);
        }
        Grader grader;
        CHECK(grade_name(grader.grade(Puzzle::compile(set)).grade) == rows.col(i, "grade"));
    }
    CHECK(read_instances(dir + "/out/results.jsonl").size() == 8);
}

TEST_CASE("critical and generate tasks are deterministic and resume after a cut", "[tasks][resume][threads]") {
    const std::string dir = scratch("resume");
    const std::string cfg = write(dir, "name: res\ntask: critical\ninstances:\n  - squares: { n: 5, count: 3 }\n"
                                       "methods: [ \"critical:objective=h+k,iterations=5\", \"critical:objective=k\" ]\n");
    const Rows a = run_config(cfg, dir + "/a");
    const Rows b = run_config(cfg, dir + "/b", "--jobs 1");
    REQUIRE(a.table.rows.size() == 6);
    std::multiset<std::string> ra, rb;
    for (const auto& row : a.table.rows) ra.insert(without_times(row, a.table));
    for (const auto& row : b.table.rows) rb.insert(without_times(row, b.table));
    CHECK(ra == rb);

    // Cut the CSV after two rows and mid-way through the third, as a killed run leaves it.
    const std::string csv = dir + "/a/results.csv";
    std::ifstream in(csv);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    std::size_t cut = 0;
    for (int lines = 0; lines < 3; ++lines) cut = text.find('\n', cut) + 1;
    std::ofstream(csv, std::ios::trunc) << text.substr(0, cut + 20);
    // A run killed before its end has written no export (it is made once the last row is in):
    // the complete run's, with records of rows the cut removed, is no export of this CSV.
    std::filesystem::remove(dir + "/a/results.jsonl");
    const Rows c = run_config(cfg, dir + "/a", "--jobs 2 --resume");
    std::multiset<std::string> rc;
    for (const auto& row : c.table.rows) rc.insert(without_times(row, c.table));
    CHECK(rc == ra);
}

TEST_CASE("a generate task makes uniquely solvable puzzles of its squares", "[tasks][generate][long]") {
    const std::string dir = scratch("generate");
    const std::string cfg = write(dir, "name: gen\ntask: generate\ninstances:\n  - squares: { n: [4, 6], count: 2 }\n"
                                       "methods: [ unique, \"unique:use=relations\", \"unique:use=numbers\" ]\n");
    const Rows rows = run_config(cfg, dir + "/out");
    REQUIRE(rows.table.rows.size() == 12);
    for (std::size_t i = 0; i < rows.table.rows.size(); ++i) {
        INFO("row " << i << ": " << rows.col(i, "message"));
        REQUIRE(rows.col(i, "status") == "unique");
        const Instance in = output_of(rows, i);
        CHECK(count_to_two(in) == Status::unique);
        const std::string options = rows.col(i, "options");
        if (options.find("use=relations") != std::string::npos) CHECK(in.givens.empty());
        if (options.find("use=numbers") != std::string::npos) CHECK(in.lt.empty());
        // The first attempt plants the input square (no target grade here); with relations
        // only, a square its relations do not determine is replaced by a new one.
        std::vector<int> sq;
        for (const auto& r : in.solution) sq.insert(sq.end(), r.begin(), r.end());
        CHECK_FALSE(verify_solution(Puzzle::compile(in), sq));
        if (options.find("use=relations") == std::string::npos) CHECK(solution_to_text(in.n, sq) == rows.col(i, "solution"));
        CHECK(in.meta.at("grade").get<std::string>() == rows.col(i, "grade"));
    }
}

TEST_CASE("solve tasks grade their instances once, and generate unique sources", "[tasks][grade]") {
    const std::string dir = scratch("grade");
    const std::string cfg = write(dir, "name: g\nmode: { count: 2 }\ngrade: true\ninstances:\n"
                                       "  - generate: { kind: unique, n: 6, count: 3, grade: search }\n"
                                       "solvers: [ gac, \"fc:var=mrv\" ]\n");
    const Rows rows = run_config(cfg, dir + "/out");
    REQUIRE(rows.table.rows.size() == 6);
    for (std::size_t i = 0; i < rows.table.rows.size(); ++i) {
        CHECK(rows.col(i, "status") == "unique");
        CHECK(rows.col(i, "grade") == "search");  // the target grade of the generated puzzles
        CHECK(rows.col(i, "output").empty());
    }
    CHECK_FALSE(fs::exists(dir + "/out/results.jsonl"));
}
