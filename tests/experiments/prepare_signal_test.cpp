// Red-team round 16, A F2: a SIGINT, SIGTERM or SIGHUP while an experiment was prepared (its run
// matrix built: 10000 squares of order 9 take seconds, a big `generate:` source minutes) killed
// futolab by the default action, with no message, and `critical --out -` left its scratch folder.
// Now `run` and the critical modes that run the driver take the signals from their start, the
// build polls the stop between two instances (and a unique generator's questions), and the run
// ends at once: exit 1, "interrupted", nothing written, the scratch folder removed.
//
// No timing: the signal is sent once futolab catches SIGTERM (/proc/PID/status SigCgt), which it
// did only once the matrix was built; then a results CSV was opened before the stop was seen.
// Each matrix here takes far longer to build than the test waits for futolab.
#include "../app/signalled_cli.hpp"
#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/schedule.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

using futolab::test::catches_sigterm;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Whether futolab has made its scratch folder in `tmp` (critical --out -: before the matrix).
bool made_scratch(const fs::path& tmp) { return !fs::is_empty(tmp); }

// Process `pid`'s resident memory in KiB (/proc/PID/status VmRSS; 0 if unreadable).
long resident_kib(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmRSS:")) return std::stol(line.substr(6));
    return 0;
}

// Runs futolab with `args` in `dir` (TMPDIR dir/tmp, stdout dir/out.txt, stderr dir/err.txt) and
// sends `sig` once `ready` (by default, once it catches SIGTERM); returns its exit status (128 +
// the signal if it was killed). `usage` (may be null) gets its resource use (ru_maxrss: its peak).
int signalled_run(const fs::path& dir, const std::vector<std::string>& args, int sig,
                  const std::function<bool(pid_t)>& ready = catches_sigterm, rusage* usage = nullptr) {
    fs::create_directories(dir / "tmp");
    return futolab::test::signalled_cli(dir, args, sig, ready, [&dir] { ::setenv("TMPDIR", (dir / "tmp").c_str(), 1); }, usage);
}

// The files of `dir` (recursively, sorted), but the test's own out.txt and err.txt.
std::vector<std::string> files_made(const fs::path& dir) {
    std::vector<std::string> out;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
        if (const std::string name = e.path().filename().string(); name != "out.txt" && name != "err.txt")
            out.push_back(fs::relative(e.path(), dir).string());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("a signal while run builds the matrix ends it at once with nothing written, in either isolation",
          "[runner][signals][matrix]") {
    // 40 uniquely solvable puzzles of order 16: about 3 s each, made before the first run.
    for (const std::string isolation : {"process", "thread"})
        for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
            INFO(isolation << " " << sig);
            const fs::path dir = fresh_dir("experiments", "prepare-signal-run");
            std::ofstream(dir / "gen.yaml") << "name: gen\noutput: out/gen.csv\ninstances:\n"
                                               "  - generate: { kind: unique, n: 16, count: 40 }\n"
                                               "solvers: [ gac ]\nisolation: "
                                            << isolation << "\n";
            CHECK(signalled_run(dir, {"run", "gen.yaml", "-q"}, sig) == 1);
            CHECK(has(slurp(dir / "err.txt"), "interrupted"));
            CHECK(files_made(dir) == std::vector<std::string>{"gen.yaml", "tmp"});
        }
}

TEST_CASE("a signal while a greedy config draws its squares ends the run with nothing written", "[runner][signals][matrix]") {
    const fs::path dir = fresh_dir("experiments", "prepare-signal-greedy");
    std::ofstream(dir / "gr.yaml") << "name: gr\ntask: greedy\noutput: out/gr.csv\ninstances:\n"
                                      "  - critical_squares: { n: 9, count: 200000 }\nmethods: [ critical ]\n";
    CHECK(signalled_run(dir, {"run", "gr.yaml"}, SIGTERM) == 1);
    CHECK(has(slurp(dir / "err.txt"), "interrupted"));
    CHECK(files_made(dir) == std::vector<std::string>{"gr.yaml", "tmp"});
}

// With --out -, the signal is sent once the scratch folder is made (before the squares are drawn).
TEST_CASE("a signal while critical draws its squares ends it at once, its scratch folder removed", "[critical][signals][matrix]") {
    for (const std::string out : {"-", "sets.jsonl"}) {
        INFO(out);
        const fs::path dir = fresh_dir("experiments", "prepare-signal-critical");
        const auto ready = [&](pid_t pid) { return out == "-" ? made_scratch(dir / "tmp") : catches_sigterm(pid); };
        CHECK(signalled_run(dir, {"critical", "--n", "9", "--count", "200000", "--out", out}, SIGTERM, ready) == 1);
        CHECK(has(slurp(dir / "err.txt"), "interrupted"));
        CHECK(slurp(dir / "out.txt").empty());
        // No scratch folder, CSV or --out; with --out - not the lock of the file the shell
        // redirected standard output to either (critical locks a redirected standard output since
        // round 26): a command that fails removes the lock files it made (red-team round 29, A3).
        CHECK(files_made(dir) == std::vector<std::string>{"tmp"});
    }
}

