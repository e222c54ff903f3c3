// The stopping rule shared by the critical-set searches (local_search.cpp, zero_given.cpp):
// a number of passes or moves and/or a wall-clock bound, either 0 for "none".
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace futolab::critical {

struct SearchBudget {
    using Clock = std::chrono::steady_clock;

    std::uint64_t iterations;
    double seconds;
    Clock::time_point start = Clock::now();

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
    bool unbounded() const { return iterations == 0 && seconds <= 0; }
    // True once `done` passes (or moves) reach the iteration bound or the time is up; an
    // unbounded budget is never spent (each search decides what "unbounded" means for it).
    bool spent(std::uint64_t done) const {
        return (iterations > 0 && done >= iterations) || (seconds > 0 && elapsed() >= seconds);
    }
    // When the time is up (nullopt: no time bound), for the oracle questions to stop at
    // (CountOracle::set_deadline): a bound checked between questions alone lets one question
    // run on for minutes at n >= 12.
    std::optional<Clock::time_point> deadline() const {
        if (!(seconds > 0)) return std::nullopt;
        const std::chrono::duration<double> left(seconds);
        if (left >= Clock::time_point::max() - start) return std::nullopt;  // beyond the clock: none
        return start + std::chrono::duration_cast<Clock::duration>(left);
    }
};

}  // namespace futolab::critical
