// A stop flag for a computation that polls one flag and keeps no clock of its own (the
// few-relations count, critical/zero_given/few_relations.hpp): a watcher thread sets it once the
// run's wall time or the CPU time of the thread that made the watch passes its limit, or the
// runner's interrupt is requested. Polled every kPollMs: a limit is kept to within that.
#pragma once

#include "solvers/solver.hpp"

#include <atomic>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace futolab {

// A timeout row's message for a limit of `clock` ("wall", "cpu") of `seconds`: "wall time limit
// (2 s)", as LimitWatch::limit_hit says it and resume and merge hold such a row to it
// (experiments/few_relations_facts.hpp).
std::string time_limit_message(std::string_view clock, double seconds);

class LimitWatch {
public:
    static constexpr int kPollMs = 20;

    // `limits.stop` (may be null): the runner's interrupt. Watches the calling thread's CPU.
    explicit LimitWatch(const Limits& limits);
    ~LimitWatch();
    LimitWatch(const LimitWatch&) = delete;
    LimitWatch& operator=(const LimitWatch&) = delete;

    const std::atomic<bool>* flag() const { return &stop_; }
    // Whether the stop came from the interrupt (not from a limit).
    bool interrupted() const;
    // The limit that set the flag, as a timeout row's message says it ("cpu time limit (2 s)",
    // "wall time limit (2 s)"); "" if none did.
    std::string limit_hit() const;

private:
    void watch();
    bool past_limit();

    Limits limits_;
    clockid_t cpu_clock_{};
    std::chrono::steady_clock::time_point wall0_;
    double cpu0_ = 0;
    std::atomic<bool> stop_{false};
    std::string hit_;  // written by the watcher before stop_ is set
    std::mutex lock_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread watcher_;
};

}  // namespace futolab
