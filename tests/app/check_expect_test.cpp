// futolab-bench's expected answers (app/bench_manifest.hpp) and the comparison of a run with
// them (app/check_expect.hpp), in process: each kind of problem, each status a run can end
// with, and each kind of bad manifest.
#include "app/bench_manifest.hpp"
#include "app/check_expect.hpp"
#include "cli_runner.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>

using namespace futolab;
using namespace futolab::app;
using futolab::test::has;

namespace {

const std::string kSolution = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";

// Two tiers: a unique, a multiple and an unsat instance in "a", one more unique in "b".
BenchManifest manifest() {
    BenchManifest m;
    m.path = "m.json";
    m.name = "futolab-bench";
    m.version = 1;
    m.tiers = {"a", "b"};
    m.instances = {{"a", "a/x.jsonl", "u", "00000000000000a1", Expected::unique, solution_hash(kSolution)},
                   {"a", "a/x.jsonl", "m", "00000000000000a2", Expected::multiple, ""},
                   {"a", "a/x.jsonl", "s", "00000000000000a3", Expected::unsat, ""},
                   {"b", "b/y.jsonl", "v", "00000000000000b1", Expected::unique, solution_hash("1 2/2 1")}};
    return m;
}

// The id manifest() gives a hash's puzzle, as a run of its file states it ("id-ff": no entry).
std::string id_of(const std::string& hash) {
    const std::map<std::string, std::string> ids{{"a1", "u"}, {"a2", "m"}, {"a3", "s"}, {"b1", "v"}};
    const auto it = ids.find(hash.substr(14));
    return it != ids.end() ? it->second : "id-" + hash.substr(14);
}

RunAnswer answer(const std::string& hash, Status status, const std::string& solution = "", int line = 2) {
    RunAnswer r;
    r.where = "r.csv:" + std::to_string(line);
    r.instance = id_of(hash);
    r.hash = hash;
    r.group = "gac (count:2)";
    r.status = status;
    r.solution = solution;
    return r;
}

// The right answers to tier a: no problem.
std::vector<RunAnswer> right_answers() {
    return {answer("00000000000000a1", Status::unique, kSolution, 2), answer("00000000000000a2", Status::multiple, "1 2/2 1", 3),
            answer("00000000000000a3", Status::unsat, "", 4)};
}

std::string manifest_file(const std::string& name, const std::string& text) {
    const auto dir = futolab::test::fresh_dir("check-expect", name);
    const std::string path = (dir / "manifest.json").string();
    std::ofstream(path) << text;
    return path;
}

// A manifest of tier "a", whose file a/x.jsonl holds `count` instances (as the tier does).
std::string instance_json(const std::string& fields, int count = 0) {
    const std::string n = std::to_string(count);
    return R"({"name": "futolab-bench", "version": 1, "sources": {"s": {"what": "w", "licence": "l"}},
               "tiers": [{"name": "a", "instances": )" + n + R"(, "files": [{"path": "a/x.jsonl", "sha256": ")" +
           std::string(64, '0') + R"(", "instances": )" + n + R"(, "source": "s"}]}], "instances": [)" + fields + "]}";
}

}  // namespace

TEST_CASE("the solution hash is FNV-1a 64 of the solution cell, 16 hex digits", "[bench]") {
    // Values computed independently (Python, scripts/bench_manifest.py's fnv1a64).
    CHECK(solution_hash(kSolution) == "05d66df2cf705f18");
    CHECK(solution_hash("") == "cbf29ce484222325");  // the FNV-1a 64 offset basis
}

TEST_CASE("right answers of a tier are no problem", "[bench]") {
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, right_answers());
    CHECK(r.problems.empty());
    CHECK(r.right == 3);
    CHECK(r.instances == 3);
    CHECK(r.groups == 1);
}

TEST_CASE("a wrong status is one problem line naming file, line, instance and both answers", "[bench]") {
    auto runs = right_answers();
    runs[0].status = Status::multiple;
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0] == "r.csv:2: u (hash 00000000000000a1, tier a): gac (count:2) says multiple, expected unique");
    CHECK(r.wrong == 1);
}

