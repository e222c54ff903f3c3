// A task exact row held by resume and merge to its own record as an exact-sample row is
// (experiments/class_search_facts.hpp): the row's nodes and checks are its search's, the
// record's class and orbit those of the class its instance is, its search's figures whole
// numbers shared by a frontier's corners, and no meta key the search does not write. Each of
// these edits was resumed and merged, and a forged meta.nodes reached the rebuilt --out.
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::cells_set;
using futolab::test::refused_by_both;
using futolab::test::row_of;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("class-search-facts", name, config); }

const std::string kExact = "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 2 }\n"
                           "methods: [ \"exact:objective=k\" ]\nisolation: thread\n";
// Class 0 of order 4 has a frontier of six corners, its records one per line.
const std::string kFrontier = "name: fr\ntask: exact\ninstances:\n  - classes: { n: 4, count: 1 }\n"
                              "methods: [ \"exact:objective=frontier\" ]\nisolation: thread\n";

// Row `row`'s record on line `line` (from 0) of its output, its meta `key` set to `value`.
futolab::test::TableEdit line_meta_set(std::size_t row, std::size_t line, const std::string& key, const Json& value) {
    return [=](futolab::CsvTable& t) {
        std::string& output = t.rows.at(row).at(t.column("output", "t"));
        std::istringstream in(output);
        std::string edited;
        std::size_t i = 0;
        for (std::string text; std::getline(in, text); ++i) {
            Json record = Json::parse(text);
            if (i == line) record["meta"][key] = value;
            edited += (edited.empty() ? "" : "\n") + record.dump();
        }
        output = edited;
    };
}

}  // namespace

TEST_CASE("task exact: the row and its record hold the class search's figures, class and keys as its run writes them", "[resume][merge][exact][long]") {
    const fs::path dir = sweep("figures", kExact);
    accepted_by_both(dir, "ex");
    const futolab::CsvTable t = table_of(dir / "base" / "ex.csv");
    const std::size_t r = row_of(t, "exact-n4-c00001");
    REQUIRE(cell(t, r, "status") == "solved");
    const Json meta = Json::parse(cell(t, r, "output"))["meta"];
    REQUIRE(meta.contains("nodes"));  // engine bb counts them
    refused_by_both(dir, "ex", r, {{"nodes", ""}}, "column 'nodes': '' is not a whole number");
    refused_by_both(dir, "ex", r, {{"meta.nodes", "100000"}}, "where its record's search counts 100000");
    refused_by_both(dir, "ex", r, {{"checks", std::to_string(meta["oracle_queries"].get<int>() + 1)}},
                    "where its record's search asks " + meta["oracle_queries"].dump() + " oracle queries");
    refused_by_both(dir, "ex", r, {{"meta.unavoidable_sets", "-1"}}, "a record whose meta 'unavoidable_sets' is not a whole number");
    refused_by_both(dir, "ex", r, {{"meta.orbit", "7"}}, "a record whose meta 'orbit' is not " + meta["orbit"].dump());
    refused_by_both(dir, "ex", r, {{"meta.class", "0"}},
                    "a record whose meta 'class' is 0, where its instance 'exact-n4-c00001' is another class");
    refused_by_both(dir, "ex", r, {{"meta.x", "1"}}, "a record (line 1) with meta 'x', which the search does not write");
    fs::remove_all(dir);
}

