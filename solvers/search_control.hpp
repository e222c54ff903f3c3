// Budgets checked inside search (SPEC §4): a node limit, a wall-time limit and an external
// stop flag (Limits::stop, checked with the clock). Kept apart from
// the search engines as Gecode keeps its Stop objects apart: a backend calls at_node() before
// each node and stops when it returns true. Inline and branch-light: it runs at every node.
#pragma once

#include "solvers/solver.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>

namespace futolab {

class SearchControl {
public:
    SearchControl(const Limits& limits, const Mode& mode)
        : node_limit_(limits.nodes), stop_after_(mode.stop_after()), mode_(mode),
          timed_(limits.time_seconds > 0), stop_flag_(limits.stop),
          deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(timed_ ? limits.time_seconds : 0))) {}

    // Call just before counting a new node in counters.nodes. True: stop now, without counting
    // or exploring that node (so a run never reports more than the node limit).
    bool at_node(const Counters& c) {
        if (stopped()) return true;  // out_of_time() fired during propagation
        if (node_limit_ != 0 && c.nodes >= node_limit_) return stop(Status::node_limit);
        if ((timed_ || stop_flag_) && --countdown_ == 0) {
            countdown_ = kClockEvery;
            if (expired()) return stop(Status::timeout);
        }
        return false;
    }

    // For work between nodes that can be long (e.g. propagation at n = 64): checks the clock
    // and the stop flag.
    bool out_of_time() {
        if (expired()) return stop(Status::timeout);
        return false;
    }

    // An optional cap on assignments (values that passed the test, counted by the backend):
    // 0 = none. Only `backtracking` and `bitmask` have it (their option assign_limit).
    void set_assignment_limit(std::uint64_t limit) { assign_limit_ = limit; }

    // Call after an assignment has been made (and, at the last variable, its solution
    // counted). True: the cap is reached, stop with status node_limit. The assignment that
    // reaches the cap is still made, so a solution it completes is found.
    bool at_assignment(std::uint64_t assignments) {
        return assign_limit_ != 0 && assignments >= assign_limit_ && stop(Status::node_limit);
    }

    // Call after counting a solution. True: enough solutions, stop searching.
    bool enough(std::uint64_t solutions) const { return stop_after_ != 0 && solutions >= stop_after_; }

    bool stopped() const { return stopped_ != Status::error; }
    // The final status: the limit that stopped the search, else the completed status.
    Status status(std::uint64_t solutions) const {
        return stopped() ? stopped_ : completed_status(mode_, solutions);
    }

private:
    using Clock = std::chrono::steady_clock;
    // Reading the clock costs ~20 ns; every 64 nodes keeps it under 1 % of the cheapest node
    // while a 1 s limit is still met within a few milliseconds even at ~50 µs per node.
    static constexpr int kClockEvery = 64;

    bool expired() const {
        return (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)) || (timed_ && Clock::now() >= deadline_);
    }

    bool stop(Status why) {
        stopped_ = why;
        return true;
    }

    std::uint64_t node_limit_;
    std::uint64_t assign_limit_ = 0;
    std::uint64_t stop_after_;
    Mode mode_;
    bool timed_;
    const std::atomic<bool>* stop_flag_;
    Clock::time_point deadline_;
    int countdown_ = kClockEvery;
    Status stopped_ = Status::error;  // error = not stopped
};

}  // namespace futolab
