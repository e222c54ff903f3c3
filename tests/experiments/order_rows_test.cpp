// The rows of the order kinds (construct, exhaustive, exact-sample, free-square) held by resume
// and merge to what each kind's run writes, whatever the row's status
// (experiments/order_outputs.hpp, check_order_row): a status the run never writes, a row
// without a record whose cells or counters were edited, an error row made up, and the parts
// of a record the search's own figures fix (the exact-sample summary, a frontier's corners,
// free-square's moves, exhaustive's one time, construct's certificate text).
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <string>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::record_edited;
using futolab::test::refused_by_both;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("order-rows", name, config); }

// n = 4, seed 2, sample 3: no class has a set cheaper than 8, so the row is `multiple` (no record).
const std::string kNoSet = "name: ns\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                           "methods: [ \"exact-sample:sample=3,below=8\" ]\n";
// A node limit of 1 leaves every check undecided: the budget is spent without a puzzle (timeout).
const std::string kNoPuzzle = "name: np\ntask: free-square\ninstances:\n  - critical_orders: { n: 5 }\n"
                              "methods: [ \"free-square:iterations=5,node_limit=1\" ]\n";
// split=5 at n = 5: the run's error, before it constructs anything.
const std::string kNoSplit = "name: nc\ntask: construct\ninstances:\n  - critical_orders: { n: 5 }\n"
                             "methods: [ \"construct:split=5\" ]\n";

}  // namespace

TEST_CASE("order kinds: a status their run never writes is refused by resume and merge", "[resume][merge][exact-sample][free-square][construct][long]") {
    const fs::path sample = sweep("status-sample", kNoSet);
    REQUIRE(cell(table_of(sample / "base" / "ns.csv"), 0, "status") == "multiple");
    accepted_by_both(sample, "ns");
    for (const char* status : {"memout", "timeout", "crash", "node_limit"})
        refused_by_both(sample, "ns", 0, {{"status", status}}, "a status task exact-sample never writes");
    const fs::path square = sweep("status-square", kNoPuzzle);
    for (const char* status : {"memout", "crash"})
        refused_by_both(square, "np", 0, {{"status", status}}, "a status task free-square never writes");
    const fs::path construct = sweep("status-construct", kNoSplit);
    REQUIRE(cell(table_of(construct / "base" / "nc.csv"), 0, "status") == "error");
    accepted_by_both(construct, "nc");
    for (const char* status : {"memout", "timeout"})
        refused_by_both(construct, "nc", 0, {{"status", status}}, "a status task construct never writes");
}

TEST_CASE("order kinds: a row without a record keeps h, k, solutions and the counters its run writes", "[resume][merge][exact-sample][free-square][long]") {
    const fs::path sample = sweep("recordless-sample", kNoSet);
    refused_by_both(sample, "ns", 0, {{"checks", ""}}, "empty, where a 'multiple' run of task exact-sample counts it");
    refused_by_both(sample, "ns", 0, {{"nodes", ""}}, "empty, where a 'multiple' run of task exact-sample counts it");
    refused_by_both(sample, "ns", 0, {{"solutions", ""}}, "where its run made no record");
    // An error it never writes without the records that failed their verification.
    refused_by_both(sample, "ns", 0, {{"status", "error"}}, "where the run writes an error with the records");
    const fs::path square = sweep("recordless-square", kNoPuzzle);
    accepted_by_both(square, "np");
    refused_by_both(square, "np", 0, {{"nodes", "5"}}, "where a 'timeout' run of task free-square writes it empty");
    refused_by_both(square, "np", 0, {{"status", "error"}, {"solutions", "3"}}, "where its run made no record");
    refused_by_both(square, "np", 0, {{"status", "error"}}, "where its run writes 'verification failed: ' and its verification's reason");
}