// A class search keeps the run's limits itself, looking at them before every hitting-set solve
// and oracle query (a step of milliseconds at n <= 5), so a row it finished is within each limit
// plus 0.5 s on the row's clocks, the sandbox's kill grace (class_search_facts.hpp,
// check_class_search_time): rows finished far past their limit were resumed and merged
// (red-team rounds 25 and 26 left it open). A solved and a multiple row, CPU and wall limits.
TEST_CASE("task exact: a finished row is within its limits and the 0.5 s its search can run past one", "[resume][merge][exact][limits][long]") {
    const fs::path cpu = sweep("finished-cpu", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 2 }\n"
                                               "methods: [ \"exact:objective=k\" ]\nisolation: thread\nlimits: { cpu: 5s }\n");
    const futolab::CsvTable t = table_of(cpu / "base" / "ex.csv");
    for (const std::size_t r : {row_of(t, "exact-n4-c00000"), row_of(t, "exact-n4-c00001")}) {
        INFO(cell(t, r, "instance") << " " << cell(t, r, "status"));
        REQUIRE((cell(t, r, "status") == "solved" || cell(t, r, "status") == "multiple"));
        // wall_ns above cpu_ns, as a run on its one thread's CPU clock is timed (clock_facts.hpp).
        refused_by_both(cpu, "ex", r, {{"cpu_ns", "5600000000"}, {"wall_ns", "6000000000"}},
                        "the class search and its verification took 5.6 s, more than limits.cpu (5 s) and 0.5 s past it");
        refused_by_both(cpu, "ex", r, {{"cpu_ns", "40000000000"}, {"wall_ns", "40000000000"}}, "more than limits.cpu (5 s)");
        accepted_by_both(cpu, "ex", cells_set(r, {{"cpu_ns", "5400000000"}, {"wall_ns", "6000000000"}}));
        // No wall limit: its wall time is free (a loaded machine).
        accepted_by_both(cpu, "ex", cells_set(r, {{"wall_ns", "30000000000"}}));
    }
    fs::remove_all(cpu);
    // A wall limit needs process isolation, whose sandbox kills a run 0.5 s past it.
    const fs::path wall = sweep("finished-wall", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 1 }\n"
                                                 "methods: [ \"exact:objective=2h+3k\" ]\nisolation: process\nlimits: { time: 5s }\n");
    REQUIRE(cell(table_of(wall / "base" / "ex.csv"), 0, "status") == "solved");
    refused_by_both(wall, "ex", 0, {{"wall_ns", "5600000000"}},
                    "the class search and its verification took 5.6 s, more than limits.time (5 s) and 0.5 s past it");
    accepted_by_both(wall, "ex", cells_set(0, {{"wall_ns", "5400000000"}}));
    fs::remove_all(wall);
}

TEST_CASE("task exact: a frontier's corners carry the figures of their one search", "[resume][merge][exact]") {
    const fs::path dir = sweep("frontier", kFrontier);
    accepted_by_both(dir, "fr");
    const std::string output = cell(table_of(dir / "base" / "fr.csv"), 0, "output");
    REQUIRE(output.find('\n') != std::string::npos);
    refused_by_both(dir, "fr", 0, line_meta_set(0, 1, "hitting_set_calls", 12345),
                    "a frontier point (line 2) whose meta 'hitting_set_calls' is not line 1's: the points are of one search");
    refused_by_both(dir, "fr", 0, line_meta_set(0, 1, "x", 1), "a record (line 2) with meta 'x', which the search does not write");
    fs::remove_all(dir);
}

// Class 0's record of objective k with a relation taken out, as the run writes a witness whose
// verification failed (its counts lowered with the set, uniquely_completable false, and the
// search's hitting-set calls with its minimum: one per cost it climbed), the row relabelled
// error with the message its run writes then.
void witness_failed(futolab::CsvTable& t) {
    futolab::test::relation_dropped(0)(t);
    futolab::test::record_edited(0, [](Json& record) {
        Json& meta = record["meta"];
        for (const char* key : {"k", "h+k", "minimum", "hitting_set_calls"}) meta[key] = meta[key].get<int>() - 1;
        for (const char* key : {"2h+3k", "slack"}) meta[key] = meta[key].get<int>() - 3;
        meta["uniquely_completable"] = false;
    })(t);
    cells_set(0, {{"status", "error"}, {"message", "verification failed: the set has a second solution"}})(t);
}

