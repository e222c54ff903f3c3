// Who holds an output's lock, as a refusal names it. The lock file holds the pid its holder
// wrote (core/live_writer.hpp, holder_of), but any program can hold the flock (`flock
// .k.csv.lock sleep 60`), over an empty lock file or one naming a pid that ended long ago or now
// runs something else: each was called "another futolab (pid N) is writing it" (red-team round
// 28, A F3). A holder is called another futolab only when the pid in the lock is a live futolab
// process; otherwise the message says what is known: that process's name, or that none is there.
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

struct stat;

namespace futolab {

// The holder of the lock file `lock` (another process holds its flock), from `pid`, what the lock
// holds (holder_of: digits, or "?"), for a message after "OUTPUT: ", before its advice:
// - pid N runs futolab (its executable is this one's file or is named futolab, or the process is
//   named futolab): "another futolab (pid N) is writing WRITES" ("it", "k.csv", "into the folder t");
// - pid N runs another program: "another program (pid N, NAME) holds the lock LOCK of OF" ("holds
//   its lock LOCK" for OF "it");
// - no pid, or none that runs: the process that holds the flock, found by its descriptors
//   (flock_holders), named as above; "a process holds the lock LOCK of OF (no live futolab's pid
//   in it)" if none can be seen (another user's).
// Where /proc is not there to ask, a pid is taken for futolab's, as before.
std::string lock_holder_text(const std::string& pid, const std::string& lock, std::string_view writes,
                             std::string_view of);

// A process other than this one that holds an flock on a given file: one of its open files is
// that file and carries the lock (a "lock:" line in /proc/PID/fdinfo/FD, which shows the
// holder also where it inherited the descriptor: `flock FILE sleep 60`'s sleep).
struct FlockHolder {
    pid_t pid = 0;
    std::string name;      // /proc/PID/comm
    bool futolab = false;  // it runs futolab (as lock_holder_text decides)
};

// Every such process whose descriptors this user may read (another user's are not listed).
// Slow (every open file of the machine is looked at): for a refusal's message only.
std::vector<FlockHolder> flock_holders(const struct stat& file);

// "another program (pid N, NAME)" for the first holder that is not futolab; "" if there is none
// (every holder runs futolab, or none could be seen). A shared lock or a lock on an output
// itself can be any program's: it was always blamed on futolab (red-team round 29, A2).
std::string foreign_holder(const std::vector<FlockHolder>& holders);

}  // namespace futolab
