#include "experiments/limit_watch.hpp"

#include <fmt/format.h>
#include <pthread.h>

#include <chrono>

namespace futolab {
namespace {

double seconds_on(clockid_t clock) {
    timespec ts{};
    ::clock_gettime(clock, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace

std::string time_limit_message(std::string_view clock, double seconds) {
    return fmt::format("{} time limit ({:g} s)", clock, seconds);
}

LimitWatch::LimitWatch(const Limits& limits) : limits_(limits), wall0_(std::chrono::steady_clock::now()) {
    if (::pthread_getcpuclockid(::pthread_self(), &cpu_clock_) != 0) cpu_clock_ = CLOCK_THREAD_CPUTIME_ID;
    cpu0_ = seconds_on(cpu_clock_);
    watcher_ = std::thread([this] { watch(); });
}

LimitWatch::~LimitWatch() {
    {
        const std::lock_guard<std::mutex> hold(lock_);
        done_ = true;
    }
    wake_.notify_all();
    watcher_.join();
}

bool LimitWatch::interrupted() const { return limits_.stop != nullptr && limits_.stop->load(); }

std::string LimitWatch::limit_hit() const { return stop_.load() ? hit_ : std::string(); }

bool LimitWatch::past_limit() {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0_).count();
    if (limits_.cpu_seconds > 0 && seconds_on(cpu_clock_) - cpu0_ >= limits_.cpu_seconds)
        hit_ = time_limit_message("cpu", limits_.cpu_seconds);
    else if (limits_.time_seconds > 0 && wall >= limits_.time_seconds)
        hit_ = time_limit_message("wall", limits_.time_seconds);
    return !hit_.empty() || interrupted();
}

void LimitWatch::watch() {
    std::unique_lock<std::mutex> hold(lock_);
    while (!done_) {
        if (past_limit()) {
            stop_ = true;
            return;
        }
        wake_.wait_for(hold, std::chrono::milliseconds(kPollMs));
    }
}

}  // namespace futolab