TEST_CASE("a first solution agrees with unique or multiple, never with unsat", "[bench]") {
    std::vector<RunAnswer> runs{answer("00000000000000a1", Status::solved, kSolution), answer("00000000000000a2", Status::solved, "1 2/2 1"),
                                answer("00000000000000a3", Status::solved, "1 2/2 1")};
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    REQUIRE(r.problems.size() == 1);
    CHECK(has(r.problems[0], "says solved, expected unsat"));
}

TEST_CASE("a count of all solutions is read from its solutions cell", "[bench]") {
    std::vector<RunAnswer> runs = right_answers();
    for (RunAnswer& a : runs) a.status = Status::counted;
    runs[0].solutions = 1;
    runs[1].solutions = 12;
    runs[2].solutions = 1;  // wrong: the instance is unsat
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    REQUIRE(r.problems.size() == 1);
    CHECK(has(r.problems[0], "r.csv:4: s (hash 00000000000000a3, tier a): gac (count:2) says counted 1 solutions, expected unsat"));
}

TEST_CASE("a unique instance's solution must hash to the manifest's solution hash", "[bench]") {
    auto runs = right_answers();
    runs[0].solution = "1 2 4 3/4 2 3 1/3 4 1 2/2 1 3 4";  // another square
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    REQUIRE(r.problems.size() == 1);
    CHECK(has(r.problems[0], "found a solution whose hash is " + solution_hash(runs[0].solution) + ", expected 05d66df2cf705f18"));
    runs[0].solution.clear();  // nothing claimed: nothing to compare
    CHECK(compare_with_manifest(manifest(), {"a"}, runs).problems.empty());
}

TEST_CASE("a run that decided nothing is undecided, not wrong", "[bench]") {
    auto runs = right_answers();
    runs[0].status = Status::timeout;
    runs[2].status = Status::crash;
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    CHECK(r.problems.empty());
    CHECK(r.undecided == 2);
    CHECK(r.right == 1);
}

TEST_CASE("every instance of the selected tiers needs a run of every spec and mode", "[bench]") {
    auto runs = right_answers();
    runs.pop_back();
    auto other = answer("00000000000000a1", Status::unique, kSolution, 9);
    other.group = "fc (count:2)";
    runs.push_back(other);
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    CHECK(r.missing == 3);  // gac lacks s; fc lacks m and s
    REQUIRE(r.problems.size() == 3);
    CHECK(r.problems[0] == "m.json: m (hash 00000000000000a2, tier a, file a/x.jsonl): no run of fc (count:2)");
    CHECK(r.problems[1] == "m.json: s (hash 00000000000000a3, tier a, file a/x.jsonl): no run of fc (count:2)");
    CHECK(r.problems[2] == "m.json: s (hash 00000000000000a3, tier a, file a/x.jsonl): no run of gac (count:2)");
    CHECK(compare_with_manifest(manifest(), {}, right_answers()).missing == 1);  // all tiers: b's v
}

TEST_CASE("a run of a puzzle outside the selected tiers is reported", "[bench]") {
    auto runs = right_answers();
    runs.push_back(answer("00000000000000ff", Status::unique, "", 7));
    runs.push_back(answer("00000000000000b1", Status::unique, "1 2/2 1", 8));
    const ExpectReport r = compare_with_manifest(manifest(), {"a"}, runs);
    REQUIRE(r.problems.size() == 2);
    CHECK(r.problems[0] == "r.csv:7: id-ff (hash 00000000000000ff): not in tier a of m.json");
    CHECK(has(r.problems[1], "r.csv:8: v (hash 00000000000000b1): not in tier a of m.json"));
    CHECK(r.unknown == 2);
    CHECK_THROWS_WITH(compare_with_manifest(manifest(), {"c"}, runs),
                      "--tier: 'c' is not a tier of m.json (tiers: a, b)");
}

