// Refusals of outputs say what the output is and advise only what works (red-team round 27, A F1,
// A F6, A F7): a descriptor of another process in /proc is named as such, not as "a descriptor of
// this command"; no refusal advises --force where --force is then refused too; `run --out -` is
// refused as every other folder output given `-` is.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kSquare = "--square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4'";

// A child that holds `file` open at descriptor 3 until killed.
pid_t holding(const fs::path& file) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND);
        if (fd < 0 || ::dup2(fd, 3) != 3) ::_exit(1);
        ::pause();
        ::_exit(0);
    }
    return pid;
}

void end(pid_t pid) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
}

// `args` in `dir` refused, exit 2, one line holding `said`.
void refused(const fs::path& dir, const std::string& args, const std::string& said) {
    const auto r = run_cli(args, dir.string());
    INFO(args << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, said));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

// A small sweep's results CSV with its sidecar: dir/out/s.csv.
fs::path with_results(const std::string& name) {
    const fs::path dir = fresh_dir("app", "output-advice-" + name);
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - generate: { kind: "
                                     "random, n: 4, count: 3 }\nsolvers: [ fc ]\noutput: out/s.csv\n";
    REQUIRE(run_cli("run -q s.yaml", dir.string()).exit_code == 0);
    REQUIRE(run_cli("generate random --n 4 --count 2 --out e4.jsonl", dir.string()).exit_code == 0);
    return dir;
}

}  // namespace

TEST_CASE("an output through another process's descriptor in /proc is named as that process's", "[cli][rt27a][outputs][descriptor]") {
    const fs::path dir = fresh_dir("app", "output-advice-proc");
    std::ofstream(dir / "victim.txt") << "victim\n";
    REQUIRE(run_cli("generate random --n 4 --count 2 --out e.jsonl", dir.string()).exit_code == 0);
    const pid_t pid = holding(dir / "victim.txt");
    const std::string fd = "/proc/" + std::to_string(pid) + "/fd/3";
    while (!fs::exists(fs::symlink_status(fd))) ::usleep(1000);
    const std::string said = "is a symbolic link in /proc to descriptor 3 of another process (pid " + std::to_string(pid) +
                             "), leading to " + (dir / "victim.txt").string();
    refused(dir, "generate random --n 4 --out " + fd, "--out " + fd + ": " + said + ", not a file this command may write");
    // critical refuses a link at --out first (its results CSV lies beside the name), not as this command's.
    CHECK_FALSE(has(run_cli("critical " + kSquare + " --out " + fd, dir.string()).err, "of this command"));
    refused(dir, "convert e.jsonl --to jsonl --out " + fd, said);
    refused(dir, "generate random --n 4 --out " + fd + "/x.jsonl", fd + " " + said + ", not a folder");
    CHECK_FALSE(has(run_cli("generate random --n 4 --out " + fd, dir.string()).err, "of this command"));
    end(pid);
    CHECK(slurp((dir / "victim.txt").string()) == "victim\n");
    // This command's own descriptor is still called so.
    refused(dir, "generate random --n 4 --out /proc/self/fd/3 3>>victim.txt", "names a descriptor of this command");
}

TEST_CASE("an input an output may not replace is refused --force or not and without --force advised", "[cli][rt27a][outputs][force]") {
    const fs::path dir = with_results("inputs");
    const std::string page = "--out out/s.csv: is the input out/s.csv, and is no file of its kind: refusing to overwrite it, "
                             "--force or not";
    refused(dir, "report out/s.csv --out out/s.csv", page);
    refused(dir, "report out/s.csv --out out/s.csv --force", page);
    fs::create_directories(dir / "tq");
    fs::copy_file(dir / "out/s.csv", dir / "tq/summary.csv");
    fs::copy_file(dir / "out/s.csv.meta.yaml", dir / "tq/summary.csv.meta.yaml");
    refused(dir, "analyze tq/summary.csv --tables tq", "is the input tq/summary.csv, and is no file of its kind");
    refused(dir, "analyze tq/summary.csv --tables tq --force", "is the input tq/summary.csv, and is no file of its kind");
    // Instances over the instances read, under a name of another format's: --force would not do.
    refused(dir, "convert e4.jsonl --to futo --out e4.jsonl", "--out e4.jsonl: is the input e4.jsonl: refusing to overwrite it (use another file)\n");
    // Under a name of its own format, it does.
    refused(dir, "convert e4.jsonl --to jsonl --out e4.jsonl", "(use another file, or --force)\n");
    CHECK(run_cli("convert e4.jsonl --to jsonl --out e4.jsonl --force", dir.string()).exit_code == 0);
}

TEST_CASE("a file at a name the command refuses anyway is refused without --force advised", "[cli][rt27a][outputs][force]") {
    const fs::path dir = with_results("names");
    fs::copy_file(dir / "out/s.csv.meta.yaml", dir / "x.csv.meta.yaml");
    for (const std::string& command : std::vector<std::string>{"generate random --n 4", "critical " + kSquare, "report out/s.csv"}) {
        refused(dir, command + " --out x.csv.meta.yaml", "--out x.csv.meta.yaml: is a metadata sidecar: refusing to overwrite it (use another file)\n");
        const auto forced = run_cli(command + " --out x.csv.meta.yaml --force", dir.string());
        CHECK(forced.exit_code == 2);  // what it would have advised
    }
    refused(dir, "critical --exact --n 4 --objective k --out q.jsonl --certificate x.csv.meta.yaml",
            "--certificate x.csv.meta.yaml: is a metadata sidecar: refusing to overwrite it (use another file)\n");
    // A name of its own: --force advised, and taken.
    fs::copy_file(dir / "out/s.csv", dir / "r.jsonl");
    refused(dir, "generate random --n 4 --out r.jsonl", "--out r.jsonl: is a results CSV: refusing to overwrite it (use another file, or --force)\n");
    CHECK(run_cli("generate random --n 4 --out r.jsonl --force", dir.string()).exit_code == 0);
}

TEST_CASE("run --out - is refused as every folder output given - is and nothing is made", "[cli][rt27a][outputs][run]") {
    const fs::path dir = with_results("run-dash");
    refused(dir, "run -q s.yaml --out -", "--out -: a folder is needed, not standard output");
    refused(dir, "run -q s.yaml --out - --resume", "--out -: a folder is needed, not standard output");
    CHECK_FALSE(fs::exists(dir / "-"));
    // A folder named `-` written as a folder is one.
    CHECK(run_cli("run -q s.yaml --out ./-", dir.string()).exit_code == 0);
    CHECK(fs::exists(dir / "-" / "s.csv"));
}
