#include "sandbox/interrupt.hpp"

#include "core/files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
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

// The first counted signal: its number, its sender and when it came. A wrapper may deliver
// one stop twice: GNU timeout, sent SIGTERM, sends it to its child and then to its own process
// group (the child is in both), back to back from one pid. When the handler ran between the
// two, the echo was taken as the user's second signal (exit 130, the sidecar left `running`:
// red-team round 32, K2). The same signal from the same sender within kEchoWindowNs of the
// first is that first stop again; a person's second Ctrl-C or `kill` comes later than that.
constexpr long long kEchoWindowNs = 100'000'000;  // 0.1 s
std::atomic<int> g_first_signo{0};
std::atomic<pid_t> g_first_sender{0};
std::atomic<long long> g_first_ns{0};

long long monotonic_ns() noexcept {  // clock_gettime is async-signal-safe
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<long long>(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

// si_pid is the sender of kill()/raise()/sigqueue(); 0 for the terminal's Ctrl-C (kernel-sent).
pid_t sender_of(const siginfo_t* info) noexcept { return info != nullptr ? info->si_pid : 0; }

bool echoes_the_first(int signo, pid_t sender, long long now) noexcept {
    return g_first_signo.load() == signo && g_first_sender.load() == sender &&
           now - g_first_ns.load() < kEchoWindowNs;
}

extern "C" void on_stop_signal(int signo, siginfo_t* info, void*) {
    const long long now = monotonic_ns();
    const pid_t sender = sender_of(info);
    if (g_signals.load() >= 1 && echoes_the_first(signo, sender, now)) return;  // one stop, delivered twice
    if (g_signals.fetch_add(1) >= 1) ::_exit(130);
    g_first_signo = signo;
    g_first_sender = sender;
    g_first_ns = now;
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
    sa.sa_sigaction = on_stop_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    // While the handler runs the other stop signals wait: the first's record is whole when a
    // second is weighed against it.
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
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