TEST_CASE("a manifest reads with its tiers and instances", "[bench]") {
    const std::string path = manifest_file("good", instance_json(
        R"({"tier": "a", "file": "a/x.jsonl", "id": "u", "hash": "00000000000000a1", "status": "unique", "solution_hash": "05d66df2cf705f18",
            "n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": ["gecode", "sat"]},
           {"tier": "a", "file": "a/x.jsonl", "id": "s", "hash": "00000000000000a3", "status": "unsat", "solution_hash": null,
            "n": 9, "h": 81, "k": 144, "time_class": 0, "checked_by": ["sat"]})", 2));
    const BenchManifest m = read_bench_manifest(path);
    CHECK(m.version == 1);
    CHECK(m.tiers == std::vector<std::string>{"a"});
    REQUIRE(m.instances.size() == 2);
    CHECK(m.instances[0].solution_hash == "05d66df2cf705f18");
    CHECK(m.instances[1].status == Expected::unsat);
    CHECK(m.instances[1].n == 9);
    CHECK(m.instances[1].k == 144);
    CHECK(m.instances[0].time_class == -7);
    CHECK(m.instances[0].checked_by == std::vector<std::string>{"gecode", "sat"});
}

// Red-team round 24, C F3: the file's own byte-order mark is skipped, a second one refused.
TEST_CASE("a manifest reads after the file start byte-order mark and refuses a second mark", "[bench][bad-input]") {
    const std::string text = instance_json("");
    const std::string mark = "\xEF\xBB\xBF";
    CHECK(read_bench_manifest(manifest_file("mark", mark + text)).version == 1);
    const std::string twice = manifest_file("two-marks", mark + mark + text);
    CHECK_THROWS_WITH(read_bench_manifest(twice), twice + ":1:1: U+FEFF, a UTF-8 byte-order mark, at the start of a line: "
                                                          "skipped only at the start of a file");
}

