// The few-relations enumeration as shard files (critical/zero_given/few_relations_shards.hpp): every
// partition adds up to the whole, a re-run resumes from the files and computes only what is
// missing, a shard re-run gives its file's counts, and a file that was tampered with, is
// incomplete or belongs to another run is refused with its name.
#include "critical/zero_given/few_relations_shards.hpp"

#include "core/error.hpp"
#include "../../support/sanitized.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <stdexcept>
#include <utility>
#include <vector>
#include <unistd.h>

using namespace futolab;
using namespace futolab::critical;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-few-relations-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    return dir;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void replace_line(const fs::path& p, const std::string& key, const std::string& line) {
    std::istringstream in(slurp(p));
    std::string text, l;
    while (std::getline(in, l)) text += (l.rfind(key + ":", 0) == 0 ? line : l) + "\n";
    std::ofstream(p) << text;
}

void require_same(const FewRelationsCount& a, const FewRelationsCount& b) {
    CHECK(a.pair_sets == b.pair_sets);
    CHECK(a.swap_skipped == b.swap_skipped);
    CHECK(a.puzzles == b.puzzles);
    CHECK(a.cyclic == b.cyclic);
    CHECK(a.multiple == b.multiple);
    CHECK(a.pool == b.pool);
    CHECK(a.unsat == b.unsat);
    CHECK(a.unique == b.unique);
}

}  // namespace

TEST_CASE("few relations shards: every partition adds up to the whole enumeration", "[critical][exact][heavy]") {
    // n = 5, K = 6: pool, quick search, complete search, cycles, unsat and unique puzzles all occur.
    const auto pool = few_relations_pool(5);
    const FewRelationsCount whole = few_relations(5, 6, 0, 1, pool);
    REQUIRE(whole.unique > 0);
    REQUIRE(whole.unsat > 0);
    REQUIRE(whole.cyclic > 0);
    REQUIRE(whole.pool < whole.multiple);
    // Three partitions (one under a sanitizer, where each costs a whole enumeration of ~10 s).
    const std::vector<std::size_t> partitions = futolab::test::kSanitized ? std::vector<std::size_t>{7}
                                                                          : std::vector<std::size_t>{2, 7, 64};
    for (const std::size_t shards : partitions) {
        FewRelationsCount sum;
        for (std::size_t s = 0; s < shards; ++s) {
            const FewRelationsCount part = few_relations(5, 6, s, shards, pool);
            for (auto m : {&FewRelationsCount::pair_sets, &FewRelationsCount::swap_skipped, &FewRelationsCount::puzzles,
                           &FewRelationsCount::cyclic, &FewRelationsCount::multiple, &FewRelationsCount::pool,
                           &FewRelationsCount::unsat, &FewRelationsCount::unique})
                sum.*m += part.*m;
        }
        INFO("shards " << shards);
        require_same(sum, whole);
    }
}