TEST_CASE("task construct: an error row is made again by resume and merge", "[resume][merge][construct][long]") {
    const fs::path dir = sweep("construct-error", kNoSplit);
    const futolab::CsvTable t = table_of(dir / "base" / "nc.csv");
    CHECK(cell(t, 0, "message") == "split=5 needs n > 5 (the chains from 1 are 0 to n-1)");
    CHECK(cell(t, 0, "nodes").empty());
    refused_by_both(dir, "nc", 0, {{"message", "split=5 needs n > 6 (the chains from 1 are 0 to n-1)"}},
                    "where its run writes 'split=5 needs n > 5");
    refused_by_both(dir, "nc", 0, {{"h", "1"}}, "where its run made no record");
    refused_by_both(dir, "nc", 0, {{"solutions", "1"}}, "where its run made no record");
    refused_by_both(dir, "nc", 0, {{"nodes", "7"}}, "where a 'error' run of task construct writes it empty");
    refused_by_both(dir, "nc", 0, {{"output", "{\"id\":\"x\",\"n\":5,\"givens\":[],\"lt\":[]}"}}, "a record, where the run constructs nothing");
    // The certificate bound: certificate=yes past n = 40 fails the same way, its message made again.
    const fs::path bound = sweep("construct-bound", "name: nb\ntask: construct\ninstances:\n  - critical_orders: { n: 41 }\n"
                                                    "methods: [ \"construct:certificate=yes\" ]\n");
    REQUIRE(cell(table_of(bound / "base" / "nb.csv"), 0, "status") == "error");
    accepted_by_both(bound, "nb");
    refused_by_both(bound, "nb", 0, {{"message", "boom"}}, "where its run writes 'certificate=yes: the uniqueness proof is written for n <= 40'");
}