// Red-team round 25: a manifest nested past its bound of 16 levels said "m.json: nested deeper
// than 16 levels", naming no line, where every other refusal of its JSON names line and column.
TEST_CASE("a manifest nested too deep is refused at the line and column of its bracket", "[bench][bad-input]") {
    const auto objects = [](int levels) {
        std::string text;
        for (int i = 0; i < levels; ++i) text += "{\"a\":";
        return text + "1" + std::string(static_cast<std::size_t>(levels), '}');
    };
    const std::string head = "{\"name\": \"futolab-bench\",\n \"version\": 1,\n \"tiers\": [{\"name\": \"a\"}],\n";
    struct Case {
        std::string name, text, where;
    };
    const std::vector<Case> cases{
        {"arrays-line-1", std::string(17, '[') + std::string(17, ']'), ":1:17: "},
        {"objects-line-1", objects(17), ":1:81: "},
        {"arrays-line-4", head + " \"instances\": [" + std::string(15, '[') + std::string(16, ']') + "}", ":4:30: "},
        {"objects-line-2", "{\"name\": \"futolab-bench\",\n\"deep\":" + objects(16) + "}", ":2:83: "},
    };
    for (const Case& c : cases) {
        INFO(c.name);
        const std::string path = manifest_file(c.name, c.text);
        CHECK_THROWS_WITH(read_bench_manifest(path), path + c.where + "nested deeper than 16 levels");
    }
    // 16 levels are read (and refused for what they say, not for their depth).
    for (const std::string& text : {std::string(16, '[') + std::string(16, ']'), objects(16),
                                    head + " \"instances\": [" + std::string(14, '[') + std::string(15, ']') + "}"}) {
        INFO(text);
        try {
            read_bench_manifest(manifest_file("sixteen", text));
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK_FALSE(has(e.what(), "nested deeper"));
        }
    }
    // The command: that one line, exit 2, before any CSV is read.
    const std::string deep = manifest_file("cli", head + " \"instances\": [" + std::string(15, '[') + std::string(16, ']') + "}");
    const auto r = futolab::test::run_cli("check --expect '" + deep + "' no-such.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + deep + ":4:30: nested deeper than 16 levels\n");
}

// Red-team round 25, B F11: "n": 3 for a 2x2 puzzle checked as all right. check --expect reads
// no instance file, so an entry is held to what the rows of its puzzle (its hash) state of it:
// n, h and k, refused (exit 2) at the entry's field, naming the row.
TEST_CASE("a manifest entry whose n or h or k disagrees with a run of its puzzle is refused at the field", "[bench][bad-input]") {
    const std::string path = manifest_file("facts", instance_json(R"(
  {"tier": "a", "file": "a/x.jsonl", "id": "u", "hash": "00000000000000a1", "status": "unique", "solution_hash": "05d66df2cf705f18",
   "n": 4, "h": 3, "k": 5, "time_class": -7, "checked_by": ["sat"]},
  {"tier": "a", "file": "a/x.jsonl", "id": "s", "hash": "00000000000000a3", "status": "unsat", "solution_hash": null,
   "n": 9, "h": 81, "k": 144, "time_class": 0, "checked_by": ["sat"]})", 2));
    const BenchManifest m = read_bench_manifest(path);
    const auto run = [](const std::string& hash, Status status, std::optional<double> n, std::optional<double> h, std::optional<double> k) {
        RunAnswer r = answer(hash, status, status == Status::unique ? kSolution : "", 5);
        r.n = n;
        r.h = h;
        r.k = k;
        return r;
    };
    const auto u = [&](std::optional<double> n, std::optional<double> h, std::optional<double> k) {
        return std::vector<RunAnswer>{run("00000000000000a1", Status::unique, n, h, k), run("00000000000000a3", Status::unsat, 9, 81, 144)};
    };
    CHECK(compare_with_manifest(m, {"a"}, u(4, 3, 5)).right == 2);
    // A row without a cell (an older CSV, a set record's h and k) states nothing to compare.
    CHECK(compare_with_manifest(m, {"a"}, u(std::nullopt, std::nullopt, std::nullopt)).right == 2);
    const std::string of_u = ": instances[0] (id 'u'): field ";
    CHECK_THROWS_WITH(compare_with_manifest(m, {"a"}, u(3, 3, 5)),
                      path + ":4:9" + of_u + "'n': 4, but r.csv:5 ran this puzzle (hash 00000000000000a1) with n 3");
    CHECK_THROWS_WITH(compare_with_manifest(m, {"a"}, u(4, 3.5, 5)),
                      path + ":4:17" + of_u + "'h': 3, but r.csv:5 ran this puzzle (hash 00000000000000a1) with h 3.5");
    CHECK_THROWS_WITH(compare_with_manifest(m, {"a"}, u(4, 3, 0)),
                      path + ":4:25" + of_u + "'k': 5, but r.csv:5 ran this puzzle (hash 00000000000000a1) with k 0");
    // A run that decided nothing states its puzzle all the same.
    std::vector<RunAnswer> runs = u(4, 3, 5);
    runs[1] = run("00000000000000a3", Status::timeout, 9, 81, 145);
    CHECK_THROWS_WITH(compare_with_manifest(m, {"a"}, runs),
                      path + ":6:26: instances[1] (id 's'): field 'k': 144, but r.csv:5 ran this puzzle (hash 00000000000000a3) with k 145");
}

// Red-team round 25: a key given twice said "m.json: key "name" is given twice in one object",
// naming no line; now the line and column of its second occurrence, at any depth.
TEST_CASE("a manifest key given twice is refused at its second occurrence", "[bench][bad-input]") {
    const std::string instance = R"({"tier": "a", "file": "a/x.jsonl", "id": "u", "hash": "00000000000000a1", "status": "unsat",
   "n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"], "tags": {"kind": "x", "level": "y", "kind": "z"}})";
    struct Case {
        std::string name, text, where, key;
    };
    const std::vector<Case> cases{
        {"top", R"({"name": "a", "name": "b", "version": 1, "tiers": [], "instances": []})", ":1:15: ", "name"},
        {"top-later-line", "{\"name\": \"futolab-bench\",\n  \"version\": 1,\n  \"version\": 1}", ":3:3: ", "version"},
        // In an instance's tags (line 3 of the text instance_json makes).
        {"tags", instance_json(instance, 1), ":3:105: ", "kind"},
        // In a tier file (line 2), the key after a string that holds a quote and a brace.
        {"tier-file", R"({"name": "futolab-bench", "version": 1,
 "tiers": [{"name": "a\"{", "instances": 0, "files": [{"path": "p", "path": "q"}]}], "instances": []})",
         ":2:69: ", "path"},
    };
    for (const Case& c : cases) {
        INFO(c.name);
        const std::string path = manifest_file("twice-" + c.name, c.text);
        CHECK_THROWS_WITH(read_bench_manifest(path), path + c.where + "key \"" + c.key + "\" is given twice in one object");
    }
    // The command: that one line, exit 2, before any CSV is read.
    const std::string path = manifest_file("twice-cli", cases[2].text);
    const auto r = futolab::test::run_cli("check --expect '" + path + "' no-such.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "futolab: " + path + ":3:105: key \"kind\" is given twice in one object\n");
}