// Red-team round 17, B F6: the runs of one instance were laid out without polling the stop (it
// was polled between instances only): one instance of 10^7 repeats took SIGTERM 28 s later,
// once its whole matrix (about 500 MB) was built; 10^8 repeats grew 40 MB/s, not stopping.
// No timing: the signal is sent once the layout has grown futolab by 16 MiB (after it catches
// SIGTERM, only the runs grow it), and the run must end before it grows much more: its peak
// memory stays far below the full matrix's.
TEST_CASE("a signal while the runs of one instance are laid out ends the run at once", "[runner][signals][matrix]") {
    const fs::path dir = fresh_dir("experiments", "prepare-signal-repeats");
    std::ofstream(dir / "rep.yaml") << "name: rep\noutput: out/rep.csv\nrepeats: 10000000\nisolation: thread\ninstances:\n"
                                       "  - generate: { kind: random, n: 4 }\nsolvers: [ gac ]\n";
    long before = 0, at_signal = 0;
    const auto laying_out = [&](pid_t pid) {
        if (!catches_sigterm(pid)) return false;
        if (before == 0) before = resident_kib(pid);
        at_signal = resident_kib(pid);
        return at_signal >= before + 16 * 1024;
    };
    rusage usage{};
    CHECK(signalled_run(dir, {"run", "rep.yaml", "-q"}, SIGTERM, laying_out, &usage) == 1);
    CHECK(has(slurp(dir / "err.txt"), "interrupted while the experiment was prepared"));
    CHECK(files_made(dir) == std::vector<std::string>{"rep.yaml", "tmp"});
    INFO("resident " << before << " KiB, " << at_signal << " at the signal, peak " << usage.ru_maxrss);
    CHECK(usage.ru_maxrss < at_signal + 256 * 1024);  // the whole matrix: 480 MB more
}

// In process: shard_of polls the stop as the build does, and schedule_runs (whose sorts take
// seconds for 10^7 runs) gives no runs once a stop is requested: none is taken after it.
TEST_CASE("the shard and the order of the runs poll the stop request", "[matrix][signals][schedule]") {
    const futolab::ExperimentConfig config =
        futolab::parse_config("name: t\nrepeats: 50\ninstances:\n  - generate: { kind: random, n: 4, count: 3 }\n"
                              "solvers: [gac, fc]\n",
                              "cfg.yaml");
    const std::atomic<bool> stopped{true}, going{false};
    const futolab::RunMatrix m = futolab::build_run_matrix(config, false, &going);
    REQUIRE(!m.runs.empty());
    CHECK_THROWS_AS(futolab::shard_of(m.runs, 1, 2, &stopped), futolab::MatrixStopped);
    CHECK(futolab::shard_of(m.runs, 0, 1, &going).size() == m.runs.size());
    for (const futolab::RunOrder order : {futolab::RunOrder::shuffled, futolab::RunOrder::interleaved, futolab::RunOrder::sequential}) {
        futolab::ExperimentConfig ordered = config;
        ordered.order = order;
        ordered.warmup = 1;
        INFO(futolab::run_order_name(order));
        CHECK(futolab::schedule_runs(m.runs, ordered, &stopped).empty());
        CHECK(futolab::schedule_runs(m.runs, ordered, &going).size() > m.runs.size());
    }
}

// In process: a stop already requested ends the build of every kind of source at its first
// instance (a file's, at its first file), and a build without one is as before.
TEST_CASE("the run matrix build polls the stop request in every kind of source", "[matrix][signals]") {
    const std::vector<std::string> configs{
        "name: t\ninstances:\n  - generate: { kind: random, n: 5, count: 3 }\nsolvers: [gac]\n",
        "name: t\ninstances:\n  - generate: { kind: unique, n: 5, count: 3 }\nsolvers: [gac]\n",
        "name: t\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham\nsolvers: [gac]\n",
        "name: t\ntask: critical\ninstances:\n  - squares: { n: [4], count: 3 }\nmethods: [critical]\n",
        "name: t\ntask: exact\ninstances:\n  - classes: { n: 4 }\nmethods: [exact]\nisolation: thread\n",
        "name: t\ntask: greedy\ninstances:\n  - critical_squares: { n: 4, count: 3 }\nmethods: [critical]\n",
        "name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, count: 3 }\nmethods: [free-square]\n"};
    for (const std::string& text : configs) {
        INFO(text);
        const futolab::ExperimentConfig config = futolab::parse_config(text, "cfg.yaml");
        const std::atomic<bool> stopped{true}, going{false};
        CHECK_THROWS_AS(futolab::build_run_matrix(config, false, &stopped), futolab::MatrixStopped);
        CHECK(!futolab::build_run_matrix(config, false, &going).runs.empty());
    }
}
