// An error row without a record, of a kind whose run writes error only with the records that
// failed their verification (experiments/error_rows.hpp): task exact's, exact-square's and
// greedy's were resumed and merged with any message (a solved or multiple row relabelled
// error, its record taken out), where exhaustive's and exact-sample's were refused. Such a row
// is now taken only as the sandbox writes it for a run whose process it lost. A generate error
// row (a missed target grade) counted and graded nothing, as its run writes it.
#include "records/csv_reader.hpp"
#include "sandbox/child_run.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::cells_set;
using futolab::test::has;
using futolab::test::refused_by_both;
using futolab::test::row_of;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("error-rows", name, config); }

constexpr const char* kNoRecord = "column 'output' is '', empty, where the run writes an error with the records that failed their verification";

// Row `row` relabelled error with `message`, its record taken out and h = k = solutions = 0.
futolab::test::TableEdit made_up_error(std::size_t row, const std::string& message) {
    return cells_set(row, {{"status", "error"}, {"message", message}, {"output", ""}, {"h", "0"}, {"k", "0"}, {"solutions", "0"}});
}

// Row `row` as the sandbox writes a run whose process it lost, with `message` (and `more` cells).
futolab::test::TableEdit lost_run(std::size_t row, const std::string& message,
                                  std::vector<std::pair<std::string, std::string>> more = {}) {
    std::vector<std::pair<std::string, std::string>> cells{{"status", "error"}, {"message", message}, {"output", ""}, {"h", "0"},
                                                           {"k", "0"}};
    for (const char* counter : {"solutions", "nodes", "fails", "checks", "propagations", "max_depth"}) cells.emplace_back(counter, "");
    cells.insert(cells.end(), more.begin(), more.end());
    return cells_set(row, cells);
}

}  // namespace

TEST_CASE("square kinds: an error row without its records is refused where the run has no process of its own", "[resume][merge][exact][exact-square][greedy][critical][long]") {
    const fs::path exact = sweep("exact", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 3 }\n"
                                          "methods: [ \"exact:objective=k\" ]\nisolation: thread\n");
    const futolab::CsvTable t = table_of(exact / "base" / "ex.csv");
    const std::size_t solved = row_of(t, "exact-n4-c00000"), multiple = row_of(t, "exact-n4-c00002");
    REQUIRE(cell(t, solved, "status") == "solved");
    REQUIRE(cell(t, multiple, "status") == "multiple");
    refused_by_both(exact, "ex", solved, made_up_error(solved, "verification failed: the set has a second solution"), kNoRecord);
    refused_by_both(exact, "ex", multiple, cells_set(multiple, {{"status", "error"}}), kNoRecord);
    refused_by_both(exact, "ex", solved, lost_run(solved, "the run's process sent a malformed result"), kNoRecord);
    const fs::path square = sweep("square", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { square: "
                                            "\"1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1\" }\nmethods: [ exact-square ]\nisolation: thread\n");
    refused_by_both(square, "es", 0, made_up_error(0, "the set failed its verification"), kNoRecord);
    const fs::path greedy = sweep("greedy", "name: gr\ntask: greedy\ninstances:\n  - critical_squares: { n: 5, count: 1 }\n"
                                            "methods: [ critical ]\n");
    refused_by_both(greedy, "gr", 0, made_up_error(0, "boom"), kNoRecord);
    const fs::path critical = sweep("critical", "name: cr\ntask: critical\ninstances:\n  - squares: { n: 5, count: 1 }\n"
                                                "methods: [ critical ]\n");
    refused_by_both(critical, "cr", 0, made_up_error(0, "the set has a second solution"), kNoRecord);
    for (const fs::path& dir : {exact, square, greedy, critical}) fs::remove_all(dir);
}

