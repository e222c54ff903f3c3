// The stop request of `futolab run` (SPEC §6, docs/reliability.md): the first SIGINT/SIGTERM
// stops the taking of new runs and interrupts the running ones — thread isolation through the
// flag the searches poll (Limits::stop), process isolation by killing the runs' processes,
// whose waits watch fd() — and the runner exits within a second or two. Interrupted runs are
// not written (a row means a finished measurement): `--resume` redoes them. A second signal
// exits at once (every row written so far is already whole on disk).
#pragma once

#include <atomic>
#include <csignal>
#include <string_view>

namespace futolab {

class Interrupt {
public:
    Interrupt();  // throws std::runtime_error if the pipe cannot be made
    ~Interrupt();
    Interrupt(const Interrupt&) = delete;
    Interrupt& operator=(const Interrupt&) = delete;

    // Async-signal-safe: sets the flag and makes fd() readable (for good: it is never drained).
    void request() noexcept;
    bool requested() const noexcept { return flag_.load(); }
    const std::atomic<bool>* flag() const noexcept { return &flag_; }
    int fd() const noexcept { return read_fd_; }

private:
    std::atomic<bool> flag_{false};
    int read_fd_ = -1, write_fd_ = -1;
};

// While alive, SIGINT, SIGTERM and SIGHUP go to `target`: the first calls request(), a second exits
// the process at once with status 130. The same signal from the same sender within 0.1 s of the
// first is not a second one but the first delivered twice (GNU timeout sends its TERM to the
// child and then to its process group). Signals are process-wide, but scopes nest: a command that
// takes them from its start (run, critical's modes) writes its records through a step with
// a scope of its own; when the inner scope ends, the outer one takes the signals again, and a
// stop the inner one took is the outer one's too. The signals are counted over the nested
// scopes: one after a first that an outer scope took exits (130) in an inner scope too.
class SignalScope {
public:
    explicit SignalScope(Interrupt& target);
    ~SignalScope();
    SignalScope(const SignalScope&) = delete;
    SignalScope& operator=(const SignalScope&) = delete;

private:
    Interrupt* outer_;    // the enclosing scope's target (null: none)
    int outer_signals_;   // the signals counted when this scope began
    int outer_stop_fd_;   // the ambient stop fd (core/files.hpp) it replaced, put back when it ends
    struct sigaction old_int_ {}, old_term_ {}, old_hup_ {};
};

// If a stop was requested: throws std::runtime_error "interrupted: WHAT" (exit 1), where `what`
// says what the command leaves ("nothing printed or written").
void throw_if_stopped(const Interrupt& stop, std::string_view what);

}  // namespace futolab
