// Progress of long work on stderr: on a terminal a bar redrawn in place ("\r", at most every
// 0.1 s); anywhere else (a log file, a pipe, a SLURM output) whole lines, each ending in a
// newline, at most one every 10 s, so a log holds readable lines and never a run-together
// stream of "\r" redraws; nothing with --quiet. The last state is always printed by finish().
// Not thread-safe: the caller holds the lock it already holds to append the row.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>

namespace futolab {

// What is counted: runs with their errors (futolab run), classes without (critical --exact). The
// noun is one thing's, `plural` its ending for more ("class", "es"), as core/counted.hpp takes
// them: "1/1 class", "3/8 classes" ("1/1 classes" was printed: red-team round 27).
struct ProgressWords {
    std::string noun = "run";
    std::string plural = "s";
    bool errors = true;
};

class Progress {
public:
    Progress(std::size_t total, bool quiet, ProgressWords words = {});
    // For tests: the stream and whether it is a terminal, given.
    Progress(std::size_t total, bool quiet, ProgressWords words, std::FILE* out, bool tty);
    void update(std::size_t done, std::size_t errors = 0);
    void finish(std::size_t done, std::size_t errors = 0);

    // How often a line is printed: on a terminal, and elsewhere.
    static constexpr std::chrono::milliseconds kTerminalEvery{100}, kLogEvery{10000};

private:
    std::string line(std::size_t done, std::size_t errors) const;
    using Clock = std::chrono::steady_clock;
    std::size_t total_;
    bool quiet_;
    ProgressWords words_;
    std::FILE* out_;
    bool tty_;
    Clock::time_point start_, last_;
};

}  // namespace futolab
