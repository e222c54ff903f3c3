#include "app/commit_window.hpp"

#include "core/env.hpp"
#include "sandbox/interrupt.hpp"

#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <thread>

namespace futolab::app {
namespace {

// The stop signals blocked while alive; unblocking delivers one that came meanwhile before the
// destructor returns (POSIX), so the SignalScope's handler has taken it by then.
class HeldStopSignals {
public:
    HeldStopSignals() {
        sigset_t held;
        sigemptyset(&held);
        for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, sig);
        ::pthread_sigmask(SIG_BLOCK, &held, &before_);
    }
    ~HeldStopSignals() { ::pthread_sigmask(SIG_SETMASK, &before_, nullptr); }
    HeldStopSignals(const HeldStopSignals&) = delete;
    HeldStopSignals& operator=(const HeldStopSignals&) = delete;

private:
    sigset_t before_{};
};

// The tests' way into the window: a signal sent once the first output is in place must find the
// others not yet renamed. A blocked signal does not cut the sleep short.
void test_pause() {
    if (const auto seconds = env_wait("FUTOLAB_TEST_COMMIT_WAIT"))
        std::this_thread::sleep_for(std::chrono::duration<double>(*seconds));
}

}  // namespace

bool commit_in_window(const Interrupt& stop, const std::vector<std::function<void()>>& renames) {
    const HeldStopSignals held;
    if (stop.requested()) return false;  // a signal before the window, or just before it was closed
    for (std::size_t i = 0; i < renames.size(); ++i) {
        renames[i]();
        if (i == 0 && renames.size() > 1) test_pause();
    }
    return true;
}

}  // namespace futolab::app