TEST_CASE("task exact in its own process: an error row without a record is one the sandbox writes for a run it lost", "[resume][merge][exact]") {
    const fs::path dir = sweep("process", "name: ep\ntask: exact\ninstances:\n  - classes: { n: 3 }\n"
                                          "methods: [ \"exact:objective=k\" ]\nisolation: process\n");
    const std::string lost = "the run's process sent a malformed result";
    refused_by_both(dir, "ep", 0, lost_run(0, "boom"), "column 'message' is 'boom', where an error row without a record is only a run "
                                                       "whose process the sandbox lost");
    refused_by_both(dir, "ep", 0, lost_run(0, "cannot fork a run's process: lol"), "column 'message' is 'cannot fork");
    refused_by_both(dir, "ep", 0, lost_run(0, lost, {{"h", "1"}}), "column 'h' is '1', where the run's process sent no row");
    refused_by_both(dir, "ep", 0, lost_run(0, lost, {{"nodes", "5"}}), "column 'nodes' is '5', where the run's process sent no row");
    refused_by_both(dir, "ep", 0, made_up_error(0, lost), "where the run's process sent no row");
    futolab::test::edit_table(dir / "base" / "ep.csv", lost_run(0, lost));
    futolab::test::edit_table(dir / "base" / "ep.csv", lost_run(1, std::string("cannot fork a run's process: ") + std::strerror(EAGAIN)));
    accepted_by_both(dir, "ep");
    fs::remove_all(dir);
}

// A run whose warm worker could not be put in the memory cgroup the sidecar records ran nothing
// (sandbox/warm_worker.cpp): its error row names the path and the system's reason, and resume
// and merge take it as a lost run's; a made-up reason or a path that is not absolute is not one.
TEST_CASE("task exact in its own process: a run whose worker got no memory cgroup is a lost run's error row", "[resume][merge][exact][cgroup]") {
    const fs::path dir = sweep("cgroup", "name: ec\ntask: exact\ninstances:\n  - classes: { n: 3 }\n"
                                         "methods: [ \"exact:objective=k\" ]\nisolation: process\n");
    const std::string cgroup = "/sys/fs/cgroup/memory/user/futolab-p41s9-3";
    const std::string no_cgroup = std::string(futolab::kNoCgroup) + cgroup + "/cgroup.procs: " + std::strerror(ENOENT);
    refused_by_both(dir, "ec", 0, lost_run(0, std::string(futolab::kNoCgroup) + cgroup + ": the kernel said no"),
                    "column 'message' is 'cannot put the run's worker in a memory cgroup");
    refused_by_both(dir, "ec", 0, lost_run(0, std::string(futolab::kNoCgroup) + "futolab-p41s9-3: " + std::strerror(EEXIST)),
                    "where an error row without a record is only a run whose process the sandbox lost");
    refused_by_both(dir, "ec", 0, lost_run(0, no_cgroup, {{"k", "2"}}), "column 'k' is '2', where the run's process sent no row");
    futolab::test::edit_table(dir / "base" / "ec.csv", lost_run(0, no_cgroup));
    futolab::test::edit_table(dir / "base" / "ec.csv", lost_run(1, std::string(futolab::kNoCgroup) + cgroup + ": " + std::strerror(EEXIST)));
    accepted_by_both(dir, "ec");
    fs::remove_all(dir);
}

// The other rows without a record, held to the counters their runs write (round 18, B F2: a
// task exact `multiple` row with `nodes` emptied was resumed and merged, where exact-sample's was
// refused). A `multiple` row of the square kinds has h = k = solutions = 0 and its method's
// counters: exact's and exact-square's search counts, present (CaDiCaL's nodes empty); critical's
// and greedy's nodes 0. Task exact's `timeout` (its search stopped at the limit) has none.
TEST_CASE("square kinds: a multiple row without its counters is refused", "[resume][merge][exact][exact-square][greedy][long]") {
    const fs::path exact = sweep("multiple-exact", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 3 }\n"
                                                   "methods: [ \"exact:objective=k\", \"exact:objective=k,engine=cadical\" ]\n"
                                                   "isolation: thread\n");
    const futolab::CsvTable t = table_of(exact / "base" / "ex.csv");
    std::size_t bb = t.rows.size(), cadical = t.rows.size();
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        if (cell(t, r, "status") == "multiple") (has(cell(t, r, "options"), "engine=cadical") ? cadical : bb) = r;
    REQUIRE(bb < t.rows.size());
    REQUIRE(cadical < t.rows.size());
    REQUIRE(cell(t, cadical, "nodes").empty());
    accepted_by_both(exact, "ex");
    refused_by_both(exact, "ex", bb, {{"nodes", ""}}, "column 'nodes' is '', empty, where a 'multiple' run of task exact counts it");
    refused_by_both(exact, "ex", bb, {{"checks", ""}}, "column 'checks' is '', empty, where a 'multiple' run of task exact counts it");
    refused_by_both(exact, "ex", cadical, {{"checks", ""}}, "column 'checks' is '', empty, where a 'multiple' run of task exact counts it");
    refused_by_both(exact, "ex", bb, {{"solutions", ""}}, "column 'solutions' is '', where its run made no record (it writes 0)");
    const std::string squares = "instances:\n  - critical_squares: { n: 4, count: 1, seed: 4 }\n";
    const fs::path square = sweep("multiple-square", "name: es\ntask: exact-square\n" + squares +
                                                     "methods: [ \"exact-square:objective=k\" ]\nisolation: thread\n");
    REQUIRE(cell(table_of(square / "base" / "es.csv"), 0, "status") == "multiple");
    refused_by_both(square, "es", 0, {{"nodes", ""}}, "column 'nodes' is '', empty, where a 'multiple' run of task exact-square counts it");
    const fs::path greedy = sweep("multiple-greedy", "name: gr\ntask: greedy\n" + squares + "methods: [ \"critical:objective=k\" ]\n");
    REQUIRE(cell(table_of(greedy / "base" / "gr.csv"), 0, "status") == "multiple");
    refused_by_both(greedy, "gr", 0, {{"nodes", ""}}, "column 'nodes' is '', empty, where a 'multiple' run of task greedy counts it");
    refused_by_both(greedy, "gr", 0, {{"nodes", "5"}}, "column 'nodes' is '5', where its run writes 0");
    for (const fs::path& dir : {exact, square, greedy}) fs::remove_all(dir);
}