TEST_CASE("few relations shards: files, resume, re-run and refusals", "[critical][exact][long]") {
    const fs::path dir = fresh_dir("resume");
    ShardPlan plan{5, 5, 7, std::nullopt, dir.string(), 2, "test"};
    int computed = 0, resumed = 0;
    auto tally = [&](const FewRelationsShard&, bool from_file) { (from_file ? resumed : computed) += 1; };
    const std::vector<FewRelationsShard> first = run_few_relations_shards(plan, tally);
    CHECK(computed == 7);
    CHECK(resumed == 0);
    require_same(total_of(first), few_relations(5, 5));
    CHECK(few_relations_table(first).find("| **total** | 82422 |") != std::string::npos);

    // A kill loses only the shards not yet written: two files gone, two shards computed again.
    fs::remove(few_relations_shard_path(dir.string(), 5, 5, 2, 7));
    fs::remove(few_relations_shard_path(dir.string(), 5, 5, 6, 7));
    computed = resumed = 0;
    const std::vector<FewRelationsShard> second = run_few_relations_shards(plan, tally);
    CHECK(computed == 2);
    CHECK(resumed == 5);
    require_same(total_of(second), total_of(first));

    // One shard re-run on its own gives its file's counts.
    const FewRelationsShard three = *read_few_relations_shard(few_relations_shard_path(dir.string(), 5, 5, 3, 7), 5, 5, 3, 7);
    require_same(few_relations(5, 5, 3, 7), three.count);

    // Refusals, each naming the file.
    const fs::path file = few_relations_shard_path(dir.string(), 5, 5, 4, 7);
    const std::string good = slurp(file);
    auto refused = [&](const std::string& key, const std::string& line, const std::string& why) {
        std::ofstream(file) << good;
        replace_line(file, key, line);
        INFO(key << " -> " << line);
        CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 5, 5, 4, 7),
                          Catch::Contains(file.string()) && Catch::Contains(why));
    };
    refused("multiple", "multiple: 1", "do not add up");
    refused("cyclic", "cyclic: 1", "do not add up");  // only the sum breaks: puzzles != cyclic + ...
    refused("partition", "partition: 1", "another shard partition");
    refused("shards", "shards: 8", "key 'shards' is 8: the file of another count (this one is n=5 k=5 shard 4/7)");
    refused("puzzles", "", "no 'puzzles'");
    refused("unique", "unique: 0\nunique: 3", "key 'unique' is given twice");
    refused("unique", "unique: 0\nunknown: 1", "unknown key 'unknown'");
    refused("pool", "pool: lots", "key 'pool': 'lots' is not a whole number");
    refused("seconds", "seconds: -5", "key 'seconds': '-5' is not a number of seconds as futolab writes it");
    refused("seconds", "seconds: -5.000", "key 'seconds': '-5.000' is not a number of seconds as futolab writes it");
    refused("seconds", "seconds: .nan", "key 'seconds': '.nan' is not a number");
    refused("cpu_seconds", "cpu_seconds: 1e308", "key 'cpu_seconds': '1e308' is not a number of seconds as futolab writes it");
    refused("cpu_seconds", "cpu_seconds: 99999999.000", "key 'cpu_seconds': 99999999.000 is too large");
    std::ofstream(file) << good;
    CHECK(read_few_relations_shard(file.string(), 5, 5, 4, 7));
    CHECK_FALSE(read_few_relations_shard((dir / "absent.yaml").string(), 5, 5, 4, 7));
    // A shard index outside the plan is refused before anything runs.
    CHECK_THROWS_AS(run_few_relations_shards(ShardPlan{5, 5, 7, 7, dir.string(), 1, ""}, tally), futolab::InputError);
    fs::remove_all(dir);
}

TEST_CASE("few relations shards: the example of a unique puzzle survives the file", "[critical][exact]") {
    const fs::path dir = fresh_dir("example");
    const std::vector<FewRelationsShard> shards =
        run_few_relations_shards(ShardPlan{4, 4, 3, std::nullopt, dir.string(), 1, "test"}, [](const FewRelationsShard&, bool) {});
    const FewRelationsCount total = total_of(shards);
    REQUIRE(total.unique > 0);
    REQUIRE(total.example);
    for (const FewRelationsShard& s : shards) {
        const auto back = read_few_relations_shard(few_relations_shard_path(dir.string(), 4, 4, s.shard, 3), 4, 4, s.shard, 3);
        REQUIRE(back);
        CHECK(back->count.example.has_value() == (s.count.unique > 0));
        if (back->count.example) CHECK(back->count.example->lt.size() == 4);
    }
    // Issue #45: an example read exactly, or refused naming the file and its line.
    for (const FewRelationsShard& s : shards) {
        if (!s.count.example) continue;
        const fs::path file = few_relations_shard_path(dir.string(), 4, 4, s.shard, 3);
        const std::string good = slurp(file);
        for (const auto& [line, why] : std::vector<std::pair<std::string, std::string>>{
                 {"example: [[0, 0, 0, 1], [0, 1, 0, 2], [0, 2, 0, 3], [1, 0, 1, 4294967297]]", "4294967297 is too large (accepted: 0 to 3)"},
                 {"example: [[0, 0, 0, 1], [0, 1, 0, 2], [0, 2, 0, 3], [1, 0, 1, 1.0]]", "1.0 is not a whole number written in digits"},
                 {"example: [[0, 0, 0, 1], [0, 1, 0, 2], [0, 2, 0, 3], [1, 0, 1]]", "relation [1, 0, 1] is not four whole numbers"},
                 {"example: [[0, 0, 0, 1], [0, 1, 0, 2], [0, 2, 0, 3], [0, 2, 0, 3]]", "is given twice (key 'example')"},
                 {"example: [[0, 0, 0, 1], [0, 1, 0, 2], [0, 2, 0, 3], [0, 0, 2, 0]]", "non-adjacent cells"},
                 {"example: [[0, 0, 0, 1], [0, 1, 0, 2], [0, 2, 0, 3]]", "the 4 relations"},
                 {"example: 5", "the 4 relations"}}) {
            std::ofstream(file) << good;
            replace_line(file, "example", line);
            INFO(line);
            CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 4, 4, s.shard, 3),
                              Catch::Contains(file.string() + ":") && Catch::Contains(why));
        }
        std::ofstream(file) << good;
    }
    fs::remove_all(dir);
}