TEST_CASE("task exact: an error row's records are held to their class and search as a solved row's are", "[resume][merge][exact]") {
    const fs::path dir = sweep("error", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 1 }\n"
                                        "methods: [ \"exact:objective=k\" ]\nisolation: thread\n");
    const auto failed_and = [](std::vector<std::pair<std::string, std::string>> cells) {
        return [cells](futolab::CsvTable& t) {
            witness_failed(t);
            cells_set(0, cells)(t);
        };
    };
    refused_by_both(dir, "ex", 0, failed_and({{"meta.orbit", "7"}}), "a record whose meta 'orbit' is not");
    refused_by_both(dir, "ex", 0, failed_and({{"meta.x", "1"}}), "a record (line 1) with meta 'x', which the search does not write");
    refused_by_both(dir, "ex", 0, failed_and({{"checks", "99"}}), "where its record's search asks");
    futolab::test::edit_table(dir / "base" / "ex.csv", witness_failed);
    accepted_by_both(dir, "ex");
    fs::remove_all(dir);
}

// What a class search counted to reach its minimum (experiments/class_search_facts.hpp,
// check_exact_class_effort): a class's hitting_set_calls of 0 or 1000 and unavoidable_sets of 0
// or 1000000 were resumed and summed into the published record (red-team round 25, B F12).
TEST_CASE("task exact: a record's search counters are ones its search can reach its minimum with", "[resume][merge][exact][long]") {
    for (const char* method : {"exact:objective=h+k", "exact:objective=2h+3k,engine=cadical", "exact:objective=h,oracle=solver"}) {
        INFO(method);
        const fs::path dir = sweep("effort", std::string("name: ex\ntask: exact\ninstances:\n  - classes: { n: 3 }\nmethods: [ \"") +
                                                 method + "\" ]\nisolation: thread\n");
        accepted_by_both(dir, "ex");
        const futolab::CsvTable t = table_of(dir / "base" / "ex.csv");
        REQUIRE(cell(t, 0, "status") == "solved");
        const Json meta = Json::parse(cell(t, 0, "output"))["meta"];
        const auto calls = meta["hitting_set_calls"].get<std::uint64_t>(), minimum = meta["minimum"].get<std::uint64_t>(),
                   queries = meta["oracle_queries"].get<std::uint64_t>();
        REQUIRE(calls > minimum);
        REQUIRE(calls - minimum <= queries);
        for (const std::uint64_t bad : {std::uint64_t{0}, minimum, minimum + queries + 1, std::uint64_t{1000}})
            refused_by_both(dir, "ex", 0, {{"meta.hitting_set_calls", std::to_string(bad)}},
                            "a record whose meta 'hitting_set_calls' is " + std::to_string(bad) + ", where a search that reached cost");
        for (const char* bad : {"0", "1000000"})
            refused_by_both(dir, "ex", 0, {{"meta.unavoidable_sets", bad}}, std::string("a record whose meta 'unavoidable_sets' is ") + bad);
        fs::remove_all(dir);
    }
}

TEST_CASE("task exact: a frontier's search counters reach its numbers-only corner", "[resume][merge][exact]") {
    const fs::path dir = sweep("frontier-effort", kFrontier);
    const futolab::CsvTable t = table_of(dir / "base" / "fr.csv");
    std::uint64_t h_max = 0;
    std::istringstream lines(cell(t, 0, "output"));
    for (std::string line; std::getline(lines, line);) h_max = std::max(h_max, Json::parse(line)["meta"]["h_max"].get<std::uint64_t>());
    REQUIRE(h_max > 1);
    // Every corner carries the one search's figures: edited alike on each line.
    const auto every_line = [](const char* key, std::uint64_t value) {
        return [key, value](futolab::CsvTable& table) {
            for (std::size_t line = 0; line < 6; ++line) line_meta_set(0, line, key, value)(table);
        };
    };
    refused_by_both(dir, "fr", 0, every_line("hitting_set_calls", h_max), "a record whose meta 'hitting_set_calls' is");
    refused_by_both(dir, "fr", 0, every_line("unavoidable_sets", h_max - 1), "a record whose meta 'unavoidable_sets' is");
    refused_by_both(dir, "fr", 0, every_line("unavoidable_sets", 1000000), "more than the 2000 seeds its pool starts with");
    fs::remove_all(dir);
}