// A timeout row as task exact writes it (the limit is far off: the row is made here, not by a
// clock, with the wall_ns a run stopped at that limit has).
TEST_CASE("task exact: a timeout row has no counters", "[resume][merge][exact]") {
    const fs::path dir = sweep("timeout", "name: et\ntask: exact\ninstances:\n  - classes: { n: 3 }\n"
                                          "methods: [ \"exact:objective=k\" ]\nisolation: process\nlimits: { time: 100 }\n");
    std::vector<std::pair<std::string, std::string>> timeout{{"status", "timeout"}, {"message", "wall time limit (100 s)"},
                                                             {"wall_ns", "100000000001"}, {"output", ""}, {"h", "0"}, {"k", "0"}};
    for (const char* counter : {"solutions", "nodes", "fails", "checks", "propagations", "max_depth"}) timeout.emplace_back(counter, "");
    futolab::test::edit_table(dir / "base" / "et.csv", cells_set(0, timeout));
    futolab::test::sweep_began(dir / "base" / "et.csv");  // a sweep long enough for a run stopped at 100 s
    fs::remove(dir / "base" / "et.jsonl");  // the export of the record taken out: the resume writes it again
    accepted_by_both(dir, "et");
    refused_by_both(dir, "et", 0, {{"nodes", "5"}}, "column 'nodes' is '5', where its search stopped at a limit");
    refused_by_both(dir, "et", 0, {{"checks", "0"}}, "column 'checks' is '0', where its search stopped at a limit");
    refused_by_both(dir, "et", 0, {{"solutions", "0"}}, "column 'solutions' is '0', where its search stopped at a limit");
    fs::remove_all(dir);
}

TEST_CASE("task generate: an error row, a missed target grade, counted nothing and graded nothing", "[resume][merge][generate]") {
    // A 3 x 3 puzzle is never of grade search: each run's one attempt fails, an error row.
    const fs::path dir = sweep("generate", "name: g\ntask: generate\ninstances:\n  - squares: { n: [3], count: 1 }\n"
                                           "methods: [ \"unique:grade=search,attempts=1\" ]\n");
    REQUIRE(cell(table_of(dir / "base" / "g.csv"), 0, "status") == "error");
    accepted_by_both(dir, "g");
    refused_by_both(dir, "g", 0, {{"h", "3"}}, "where its run made no record (it writes 0)");
    refused_by_both(dir, "g", 0, {{"k", "2"}}, "where its run made no record (it writes 0)");
    refused_by_both(dir, "g", 0, {{"solutions", "1"}}, "where its run made no record (it writes 0)");
    refused_by_both(dir, "g", 0, {{"nodes", "7"}}, "where a generate run that made no puzzle writes 0");
    refused_by_both(dir, "g", 0, {{"grade", "fc"}}, "has none to grade");
}