// Red-team round 11, F6: a whole count took only its table's lock, and a `--shard I/N` run
// beside it (which locks its shard's file) computed a shard the count computed too. Now the
// count takes each shard's hold before computing it, and a shard whose file appeared by then
// (the other run finished it) is read, not computed again; a held shard stops the count.
TEST_CASE("few relations shards: each shard is held while computed, and one written meanwhile is read",
          "[critical][exact][lock]") {
    const fs::path dir = fresh_dir("hold");
    const std::string one = few_relations_shard_path(dir.string(), 4, 4, 1, 3);
    FewRelationsShard other{4, 4, 1, 3, few_relations(4, 4, 1, 3), "another run of shard 1"};
    std::vector<std::size_t> held;
    ShardPlan plan{4, 4, 3, std::nullopt, dir.string(), 1, "test"};
    plan.hold = [&](std::size_t shard) -> std::shared_ptr<void> {
        held.push_back(shard);
        if (shard == 1) std::ofstream(one) << write_few_relations_shard(other);  // finished by the other run meanwhile
        return nullptr;
    };
    std::vector<std::pair<std::size_t, bool>> seen;
    run_few_relations_shards(plan, [&](const FewRelationsShard& s, bool resumed) { seen.emplace_back(s.shard, resumed); });
    CHECK(held == std::vector<std::size_t>{0, 1, 2});
    CHECK(seen == std::vector<std::pair<std::size_t, bool>>{{0, false}, {1, true}, {2, false}});
    CHECK(slurp(one).find("another run of shard 1") != std::string::npos);  // not replaced
    // A hold that cannot be taken (another run computes that shard) stops the count there.
    fs::remove_all(dir);
    fs::create_directories(dir);
    plan.hold = [](std::size_t shard) -> std::shared_ptr<void> {
        if (shard == 1) throw std::runtime_error("shard 1: another futolab is writing it");
        return nullptr;
    };
    CHECK_THROWS_WITH(run_few_relations_shards(plan, [](const FewRelationsShard&, bool) {}), "shard 1: another futolab is writing it");
    CHECK_FALSE(fs::exists(one));
    fs::remove_all(dir);
}

namespace {

// The 1-based line of the file's `key:` line (0: none).
int line_of(const fs::path& p, const std::string& key) {
    std::istringstream in(slurp(p));
    std::string l;
    for (int i = 1; std::getline(in, l); ++i)
        if (l.rfind(key + ":", 0) == 0) return i;
    return 0;
}

// A checkpoint folder of n = 3, K = 3 in 4 shards (a unique puzzle among them), computed.
ShardPlan small_count(const fs::path& dir) {
    ShardPlan plan{3, 3, 4, std::nullopt, dir.string(), 1, "test"};
    run_few_relations_shards(plan, [](const FewRelationsShard&, bool) {});
    return plan;
}

}  // namespace

// Red-team round 18, B F1: a forged example (two cells related both ways, an unsatisfiable set)
// was taken on a re-run and written to --out as the unique zero-given puzzle. The example must be
// a valid puzzle (the checks `futolab check` makes) with exactly one solution.
TEST_CASE("few relations shards: an example that is not a unique puzzle is refused at its line", "[critical][exact]") {
    const fs::path dir = fresh_dir("forged-example");
    const ShardPlan plan = small_count(dir);
    std::optional<std::size_t> with;
    for (std::size_t s = 0; s < plan.shards && !with; ++s)
        if (read_few_relations_shard(few_relations_shard_path(dir.string(), 3, 3, s, 4), 3, 3, s, 4)->count.example) with = s;
    REQUIRE(with);
    const fs::path file = few_relations_shard_path(dir.string(), 3, 3, *with, 4);
    const std::string good = slurp(file);
    const std::string at = file.string() + ":" + std::to_string(line_of(file, "example")) + ":";
    for (const auto& [example, why] : std::vector<std::pair<std::string, std::string>>{
             {"[[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 1, 1]]", at + "25: cells (1,1) and (1,2) are related both ways (key 'example')"},
             {"[[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 2, 1]]", at + "10: key 'example' is a puzzle with no solution"},
             {"[[0, 0, 0, 1], [1, 1, 1, 2], [2, 0, 1, 0]]", at + "10: key 'example' is a puzzle with more than one solution"}}) {
        std::ofstream(file) << good;
        replace_line(file, "example", "example: " + example);
        INFO(example);
        CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, *with, 4), Catch::StartsWith(why));
        CHECK_THROWS_WITH(run_few_relations_shards(plan, [](const FewRelationsShard&, bool) {}), Catch::StartsWith(why));
    }
    std::ofstream(file) << good;
    CHECK(read_few_relations_shard(file.string(), 3, 3, *with, 4));
    fs::remove_all(dir);
}