namespace {

// An exact-sample sweep of order 4, seed 2 (its classes drawn from the row's seed), of `options`.
fs::path sample_sweep(const std::string& name, const std::string& options) {
    return sweep(name, "name: sm\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\nmethods: [ \"exact-sample:" +
                           options + "\" ]\n");
}

std::uint64_t figure(const Json& meta, const char* key) { return meta[key].get<std::uint64_t>(); }

// Every record (line) of row 0 with meta `key` set to `value`: a frontier's corners share it.
futolab::test::TableEdit every_record_set(const char* key, std::uint64_t value) {
    return [key, value](futolab::CsvTable& t) {
        const std::string output = t.rows.at(0).at(t.column("output", "t"));
        const auto lines = static_cast<std::size_t>(std::count(output.begin(), output.end(), '\n')) + 1;
        for (std::size_t line = 0; line < lines; ++line) line_meta_set(0, line, key, value)(t);
    };
}

}  // namespace

// A red-team finding: exact-sample's hitting_set_calls and unavoidable_sets, the sums of its
// classes' searches, were held to nothing, where task exact's one class's had been bounded
// (check_class_effort, one rule for both): each class climbs to its own minimum (class_minima),
// one call per cost and one per refuted candidate; a class without a set (objective k) may try
// every cost up to its clues' total; the pools hold the seeds and a set per query at most.
TEST_CASE("task exact-sample: a record's summed search counters are ones its classes' searches can reach", "[resume][merge][exact-sample][lifecycle]") {
    const struct {
        const char* options;
        std::uint64_t total;  // the cost of every clue of order 4 under the objective
    } methods[]{{"sample=3", 2 * 16 + 3 * 24},
                {"sample=3,engine=cadical", 2 * 16 + 3 * 24},
                {"sample=6,objective=k", 24},
                {"sample=6,objective=k,engine=cadical", 24},
                {"sample=4,objective=h+k,cycle_seeds=no,shrink=no,threads=2", 16 + 24}};
    for (const auto& method : methods) {
        INFO(method.options);
        const fs::path dir = sample_sweep("sample-effort", method.options);
        accepted_by_both(dir, "sm");
        const futolab::CsvTable t = table_of(dir / "base" / "sm.csv");
        REQUIRE(cell(t, 0, "status") == "solved");
        const Json meta = Json::parse(cell(t, 0, "output"))["meta"];
        std::uint64_t climbed = 0, none = 0;
        for (const auto& [key, count] : meta["class_minima"].items()) {
            if (key == "none") none = count.get<std::uint64_t>();
            else climbed += std::stoull(key) * count.get<std::uint64_t>();
        }
        const std::uint64_t classes = figure(meta, "classes"), queries = figure(meta, "oracle_queries");
        const std::uint64_t least = climbed + classes, most = climbed + none * (method.total + 1) + queries;
        const std::uint64_t calls = figure(meta, "hitting_set_calls");
        REQUIRE(least <= calls);
        REQUIRE(calls <= most);
        const std::string says = "where the " + std::to_string(classes) + " class searches that reached costs " + std::to_string(climbed) + " together";
        for (const std::uint64_t bad : {std::uint64_t{0}, least - 1, most + 1, std::uint64_t{1000000000}})
            refused_by_both(dir, "sm", 0, {{"meta.hitting_set_calls", std::to_string(bad)}},
                            "a record whose meta 'hitting_set_calls' is " + std::to_string(bad) + ", " + says);
        // The bounds themselves are what such searches can count: as few calls as they climb, and
        // as many as their queries refute, past which each refuted candidate left a set in a pool.
        const std::uint64_t idle = none * (method.total + 1), top = std::min(most, least + idle + figure(meta, "unavoidable_sets"));
        for (const std::uint64_t edge : {least, top}) accepted_by_both(dir, "sm", cells_set(0, {{"meta.hitting_set_calls", std::to_string(edge)}}));
        refused_by_both(dir, "sm", 0, {{"meta.hitting_set_calls", std::to_string(top + 1)}}, "a record whose meta '");
        refused_by_both(dir, "sm", 0, {{"meta.unavoidable_sets", "0"}}, "a record whose meta 'unavoidable_sets' is 0, too few for pools");
        refused_by_both(dir, "sm", 0, {{"meta.unavoidable_sets", "1000000"}},
                        "a record whose meta 'unavoidable_sets' is 1000000, more than the ");
        fs::remove_all(dir);
    }
}