TEST_CASE("a bad manifest is one error naming the file and the field", "[bench][bad-input]") {
    const std::string unique = R"("tier": "a", "file": "f", "id": "u", "hash": "00000000000000a1")";
    const std::string facts = R"("n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"])";
    // Round 11 (finding 15): n, h, k, time_class and checked_by were never read ("n": "abc" passed).
    const auto with = [&](const std::string& changed) {
        return instance_json("{" + unique + R"(, "status": "unsat", )" + changed + "}");
    };
    struct Case {
        std::string name, text, message;
    };
    const std::vector<Case> cases{
        {"not-json", "{", ":1:2: malformed JSON: "},
        // Round 8: nlohmann's own "[json.exception.parse_error.101] parse error at line 2, …".
        {"truncated", "{\"name\": \"futolab-bench\",\n", ":2:1: malformed JSON: syntax error while parsing object key - unexpected end of input"},
        {"twice", R"({"name": "a", "name": "b", "version": 1, "tiers": [], "instances": []})",
         ":1:15: key \"name\" is given twice in one object"},
        {"typed-version", R"({"name": "futolab-bench", "version": 1e0, "tiers": [], "instances": []})",
         ": field 'version': 1e0 is not a manifest version this futolab reads (1)"},
        {"version", R"({"name": "futolab-bench", "version": 2, "tiers": [], "instances": []})",
         ": field 'version': 2 is not a manifest version this futolab reads (1)"},
        {"status", instance_json("{" + unique + R"(, "status": "maybe"})"),
         ": instances[0] (id 'u'): field 'status': 'maybe' is not unique, multiple or unsat"},
        {"no-solution", instance_json("{" + unique + R"(, "status": "unique"})"),
         ": instances[0] (id 'u'): field 'solution_hash' is missing: a unique instance needs one"},
        {"extra-solution", instance_json("{" + unique + R"(, "status": "multiple", "solution_hash": "05d66df2cf705f18"})"),
         "field 'solution_hash' is given, but only a unique instance has one"},
        {"hash", instance_json(R"({"tier": "a", "file": "f", "id": "u", "hash": "00A1", "status": "unsat"})"),
         ": instances[0] (id 'u'): field 'hash': '00A1' is not 16 lowercase hex digits"},
        {"tier", instance_json(R"({"tier": "z", "file": "f", "id": "u", "hash": "00000000000000a1", "status": "unsat"})"),
         "field 'tier': 'z' is not one of the manifest's tiers"},
        {"missing", instance_json(R"({"tier": "a", "id": "u", "hash": "00000000000000a1", "status": "unsat"})"),
         ": instances[0] (id 'u'): field 'file' is missing"},
        {"conflict", instance_json("{" + unique + ", " + facts + R"(, "status": "unsat"}, {"tier": "a", "file": "g", "id": "w", "hash": "00000000000000a1", "status": "multiple", )" + facts + "}"),
         // One tier: listed twice, whatever it expects (two tiers: bench_manifest_exact_test.cpp).
         "instances[1] (id 'w'): field 'hash': '00000000000000a1' is listed twice in tier a: instances[0] (id 'u') is the same puzzle"},
        {"n-text", with(R"("n": "abc", "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"])"),
         ": instances[0] (id 'u'): field 'n': \"abc\" is not a whole number from 2 to 64"},
        {"n-missing", with(R"("h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"])"), ": instances[0] (id 'u'): field 'n' is missing"},
        {"n-wrapped", with(R"("n": 4294967298, "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"])"),
         "field 'n': 4294967298 is not a whole number from 2 to 64"},
        {"n-real", with(R"("n": 2.0, "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"])"), "field 'n': 2.0 is not a whole number"},
        {"h-past-grid", with(R"("n": 2, "h": 5, "k": 0, "time_class": -7, "checked_by": ["sat"])"),
         "field 'h': 5 is not a whole number from 0 to 4"},
        {"h-negative", with(R"("n": 2, "h": -1, "k": 0, "time_class": -7, "checked_by": ["sat"])"), "field 'h': -1 is not"},
        {"k-2^64", with(R"("n": 2, "h": 1, "k": 18446744073709551616, "time_class": -7, "checked_by": ["sat"])"),
         "field 'k': 18446744073709551616 is not a whole number from 0 to 4"},
        {"time-class", with(R"("n": 2, "h": 1, "k": 0, "time_class": -1e300, "checked_by": ["sat"])"),
         "field 'time_class': -1e300 is not a whole number from -9 to 9"},
        {"checked-by-empty", with(R"("n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": [])"), "field 'checked_by' is empty"},
        {"checked-by-unknown", with(R"("n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": ["gac"])"),
         "field 'checked_by': \"gac\" is not one of gecode, sat"},
        {"checked-by-twice", with(R"("n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat", "sat"])"),
         "field 'checked_by': 'sat' is listed twice"},
        {"checked-by-string", with(R"("n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": "sat")"),
         "field 'checked_by' is not an array"},
    };
    for (const Case& c : cases) {
        INFO(c.name);
        const std::string path = manifest_file(c.name, c.text);
        try {
            read_bench_manifest(path);
            FAIL("no error");
        } catch (const InputError& e) {
            const std::string what = e.what();
            CHECK(what.rfind(path + ":", 0) == 0);
            CHECK(has(what, c.message));
            CHECK_FALSE(has(what, "json.exception"));
            CHECK(what.find('\n') == std::string::npos);
        }
    }
}