TEST_CASE("task exact-sample: the record's summary of the sample is what its search writes", "[resume][merge][exact-sample][long]") {
    const fs::path dir = sweep("summary", "name: sm\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                                          "methods: [ \"exact-sample:sample=3\" ]\n");
    const Json record = Json::parse(cell(table_of(dir / "base" / "sm.csv"), 0, "output"));
    REQUIRE(record["meta"]["minimum"] == 8);
    REQUIRE(record["meta"]["class_minima"] == Json::parse("{\"10\": 1, \"8\": 2}"));
    accepted_by_both(dir, "sm");
    refused_by_both(dir, "sm", 0, {{"meta.forged", "\"yes\""}}, "with meta 'forged', which the search does not write");
    refused_by_both(dir, "sm", 0, record_edited(0, [](Json& r) { r["meta"]["class_seconds"]["x"] = 1; }),
                    "'class_seconds' is not the distribution");
    refused_by_both(dir, "sm", 0, {{"meta.class_minima", "{\"10\": 1, \"7\": 2}"}}, "has '7', where its minimum is 8");
    refused_by_both(dir, "sm", 0, {{"meta.class_minima", "{\"8\": 1, \"10\": 2}"}}, "counts 1 classes at its minimum 8");
    refused_by_both(dir, "sm", 0, {{"meta.classes_at_minimum", "9"}}, "'classes_at_minimum' says 9");
    refused_by_both(dir, "sm", 0, {{"meta.squares_at_minimum", "0"}}, "'squares_at_minimum' is 0");
    refused_by_both(dir, "sm", 0, record_edited(0, [](Json& r) { r["meta"]["class_cpu_seconds"]["mean"] = -0.5; }),
                    "'class_cpu_seconds' is not the distribution");
    refused_by_both(dir, "sm", 0, record_edited(0, [](Json& r) { r["meta"]["class_cpu_seconds"]["mean"] = 5.0; }),
                    "'class_cpu_seconds' has its figures out of order");
}

// No class took longer than the run, and the mean is the total over the classes: a max and
// total of 5 s in a row of a few ms, or a mean that is not total / 3, were resumed and merged
// (red-team round 24, B F1).
TEST_CASE("task exact-sample: the class times are within the row and their mean is total over classes",
          "[resume][merge][exact-sample]") {
    const fs::path dir = sweep("class-times", "name: sm\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                                              "methods: [ \"exact-sample:sample=3\" ]\n");
    refused_by_both(dir, "sm", 0, record_edited(0, [](Json& r) {
                        Json& d = r["meta"]["class_seconds"];
                        d["max"] = d["total"] = 5.0;
                        d["mean"] = 5.0 / 3;
                    }), "a record whose meta 'class_seconds.max' is 5 s, more than the run's wall_ns");
    for (const char* key : {"class_seconds", "class_cpu_seconds"})
        refused_by_both(dir, "sm", 0, record_edited(0, [key](Json& r) {
                            Json& d = r["meta"][key];
                            d["mean"] = d["mean"].get<double>() * 0.9;
                        }), "has a mean of");
}

namespace {

// An exact-sample sweep of n = 4, seed 2, sample 3 (3 classes) on `threads` threads.
fs::path sample_sweep(const std::string& name, int threads) {
    return sweep(name, "name: sm\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                       "methods: [ \"exact-sample:sample=3,threads=" + std::to_string(threads) + "\" ]\n");
}

// The distribution of the 3 classes' times, each `each` seconds, as the search writes it.
Json three_classes_of(double each) {
    return {{"mean", each}, {"median", each}, {"p90", each}, {"p99", each}, {"max", each}, {"total", 3 * each}};
}

// Row 0's record with its meta `key` set to three classes of `each` seconds.
futolab::test::TableEdit classes_of(const char* key, double each) {
    return record_edited(0, [key, each](Json& r) { r["meta"][key] = three_classes_of(each); });
}

}  // namespace

// The class times held to the clocks that hold them (red-team round 24, left open): each class
// within the search's time_ms; their wall total within threads (at most one a class) times it;
// with threads=1 their CPU total within the row's cpu_ns. With threads=2 the classes' CPU may
// pass cpu_ns (the runner's thread's CPU only) and is taken.
TEST_CASE("task exact-sample: the class times are held to the search's time and the row's CPU", "[resume][merge][exact-sample][long]") {
    const fs::path one = sample_sweep("class-clocks-1", 1);
    const Json record = Json::parse(cell(table_of(one / "base" / "sm.csv"), 0, "output"));
    const double search = record["meta"]["time_ms"].get<double>() / 1e3;
    const double cpu = std::stod(cell(table_of(one / "base" / "sm.csv"), 0, "cpu_ns")) / 1e9;
    const double longest = record["meta"]["class_seconds"]["max"].get<double>();
    REQUIRE(longest > 0);
    accepted_by_both(one, "sm");
    refused_by_both(one, "sm", 0, record_edited(0, [longest](Json& r) { r["meta"]["time_ms"] = longest * 1e3 / 2; }),
                    "a record whose meta 'class_seconds.max' is");
    refused_by_both(one, "sm", 0, classes_of("class_seconds", 0.9 * search),
                    "a record whose meta 'class_seconds.total' is");
    refused_by_both(one, "sm", 0, classes_of("class_cpu_seconds", 0.5 * cpu),
                    "a record whose meta 'class_cpu_seconds.total' is");
    accepted_by_both(one, "sm", classes_of("class_cpu_seconds", 0.3 * cpu));

    const fs::path two = sample_sweep("class-clocks-2", 2);
    accepted_by_both(two, "sm");
    const Json record2 = Json::parse(cell(table_of(two / "base" / "sm.csv"), 0, "output"));
    const double search2 = record2["meta"]["time_ms"].get<double>() / 1e3;
    const double cpu2 = std::stod(cell(table_of(two / "base" / "sm.csv"), 0, "cpu_ns")) / 1e9;
    refused_by_both(two, "sm", 0, classes_of("class_seconds", 0.9 * search2),  // 2.7 times it: more than 2 threads fit
                    "more than 2 thread(s) running its classes one after another fit");
    accepted_by_both(two, "sm", classes_of("class_seconds", 0.6 * search2));  // 1.8 times it
    accepted_by_both(two, "sm", classes_of("class_cpu_seconds", 0.5 * cpu2));  // other threads' CPU: not in cpu_ns

    const fs::path three = sample_sweep("class-clocks-3", 3);
    const double search3 = Json::parse(cell(table_of(three / "base" / "sm.csv"), 0, "output"))["meta"]["time_ms"].get<double>() / 1e3;
    accepted_by_both(three, "sm", classes_of("class_seconds", 0.9 * search3));
}

TEST_CASE("task exact-sample: a frontier row holds its corners, each once, as the search writes them", "[resume][merge][exact-sample]") {
    const fs::path dir = sweep("frontier", "name: fr\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                                           "methods: [ \"exact-sample:sample=3,objective=frontier\" ]\n");
    const std::string output = cell(table_of(dir / "base" / "fr.csv"), 0, "output");
    REQUIRE(Json::parse(output.substr(output.rfind('\n') + 1))["meta"]["h_max"] == 4);
    accepted_by_both(dir, "fr");  // a corner with numbers costs its k, not h + k
    const std::string first = output.substr(0, output.find('\n'));
    refused_by_both(dir, "fr", 0, [&](futolab::CsvTable& t) {
        t.rows.at(0).at(t.column("output", "t")) = first + "\n" + first + "\n" + first + "\n" + first + "\n" + first;
    }, "(line 2) that is not the next corner after line 1");
}

TEST_CASE("order kinds: the search figures a record shares, moves and certificate text as the run writes them", "[resume][merge][free-square][exhaustive][construct][long]") {
    const fs::path square = sweep("moves", "name: mv\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
                                           "methods: [ \"free-square:iterations=50\" ]\n");
    accepted_by_both(square, "mv");
    refused_by_both(square, "mv", 0, {{"meta.accepted", "999"}}, "'accepted' is 999, more than its");
    refused_by_both(square, "mv", 0, {{"meta.iterations", "51"}}, "'iterations' is 51, more than the method's 50");
    const fs::path exhaustive = sweep("one-time", "name: ot\ntask: exhaustive\ninstances:\n  - critical_orders: { n: 3 }\n"
                                                  "methods: [ exhaustive ]\n");
    refused_by_both(exhaustive, "ot", 0, [](futolab::CsvTable& t) {
        std::string& out = t.rows.at(0).at(t.column("output", "t"));
        Json second = Json::parse(out.substr(out.find('\n') + 1));
        const double first = Json::parse(out.substr(0, out.find('\n')))["meta"]["time_ms"].get<double>();
        REQUIRE(first > 0);
        second["meta"]["time_ms"] = first / 2;  // within the run's wall, which a larger time is not
        out = out.substr(0, out.find('\n') + 1) + second.dump();
    }, "(line 2) whose meta 'time_ms' is not line 1's");
    const fs::path construct = sweep("certificate-text", "name: ct\ntask: construct\ninstances:\n  - critical_orders: { n: 5 }\n"
                                                         "methods: [ \"construct:certificate=yes\" ]\n");
    accepted_by_both(construct, "ct");
    // A proof line not as CaDiCaL writes it is refused by the DRUP reader itself (spaces before
    // the 0 too, since red-team round 27, C F5; a literal not in DIMACS form: round 25, B F6).
    const std::pair<const char*, const char*> proofs[] = {{"  0\n", "drat: proof line 1: not a clause"},
                                                          {"0\r\n", "drat: proof line 1: not a clause"},
                                                          {"00\n", "drat: proof line 1: not a clause"},
                                                          {"-0\n", "drat: proof line 1: not a clause"}};
    for (const auto& [proof, says] : proofs)
        refused_by_both(construct, "ct", 0, record_edited(0, [proof = proof](Json& r) {
            for (Json& line : r["meta"]["certificate"])
                if (line.contains("drat")) line["drat"] = proof;
        }), says);
}

TEST_CASE("order kinds: an error row whose records pass their verification again is refused", "[resume][merge][exhaustive][exact-sample]") {
    const fs::path exhaustive = sweep("error-exhaustive", "name: ex\ntask: exhaustive\ninstances:\n  - critical_orders: { n: 3 }\n"
                                                          "methods: [ exhaustive ]\n");
    REQUIRE(cell(table_of(exhaustive / "base" / "ex.csv"), 0, "status") == "solved");
    refused_by_both(exhaustive, "ex", 0, {{"status", "error"}, {"message", "a witness failed its verification"}},
                    "verifies both witnesses again (its run writes solved)");
    const fs::path sample = sweep("error-sample", "name: es\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 3, count: 2 }\n"
                                                  "methods: [ \"exact-sample:sample=2\" ]\n");
    for (std::size_t row = 0; row < 2; ++row)
        refused_by_both(sample, "es", row, {{"status", "error"}, {"message", "a witness failed its verification"}},
                        "where every record's set passes its verification again by");
}

// A dead end ends the start or move it met: 1000 of them in a search of 50 iterations was resumed
// and merged (red-team round 24, B F1); 50 moves, 50 failed starts and a given start allow 101,
// and a run from the empty board has no given start (round 25, B F14: its bound counted one).
TEST_CASE("task free-square: dead_ends at most one per move, failed start and given start", "[resume][merge][free-square]") {
    const fs::path square = sweep("dead-ends", "name: mv\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
                                               "methods: [ \"free-square:iterations=50\" ]\n");
    refused_by_both(square, "mv", 0, {{"meta.dead_ends", "1000"}}, "a record whose meta 'dead_ends' is 1000, more than its");
    // From the empty board, 3 iterations: 3 moves and 3 failed starts (max_failed_starts) allow 6.
    const fs::path empty = sweep("dead-ends-empty", "name: mv\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
                                                    "methods: [ \"free-square:iterations=3\" ]\n");
    const Json meta = Json::parse(cell(table_of(empty / "base" / "mv.csv"), 0, "output"))["meta"];
    REQUIRE(meta["started_from"] == "empty");
    REQUIRE(meta["iterations"] == 3);
    accepted_by_both(empty, "mv", futolab::test::cells_set(0, {{"meta.dead_ends", "6"}}));
    refused_by_both(empty, "mv", 0, {{"meta.dead_ends", "7"}},
                    "a record whose meta 'dead_ends' is 7, more than its 3 moves, 3 failed starts (a run from the empty board: no "
                    "given start) allow");
}

TEST_CASE("task free-square: an error row's message is a reason its verification gives", "[resume][merge][free-square][long]") {
    const fs::path dir = sweep("error-reason", kNoPuzzle);
    for (const char* reason : {"lol", "\u202e", "", "clue 3 is redundant: the set without it is still uniquely completable",
                               "clue 65 is redundant: the set without it is still uniquely completable",
                               "clue 030 is redundant: the set without it is still uniquely completable"})
        refused_by_both(dir, "np", 0, {{"status", "error"}, {"message", std::string("verification failed: ") + reason}},
                        "where its run writes 'verification failed: ' and its verification's reason");
    // n = 5: relations are clues 25 to 64 (no record is kept, so which one is not checked).
    for (const char* reason : {"the set has a second solution", "clue 64 is redundant: the set without it is still uniquely completable"}) {
        const fs::path again = sweep(fmt::format("error-reason-{}", reason[0]), kNoPuzzle);
        futolab::test::edit_row(again / "base" / "np.csv", 0, {{"status", "error"}, {"message", std::string("verification failed: ") + reason}});
        accepted_by_both(again, "np");
    }
}

TEST_CASE("task exact-sample: class_minima holds only the minima its classes have, and its none count", "[resume][merge][exact-sample]") {
    // n = 4, seed 2, sample 3, objective 2h+3k: minima 8, 8, 10 (every class has a set).
    const fs::path dir = sweep("minima", "name: sm\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                                         "methods: [ \"exact-sample:sample=3\" ]\n");
    refused_by_both(dir, "sm", 0, {{"meta.class_minima", "{\"10\": 1, \"8\": 2, \"12\": 0}"}}, "counts 0 classes at '12'");
    refused_by_both(dir, "sm", 0, {{"meta.class_minima", "{\"none\": 1, \"8\": 2}"}},
                    "counts 1 classes without a set ('none'), where its run writes 0");
    refused_by_both(dir, "sm", 0, {{"meta.class_minima", "{\"10\": 1, \"8\": 2, \"x\": 0}"}}, "has 'x', neither a cost nor 'none'");
    // A frontier's classes have no single minimum: all are 'none'.
    const fs::path frontier = sweep("minima-frontier", "name: fr\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
                                                       "methods: [ \"exact-sample:objective=frontier,sample=3\" ]\n");
    const std::string output = cell(table_of(frontier / "base" / "fr.csv"), 0, "output");
    REQUIRE(Json::parse(output.substr(0, output.find('\n')))["meta"]["class_minima"] == Json::parse("{\"none\": 3}"));
    refused_by_both(frontier, "fr", 0, [](futolab::CsvTable& t) {
        std::string& out = t.rows.at(0).at(t.column("output", "t"));
        std::string edited;
        for (std::size_t from = 0; from < out.size();) {
            std::size_t to = out.find('\n', from);
            if (to == std::string::npos) to = out.size();
            Json record = Json::parse(out.substr(from, to - from));
            record["meta"]["class_minima"] = Json::parse("{\"none\": 2, \"9\": 1}");
            edited += (edited.empty() ? "" : "\n") + record.dump();
            from = to + 1;
        }
        out = edited;
    }, "counts 2 classes without a set ('none'), where its run writes 3");
}
