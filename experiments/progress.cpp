#include "experiments/progress.hpp"

#include "core/counted.hpp"
#include "core/status.hpp"

#include <fmt/format.h>
#include <unistd.h>

namespace futolab {

Progress::Progress(std::size_t total, bool quiet, ProgressWords words)
    : Progress(total, quiet, std::move(words), stderr, ::isatty(STDERR_FILENO) == 1) {}

Progress::Progress(std::size_t total, bool quiet, ProgressWords words, std::FILE* out, bool tty)
    : total_(total), quiet_(quiet), words_(std::move(words)), out_(out), tty_(tty), start_(Clock::now()), last_(start_) {}

std::string Progress::line(std::size_t done, std::size_t errors) const {
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    const double eta = done == 0 ? 0 : elapsed * static_cast<double>(total_ - done) / static_cast<double>(done);
    const int width = 30;
    const int filled = total_ == 0 ? width : static_cast<int>(width * done / total_);
    // The noun agrees with the total it follows: "1/1 class", "1/2 classes".
    return fmt::format("[{}{}] {}/{}{}, {:.0f}s elapsed, ETA {:.0f}s", std::string(filled, '#'),
                       std::string(width - filled, '.'), done, counted(total_, words_.noun, words_.plural),
                       words_.errors ? ", " + counted(errors, status_name(Status::error)) : "", elapsed, eta);
}

void Progress::update(std::size_t done, std::size_t errors) {
    if (quiet_) return;
    const auto now = Clock::now();
    if (now - last_ < (tty_ ? kTerminalEvery : kLogEvery)) return;
    last_ = now;
    std::fputs((tty_ ? "\r" + line(done, errors) : line(done, errors) + "\n").c_str(), out_);
    std::fflush(out_);
}

void Progress::finish(std::size_t done, std::size_t errors) {
    if (quiet_) return;
    std::fputs(((tty_ ? "\r" : "") + line(done, errors) + "\n").c_str(), out_);
    std::fflush(out_);
    quiet_ = true;  // the last state is printed once; a late update (another thread) adds nothing
}

}  // namespace futolab
