// Issue #25 through the CLI: flags a mode does not read are refused rather than ignored,
// convert writes one safe file per id (or refuses), and inputs that are no regular file, too
// large, or an alias bomb stop with a one-line message (exit 2) instead of hanging, filling
// memory or being expanded.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include <sys/stat.h>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

using futolab::test::has;

namespace {

fs::path fresh_dir(const std::string& name) { return futolab::test::fresh_dir("refusals", name); }

// `args` with a 20 s watchdog: a command that hangs is killed and fails the test (exit 143).
futolab::test::CliResult bounded(const std::string& args) {
    return run_cli(args + " & p=$!; ( sleep 20; kill $p ) 2>/dev/null & w=$!; wait $p; c=$?; kill $w 2>/dev/null; exit $c");
}

}  // namespace

TEST_CASE("critical refuses two modes and options its mode does not read", "[cli][critical][flags]") {
    for (const std::string args : {"--exhaustive --free-square --n 3", "--objective h+k --exhaustive --n 3",
                                    "--engine foo --exact --n 3 --objective k", "--engine bb --n 4 --count 1",
                                    "--exhaustive --n 3 --iterations 5", "--check-certificate x.cert --n 3",
                                    "--free-square --n 4 --use numbers", "--n 4 --count 1 --patience 3",
                                    "--exact --n 3 --objective k --sampler shuffle", "--n 5 --few-relations 3 --seed 2"}) {
        INFO(args);
        const auto r = run_cli("critical " + args);
        CHECK(r.exit_code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.out.empty());
    }
    CHECK(has(run_cli("critical --exhaustive --free-square --n 3").err, "--exhaustive and --free-square are two modes"));
    CHECK(has(run_cli("critical --objective h+k --exhaustive --n 3").err,
              "critical --exhaustive: --objective does not apply here (it takes --n, --verify-with, --out, --resume)"));
    CHECK(has(run_cli("critical --engine foo --exact --n 3 --objective k").err, "--engine"));
    // What each mode does read still works.
    CHECK(run_cli("critical --exhaustive --n 3 --verify-with gac").exit_code == 0);
}

// --force only lets a file output replace a file: --check-certificate, which writes none, and a
// search with no --out, --certificate or --checkpoint took it and did nothing, exit 0 (red-team
// round 23, B). Refused like any option that does not apply; with a file output it is taken.
TEST_CASE("critical refuses --force where it writes no file", "[cli][critical][flags]") {
    const fs::path dir = fresh_dir("force-no-file");
    REQUIRE(run_cli("critical --exact --n 3 --objective k --certificate c.cert --out e.jsonl", dir.string()).exit_code == 0);
    const auto check = run_cli("critical --check-certificate c.cert --force", dir.string());
    CHECK(check.exit_code == 2);
    CHECK(check.err == "futolab: critical --check-certificate: --force does not apply here (it writes no file; it takes "
                       "--verify-with)\n");
    for (const std::string args : {"--n 3", "--n 3 --out -", "--exact --n 3 --objective k", "--construct --n 4"}) {
        INFO(args);
        const auto r = run_cli("critical " + args + " --force", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--force does not apply without --out FILE, --certificate FILE or --checkpoint DIR"));
        CHECK(r.out.empty());
    }
    CHECK(has(run_cli("critical --help").out, "Every mode but check-certificate (it writes no file) takes --force."));
    CHECK(run_cli("critical --n 3 --out g.jsonl --force", dir.string()).exit_code == 0);
    CHECK(run_cli("critical --construct --n 4 --certificate - --out k.jsonl --force", dir.string()).exit_code == 0);
}

TEST_CASE("convert writes one safe file per id, and refuses a repeated id", "[cli][convert]") {
    const fs::path dir = fresh_dir("convert");
    std::ofstream(dir / "ids.jsonl") << "{\"id\":\"a/b\",\"n\":2}\n{\"id\":\"a_b\",\"n\":2}\n{\"id\":\"x\",\"n\":2}\n"
                                     << "{\"id\":\"../up\",\"n\":2}\n{\"id\":\"" << std::string(300, 'L') << "\",\"n\":2}\n";
    auto r = run_cli("convert " + (dir / "ids.jsonl").string() + " --to dzn --out " + (dir / "out").string() + "/");
    REQUIRE(r.exit_code == 0);
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir / "out")) names.insert(e.path().filename().string());
    CHECK(names.erase(".futolab-folder.lock") == 1);  // the folder's lock while convert wrote it (round 26, A F2)
    CHECK(names.size() == 5);
    CHECK(names.count("a_b.dzn") == 1);
    CHECK(names.count("x.dzn") == 1);
    for (const std::string& name : names) CHECK(name.size() <= 110);
    CHECK_FALSE(fs::exists(dir / "up.dzn"));
    std::ofstream(dir / "twice.jsonl") << "{\"id\":\"x\",\"n\":2}\n{\"id\":\"x\",\"n\":2}\n";
    r = run_cli("convert " + (dir / "twice.jsonl").string() + " --to dzn --out " + (dir / "out2").string() + "/");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "instances 1 and 2 both have the id 'x'"));
    CHECK_FALSE(fs::exists(dir / "out2"));
    // The input itself as the output.
    const std::string before = slurp((dir / "twice.jsonl").string());
    r = run_cli("convert " + (dir / "twice.jsonl").string() + " --to jsonl --out " + (dir / "twice.jsonl").string());
    CHECK(r.exit_code == 2);
    CHECK(slurp((dir / "twice.jsonl").string()) == before);
    fs::remove_all(dir);
}

