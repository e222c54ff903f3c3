// Objects of many keys are read in linear time by every JSON reader (core/json_read.cpp: the
// JSONL reader, the certificate readers, the futolab-bench manifest).
#include "../../app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using futolab::test::CliResult;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli_env;

// Red-team round 11, F14: an object's keys were looked up linearly (Json is an ordered_json),
// so reading an object of n keys took n² steps: 80 000 meta keys 9.6 s, 500 000 would take
// minutes. The CLI runs under a CPU limit of 60 s, 30 times what the linear read takes under
// a sanitizer, a tenth of what the quadratic one took: a quadratic reader is killed (SIGXCPU).
TEST_CASE("a JSONL record with 500 000 meta keys, floats and unknown keys is read in linear time",
          "[jsonl][hangs][long]") {
    const auto dir = fresh_dir("jsonl-many-keys", "meta");
    std::string line = R"({"id":"wide","n":3,"givens":[],"lt":[],"meta":{)";
    for (int i = 0; i < 500'000; ++i) line += (i ? ",\"k" : "\"k") + std::to_string(i) + (i % 2 ? "\":1.5" : "\":1");
    line += "}";
    for (int i = 0; i < 50'000; ++i) line += ",\"x" + std::to_string(i) + "\":0.25";
    line += "}\n";
    std::ofstream(dir / "wide.jsonl") << line << R"({"id":"dup","n":3,"givens":[],"lt":[],"meta":{"a":1,"a":2}})" << "\n";
    const CliResult r = run_cli_env("ulimit -t 60; ", "check '" + (dir / "wide.jsonl").string() + "'");
    CHECK(r.exit_code == 2);  // the second record's key twice is still found, naming its line
    CHECK(has(r.err, "wide.jsonl:2:"));
    CHECK(has(r.err, "key \"a\" is given twice in one object"));
    // The first record's numbers keep their text and order through a rewrite.
    std::ofstream(dir / "one.jsonl") << line;
    const CliResult c = run_cli_env("ulimit -t 60; ", "convert '" + (dir / "one.jsonl").string() + "' --to jsonl");
    REQUIRE(c.exit_code == 0);
    CHECK(has(c.out, R"("meta":{"k0":1,"k1":1.5,"k2":1,)"));
    CHECK(has(c.out, R"(,"k499999":1.5},"x0":0.25,"x1":0.25,)"));
    CHECK(has(c.out, R"("x49999":0.25})"));
}