// With below, a class climbs nothing: its branch and bound asks below the best so far, one call
// per refuted candidate or better set and one that finds none (engine=cadical counts none of
// them: its counter is CaDiCaL's, which is not called).
TEST_CASE("task exact-sample: with below the searches' calls are one more than their queries at most", "[resume][merge][exact-sample][long]") {
    for (const char* engine : {"bb", "cadical"}) {
        INFO(engine);
        const fs::path dir = sample_sweep("sample-below", std::string("sample=3,below=9,engine=") + engine);
        accepted_by_both(dir, "sm");
        const futolab::CsvTable t = table_of(dir / "base" / "sm.csv");
        REQUIRE(cell(t, 0, "status") == "solved");
        const Json meta = Json::parse(cell(t, 0, "output"))["meta"];
        const std::uint64_t queries = figure(meta, "oracle_queries"), calls = figure(meta, "hitting_set_calls");
        if (std::string(engine) == "bb") {
            const std::uint64_t most = 3 * 10 + queries;  // each class: a call more than its queries, and one per better set below 9
            CHECK(calls >= 3);
            CHECK(calls <= queries + 3);
            for (const std::uint64_t bad : {std::uint64_t{0}, std::uint64_t{2}, most + 1})
                refused_by_both(dir, "sm", 0, {{"meta.hitting_set_calls", std::to_string(bad)}},
                                "a record whose meta 'hitting_set_calls' is " + std::to_string(bad) + ", where the 3 class searches");
            accepted_by_both(dir, "sm", cells_set(0, {{"meta.hitting_set_calls", "3"}}));
        } else {
            CHECK(calls == 0);
            for (const std::uint64_t bad : {std::uint64_t{1}, queries + 1})
                refused_by_both(dir, "sm", 0, {{"meta.hitting_set_calls", std::to_string(bad)}},
                                "a record whose meta 'hitting_set_calls' is " + std::to_string(bad) + ", where its searches call no engine it counts");
        }
        refused_by_both(dir, "sm", 0, {{"meta.unavoidable_sets", "1000000"}}, "a record whose meta 'unavoidable_sets' is 1000000, more than");
        fs::remove_all(dir);
    }
}

TEST_CASE("task exact-sample: a frontier's summed search counters reach the last corner in every class", "[resume][merge][exact-sample]") {
    const fs::path dir = sample_sweep("sample-frontier-effort", "sample=3,objective=frontier");
    accepted_by_both(dir, "sm");
    const futolab::CsvTable t = table_of(dir / "base" / "sm.csv");
    std::uint64_t h_max = 0;
    std::istringstream lines(cell(t, 0, "output"));
    for (std::string line; std::getline(lines, line);) h_max = std::max(h_max, Json::parse(line)["meta"]["h_max"].get<std::uint64_t>());
    REQUIRE(h_max > 1);
    refused_by_both(dir, "sm", 0, every_record_set("hitting_set_calls", 3 * (h_max + 1) - 1),
                    "a record whose meta 'hitting_set_calls' is " + std::to_string(3 * (h_max + 1) - 1) + ", where the 3 class searches");
    accepted_by_both(dir, "sm", every_record_set("hitting_set_calls", 3 * (h_max + 1)));
    refused_by_both(dir, "sm", 0, every_record_set("unavoidable_sets", 3 * h_max - 1), "a record whose meta 'unavoidable_sets' is");
    refused_by_both(dir, "sm", 0, every_record_set("unavoidable_sets", 1000000), "more than the ");
    fs::remove_all(dir);
}
