// Every numeric key of the YAML config over the boundary values of issue #18: a value is
// either read exactly or refused with "cfg.yaml:L:C: KEY: VALUE <problem> (accepted: ...)",
// never truncated (4294967296 used to become 0 runs) nor overflowed (a time of 1e10 s used to
// time out every run at once).
#include "../support/boundaries.hpp"
#include "core/error.hpp"
#include "experiments/config.hpp"

#include <catch2/catch.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using namespace futolab;

namespace {

struct NumericKey {
    std::string name;      // as in messages
    std::string before;    // the config up to the value
    std::string after;     // the rest of the config
    bool whole;            // digits only
    double min, max;
};

const std::string kFile = "instances:\n  - file: x.futo\nsolvers: [gac]\n";
const std::string kRandom = "name: t\ninstances:\n  - generate: { kind: random, n: 5, ";
const std::string kUnique = "name: t\ninstances:\n  - generate: { kind: unique, n: 5, grade: search, ";
const std::string kSquares = "name: t\ntask: critical\ninstances:\n  - squares: { n: 4, ";
const double kU64 = 18446744073709551615.0, kInt = 2147483647.0;

const std::vector<NumericKey> kKeys{
    {"seed", "name: t\nseed: ", "\n" + kFile, true, 0, kU64},
    {"repeats", "name: t\nrepeats: ", "\n" + kFile, true, 1, kInt},
    {"limits.time", "name: t\nlimits: { time: ", " }\n" + kFile, false, 0, 9.2e9},
    {"limits.nodes", "name: t\nlimits: { nodes: ", " }\n" + kFile, true, 1, kU64},
    {"mode.count", "name: t\nmode: { count: ", " }\n" + kFile, true, 1, kU64},
    {"generate.n", "name: t\ninstances:\n  - generate: { kind: random, n: ", " }\nsolvers: [gac]\n", false, 2, 64},
    {"generate.count", kRandom + "count: ", " }\nsolvers: [gac]\n", true, 1, kInt},
    {"generate.h", kRandom + "h: ", " }\nsolvers: [gac]\n", false, 0, 25},  // n = 5: its cells
    {"generate.k", kRandom + "k: ", " }\nsolvers: [gac]\n", false, 0, 40},  // and its neighbouring pairs
    {"generate.givens", kRandom + "givens: ", " }\nsolvers: [gac]\n", false, 0, 1},
    {"generate.relations", kRandom + "relations: ", " }\nsolvers: [gac]\n", false, 0, 1},
    {"generate.attempts", kUnique + "attempts: ", " }\nsolvers: [gac]\n", true, 1, kInt},
    {"squares.n", "name: t\ntask: critical\ninstances:\n  - squares: { n: ", " }\nmethods: [critical]\n", false, 2, 64},
    {"squares.count", kSquares + "count: ", " }\nmethods: [critical]\n", true, 1, kInt},
};

using test::Boundary;
// The values of every numeric option, and YAML's own spellings of nan and inf.
const std::vector<Boundary> kBoundaries = [] {
    std::vector<Boundary> all = test::boundary_values();
    all.push_back({".nan", NAN});
    all.push_back({".inf", INFINITY});
    return all;
}();

bool accepted(const NumericKey& k, const Boundary& b) {
    if (!std::isfinite(b.value)) return false;
    if (!k.whole) return b.value >= k.min && b.value <= k.max;
    // Whole numbers compared exactly: as doubles, 2^64 and 2^64 - 1 are the same number.
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(b.text.data(), b.text.data() + b.text.size(), v);
    if (ec != std::errc() || end != b.text.data() + b.text.size()) return false;  // -1, 1e300, 2^64
    return v >= static_cast<std::uint64_t>(k.min) && (k.max == kU64 || v <= static_cast<std::uint64_t>(k.max));
}

std::string error_of(const std::string& text) {
    try {
        parse_config(text, "cfg.yaml");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("every numeric config key: boundary values are read or refused with the range", "[config][numbers]") {
    int refused = 0, passed = 0;
    for (const NumericKey& k : kKeys) {
        for (const Boundary& b : kBoundaries) {
            const std::string text = k.before + b.text + k.after;
            INFO(text);
            const std::string error = error_of(text);
            if (accepted(k, b)) {
                CHECK(error.empty());
                ++passed;
            } else {
                // "cfg.yaml:LINE:COL: KEY: VALUE ... (accepted: ...)", the position once.
                CHECK(error.rfind("cfg.yaml:", 0) == 0);
                CHECK(error.find(": " + k.name + ": ") != std::string::npos);
                CHECK(error.find("(accepted: ") != std::string::npos);
                CHECK(error.find("cfg.yaml", 1) == std::string::npos);
                ++refused;
            }
        }
    }
    SUCCEED(refused << " refused, " << passed << " accepted");
}

TEST_CASE("config numbers: the cases of issue #18", "[config][numbers]") {
    CHECK(error_of("name: t\nlimits: { time: 99999999999h }\n" + kFile) ==
          "cfg.yaml:2:17: limits.time: 99999999999h is too large (accepted: 0 to 9.2e9 s; 0 = none)");
    CHECK(error_of("name: t\nrepeats: 4294967296\n" + kFile) ==
          "cfg.yaml:2:10: repeats: 4294967296 is too large (accepted: 1 to 2147483647)");
    CHECK(error_of(kRandom + "count: 4294967296 }\nsolvers: [gac]\n") ==
          "cfg.yaml:3:44: generate.count: 4294967296 is too large (accepted: 1 to 2147483647)");
    CHECK(error_of(kRandom + "givens: [0.1, nan] }\nsolvers: [gac]\n") ==
          "cfg.yaml:3:51: generate.givens: nan is not a number (accepted: 0 to 1)");
    const ExperimentConfig c = parse_config("name: t\nlimits: { time: 2h, nodes: 18446744073709551615 }\n" + kFile, "c");
    CHECK(c.limits.time_seconds == 7200.0);
    CHECK(c.limits.nodes == 18446744073709551615ULL);
}

// Red-team round 17, B F7: `classes: { n: 3, count: 100000001 }` (the order has 2 classes) was
// refused as more runs than max_runs, with no line or key, and raising max_runs led only to
// "first 0 and count 100000001 go past the last class"; `count: 18446744073709551615` said
// "more than 18446744073709551615 runs". A generate source's h or k beyond its n was found the
// same way. Each source's own range is checked as the config is read, naming the key.
TEST_CASE("a source's own counts are refused naming the key, before the run count", "[config][numbers]") {
    const auto exact = [](const std::string& classes) {
        return error_of("name: t\ntask: exact\ninstances:\n  - classes: { " + classes + " }\nmethods: [ exact ]\n");
    };
    CHECK(exact("n: 3, count: 100000001") ==
          "cfg.yaml:4:29: classes.count: 100000001 is too large (accepted: 1 to 2; n = 3 has 2 classes, 0..1, and 2 of "
          "them from first 0 at stride 1)");
    CHECK_THAT(exact("n: 3, count: 18446744073709551615"),
               Catch::StartsWith("cfg.yaml:4:29: classes.count: 18446744073709551615 is too large (accepted: 1 to 2;"));
    // A value that is no whole number at all states the same range, not 2^64 - 1 (red-team round 19, B F3).
    CHECK(exact("n: 3, count: -1") == "cfg.yaml:4:29: classes.count: -1 is negative (accepted: 1 to 2; n = 3 has 2 classes, "
                                      "0..1, and 2 of them from first 0 at stride 1)");
    CHECK_THAT(exact("n: 3, first: -0"),
               Catch::StartsWith("cfg.yaml:4:29: classes.first: -0 is not a whole number written in digits (accepted: 0 to 1;"));
    CHECK(exact("n: 4, first: 70") == "cfg.yaml:4:29: classes.first: 70 is too large (accepted: 0 to 69; n = 4 has 70 "
                                      "classes, 0..69)");
    CHECK_THAT(exact("n: 4, first: 1, count: 4, stride: 30"),
               Catch::StartsWith("cfg.yaml:4:39: classes.count: 4 is too large (accepted: 1 to 3; n = 4 has 70 classes, 0..69, "
                                 "and 3 of them from first 1 at stride 30)"));
    CHECK(exact("n: 4, first: 1, count: 3, stride: 30").empty());
    CHECK(exact("n: 2, first: 0, count: 1").empty());
    CHECK(error_of(kRandom + "h: 26, count: 200000000 }\nsolvers: [gac]\n") ==
          "cfg.yaml:3:40: generate.h: 26 is too large for n = 5 (accepted: 0 to 25, its cells)");
    CHECK(error_of("name: t\ninstances:\n  - generate: { kind: random, n: [5, 4], k: [3, 25] }\nsolvers: [gac]\n") ==
          "cfg.yaml:3:45: generate.k: 25 is too large for n = 4 (accepted: 0 to 24, its pairs of neighbouring cells)");
}

// Red-team round 11: the whole-number sweeps of a generate source were read as reals, so
// h: [15.9999999999999999] ran as h = 16 and n: [4, 4.0, 04] made three runs of n = 4.
TEST_CASE("whole-number sweeps are read as whole numbers, each value once", "[config][numbers]") {
    const auto error = [](const std::string& key, const std::string& value) {
        try {
            parse_config("name: t\ninstances:\n  - generate: { kind: random, n: 4, " + key + ": " + value + " }\nsolvers: [gac]\n",
                         "cfg.yaml");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    CHECK_THAT(error("h", "[15.9999999999999999]"), Catch::Contains("generate.h: 15.9999999999999999 is not a whole number"));
    CHECK_THAT(error("k", "[2.0000000000000001]"), Catch::Contains("generate.k: 2.0000000000000001 is not a whole number"));
    CHECK_THAT(error("h", "[3, 3]"), Catch::Contains("generate.h has 3 twice"));
    CHECK_THAT(error("k", "{ from: 1, to: 3, step: 0 }"), Catch::Contains("generate.k.step"));
    CHECK_THAT(error("k", "{ from: 1, to: 3, step: 0.5 }"), Catch::Contains("not a whole number"));
    CHECK(error("h", "{ from: 1, to: 5, step: 2 }") == "(no error)");
    CHECK(error("k", "[0, 2]") == "(no error)");
}

namespace {

// Keys whose value is a number or a flag, each with the config around it and where the value
// starts: "cfg.yaml:LINE:COLUMN".
struct PlainKey {
    std::string name, before, after, at, value;  // value: a plain one the key takes
};

const std::vector<PlainKey> kPlainKeys{
    {"seed", "name: t\nseed: ", "\n" + kFile, "cfg.yaml:2:7", "1"},
    {"repeats", "name: t\nrepeats: ", "\n" + kFile, "cfg.yaml:2:10", "1"},
    {"warmup", "name: t\nwarmup: ", "\n" + kFile, "cfg.yaml:2:9", "1"},
    {"max_runs", "name: t\nmax_runs: ", "\n" + kFile, "cfg.yaml:2:11", "10"},
    {"mode.count", "name: t\nmode: { count: ", " }\n" + kFile, "cfg.yaml:2:16", "2"},
    {"limits.nodes", "name: t\nlimits: { nodes: ", " }\n" + kFile, "cfg.yaml:2:18", "1"},
    {"limits.time", "name: t\nlimits: { time: ", " }\n" + kFile, "cfg.yaml:2:17", "1"},
    {"pin", "name: t\npin: ", "\n" + kFile, "cfg.yaml:2:6", "true"},
    {"grade", "name: t\ngrade: ", "\n" + kFile, "cfg.yaml:2:8", "false"},
    {"generate.n", "name: t\ninstances:\n  - generate: { kind: random, n: [4, ", "] }\nsolvers: [gac]\n", "cfg.yaml:3:38", "5"},
    {"generate.givens", kRandom + "givens: ", " }\nsolvers: [gac]\n", "cfg.yaml:3:45", "0.5"},
};

}  // namespace

// Red-team round 26 (C F9, B F5): `seed: "1"`, `repeats: !!str 1`, `seed: !!float 1`,
// `grade: !!str true`, `mode: { count: !!str 2 }` and `pin: !custom false` ran as the values
// their text says, where another YAML reader (the config text travels in every sidecar) reads a
// string, 1.0, or fails on the unknown tag. A number or flag is plain, refused otherwise at its
// value, naming the key and how it is written.
TEST_CASE("config numbers and flags are plain: quoted or tagged ones are refused at their value", "[config][numbers]") {
    for (const PlainKey& k : kPlainKeys) {
        INFO(k.name);
        CHECK(error_of(k.before + k.value + k.after).empty());
        for (const std::string& quoted : {"\"" + k.value + "\"", "'" + k.value + "'", "! " + k.value}) {
            INFO(quoted);
            CHECK(error_of(k.before + quoted + k.after) ==
                  k.at + ": " + k.name + ": '" + k.value + "' is quoted: a number or flag is written plain (other YAML "
                  "readers take it for text)");
        }
        for (const std::string tag : {"!!str", "!!int", "!!float", "!!bool", "!custom", "!<tag:yaml.org,2002:str>"}) {
            INFO(tag);
            const std::string shown = tag.starts_with("!<") ? "!!str" : tag;
            CHECK(error_of(k.before + tag + " " + k.value + k.after) ==
                  k.at + ": " + k.name + ": '" + k.value + "' is tagged " + shown + ": a number or flag is written plain "
                  "(other YAML readers take it for what its tag says)");
        }
    }
}

// Red-team round 26, B F5: `seed: 010` ran as seed 10, where a YAML 1.1 reader (PyYAML) reads
// the octal 8; `repeats: 02` as 2. A leading zero in the whole part of a number is refused.
TEST_CASE("config numbers with a leading zero are refused at their value", "[config][numbers]") {
    for (const PlainKey& k : kPlainKeys) {
        if (k.name == "pin" || k.name == "grade") continue;
        for (const std::string zeros : {"0", "00"}) {
            const std::string value = zeros + k.value;
            INFO(k.name << ": " << value);
            CHECK(error_of(k.before + value + k.after) ==
                  k.at + ": " + k.name + ": '" + value + "' has a leading zero, which YAML 1.1 readers take for an octal "
                  "number: write it without");
        }
    }
    CHECK_THAT(error_of("name: t\nseed: 00\n" + kFile), Catch::Contains("seed: '00' has a leading zero"));
    CHECK_THAT(error_of("name: t\nseed: 08\n" + kFile), Catch::Contains("seed: '08' has a leading zero"));
    CHECK_THAT(error_of(kRandom + "givens: 00.5 }\nsolvers: [gac]\n"), Catch::Contains("generate.givens: '00.5' has a leading zero"));
    CHECK_THAT(error_of(kRandom + "givens: { from: 0.1, to: 00.3, step: 0.1 } }\nsolvers: [gac]\n"),
               Catch::Contains("generate.givens: '00.3' has a leading zero"));
    CHECK_THAT(error_of(kRandom + "h: { from: 1, to: 5, step: 02 } }\nsolvers: [gac]\n"),
               Catch::Contains("generate.h.step: '02' has a leading zero"));
    CHECK_THAT(error_of("name: t\nlimits: { time: 010 }\n" + kFile), Catch::Contains("limits.time: '010' has a leading zero"));
    // 0 itself, a fraction after 0 and an exponent after 0 have no leading zero.
    CHECK(parse_config("name: t\nseed: 0\n" + kFile, "c").seed == 0);
    CHECK(parse_config("name: t\nseed: 10\n" + kFile, "c").seed == 10);
    CHECK(error_of(kRandom + "givens: [0.05, 0, 0e0, 0.5e-1] }\nsolvers: [gac]\n").find("leading zero") == std::string::npos);
    CHECK(parse_config("name: t\nlimits: { time: 0.5 }\n" + kFile, "c").limits.time_seconds == 0.5);
}

// A text value may be quoted or tagged !!str (it is text to every reader): names, paths,
// solver specs, words, and a duration or memory size written with its unit. Any other tag on
// it is refused.
TEST_CASE("config text values may be quoted or tagged !!str: other tags are refused", "[config][numbers]") {
    const ExperimentConfig c = parse_config("name: \"t\"\ndescription: !!str 2\norder: 'sequential'\nlimits: { time: \"2s\" }\n"
                                            "mode: { count: \"all\" }\ninstances:\n  - file: !!str \"x.futo\"\n"
                                            "solvers: [ \"gac\", !!str fc ]\noutput: \"out/t.csv\"\n",
                                            "cfg.yaml");
    CHECK(c.name == "t");
    CHECK(c.description == "2");
    CHECK(c.limits.time_seconds == 2.0);
    CHECK(c.solvers.size() == 2);
    CHECK(c.output == "out/t.csv");
    CHECK(error_of("name: !custom t\n" + kFile) == "cfg.yaml:1:7: name: 't' has the YAML tag !custom: a config value takes none "
                                                   "but !!str on text");
    CHECK(error_of("name: t\ninstances:\n  - file: !!binary eC5mdXRv\nsolvers: [gac]\n") ==
          "cfg.yaml:3:11: file: 'eC5mdXRv' has the YAML tag !!binary: a config value takes none but !!str on text");
    CHECK_THAT(error_of("name: t\ninstances:\n  - file: x.futo\nsolvers: [ !!int gac ]\n"),
               Catch::StartsWith("cfg.yaml:4:12: a solver: 'gac' has the YAML tag !!int"));
    CHECK_THAT(error_of("name: t\norder: !!bool shuffled\n" + kFile), Catch::StartsWith("cfg.yaml:2:8: order: 'shuffled' has the YAML tag !!bool"));
    // A duration written as a bare number is a number: plain.
    CHECK_THAT(error_of("name: t\nlimits: { time: \"2\" }\n" + kFile), Catch::Contains("limits.time: '2' is quoted"));
}

// Red-team round 26, B F2: `limits: { time: -0s }` ran with no limit (0 = none) where -1s was
// "negative". Refused in every unit, at the value.
TEST_CASE("a config duration or number of -0 is refused at its value", "[config][numbers]") {
    for (const char* zero : {"-0", "-0s", "-0ms", "-0us", "-0m", "-0h", "-0.0", "-0e3s"})
        for (const char* key : {"time", "cpu"}) {
            INFO(key << ": " << zero);
            CHECK_THAT(error_of(std::string("name: t\nlimits: { ") + key + ": " + zero + " }\n" + kFile),
                       Catch::StartsWith(std::string("cfg.yaml:2:") + (std::string(key) == "time" ? "17" : "16") + ": limits." + key +
                                         ": " + zero) &&
                           Catch::Contains("is zero with a minus sign, which futolab never writes (write 0)"));
        }
    CHECK_THAT(error_of(kRandom + "givens: -0 }\nsolvers: [gac]\n"),
               Catch::StartsWith("cfg.yaml:3:45: generate.givens: -0 is zero with a minus sign"));
    CHECK_THAT(error_of("name: t\nseed: -0\n" + kFile), Catch::StartsWith("cfg.yaml:2:7: seed: -0 is not a whole number"));
}
