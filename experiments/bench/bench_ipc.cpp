// The floor of a warm worker's per-run overhead (sandbox/warm_worker.hpp): one request and
// one answer through two pipes between this process and a forked echo child, nothing else. A
// run in `process` isolation pays this round trip on top of what a run in `thread` isolation
// pays (results/isolation/REPORT.md, "Per-run overhead"), so it bounds from below what any
// change to the worker's own code can reach.
//   placement 0: not pinned (the scheduler places both; a wake-up may cross CPUs)
//   placement 1: both pinned to one CPU (the `pin: true` of a config: a switch, no IPI)
//   placement 2: pinned to two CPUs (every wake-up crosses CPUs)
// bytes: the request's and answer's size (a run's row record is a few hundred bytes).
#include <benchmark/benchmark.h>

#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace {

void pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    (void)::sched_setaffinity(0, sizeof set, &set);
}

bool read_all(int fd, char* p, std::size_t n) {
    while (n > 0) {
        const ssize_t got = ::read(fd, p, n);
        if (got <= 0) return false;
        p += got;
        n -= static_cast<std::size_t>(got);
    }
    return true;
}

bool write_all(int fd, const char* p, std::size_t n) {
    while (n > 0) {
        const ssize_t put = ::write(fd, p, n);
        if (put <= 0) return false;
        p += put;
        n -= static_cast<std::size_t>(put);
    }
    return true;
}

void BM_PipeRoundTrip(benchmark::State& state) {
    const int placement = static_cast<int>(state.range(0));
    const std::size_t bytes = static_cast<std::size_t>(state.range(1));
    const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
    if (placement == 2 && cpus < 2) {
        state.SkipWithError("needs two CPUs");
        return;
    }
    int to_child[2], to_parent[2];
    if (::pipe(to_child) != 0 || ::pipe(to_parent) != 0) {
        state.SkipWithError("pipe failed");
        return;
    }
    cpu_set_t all;
    CPU_ZERO(&all);
    for (long c = 0; c < cpus; ++c) CPU_SET(static_cast<int>(c), &all);
    (void)::sched_setaffinity(0, sizeof all, &all);
    const pid_t child = ::fork();
    if (child == 0) {  // the echo: what a warm worker does between runs, minus the run
        ::close(to_child[1]);  // else its own copy keeps the pipe open: no end of file, ever
        ::close(to_parent[0]);
        if (placement == 1) pin_to(0);
        if (placement == 2) pin_to(1);
        std::vector<char> buffer(bytes);
        while (read_all(to_child[0], buffer.data(), bytes) && write_all(to_parent[1], buffer.data(), bytes)) {
        }
        ::_exit(0);
    }
    ::close(to_child[0]);
    ::close(to_parent[1]);
    if (placement != 0) pin_to(0);
    std::vector<char> buffer(bytes, 'r');
    for (auto _ : state) {
        if (!write_all(to_child[1], buffer.data(), bytes) || !read_all(to_parent[0], buffer.data(), bytes)) {
            state.SkipWithError("the echo child is gone");
            break;
        }
    }
    ::close(to_child[1]);
    ::waitpid(child, nullptr, 0);
    ::close(to_parent[0]);
    (void)::sched_setaffinity(0, sizeof all, &all);
}
BENCHMARK(BM_PipeRoundTrip)
    ->ArgNames({"placement", "bytes"})
    ->Args({0, 64})
    ->Args({1, 64})
    ->Args({2, 64})
    ->Args({0, 512})
    ->UseRealTime();

}  // namespace
