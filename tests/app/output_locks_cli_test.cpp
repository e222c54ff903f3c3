// Red-team round 26, tester A, F2 and F6: one writer per output.
// F2: `analyze --tables/--plots DIR`, `report --out` and `convert --out` took no lock: two of them
// onto one folder or file both exit 0, the folder left with the data of one analysis beside the
// figures of the other. Each now locks its folder (`DIR/.futolab-folder.lock`) or file
// (`.NAME.lock`) before it reads its input; a second writer, and any other writer of a file in
// such a folder, is refused at once, exit 2, naming the first one's pid. The first command here
// waits on its standard input (a pipe the test holds), so it holds its locks while the others run.
// F6: a live critical search's --out of any extension (its CSV `x.txt.csv`) and a live run's
// export `r.jsonl` (its CSV `output: r.txt`) were written by other commands meanwhile, exit 0.
#include "../records/records_cli.hpp"
#include "fake_gnuplot.hpp"
#include "app/critical_experiment.hpp"
#include "core/live_writer.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper.csv";
const std::string kPuzzles = FUTOLAB_SOURCE_DIR "/tests/data/good/corpus.jsonl";

// `futolab ARGS` in DIR, its standard input a pipe held open here, its output and errors in
// DIR/first.out and first.err, DIR/bin first on its PATH: a command that locks its outputs before
// it reads its input, or before it runs gnuplot (a fake one in DIR/bin that waits for DIR/go),
// holds them until finish().
class WaitingForInput {
public:
    WaitingForInput(const fs::path& dir, const std::vector<std::string>& args) : dir_(dir) {
        const std::string path = (dir / "bin").string() + ":" + ::getenv("PATH");
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::close(fds[1]);
            ::dup2(fds[0], STDIN_FILENO);
            [[maybe_unused]] const int c = ::chdir(dir.c_str());
            ::dup2(::open("first.out", O_WRONLY | O_CREAT | O_TRUNC, 0644), STDOUT_FILENO);
            ::dup2(::open("first.err", O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
            ::setenv("PATH", path.c_str(), 1);
            futolab::test::exec_cli(args);
        }
        ::close(fds[0]);
        in_ = fds[1];
    }
    ~WaitingForInput() {
        if (in_ >= 0) ::close(in_);
        if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
    }
    WaitingForInput(const WaitingForInput&) = delete;
    WaitingForInput& operator=(const WaitingForInput&) = delete;

    std::string pid() const { return std::to_string(pid_); }

    // Until the lock file `lock` (in DIR) is held by another process: this command's.
    void wait_for(const std::string& lock) const {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        for (;;) {
            REQUIRE(::waitpid(pid_, nullptr, WNOHANG) == 0);  // ended before it took its lock?
            const int fd = ::open((dir_ / lock).c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
            const bool held = fd >= 0 && ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
            if (fd >= 0) ::close(fd);
            if (held) return;
            REQUIRE(std::chrono::steady_clock::now() < deadline);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }

    // Its input `text`, then its end (and DIR/go for its gnuplot); its exit status.
    int finish(const std::string& text) {
        std::ofstream(dir_ / "go") << "";
        const auto old = std::signal(SIGPIPE, SIG_IGN);  // a command that ended already: a failed write, not a death
        for (std::size_t done = 0; done < text.size();) {
            const ssize_t n = ::write(in_, text.data() + done, text.size() - done);
            if (n <= 0) break;
            done += static_cast<std::size_t>(n);
        }
        std::signal(SIGPIPE, old);
        ::close(in_);
        in_ = -1;
        int status = 0;
        REQUIRE(::waitpid(pid_, &status, 0) == pid_);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }

    std::string err() const { return slurp((dir_ / "first.err").string()); }

private:
    fs::path dir_;
    pid_t pid_ = -1;
    int in_ = -1;
};

// The regular files under `dir` (lock files aside) with their inode and bytes: a file replaced
// by a rename has a new inode even with the same bytes.
std::map<std::string, std::pair<ino_t, std::string>> snapshot(const fs::path& dir) {
    std::map<std::string, std::pair<ino_t, std::string>> files;
    if (!fs::exists(dir)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || name.ends_with(".lock") || name == "first.out" || name == "first.err") continue;
        struct stat st {};
        REQUIRE(::stat(entry.path().c_str(), &st) == 0);
        files[fs::relative(entry.path(), dir).string()] = {st.st_ino, slurp(entry.path().string())};
    }
    return files;
}

// `command` run in `dir` is refused, exit 2, with `why` in its one line, and changes no file there.
void refused(const fs::path& dir, const std::string& command, const std::string& why) {
    const auto before = snapshot(dir);
    const auto r = run_cli(command, dir.string());
    INFO(command << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, why));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(snapshot(dir) == before);
}

}  // namespace