// Red-team round 18, B F5: "'unique' is not a valid value" for 08, 8.0 and 2^64 alike, and an
// unknown key or a negative time with no line. Each refusal names the file, the line and column,
// the key and the value as typed, and for a number the accepted range.
TEST_CASE("few relations shards: a refused value is named by its file, line, column and key, as typed",
          "[critical][exact]") {
    const fs::path dir = fresh_dir("messages");
    small_count(dir);
    const fs::path file = few_relations_shard_path(dir.string(), 3, 3, 1, 4);
    const std::string good = slurp(file);
    struct Case {
        std::string key, line, at_key, why;
    };
    for (const Case& c : std::vector<Case>{
             {"unique", "unique: 08", "unique",
              "9: key 'unique': '08' has a leading zero, where futolab writes none (accepted: 0 to 18446744073709551615)"},
             {"unique", "unique: 8.0", "unique",
              "9: key 'unique': 8.0 is not a whole number written in digits (accepted: 0 to 18446744073709551615)"},
             {"unique", "unique: 18446744073709551616", "unique",
              "9: key 'unique': 18446744073709551616 is too large (accepted: 0 to 18446744073709551615)"},
             {"seconds", "seconds: nan", "seconds", "10: key 'seconds': 'nan' is not a number of seconds as futolab writes it"},
             {"cpu_seconds", "cpu_seconds: -1", "cpu_seconds", "14: key 'cpu_seconds': '-1' is not a number of seconds as futolab"},
             {"seconds", "seconds: 31557600.001", "seconds",
              "10: key 'seconds': 31557600.001 is too large (accepted: 0 to 3.16e7 s; a year of 365.25 days)"},
             {"unique", "unique: 0\nfoo: 1", "foo", "1: unknown key 'foo'"},
             {"producer", "producer: [a]", "producer", "11: key 'producer' must be a single value"},
             {"example", "", "unique", "9: key 'unique' is 8: 'example' must be there exactly when 'unique' is not 0"},
             {"n", "n: 4", "n", "4: key 'n' is 4: the file of another count (this one is n=3 k=3 shard 1/4)"},
             {"partition", "partition: 2", "partition", "12: key 'partition' is 2: written for another shard partition"}}) {
        std::ofstream(file) << good;
        replace_line(file, c.key, c.line);
        INFO(c.line);
        CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4),
                          Catch::StartsWith(file.string() + ":" + std::to_string(line_of(file, c.at_key)) + ":" + c.why));
    }
    std::ofstream(file) << good;
    CHECK(read_few_relations_shard(file.string(), 3, 3, 1, 4));
    fs::remove_all(dir);
}

TEST_CASE("few relations counts: a count that breaks a rule is refused naming that rule and its values", "[critical][few-relations]") {
    FewRelationsCount c;
    c.pair_sets = 6;
    c.swap_skipped = 1;
    c.puzzles = 10;
    c.multiple = 8;
    c.unique = 2;
    c.example = Instance{};
    REQUIRE(few_relations_count_problem(c).empty());
    FewRelationsCount skipped = c;
    skipped.swap_skipped = 400;  // the sums and pool <= multiple hold: the message named only those
    CHECK(few_relations_count_problem(skipped) ==
          "swap_skipped is 400, more than pair_sets (6): swap_skipped counts some of the canonical pair sets");
    FewRelationsCount pool = c;
    pool.pool = 9;
    CHECK(few_relations_count_problem(pool) == "pool is 9, more than multiple (8): pool counts some of the multiple puzzles");
    FewRelationsCount sum = c;
    sum.unsat = 1;
    CHECK(few_relations_count_problem(sum) ==
          "the counts do not add up: puzzles is 10, where cyclic + multiple + unsat + unique is 0 + 8 + 1 + 2");
    // Two parts of 2^63 more each: the sum wraps round to puzzles, and is still refused.
    FewRelationsCount wrapped = c;
    wrapped.cyclic += std::uint64_t{1} << 63;
    wrapped.multiple += std::uint64_t{1} << 63;
    CHECK(few_relations_count_problem(wrapped).starts_with("the counts do not add up: puzzles is 10, "));
}