TEST_CASE("only regular files are read, within a size limit", "[cli][bounded]") {
    const fs::path dir = fresh_dir("bounded");
    const std::string fifo = (dir / "f.jsonl").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto r = bounded("solve " + fifo);  // no writer: opening it would block forever
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + fifo + ": cannot read: is a FIFO (named pipe), not a regular file: give a file, or - "
                                        "with a redirect\n");
    r = bounded("solve /dev/zero");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: /dev/zero: cannot read: is a device, not a regular file\n");
    // A FIFO matched by a config's glob: refused like one given directly.
    std::ofstream(dir / "g.yaml") << "name: g\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " << dir.string()
                                  << "/f*.jsonl\nsolvers: [ \"fc\" ]\noutput: " << dir.string() << "/o/r.csv\n";
    r = bounded("run -q " + (dir / "g.yaml").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "is a FIFO"));
    // The size limit, for files and for standard input.
    std::ofstream(dir / "big.jsonl") << std::string(3 << 20, ' ');
    const std::string env = "FUTOLAB_MAX_INPUT_BYTES=2097152 ";
    r = futolab::test::run_cli_env(env, "solve " + (dir / "big.jsonl").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "big.jsonl: 3145728 bytes, larger than 2097152 bytes, the input limit"));
    r = futolab::test::run_cli_env(env, "solve - < /dev/zero");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "-: larger than 2097152 bytes, the input limit"));
    r = futolab::test::run_cli_env("FUTOLAB_MAX_INPUT_BYTES=12kB ", "solve " + (dir / "big.jsonl").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "FUTOLAB_MAX_INPUT_BYTES: '12kB' is not a whole number of bytes"));
    fs::remove_all(dir);
}

TEST_CASE("an alias bomb in a config or a sidecar is refused, not expanded", "[cli][bounded][yaml]") {
    const fs::path dir = fresh_dir("yaml");
    std::string bomb = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int i = 1; i < 10; ++i) {
        bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
        for (int j = 0; j < 10; ++j) bomb += (j ? ", *a" : "*a") + std::to_string(i - 1);
        bomb += "]\n";
    }
    std::ofstream(dir / "bomb.yaml") << bomb << "name: x\n";
    auto r = bounded("run " + (dir / "bomb.yaml").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "bomb.yaml: YAML of more than 100000 nodes once its aliases are expanded"));
    // As the sidecar of a results CSV: report shows its text; merge refuses it.
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv", dir / "p.csv");
    std::ofstream(dir / "p.csv.meta.yaml") << bomb << "experiment: x\n";
    r = bounded("report " + (dir / "p.csv").string() + " --out " + (dir / "r.html").string());
    CHECK(r.exit_code == 0);
    CHECK(has(slurp((dir / "r.html").string()), "once its aliases are expanded"));
    r = bounded("merge " + (dir / "p.csv").string() + " --out " + (dir / "m.csv").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "once its aliases are expanded"));
    fs::remove_all(dir);
}

// A sidecar is no argument: one that is a FIFO is refused as the CSV's companion, read beside it,
// not with the arguments' hint "give a file, or - with a redirect" (red-team round 31, H6).
// A folder there likewise (spot check of round 31, J5).
TEST_CASE("a sidecar that is a FIFO is refused as the CSV's companion", "[cli][bounded]") {
    const fs::path dir = fresh_dir("fifo-sidecar");
    const std::string csv = (dir / "q.csv").string();
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/analysis/compare/base.csv", csv);
    const bool fifo = GENERATE(true, false);
    if (fifo) REQUIRE(::mkfifo((csv + ".meta.yaml").c_str(), 0600) == 0);
    else fs::create_directory(csv + ".meta.yaml");
    const std::string said = csv + ".meta.yaml: cannot read: is " + (fifo ? "a FIFO (named pipe), not a regular file" : "a directory") +
                             ": the sidecar of " + csv + ", read beside it (make it a regular file, or move it away)";
    for (const std::string& command : {"compare " + csv + " " + csv, "merge " + csv + " --out " + (dir / "m.csv").string(),
                                       "analyze " + csv}) {
        const auto r = bounded(command);
        INFO(command << ": " << r.err);
        CHECK(has(r.err, said));
        CHECK_FALSE(has(r.err, "with a redirect"));
    }
}
