// Who holds an output's lock, as a refusal names it. The lock file holds the pid its holder
// wrote (core/live_writer.hpp, holder_of), but any program can hold the flock (`flock
// .k.csv.lock sleep 60`), over an empty lock file or one naming a pid that ended long ago or now
// runs something else: each was called "another futolab (pid N) is writing it" (red-team round
// 28, A F3). A holder is called another futolab only when the pid in the lock is a live futolab
// process; otherwise the message says what is known: that process's name, or that none is there.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// The holder of the lock file `lock` (another process holds its flock), from `pid`, what the lock
// holds (holder_of: digits, or "?"), for a message after "OUTPUT: ", before its advice:
// - pid N runs futolab (its executable is this one's file or is named futolab, or the process is
//   named futolab): "another futolab (pid N) is writing WRITES" ("it", "k.csv", "into the folder t");
// - pid N runs another program: "another program (pid N, NAME) holds the lock LOCK of OF" ("holds
//   its lock LOCK" for OF "it");
// - no pid, or none that runs: "a process holds the lock LOCK of OF (no live futolab's pid in it)".
// Where /proc is not there to ask, a pid is taken for futolab's, as before.
std::string lock_holder_text(const std::string& pid, const std::string& lock, std::string_view writes,
                             std::string_view of);

}  // namespace futolab