TEST_CASE("a second writer of an analyze's --tables or --plots folder is refused until it ends", "[cli][analyze][lock]") {
    const fs::path dir = futolab::test::fresh_dir("output-locks", "analyze");
    futolab::test::install_fake_gnuplot(dir, futolab::test::started_then_wait_sh(dir / "started", dir / "go"));
    // Its folders locked once its study is made and its files checked; it waits in its first figure.
    WaitingForInput first(dir, {"analyze", kResults, "--tables", "t", "--plots", "p"});
    first.wait_for("t/.futolab-folder.lock");
    first.wait_for("p/.futolab-folder.lock");
    while (!fs::exists(dir / "started")) std::this_thread::sleep_for(std::chrono::milliseconds(5));  // its files made: still
    const std::string busy = "another futolab (pid " + first.pid() + ") is writing into the folder ";
    const std::string advice = ": wait for it to end, or use another folder";
    // The same folder, under its option or the other one, by any spelling.
    refused(dir, "analyze " + kResults + " --tables t", busy + "t" + advice);
    refused(dir, "analyze " + kResults + " --plots ./p/", "--plots ./p/cactus-wall_ms.gp: " + busy + "./p" + advice);
    refused(dir, "analyze " + kResults + " --plots t", "--plots t/cactus-wall_ms.gp: " + busy + "t" + advice);
    refused(dir, "analyze " + kResults + " --tables '" + (dir / "p").string() + "'", busy + (dir / "p").string() + advice);
    refused(dir, "analyze " + kResults + " --tables p --plots p", "--tables p/summary.csv: " + busy + "p" + advice);
    // Any other writer of a file in one of them.
    refused(dir, "report " + kResults + " --out t/r.html", "--out t/r.html: " + busy + "t" + advice);
    refused(dir, "convert " + kPuzzles + " --to jsonl --out p/c.jsonl", "--out p/c.jsonl: " + busy + "p" + advice);
    refused(dir, "generate random --n 4 --count 2 --out t/g.jsonl --force", "--out t/g.jsonl: " + busy + "t" + advice);
    // Nothing written yet by the first: its figures are made before any file is replaced.
    CHECK_FALSE(fs::exists(dir / "t" / "summary.csv"));
    CHECK(first.finish("") == 0);
    CHECK(fs::exists(dir / "t" / "summary.csv"));
    CHECK(fs::exists(dir / "p" / "cactus-wall_ms.gp"));
    // Ended: its folders are anyone's again.
    const auto again = run_cli("analyze " + kResults + " --tables t --plots p", dir.string());
    INFO(again.err);
    CHECK(again.exit_code == 0);
}

TEST_CASE("a second writer of a report's page or a convert's file or folder is refused until it ends", "[cli][lock][long]") {
    const fs::path dir = futolab::test::fresh_dir("output-locks", "report-convert");
    {
        WaitingForInput first(dir, {"report", "-", "--out", "r.html"});
        first.wait_for(".r.html.lock");
        const std::string busy = "another futolab (pid " + first.pid() + ") is writing it: wait for it to end, or ";
        refused(dir, "report " + kResults + " --out r.html", "--out r.html: " + busy + "use another file");
        refused(dir, "report " + kResults + " --out ./r.html --force", "r.html: " + busy);
        refused(dir, "convert " + kPuzzles + " --to jsonl --out r.html --force", "--out r.html: " + busy);
        refused(dir, "analyze " + kResults + " --tables r.html", "--tables r.html ends in .html");  // a page's name: no folder's
        CHECK(first.finish(slurp(kResults)) == 0);
        CHECK(has(slurp((dir / "r.html").string()), "<html"));
    }
    {
        WaitingForInput first(dir, {"convert", "-", "--to", "jsonl", "--out", "c.jsonl"});
        first.wait_for(".c.jsonl.lock");
        const std::string busy = "another futolab (pid " + first.pid() + ") is writing it: wait for it to end, or ";
        refused(dir, "convert " + kPuzzles + " --to jsonl --out c.jsonl", "--out c.jsonl: " + busy + "use another file");
        refused(dir, "generate random --n 4 --count 2 --out c.jsonl --force", "--out c.jsonl: " + busy);
        refused(dir, "critical --n 4 --count 2 --out c.jsonl --force", busy);
        CHECK(first.finish(slurp(kPuzzles)) == 0);
        const std::string converted = slurp((dir / "c.jsonl").string());
        CHECK(std::count(converted.begin(), converted.end(), '\n') == 3);  // the 3 puzzles, written once its input ended
    }
    {
        WaitingForInput first(dir, {"convert", "-", "--to", "param", "--out", "d/"});
        first.wait_for("d/.futolab-folder.lock");
        const std::string busy = "another futolab (pid " + first.pid() + ") is writing ";
        refused(dir, "convert " + kPuzzles + " --to param --out d/", "--out d/: " + busy + "it: wait for it to end, or use another --out folder");
        refused(dir, "convert " + kPuzzles + " --to essence-param --out d", "--out d: " + busy + "it");
        refused(dir, "convert " + kPuzzles + " --to jsonl --out d/one.jsonl", busy + "into the folder d");
        refused(dir, "analyze " + kResults + " --plots d", "--plots d/cactus-wall_ms.gp: " + busy + "into the folder d");
        CHECK(first.finish(slurp(kPuzzles)) == 0);
        CHECK(std::distance(fs::directory_iterator(dir / "d"), fs::directory_iterator()) == 4);  // 3 files and the lock
    }
    // The standard output of a convert, redirected to a file, is that file's writer too.
    WaitingForInput first(dir, {"convert", "-", "--to", "jsonl", "--out", "/dev/stdout"});
    REQUIRE(fs::exists(dir / "first.out"));
    first.wait_for(".first.out.lock");
    refused(dir, "generate random --n 4 --count 2 --out first.out --force", "another futolab (pid " + first.pid() + ")");
    CHECK(first.finish(slurp(kPuzzles)) == 0);
}