// Red-team round 25, B F10: a shard file of 4294967297 canonical 3-sets of the 220 of a 3x3 grid
// was taken, and its table and claim made from it. A file's counts must be what the search can
// write (few_relations_search_problem), each refused at its key's line: no more sets than there
// are, 2^(k-1) oriented puzzles for each set not skipped, no pool below order 5.
TEST_CASE("few relations shards: counts the search cannot write are refused at their key", "[critical][few-relations]") {
    CHECK(few_relations_pair_set_count(2, 4) == 1);
    CHECK(few_relations_pair_set_count(3, 3) == 220);
    CHECK(few_relations_pair_set_count(6, 8) == 2558620845);  // C(60, 8)
    const fs::path dir = fresh_dir("search-counts");
    small_count(dir);
    const fs::path file = few_relations_shard_path(dir.string(), 3, 3, 1, 4);
    const std::string good = slurp(file);
    const FewRelationsCount c = read_few_relations_shard(file.string(), 3, 3, 1, 4)->count;
    REQUIRE(c.multiple > 0);
    REQUIRE(few_relations_search_problem(c, 3, 3).empty());
    const auto n = [](std::uint64_t v) { return std::to_string(v); };
    struct Case {
        std::vector<std::pair<std::string, std::string>> lines;  // key, new line
        std::string at_key, why;
    };
    for (const Case& e : std::vector<Case>{
             {{{"pair_sets", "pair_sets: 4294967297"}}, "pair_sets",
              "key 'pair_sets' is 4294967297, more than the 220 sets of 3 of the 12 adjacent pairs of a 3x3 grid"},
             {{{"pair_sets", "pair_sets: " + n(c.pair_sets + 1)}}, "puzzles",
              "key 'puzzles' is " + n(c.puzzles) + ", where the search counts 2^2 oriented puzzles for each of the " +
                  n(c.pair_sets + 1 - c.swap_skipped) + " pair sets not skipped"},
             {{{"puzzles", "puzzles: " + n(c.puzzles + 1)}, {"multiple", "multiple: " + n(c.multiple + 1)}}, "puzzles",
              "key 'puzzles' is " + n(c.puzzles + 1) + ", where the search counts 2^2"},
             {{{"pool", "pool: 1"}}, "pool", "key 'pool' is 1, where the search of order 3 has no pool of squares (n <= 4)"}}) {
        std::ofstream(file) << good;
        for (const auto& [key, line] : e.lines) replace_line(file, key, line);
        INFO(e.why);
        CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4),
                          Catch::StartsWith(file.string() + ":" + std::to_string(line_of(file, e.at_key)) + ":") &&
                              Catch::Contains(e.why));
    }
    // The whole count: all its shards, and not one short of the orbits of every set.
    std::ofstream(file) << good;
    std::vector<FewRelationsShard> all;
    for (std::size_t s = 0; s < 4; ++s)
        all.push_back(*read_few_relations_shard(few_relations_shard_path(dir.string(), 3, 3, s, 4), 3, 3, s, 4));
    CHECK(few_relations_total_problem(total_of(all), 3, 3).empty());
    const std::vector<FewRelationsShard> three_of_four(all.begin() + 1, all.end());
    CHECK_THAT(few_relations_total_problem(total_of(three_of_four), 3, 3),
               Catch::Contains("fewer than the 28 orbits at least of the 220 sets of 3 adjacent pairs"));
    fs::remove_all(dir);
}

// Round 25, B F10: a file of another build, or one that names none, was taken as this build's
// count. A reader that names the build (the run's: experiments/few_relations_record.hpp) takes
// only its files, refused at the producer's line, or naming the file when it has none; a reader
// that names none (resume's check of a row against its file) reads them all.
TEST_CASE("few relations shards: a reader that names its build takes no file of another", "[critical][few-relations]") {
    const fs::path dir = fresh_dir("producer");
    small_count(dir);  // its producer: "test"
    const fs::path file = few_relations_shard_path(dir.string(), 3, 3, 2, 4);
    const std::string good = slurp(file);
    CHECK(read_few_relations_shard(file.string(), 3, 3, 2, 4, "test"));
    CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 2, 4, "futolab X"),
                      Catch::StartsWith(file.string() + ":" + std::to_string(line_of(file, "producer")) + ":11: key 'producer' is "
                                        "'test': another build counted it, not this one (futolab X)"));
    replace_line(file, "producer", "");
    CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 2, 4, "test"),
                      Catch::StartsWith(file.string() + ": no 'producer': it does not say which futolab counted it"));
    CHECK(read_few_relations_shard(file.string(), 3, 3, 2, 4));
    std::ofstream(file) << good;
    fs::remove_all(dir);
}