// Red-team round 11, F14: a manifest object of n keys took n² steps to read (80 000 keys 9.8 s,
// 160 000 keys 33 s). Under a CPU limit of 60 s, 30 times the linear read under a sanitizer, a
// quadratic reader is killed (SIGXCPU) instead of refusing the manifest by name.
TEST_CASE("a manifest object of 500 000 keys is read in linear time and refused by name", "[bench][hangs][long]") {
    std::string text = "{";
    for (int i = 0; i < 500'000; ++i) text += (i ? ",\"i" : "\"i") + std::to_string(i) + "\":{\"status\":\"unique\"}";
    const std::string path = manifest_file("many-keys", text + "}");
    const auto dir = futolab::test::fresh_dir("check-expect", "many-keys-input");
    std::ofstream(dir / "one.jsonl") << R"({"id":"i1","n":3,"givens":[],"lt":[]})" << "\n";
    const auto r = futolab::test::run_cli_env("ulimit -t 60; ", "check '" + (dir / "one.jsonl").string() + "' --expect '" + path + "'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, path + ":1:1: field 'name' is missing"));
}

namespace {

// Tiers a and b: one puzzle (hash 00000000000000c1) in both, under its id in each file ("x" in
// a/x.jsonl, "y:2" in b/y.tatham, as small and tatham give one Tatham puzzle two ids), and one
// of b alone (00000000000000c2, "y:3").
std::string two_tier_manifest() {
    const std::string sha = std::string(64, '0');
    const std::string facts = R"("status": "unsat", "solution_hash": null, "n": 2, "h": 1, "k": 0, "time_class": -7, "checked_by": ["sat"]})";
    return R"({"name": "futolab-bench", "version": 1, "sources": {"s": {"what": "w", "licence": "l"}},
 "tiers": [{"name": "a", "instances": 1, "files": [{"path": "a/x.jsonl", "sha256": ")" + sha + R"(", "instances": 1, "source": "s"}]},
           {"name": "b", "instances": 2, "files": [{"path": "b/y.tatham", "sha256": ")" + sha + R"(", "instances": 2, "source": "s"}]}],
 "instances": [
  {"tier": "a", "file": "a/x.jsonl", "id": "x", "hash": "00000000000000c1", )" + facts + R"(,
  {"tier": "b", "file": "b/y.tatham", "id": "y:2", "hash": "00000000000000c1", )" + facts + R"(,
  {"tier": "b", "file": "b/y.tatham", "id": "y:3", "hash": "00000000000000c2", )" + facts + R"(
 ]}
)";
}

// "FILE:LINE:COLUMN" of the value of the `nth` (from 0) "id" of `text`.
std::string id_place(const std::string& path, const std::string& text, int nth) {
    std::size_t at = 0;
    for (int i = 0; i <= nth; ++i) at = text.find("\"id\": ", at) + 6;
    const auto line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1;
    return path + ":" + std::to_string(line) + ":" + std::to_string(at - text.rfind('\n', at));
}

RunAnswer run_of(const std::string& hash, const std::string& id, Status status = Status::unsat) {
    RunAnswer r = answer(hash, status, "", 5);
    r.instance = id;
    return r;
}

}  // namespace

// Red-team round 26, C F3: a manifest entry's id was held to nothing: the id of another instance
// checked as all right (check --expect's lines print the row's id, so it never showed). An
// entry's id is its puzzle's id in its file, and each row of the puzzle (its hash) states the id
// it ran it under: one of the ids its entries in the selected tiers (those the run covers) give
// it, else a problem line at the entry's id naming the row, counted apart. Not a refusal: a
// row of another file holding the puzzle (a corpus sharing it, a renamed copy) states another
// id of a right entry; its answer is checked all the same.
TEST_CASE("a row whose id is no selected entry's of its puzzle is a line at the entry's id", "[bench][bad-input]") {
    const std::string text = two_tier_manifest();
    const std::string path = manifest_file("ids", text);
    const BenchManifest m = read_bench_manifest(path);
    const std::string c1 = "00000000000000c1", c2 = "00000000000000c2";
    const auto check = [&](const std::vector<std::string>& tiers, const std::vector<RunAnswer>& runs) {
        return compare_with_manifest(m, tiers, runs);
    };
    // Each file's id, checked against its tier or all tiers; an empty cell states no id.
    for (const auto& [tiers, runs] : std::vector<std::pair<std::vector<std::string>, std::vector<RunAnswer>>>{
             {{"a"}, {run_of(c1, "x")}},
             {{"b"}, {run_of(c1, "y:2"), run_of(c2, "y:3")}},
             {{}, {run_of(c1, "x"), run_of(c1, "y:2"), run_of(c2, "y:3")}},
             {{"a", "b"}, {run_of(c1, "y:2"), run_of(c2, "y:3")}},
             {{"a"}, {run_of(c1, "")}}}) {
        INFO(runs.size());
        const ExpectReport r = check(tiers, runs);
        CHECK(r.other_id == 0);
        CHECK(r.right == runs.size());
    }
    const std::string x_line = id_place(path, text, 0) + ": instances[0] (id 'x'): field 'id': 'x', but r.csv:5 ran this puzzle (hash " + c1 + ")";
    const auto lines = [&](const std::vector<std::string>& tiers, const std::vector<RunAnswer>& runs) {
        const ExpectReport r = check(tiers, runs);
        CHECK(r.other_id == r.problems.size());
        return r.problems;
    };
    using Lines = std::vector<std::string>;
    CHECK(lines({"a"}, {run_of(c1, "x2")}) == Lines{x_line + " as 'x2'"});
    // The id of the puzzle's entry in a tier the run does not cover (--tier a, a run of b/y.tatham).
    CHECK(lines({"a"}, {run_of(c1, "y:2")}) == Lines{x_line + " as 'y:2'"});
    // All tiers: the id of neither entry; the other is named.
    CHECK(lines({}, {run_of(c1, "x"), run_of(c1, "z"), run_of(c2, "y:3")}) == Lines{x_line + " as 'z'; instances[1] (tier b) says 'y:2'"});
    CHECK(lines({"b"}, {run_of(c1, "x"), run_of(c2, "y:3")}) ==
          Lines{id_place(path, text, 1) + ": instances[1] (id 'y:2'): field 'id': 'y:2', but r.csv:5 ran this puzzle (hash " + c1 + ") as 'x'"});
    // Ids are compared byte for byte: a space (shown, as visible_text shows one at the end) or
    // another case is another id; one line per row.
    CHECK(lines({"a"}, {run_of(c1, "x "), run_of(c1, "X")}) == Lines{x_line + " as 'x<U+0020>'", x_line + " as 'X'"});
    // Its answer is checked all the same: a wrong one, an undecided one.
    ExpectReport r = check({"a"}, {run_of(c1, "x3", Status::unique)});
    CHECK(r.wrong == 1);
    CHECK(r.other_id == 1);
    CHECK(r.problems.size() == 2);
    r = check({"a"}, {run_of(c1, "x3", Status::timeout)});
    CHECK(r.undecided == 1);
    CHECK(r.problems == Lines{x_line + " as 'x3'"});
    // A puzzle outside the selected tiers is not in the manifest, whatever its id.
    r = check({"a"}, {run_of(c1, "x"), run_of(c2, "y:4")});
    CHECK(r.unknown == 1);
    CHECK(r.other_id == 0);
    // An id shown as the other lines show ids: a bidi control as <U+202E>.
    CHECK(lines({"a"}, {run_of(c1, "x\u202e")}) == Lines{x_line + " as 'x<U+202E>'"});
}

// The command, on a run of small/critical.jsonl (its 6 puzzles are tier small's and tier
// critical's, under one id each): the shipped manifest checks it (63 of small missing); an id
// renamed in both tiers is one line at the entry of the tier checked, exit 1.
TEST_CASE("check --expect says a manifest id its puzzle's run contradicts", "[bench][cli]") {
    const auto dir = futolab::test::fresh_dir("check-expect", "ids-cli");
    std::ofstream(dir / "ids.yaml") << "name: ids\nseed: 1\nrepeats: 1\nmode: { count: 2 }\nlimits: { time: 5s }\n"
                                       "instances:\n  - file: " FUTOLAB_SOURCE_DIR "/bench/v1/small/critical.jsonl\n"
                                       "solvers: [ \"gac\" ]\noutput: ids.csv\n";
    const auto ran = futolab::test::run_cli("run '" + (dir / "ids.yaml").string() + "' --out '" + dir.string() + "'");
    REQUIRE(ran.exit_code == 0);
    const std::string csv = (dir / "ids.csv").string(), shipped = FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json";
    const auto clean = futolab::test::run_cli("check --expect '" + shipped + "' --tier small '" + csv + "'");
    CHECK(clean.exit_code == 1);
    CHECK(has(clean.out, ": 6 right, 0 wrong, 0 undecided, 63 missing, 0 not in the manifest, 0 under another id\n"));
    CHECK(has(clean.out, " runs of 1 (spec, mode) pair: "));  // one spec in one mode (red-team round 29, B8)

    std::string text = futolab::test::slurp(shipped);
    for (std::size_t at = 0; (at = text.find("\"exhaustive-n2-k\"", at)) != std::string::npos;) text.insert(at += 16, "-renamed");
    const std::string renamed = manifest_file("ids-cli-renamed", text);
    for (const std::string tier : {"small", "critical"}) {
        INFO(tier);
        const auto r = futolab::test::run_cli("check --expect '" + renamed + "' --tier " + tier + " '" + csv + "'");
        CHECK(r.exit_code == 1);
        CHECK(r.err.empty());
        const std::string entry = tier == "small" ? ":339:61: instances[1] " : ":1833:69: instances[1495] ";
        CHECK(has(r.out, renamed + entry + "(id 'exhaustive-n2-k-renamed'): field 'id': 'exhaustive-n2-k-renamed', but " + csv + ":"));
        CHECK(has(r.out, " ran this puzzle (hash 19dc9673e2f9c8fa) as 'exhaustive-n2-k'\n"));
        CHECK(has(r.out, ": 6 right, 0 wrong, 0 undecided, " + std::string(tier == "small" ? "63" : "75") +
                             " missing, 0 not in the manifest, 1 under another id\n"));
    }
}
