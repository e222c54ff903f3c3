#include "sandbox/interrupt.hpp"

#include "core/files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <string>

namespace futolab {
namespace {

// Signals are process-wide by nature: the handler's target and the signal count are the one
// piece of global state. Both are lock-free atomics, safe to touch from a signal handler.
std::atomic<Interrupt*> g_target{nullptr};
std::atomic<int> g_signals{0};

extern "C" void on_stop_signal(int) {
    if (g_signals.fetch_add(1) >= 1) ::_exit(130);
    if (Interrupt* target = g_target.load()) target->request();
}

}  // namespace

Interrupt::Interrupt() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
        throw std::runtime_error(std::string("cannot make the interrupt pipe: ") + std::strerror(errno));
    read_fd_ = fds[0];
    write_fd_ = fds[1];
}

Interrupt::~Interrupt() {
    ::close(read_fd_);
    ::close(write_fd_);
}

void Interrupt::request() noexcept {
    const int saved = errno;  // a signal handler must leave errno as it found it
    flag_.store(true);
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(write_fd_, &byte, 1);  // full pipe: already readable
    errno = saved;
}

// The count goes on through nested scopes: a signal after one an outer scope took is a second
// one (exit 130), as docs/reliability.md says, not a first one again for the inner scope (a
// SIGTERM there was only a stop request, or was lost with the inner scope's target). Only the
// outermost scope starts it from 0.
SignalScope::SignalScope(Interrupt& target)
    : outer_(g_target.exchange(&target)), outer_signals_(outer_ != nullptr ? g_signals.load() : g_signals.exchange(0)),
      outer_stop_fd_(exchange_ambient_stop_fd(target.fd())) {
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, &old_int_);
    ::sigaction(SIGTERM, &sa, &old_term_);
    ::sigaction(SIGHUP, &sa, &old_hup_);  // the terminal closed: stop as cleanly as on Ctrl-C
}

SignalScope::~SignalScope() {
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
    ::sigaction(SIGHUP, &old_hup_, nullptr);
    g_target = outer_;  // first: a signal from here on goes to the outer scope
    exchange_ambient_stop_fd(outer_stop_fd_);
    if (outer_ == nullptr) g_signals = outer_signals_;
    else if (g_signals.load() > outer_signals_) outer_->request();  // a stop this scope took
}

void throw_if_stopped(const Interrupt& stop, std::string_view what) {
    if (stop.requested()) throw std::runtime_error("interrupted: " + std::string(what));
}

}  // namespace futolab
