// A command whose product goes to standard output, started with standard output closed, is
// refused before any work, exit 2, one line (red-team round 27, A F3: generate's records, solve's
// results and critical's set went into the /dev/null futolab opens in its place, exit 0). One
// whose product goes to a file (--out FILE, --tables DIR, run) keeps the /dev/null and goes on.
// And a lock file made on a full disk that takes no pid goes again, with the folders made for it
// (A F8).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

const std::string kSquare = "--square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4'";

fs::path with_sweep(const std::string& name) {
    const fs::path dir = fresh_dir("app", name);
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: e4.jsonl\n"
                                     "solvers: [ fc ]\noutput: out/s.csv\n";
    REQUIRE(run_cli("generate random --n 4 --count 2 --out e4.jsonl", dir.string()).exit_code == 0);
    return dir;
}

}  // namespace

TEST_CASE("a closed standard output is refused where the product goes there", "[cli][rt27a][outputs][closed-stdout]") {
    const fs::path dir = with_sweep("closed-stdout");
    REQUIRE(run_cli("run -q s.yaml", dir.string()).exit_code == 0);
    const struct {
        std::string args, said;
    } cases[] = {
        {"generate random --n 4 --count 3", "generate: standard output is closed (started with >&- or 1>&-): the instances "
                                            "would be lost; give --out FILE, or start it with standard output open"},
        {"generate random --n 4 --out /dev/stdout", "give --out FILE"},
        {"generate random --n 4 --out -", "give --out FILE"},
        {"solve e4.jsonl -s fc", "solve: standard output is closed"},
        {"grade e4.jsonl", "grade: standard output is closed"},
        {"check e4.jsonl", "check: standard output is closed"},
        {"convert e4.jsonl --to futo", "convert: standard output is closed"},
        {"critical " + kSquare, "critical: standard output is closed"},
        {"critical --exact --n 4 --objective k --out c.jsonl --certificate -", "critical: standard output is closed"},
        {"analyze out/s.csv", "give --tables DIR"},
        {"compare out/s.csv out/s.csv", "compare: standard output is closed"},
        {"list", "list: standard output is closed"},
        {"schema", "schema: standard output is closed (started with >&- or 1>&-): the schema would be lost; start it with "
                   "standard output open (a file, a pipe or a terminal)"},
        {"schema out/s.csv", "schema: standard output is closed"},
    };
    for (const auto& c : cases) {
        const auto r = run_cli(c.args + " >&-", dir.string());
        INFO(c.args << "\n" << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("futolab: "));
        CHECK(has(r.err, c.said));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    CHECK_FALSE(fs::exists(dir / "c.jsonl"));
    CHECK_FALSE(fs::exists(dir / "c.csv"));
}

// Round 27 left open: the help and version text went into the /dev/null too, exit 0.
TEST_CASE("help and version text are refused with standard output closed", "[cli][outputs][closed-stdout]") {
    const fs::path dir = fresh_dir("app", "closed-stdout-help");
    const std::string help = "futolab: standard output is closed (started with >&- or 1>&-): the help text would be lost; "
                             "start it with standard output open (a file, a pipe or a terminal)\n";
    const struct {
        std::string args, said;
    } cases[] = {
        {"--help", help},
        {"-h", help},
        {"generate --help", help},
        {"run -h", help},
        {"critical --exact --help", help},
        {"--version", "futolab: standard output is closed (started with >&- or 1>&-): the version would be lost; start it "
                      "with standard output open (a file, a pipe or a terminal)\n"},
    };
    for (const auto& c : cases) {
        const auto closed = run_cli(c.args + " >&-", dir.string());
        INFO(c.args);
        CHECK(closed.exit_code == 2);
        CHECK(closed.err == c.said);
        const auto open = run_cli(c.args, dir.string());  // still printed where standard output is open
        CHECK(open.exit_code == 0);
        CHECK_FALSE(open.out.empty());
        CHECK(open.err.empty());
        CHECK(run_cli(c.args + " > /dev/null", dir.string()).exit_code == 0);  // /dev/null asked for: taken
    }
}

TEST_CASE("a closed standard output is kept as /dev/null where the product goes to a file", "[cli][rt27a][outputs][closed-stdout]") {
    const fs::path dir = with_sweep("closed-stdout-files");
    for (const std::string& args : std::vector<std::string>{"run -q s.yaml", "generate random --n 4 --count 3 --out g.jsonl",
                                   "convert e4.jsonl --to futo --out e4.futo", "critical " + kSquare + " --out c.jsonl"}) {
        const auto r = run_cli(args + " >&-", dir.string());
        INFO(args << "\n" << r.err);
        CHECK(r.exit_code == 0);
    }
    CHECK(fs::file_size(dir / "g.jsonl") > 0);
    CHECK(fs::file_size(dir / "e4.futo") > 0);
    CHECK(fs::file_size(dir / "c.jsonl") > 0);
    CHECK(fs::exists(dir / "out/s.csv"));
    CHECK(run_cli("analyze out/s.csv --tables tb >&-", dir.string()).exit_code == 0);
    CHECK(fs::exists(dir / "tb"));
}

// A file size limit of 0 stands in for the full disk: the lock file is made, its pid is not
// written (EFBIG, SIGXFSZ ignored). The limit is futolab's alone: its messages go through a pipe
// (a file would take none of them either), and its exit code follows them ("rc=N").
futolab::test::CliResult on_full_disk(const fs::path& dir, const std::string& args) {
    return run_cli_env("( ( trap '' XFSZ; ulimit -f 0; exec ", args + " ) 2>&1; echo \"rc=$?\" ) | cat >&2", dir.string());
}

TEST_CASE("a lock file that takes no pid is removed with the folders made for it", "[cli][rt27a][outputs][full-disk]") {
    const fs::path dir = with_sweep("lock-full-disk");
    REQUIRE(run_cli("run -q s.yaml", dir.string()).exit_code == 0);
    for (const std::string& args : std::vector<std::string>{
             "generate random --n 4 --out nd/sub/g.jsonl", "generate random --n 4 --out g.jsonl",
             "critical " + kSquare + " --out nc/c.jsonl", "report out/s.csv --out r.html", "analyze out/s.csv --tables ta",
             "analyze out/s.csv --tables nt/sub", "convert e4.jsonl --to futo --out e4.futo"}) {
        const auto r = on_full_disk(dir, args);
        INFO(args << "\n" << r.err);
        CHECK(has(r.err, "futolab: error: cannot write "));
        CHECK(has(r.err, ".lock: File too large\nrc=1\n"));
    }
    for (const char* left : {"nd", "g.jsonl", ".g.jsonl.lock", "nc", ".r.html.lock", "ta", "nt", ".e4.futo.lock"}) {
        INFO(left);
        CHECK_FALSE(fs::exists(fs::symlink_status(dir / left)));
    }
    // A run into a new folder, its config's output there.
    std::ofstream(dir / "n.yaml") << "name: n\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: e4.jsonl\n"
                                     "solvers: [ fc ]\noutput: nn/x.csv\n";
    const auto run = on_full_disk(dir, "run -q n.yaml");
    INFO(run.err);
    CHECK(has(run.err, "rc=1\n"));
    CHECK_FALSE(fs::exists(dir / "nn"));
}
