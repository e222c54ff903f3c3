// Runs the built `futolab` as a child of the test and signals it once it is ready, for the tests
// of its stop requests: synchronised on the process (its handlers, its files), not on time.
#pragma once

#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace futolab::test {

// Waits until the pipe whose read end is `fd` is full: `pid`, writing into it, still running and
// the queued bytes unchanged for 300 ms, at least half the pipe's 64 KiB. Not "64 KiB queued":
// futolab writes whole records of at most PIPE_BUF bytes in one write(2) each (app/load.cpp), and
// a pipe page that cannot take a whole one is left part empty, so a full pipe holds less.
inline void wait_until_pipe_full(int fd, pid_t pid) {
    int last = -1;
    for (int queued = 0, still = 0; still < 15 || queued < 32768;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        REQUIRE(::ioctl(fd, FIONREAD, &queued) == 0);
        int status = 0;
        REQUIRE(::waitpid(pid, &status, WNOHANG) == 0);  // still writing: the pipe fills first
        still = queued == last ? still + 1 : 0;
        last = queued;
    }
}

// Whether process `pid` has a handler for SIGTERM (its /proc status file's SigCgt mask).
inline bool catches_sigterm(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("SigCgt:")) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGTERM - 1)) & 1;
    return false;
}

// Whether process `pid` waits in read(2) on its standard input or in poll(2) (/proc/PID/syscall:
// "0 0x0 …", "7 …"), as it did with no handler for the signals while `critical --input -` read
// it. (With the handler in place from the start, it catches SIGTERM before any wait.)
inline bool waits_for_input(pid_t pid) {
    std::ifstream syscall("/proc/" + std::to_string(pid) + "/syscall");
    std::string number, fd;
    return syscall >> number >> fd && ((number == "0" && fd == "0x0") || number == "7");
}

// Runs futolab with `args` in `dir` (standard output DIR/out.txt, standard error DIR/err.txt;
// `in_child`, if any, runs in the child before the exec) and sends `sig` once `ready` says so;
// it must not end before. Returns its exit status, or 128 + the signal that ended it; `usage`
// (may be null) gets its resource use (ru_maxrss: its peak).
inline int signalled_cli(const std::filesystem::path& dir, const std::vector<std::string>& args, int sig,
                         const std::function<bool(pid_t)>& ready, const std::function<void()>& in_child = nullptr,
                         rusage* usage = nullptr) {
    int exec_done[2];  // its end in the child closes at the exec: Catch's handlers are inherited until then
    REQUIRE(::pipe2(exec_done, O_CLOEXEC) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        [[maybe_unused]] const int c = ::chdir(dir.c_str());
        ::dup2(::open((dir / "err.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
        ::dup2(::open((dir / "out.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDOUT_FILENO);
        if (in_child) in_child();
        exec_cli(args);
    }
    ::close(exec_done[1]);
    char byte = 0;
    REQUIRE(::read(exec_done[0], &byte, 1) == 0);
    ::close(exec_done[0]);
    int status = 0;
    while (!ready(pid)) {
        REQUIRE(::waitpid(pid, &status, WNOHANG) == 0);  // ended (or never took the signals) before it was ready
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(::kill(pid, sig) == 0);
    rusage own{};
    REQUIRE(::wait4(pid, &status, 0, usage != nullptr ? usage : &own) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace futolab::test
