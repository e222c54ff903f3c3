// `futolab critical` writing onto a standard output redirected to a regular file holds that
// file's lock from the start of its search to its write, as generate's record stream does
// (app/load.hpp lock_of_stream): left open from round 25, two `critical … >> res.jsonl` took no
// lock, and a second writer of res.jsonl started while the first searched (both appended). Each
// case starts a search of seconds or more onto `>> res.jsonl` and, once it holds the lock, finds
// a second critical and a generate onto that file refused (exit 2) before writing a byte.
#include "cli_runner.hpp"
#include "core/live_writer.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kSquare = "\"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\"";

// Starts `futolab ARGS` in `dir`, its standard output appended to `out`, its standard error to
// /dev/null; returns its pid.
pid_t start_appending(const fs::path& dir, const std::vector<std::string>& args, const fs::path& out) {
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    const int fd = ::open(out.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
    const int null = ::open("/dev/null", O_WRONLY);
    if (fd < 0 || null < 0 || ::chdir(dir.c_str()) != 0 || ::dup2(fd, STDOUT_FILENO) < 0 || ::dup2(null, STDERR_FILENO) < 0)
        ::_exit(126);
    std::vector<char*> argv{const_cast<char*>("futolab")};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(FUTOLAB_CLI, argv.data());
    ::_exit(127);
}

// Whether another process holds the lock of `out` within `seconds` (lock_problem takes a shared
// flock for an instant and makes nothing, so it never holds the search off its lock).
bool held_within(const fs::path& out, int seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (has(futolab::lock_problem(out.string()), "is writing it")) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// Ends the search: SIGTERM (it removes its scratch folder), SIGKILL if it has not ended in 30 s.
void stop(pid_t pid) {
    ::kill(pid, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace

TEST_CASE("critical onto a redirected standard output holds that file's lock while it searches", "[cli][critical][lock][long]") {
    // Every mode that writes records (or a certificate) onto standard output, by each of its names.
    const std::vector<std::vector<std::string>> searches{
        {"critical", "--n", "8", "--count", "1000", "--objective", "k", "--iterations", "100000"},
        {"critical", "--n", "8", "--count", "1000", "--objective", "k", "--iterations", "100000", "--out", "-"},
        {"critical", "--n", "8", "--count", "1000", "--objective", "k", "--iterations", "100000", "--out", "/dev/stdout"},
        {"critical", "--exact", "--n", "5", "--objective", "h+k", "--jobs", "1"},
        {"critical", "--exact", "--n", "5", "--objective", "h+k", "--jobs", "1", "--out", "o.jsonl", "--certificate", "-"},
        {"critical", "--n", "6", "--few-relations", "9"},
        {"critical", "--free-square", "--n", "7", "--count", "1000"},
    };
    int i = 0;
    for (const std::vector<std::string>& search : searches) {
        const fs::path dir = futolab::test::fresh_dir("critical-stdout-lock", std::to_string(i++));
        const fs::path out = dir / "res.jsonl";
        std::string line;
        for (const std::string& word : search) line += word + " ";
        INFO(line);
        const pid_t pid = start_appending(dir, search, out);
        const bool held = held_within(out, 60);
        // A second writer of the file, by a redirect or by --out, refused before any work.
        const auto second = held ? run_cli("critical --square " + kSquare + " >> res.jsonl", dir.string()) : futolab::test::CliResult{};
        const auto generate = held ? run_cli("generate random --n 4 --count 2 --out res.jsonl --force", dir.string()) : futolab::test::CliResult{};
        const std::string written = futolab::test::slurp(out.string());
        stop(pid);
        REQUIRE(held);
        CHECK(second.exit_code == 2);
        CHECK(has(second.err, "res.jsonl: another futolab (pid " + std::to_string(pid) + ") is writing it"));
        CHECK(generate.exit_code == 2);
        CHECK(has(generate.err, "is writing it"));
        CHECK(written.empty());  // the search writes at its end, the two refused wrote nothing
    }
}

TEST_CASE("critical onto a redirected standard output writes its records when no one else writes the file", "[cli][critical][lock]") {
    const fs::path dir = futolab::test::fresh_dir("critical-stdout-lock", "alone");
    // Twice, one after the other: the lock of the first is free again, the records appended.
    for (int run = 1; run <= 2; ++run) {
        const auto r = run_cli("critical --square " + kSquare + " >> res.jsonl", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
    }
    const std::string text = futolab::test::slurp((dir / "res.jsonl").string());
    CHECK(std::count(text.begin(), text.end(), '\n') == 2);
    // A pipe has no file to lock: written as ever.
    const auto piped = run_cli("critical --square " + kSquare + " | cat > piped.jsonl", dir.string());
    CHECK(piped.exit_code == 0);
    CHECK_FALSE(fs::exists(dir / ".piped.jsonl.lock"));
}
