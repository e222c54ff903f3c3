// Progress of an experiment on stderr: a redrawn bar on a terminal (runs done / total,
// errors, ETA), a plain line every 10 s otherwise, nothing with --quiet. Not thread-safe:
// the caller holds the lock it already holds to append the row.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace futolab {

class Progress {
public:
    Progress(std::size_t total, bool quiet);
    void update(std::size_t done, std::size_t errors);
    void finish(std::size_t done, std::size_t errors);

private:
    std::string line(std::size_t done, std::size_t errors) const;
    using Clock = std::chrono::steady_clock;
    std::size_t total_;
    bool quiet_, tty_;
    Clock::time_point start_, last_;
};

}  // namespace futolab