// The committed n = 6, K = 8 count (results/critical/n6/k8: 256 shard files an older build
// computed, CPU-hours) reads back whole, its counts the search's, and its table is the committed
// one byte for byte (17.950 s of CPU made "17.9" before, where the table says 18.0). A command of
// this build takes none of its files as its own (their producer is that older build: the CLI
// test says so); this reader, which names no build, is how they are checked.
TEST_CASE("few relations shards: the committed n = 6, K = 8 files read back to their table byte for byte",
          "[critical][few-relations]") {
    const fs::path committed = fs::path(FUTOLAB_SOURCE_DIR) / "results" / "critical" / "n6" / "k8";
    std::vector<FewRelationsShard> shards;
    for (std::size_t s = 0; s < 256; ++s) {
        const auto file = read_few_relations_shard(few_relations_shard_path(committed.string(), 6, 8, s, 256), 6, 8, s, 256);
        REQUIRE(file);
        shards.push_back(*file);
    }
    CHECK(few_relations_table(shards) == slurp(committed / "n6-k8-of-256.table.md"));
    CHECK(few_relations_total_problem(total_of(shards), 6, 8).empty());
    CHECK(total_of(shards).pair_sets == 319854588);
    CHECK(total_of(shards).unique == 0);
}

// Red-team round 26, B F4: a shard's `seconds` and `cpu_seconds` were read as any real number
// (`-0.000`, `.000`, `0.0000`, `"0.000"` taken, where `+0.000` was not) and not held to each
// other (`cpu_seconds: 3000.000` beside `seconds: 0.000`, from one counting thread). Each is read
// as the file writes it ("{:.3f}", plain) and the CPU time is at most the wall time (to 1 ms).
TEST_CASE("few relations shards: the times are read as written and the CPU time within the wall time", "[critical][few-relations]") {
    const fs::path dir = fresh_dir("times");
    small_count(dir);
    const fs::path file = few_relations_shard_path(dir.string(), 3, 3, 1, 4);
    const std::string good = slurp(file);
    const auto refusal = [&](const std::string& key, const std::string& line) {
        std::ofstream(file) << good;
        replace_line(file, key, line);
        try {
            read_few_relations_shard(file.string(), 3, 3, 1, 4);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(taken)");
    };
    for (const char* key : {"seconds", "cpu_seconds"}) {
        const std::string at = file.string() + ":" + std::to_string(line_of(file, key)) + ":" + std::to_string(std::string(key).size() + 3);
        for (const std::string value : {"-0.000", "+0.000", ".000", "0.0000", "0.00", "0", "00.000", "1e0", "0.000e0", "-1.000",
                                        "0x0.000", ".nan", "10.0000", "1.5"}) {
            INFO(key << ": " << value);
            CHECK(refusal(key, std::string(key) + ": " + value) ==
                  at + ": key '" + key + "': '" + value + "' is not a number of seconds as futolab writes it (3 decimals, no sign, "
                  "exponent or leading zero: 12.345)");
        }
        for (const auto& [written, how] : {std::pair{"\"0.000\"", "quoted"}, std::pair{"'0.000'", "quoted"},
                                           std::pair{"!!float 0.000", "tagged !!float"}, std::pair{"!!str 0.000", "tagged !!str"},
                                           std::pair{"!x 0.000", "tagged !x"}}) {
            INFO(key << ": " << written);
            CHECK(refusal(key, std::string(key) + ": " + written) ==
                  at + ": key '" + key + "': '0.000' is " + how + ", where futolab writes the number plain");
        }
    }
    // The counts are plain too.
    CHECK_THAT(refusal("unique", "unique: \"0\""), Catch::EndsWith("key 'unique': '0' is quoted, where futolab writes the number plain"));
    CHECK_THAT(refusal("pair_sets", "pair_sets: !!int 12"), Catch::Contains("key 'pair_sets': '12' is tagged !!int"));
    // CPU time above the wall time, beyond the millisecond the two clocks may differ by.
    std::ofstream(file) << good;
    replace_line(file, "seconds", "seconds: 1.000");
    const std::string one_second = slurp(file);
    const auto with_cpu = [&](const std::string& cpu) {
        std::ofstream(file) << one_second;
        replace_line(file, "cpu_seconds", "cpu_seconds: " + cpu);
        try {
            return read_few_relations_shard(file.string(), 3, 3, 1, 4)->count.cpu_seconds;
        } catch (const InputError& e) {
            FAIL_CHECK(e.what());
            return -1.0;
        }
    };
    CHECK(with_cpu("0.000") == 0.0);
    CHECK(with_cpu("0.999") == 0.999);
    CHECK(with_cpu("1.000") == 1.0);
    CHECK(with_cpu("1.001") == 1.001);
    for (const char* cpu : {"1.002", "2.000", "3000.000", "31557600.000"}) {
        INFO(cpu);
        std::ofstream(file) << one_second;
        replace_line(file, "cpu_seconds", std::string("cpu_seconds: ") + cpu);
        CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4),
                          file.string() + ":" + std::to_string(line_of(file, "cpu_seconds")) + ":14: key 'cpu_seconds' is " + cpu +
                              ", more than the shard's wall time (key 'seconds', line " + std::to_string(line_of(file, "seconds")) +
                              ": 1.000): its count runs on one thread, whose CPU time is never more than its wall time");
    }
    std::ofstream(file) << good;
    CHECK(read_few_relations_shard(file.string(), 3, 3, 1, 4));
    fs::remove_all(dir);
}

