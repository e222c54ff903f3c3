// Red-team round 17, A F2: `critical --out` anywhere under /dev (a regular file in /dev/shm, a
// tmpfs) was written as a stream, its results CSV a temporary file, without a word; `--resume`
// then said "needs --out FILE, a regular file" of that regular file. Now only standard output
// (by any name), a device or a path under /proc is a stream, and --resume's refusal says which.
#include "app/critical_experiment.hpp"
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <string>

using futolab::app::critical_csv_of;
using futolab::test::CliResult;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("critical puts its results CSV beside a regular --out under /dev, and none beside a stream",
          "[app][critical][outputs]") {
    // Names not there: nothing is made to ask.
    CHECK(critical_csv_of("/dev/shm/futolab-never-made.jsonl") == "/dev/shm/futolab-never-made.csv");
    CHECK(critical_csv_of("/dev/futolab-never-made/sets.txt") == "/dev/futolab-never-made/sets.txt.csv");
    for (const std::string stream : {"-", "", "/dev/null", "/dev/stdout", "/proc/self/status"}) {
        INFO(stream);
        CHECK(critical_csv_of(stream).empty());
    }
}

TEST_CASE("critical --resume of an --out written as a stream names what that --out is", "[app][critical][outputs]") {
    for (const auto& [out, what] : {std::pair{std::string("/dev/null"), std::string("is a character device")},
                                    {"-", "is standard output"},
                                    {"/dev/stdout", "is this command's standard output"}}) {
        const CliResult r = run_cli("critical --construct --n 4 --resume --out " + out);
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "critical --resume: --out " + out + ": " + what + ", written as a stream"));
    }
}

TEST_CASE("critical --out in /dev/shm keeps its results CSV there and resumes it", "[app][critical][outputs]") {
    const std::string stem = "/dev/shm/futolab-test-" + std::to_string(::getpid()) + "-stream-out";
    if (::access("/dev/shm", W_OK) != 0) {
        WARN("/dev/shm is not a folder this test may write: not tried");
        return;
    }
    const CliResult first = run_cli("critical --construct --n 4 --out " + stem + ".jsonl");
    const bool beside = fs::is_regular_file(stem + ".csv") && fs::is_regular_file(stem + ".csv.meta.yaml");
    const CliResult again = run_cli("critical --construct --n 4 --resume --out " + stem + ".jsonl");
    for (const std::string made : {".jsonl", ".csv", ".csv.meta.yaml", ".csv.schema.json"}) fs::remove(stem + made);
    fs::remove(fs::path(stem).parent_path() / ("." + fs::path(stem).filename().string() + ".csv.lock"));
    INFO(first.err << "|" << again.err);
    CHECK(first.exit_code == 0);
    CHECK(has(first.err, "results " + stem + ".csv"));
    CHECK(beside);
    CHECK(again.exit_code == 0);
    CHECK(has(again.err, "0 searched now, 1 from the CSV"));
}
