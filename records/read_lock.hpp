// A reader's side of the one-writer lock (records/output_lock.hpp): `futolab merge` read a
// shard that a live run was still writing and merged what was there ("1 of 4 runs"; issue #45,
// round 8, W12). Now it takes a shared flock on each input's lock file, which fails at once
// while a writer holds it (exit 2, naming the writer's pid), and holds it while it reads, so no
// run starts on that file meanwhile. Nothing is created: an input without a lock file (copied
// from another machine, or written by a futolab before the lock) has no writer here. The lock
// file is opened read-only, without following a symlink or waiting on a FIFO; anything but a
// regular file there is not a lock and is left alone. A symlink is resolved first: the lock is
// the one beside the file's real name. A hard link is another name of equal standing, and the
// lock beside the writer's name cannot be found from it: records/merge.cpp refuses a CSV with
// several names whose sidecar says it is still being written. The file itself is locked shared
// too: a run holds its CSV's identity lock under whatever name it has now, so a live shard renamed
// into another folder, or whose lock file was removed, is refused ("another futolab is writing
// this file under another name": red-team round 27, A F5).
#pragma once

#include <string>

namespace futolab {

class ReadLock {
public:
    // Throws InputError "FILE: another futolab (pid N) is writing it: …" if a writer holds the
    // lock of `file` (a holder that is no live futolab named as core/lock_holder.hpp names it).
    explicit ReadLock(const std::string& file);
    ~ReadLock();
    ReadLock(const ReadLock&) = delete;
    ReadLock& operator=(const ReadLock&) = delete;

private:
    void take_name_lock(const std::string& file);
    int fd_ = -1;
    int identity_fd_ = -1;  // a shared flock on the file itself (its writer's identity lock)
};

}  // namespace futolab