// Red-team round 27, B F5: the chain construction (critical --construct) is a unique zero-given
// puzzle of order n with floor(n²/4) relations for every n, and more of its square's relations keep
// it unique; so a whole count of k >= floor(n²/4) relations with none unique is not the search's,
// whatever its other figures (files edited together printed "proved" at n = 4, k = 4). Below that,
// none unique stays a count a total may have (n = 6, k = 8: the committed bound).
TEST_CASE("few_relations_total_problem refuses none unique where the chain construction has one", "[critical][few-relations]") {
    // The search's own totals (pair_sets, swap_skipped, puzzles: futolab critical --few-relations), unique then set to 0.
    struct Case {
        int n, k;
        std::uint64_t sets, skipped, puzzles;
        bool refused;
    };
    for (const Case& c : std::vector<Case>{{2, 1, 1, 0, 1, true},
                                           {3, 2, 12, 2, 20, true},
                                           {4, 4, 1381, 187, 9552, true},
                                           {5, 6, 480663, 70147, 13136512, true},
                                           {4, 3, 264, 108, 624, false},
                                           {5, 5, 82422, 25252, 914720, false},
                                           {6, 8, 319854588, 54284654, 33992951552, false},
                                           // C(60, 9) / 8 sets rounded up, none skipped: the least total k = 9 may have.
                                           {6, 9, 1847892833, 0, 1847892833ull * 256, true}}) {
        FewRelationsCount total;
        total.pair_sets = c.sets;
        total.swap_skipped = c.skipped;
        total.puzzles = total.multiple = c.puzzles;
        INFO("n = " << c.n << ", k = " << c.k);
        const std::string why = few_relations_total_problem(total, c.n, c.k);
        if (!c.refused) {
            CHECK(why.empty());
            continue;
        }
        CHECK_THAT(why, Catch::StartsWith("unique is 0 in all, where the chain construction (critical --construct --n " +
                                          std::to_string(c.n) + ", proved for every n)") &&
                            Catch::Contains("floor(n^2/4) = " + std::to_string(c.n * c.n / 4)));
        total.unique = 1;  // one unique puzzle: no contradiction
        total.multiple -= 1;
        CHECK(few_relations_total_problem(total, c.n, c.k).empty());
    }
}