// F6: the results CSV a critical search writes beside --out (critical_csv_path) is locked while
// it searches, and its --out written from it at the end: every writer of that --out is refused
// meanwhile, whatever its extension. A process holding that CSV's lock stands in for the search.
TEST_CASE("a critical search's --out of any name is refused to every other writer while it runs", "[cli][critical][lock][long]") {
    const fs::path dir = futolab::test::fresh_dir("output-locks", "critical-out");
    for (const std::string name : {"x.txt", "x", "x.jsonl", "x.csv", "x.tar.gz", "sub/x.out"}) {
        const std::string csv = futolab::app::critical_csv_path(name);
        INFO(name << " (its CSV " << csv << ")");
        fs::create_directories(dir / "sub");
        const futolab::test::OtherProcess search([&] { return std::make_shared<futolab::OutputLock>((dir / csv).string()); });
        const std::string busy = "--out " + name + ": another futolab (pid " + search.pid() + ") is writing " + csv + ":";
        std::vector<std::string> commands{"generate random --n 4 --count 2 --out " + name,
                                          "convert " + kPuzzles + " --to jsonl --out " + name + " --force",
                                          "critical --n 4 --few-relations 3 --out " + name,
                                          "critical --n 4 --count 2 --out " + name + " --force"};
        if (!name.ends_with(".jsonl")) commands.push_back("report " + kResults + " --out " + name + " --force");  // a page is no JSON Lines
        for (const std::string& command : commands) refused(dir, command, busy);
        CHECK_FALSE(fs::exists(dir / name));
    }
}

// F6, second instance: `output: r.txt` exports r.jsonl (records/outputs.hpp); it was looked up
// as r.txt.jsonl, so r.jsonl was written by others while the run ran, then replaced by its export.
TEST_CASE("a run's export is its own under any name of its results CSV while live and once finished", "[cli][run][lock][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("output-locks", "run-export");
    for (const std::string csv : {"r.txt", "r", "r.csv", "r.jsonl", "r.v2.csv", "r.shard-0-of-2", "rr.txt.shard-1-of-3"}) {
        const std::string exported = futolab::outputs_file_of(csv);
        INFO(csv << " exports " << exported);
        const futolab::test::OtherProcess run([&] { return std::make_shared<futolab::OutputLock>((dir / csv).string()); });
        refused(dir, "generate random --n 4 --count 2 --out " + exported + " --force",
                "--out " + exported + ": another futolab (pid " + run.pid() + ") is writing " + csv + ":");
        refused(dir, "convert " + kPuzzles + " --to jsonl --out " + exported + " --force", "is writing " + csv + ":");
        CHECK_FALSE(fs::exists(dir / exported));
    }
    // No other name is the run's: r.txt.jsonl is no export of r.txt (red-team round 26: it was the one refused).
    {
        const futolab::test::OtherProcess run([&] { return std::make_shared<futolab::OutputLock>((dir / "r.txt").string()); });
        CHECK(run_cli("generate random --n 4 --count 2 --out r.txt.jsonl", dir.string()).exit_code == 0);
        CHECK(run_cli("generate random --n 4 --count 2 --out rr.jsonl", dir.string()).exit_code == 0);
    }
    // A finished run's export, kept as that CSV's outputs: replaced only with --force.
    std::ofstream(dir / "g.yaml") << "name: g\nseed: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: 3 }\n"
                                     "methods: [ unique ]\noutput: fin/r.txt\n";
    REQUIRE(run_cli("run g.yaml -q", dir.string()).exit_code == 0);
    REQUIRE(fs::exists(dir / "fin" / "r.jsonl"));
    refused(dir, "generate random --n 4 --count 2 --out fin/r.jsonl",
            "--out fin/r.jsonl: is the outputs file of the results CSV fin/r.txt (its `output` column, exported)");
    CHECK(run_cli("generate random --n 4 --count 2 --out fin/r.jsonl --force", dir.string()).exit_code == 0);
}
