#include "experiments/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace futolab {

Progress::Progress(std::size_t total, bool quiet)
    : total_(total), quiet_(quiet), tty_(::isatty(STDERR_FILENO) == 1), start_(Clock::now()), last_(start_) {}

std::string Progress::line(std::size_t done, std::size_t errors) const {
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    const double eta = done == 0 ? 0 : elapsed * static_cast<double>(total_ - done) / static_cast<double>(done);
    const int width = 30;
    const int filled = total_ == 0 ? width : static_cast<int>(width * done / total_);
    return fmt::format("[{}{}] {}/{} runs, {} errors, {:.0f}s elapsed, ETA {:.0f}s", std::string(filled, '#'),
                       std::string(width - filled, '.'), done, total_, errors, elapsed, eta);
}

void Progress::update(std::size_t done, std::size_t errors) {
    if (quiet_) return;
    const auto now = Clock::now();
    const auto every = tty_ ? std::chrono::milliseconds(100) : std::chrono::milliseconds(10000);
    if (now - last_ < every) return;
    last_ = now;
    std::fputs((tty_ ? "\r" + line(done, errors) : line(done, errors) + "\n").c_str(), stderr);
}

void Progress::finish(std::size_t done, std::size_t errors) {
    if (quiet_) return;
    std::fputs(((tty_ ? "\r" : "") + line(done, errors) + "\n").c_str(), stderr);
}

}  // namespace futolab