// Red-team round 27, left open: a shard file recorded no limits, so a count under a 1 h limit was
// taken into a run of 1 s (or the reverse) without a word. Each file records the limits it was
// counted under (time_limit_ms, cpu_limit_ms: milliseconds as the results CSV writes its columns,
// 0 for none), read back in that one form; a reader given the count's limits refuses a file of
// others at the first key that differs (FewRelationsLimitsDiffer, naming both values), after
// every other check; a file of an older futolab, recording none, is read as before.
TEST_CASE("few relations shards: a file records the limits it was counted under and is taken only under those",
          "[critical][few-relations][limits]") {
    const fs::path dir = fresh_dir("limits");
    fs::create_directories(dir);
    const fs::path file = few_relations_shard_path(dir.string(), 3, 3, 1, 4);
    const FewRelationsLimits hour{3600000, 0}, none{};
    const FewRelationsShard counted{3, 3, 1, 4, few_relations(3, 3, 1, 4), "test", hour};
    const std::string good = write_few_relations_shard(counted);
    CHECK(good.ends_with("\ntime_limit_ms: 3600000\ncpu_limit_ms: 0\n"));
    std::ofstream(file) << good;
    const auto read = read_few_relations_shard(file.string(), 3, 3, 1, 4);
    REQUIRE(read);
    CHECK(read->limits == std::optional(hour));
    CHECK(read_few_relations_shard(file.string(), 3, 3, 1, 4, "test", hour));
    const std::string at = file.string() + ":" + std::to_string(line_of(file, "time_limit_ms")) + ":16: key 'time_limit_ms' is ";
    CHECK_THROWS_AS(read_few_relations_shard(file.string(), 3, 3, 1, 4, "test", FewRelationsLimits{1000, 0}), FewRelationsLimitsDiffer);
    CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4, "test", FewRelationsLimits{1000, 0}),
                      Catch::StartsWith(at + "3600000, where this count's wall time limit is 1000: its shard was counted under "
                                             "other limits than this count's"));
    CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4, std::nullopt, none),
                      Catch::StartsWith(at + "3600000, where this count's wall time limit is 0 (none):"));
    CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4, "test", FewRelationsLimits{3600000, 0.5}),
                      Catch::StartsWith(file.string() + ":" + std::to_string(line_of(file, "cpu_limit_ms")) +
                                        ":15: key 'cpu_limit_ms' is 0 (none), where this count's CPU time limit is 0.5:"));
    // Another build's file is refused as such first (a run makes that shard an error row).
    try {
        (void)read_few_relations_shard(file.string(), 3, 3, 1, 4, "futolab X", none);
        FAIL("taken");
    } catch (const FewRelationsLimitsDiffer&) {
        FAIL("refused for its limits before its build");
    } catch (const InputError& e) {
        CHECK_THAT(e.what(), Catch::Contains("another build counted it"));
    }
    // Written only as futolab writes them; both keys or neither.
    for (const auto& [line, why] : std::vector<std::pair<std::string, std::string>>{
             {"time_limit_ms: 03600000", "key 'time_limit_ms': '03600000' is not a limit in milliseconds as futolab writes it"},
             {"time_limit_ms: 3600000.0", "'3600000.0' is not a limit in milliseconds"},
             {"time_limit_ms: 3.6e6", "'3.6e6' is not a limit in milliseconds"},
             {"time_limit_ms: -0", "'-0' is not a limit in milliseconds"},
             {"time_limit_ms: .5", "'.5' is not a limit in milliseconds"},
             {"time_limit_ms: inf", "'inf' is not a limit in milliseconds"},
             {"time_limit_ms: \"3600000\"", "key 'time_limit_ms': '3600000' is quoted, where futolab writes the number plain"},
             {"time_limit_ms: 9200000000001", "key 'time_limit_ms': 9200000000001 is too large (accepted: 0 to 9200000000000)"},
             {"", "not a complete few-relations shard file: no 'time_limit_ms'"}}) {
        std::ofstream(file) << good;
        replace_line(file, "time_limit_ms", line);
        INFO(line);
        CHECK_THROWS_WITH(read_few_relations_shard(file.string(), 3, 3, 1, 4), Catch::StartsWith(file.string()) && Catch::Contains(why));
    }
    std::ofstream(file) << good;
    replace_line(file, "time_limit_ms", "time_limit_ms: 0.000002");  // 2 ns, as limit_ms writes it
    CHECK(read_few_relations_shard(file.string(), 3, 3, 1, 4)->limits == std::optional(FewRelationsLimits{0.000002, 0}));
    // An older file, recording none: read as before, under any limits.
    std::ofstream(file) << good;
    replace_line(file, "time_limit_ms", "");
    replace_line(file, "cpu_limit_ms", "");
    const auto older = read_few_relations_shard(file.string(), 3, 3, 1, 4, "test", FewRelationsLimits{1000, 2000});
    REQUIRE(older);
    CHECK(!older->limits);
    // A count written without limits records none as 0.
    CHECK(write_few_relations_shard(FewRelationsShard{3, 3, 1, 4, few_relations(3, 3, 1, 4), "test", std::nullopt})
              .ends_with("\ntime_limit_ms: 0\ncpu_limit_ms: 0\n"));
    fs::remove_all(dir);
}
