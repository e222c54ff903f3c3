// The moment a command puts several outputs that go together in place: the renames of their
// temporary files, written whole and synced before. SIGINT, SIGTERM and SIGHUP are held back
// (blocked) through it, so no signal lands between two renames (red-team round 28, A F8: a
// SIGTERM there ended analyze by the signal's default action, exit 143 and nothing said, its
// tables new, its figures old and their temporary files left). The caller holds a SignalScope
// whose target is `stop`: a signal before the window is a stop request with nothing renamed (the
// temporary files go with their owners), one held back through it is taken when it ends, so the
// caller then finds `stop` requested with every output in place, and says so.
#pragma once

#include <functional>
#include <vector>

namespace futolab {
class Interrupt;
}

namespace futolab::app {

// Runs `renames` in order with the three signals blocked; false, and none run, if `stop` was
// requested before. A rename's exception goes through, the signals unblocked again. Test-only:
// FUTOLAB_TEST_COMMIT_WAIT (a duration) pauses after the first rename when more follow, so a
// test can send a signal inside the window.
bool commit_in_window(const Interrupt& stop, const std::vector<std::function<void()>>& renames);

}  // namespace futolab::app
