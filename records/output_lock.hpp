// One writer per output (SPEC §5, issue #25 §3): `futolab run` and `futolab merge` hold an
// advisory lock (flock) on `<folder>/.<csv name>.lock` for as long as they write that results
// CSV and its sidecar. A second writer — the same command started twice, a `--resume` while
// the first still runs, a merge onto a CSV a run is filling — is refused at once (exit 2) with
// the first one's pid, before it touches any file; a writer that finds only readers holding it
// (`futolab merge` reading that file, records/read_lock.hpp) waits for them, up to 10 s. The
// lock is per results file, not per
// folder: the shards of one experiment (SLURM array tasks) write side by side in one folder,
// each to its own file. The lock dies with its holder (flock is released when the process
// ends, even by SIGKILL), so a crashed run never leaves a stale lock behind; the file itself
// stays and only records the last holder's pid.
//
// Nothing planted at the lock's path can switch the lock off or be damaged by it (issue #45):
// it is opened without following a symlink and without blocking, and taken only on a regular
// file of this user with one name; a folder, a symlink, a FIFO, a hard link or another user's
// file there is refused (exit 2) naming the path, before anything is written. Once locked, the
// name must still lead to the locked file (not swapped meanwhile); only then is the pid written.
// Taking the lock also removes the temp files writers killed in that folder left behind
// (core/atomic_file.hpp, reap_stale_temp_files).
#pragma once

#include "core/live_writer.hpp"  // lock_path, holder_of

#include <stdexcept>
#include <string>
#include <string_view>

struct stat;

namespace futolab {

// No lock file could be made where an output goes (a read-only or full file system, a folder
// this user may not write), or the one there, futolab's own, cannot be opened for writing or
// locked (the same disk, an I/O error, no flock on that file system): the output could not be
// written there either. Refused before any work, exit 1, as the disk's or folder's failure
// (red-team round 14, A F2: the search ran on without its lock and lost its work at the end;
// round 19, A F5: an existing lock on a read-only disk was exit 2). Something planted at the
// lock's path is bad input instead (InputError, exit 2). A distinct type for the one writer that may
// go on without a lock: a standard stream the shell already opened (app/load.cpp).
class LockNotMade : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A lock file made (or opened) that then took no pid (a full disk, a file size limit): the disk's
// failure as LockNotMade is, exit 1 before any work, but no stream goes on without it (app/load.cpp
// goes on unlocked only where no lock file can be had at all). app/main.cpp removes what the command
// made for its outputs, as on a refusal: the empty lock file and the folders made for it were left
// behind (red-team round 27, A F8).
class LockNotWritten : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Whether the lock file open at `fd` is one this process holds through an OutputLock (another
// description of it: flock then refuses this process as it refuses any other). A lock held
// here is never another futolab's (red-team round 13, F6: `merge s1.csv s2.csv --out s1.csv
// --force` and `critical --certificate o.csv` each blamed "another futolab (pid N)", N itself).
bool held_here(int fd);

// Why the thing at `output_file`'s lock path is no lock file an OutputLock can take there
// ("LOCK is a folder", as the constructor refuses it), "" if nothing is there or futolab's lock
// file is. For a writer whose locks are taken later, one per part (a few-relations checkpoint's
// shards, experiments/runner.cpp): asked before any work, so a planted thing is bad input then,
// not one part's failure after the others' work.
std::string planted_at_lock(const std::string& output_file);

class OutputLock {
public:
    // Locks `output_file` (its folder is created if missing). Throws InputError if another
    // process holds it, naming that process, if something not futolab's lock file is at its
    // path (see above), or if `output_file` is itself named as a lock file (`.k.csv.lock`: its
    // writer would truncate a live run's lock, core/live_writer.hpp). Throws LockNotMade if
    // no lock file can be made, opened or locked there (the disk's or folder's failure).
    // `elsewhere` ends a refusal with what else to do: the option that places the file ("use
    // another --checkpoint folder" for a checkpoint's shard file, not another --out). `shown`
    // names the output in a refusal if not empty: standard output's file is "F (standard output
    // of this command)", whose writer no --out moves (red-team round 24, left open).
    explicit OutputLock(const std::string& output_file, std::string_view elsewhere = "use another --out",
                        std::string_view shown = "");
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

    // Throws std::runtime_error "LOCK: removed or replaced while futolab held it …" if the lock's
    // path no longer leads to the file this lock holds (an `rm`, or an older futolab renaming a
    // file over it): another writer could then lock the new file and write beside this one, so
    // a writer asks before each record and stops (round 9, R1). At the first record it also
    // moves the identity lock (below) to the output file now at its name if none is held or the
    // held one was replaced (a CSV made since the lock, or rewritten by --redo), and throws if
    // another process holds that one; later records cost nothing more (an lstat or fstat per
    // row cost 1-1.7 µs, a sixth of a sweep of tiny runs). Not thread-safe: the runner asks
    // under its queue's mutex.
    void check_held() const;

    // check_held for an output written whole under this lock once its work is done (a
    // few-relations shard file, a merged CSV, a certificate, --out): throws std::runtime_error
    // "OUTPUT: not written: LOCK: removed or replaced …", so the writer leaves OUTPUT as it was
    // (red-team round 22, A F4: a shard's lock removed while it was counted, its file written).
    void check_held_for(const std::string& output) const;

    // check_held_for by the lock's name only, for an output about to be replaced by a new file
    // (--redo's rewrite of the CSV): check_held would settle the identity lock on the file it
    // replaces, and the rewritten one would never be locked by its identity.
    void check_name_held_for(const std::string& output) const;

    // Also locks the output file open at `data_fd` by its identity (core/live_writer.hpp,
    // lock_identity), for as long as this lock is held: a writer written in place (a record
    // stream, a results CSV) is then found under any other name of its file, a hard link or a
    // rename (round 11, F13). Throws InputError if another process holds it. The constructor
    // does this for an output file that exists already, check_held for one made later (the
    // first record's).
    void hold_identity(int data_fd, const std::string& output_file);

private:
    void check_name() const;  // check_held's first half: the lock's path still leads to its file
    void take(const std::string& path, const struct stat& opened);
    void release();
    int fd_ = -1;
    // Locks the identity of the regular file at output_file_ now, if it is not the one held.
    void follow_identity() const;
    mutable int identity_fd_ = -1;  // hold_identity's, or -1
    mutable unsigned long long identity_dev_ = 0, identity_ino_ = 0;  // the file it holds
    mutable bool identity_settled_ = false;  // check_held found the file at its name held
    std::string output_file_;
    std::string elsewhere_;  // the constructor's `elsewhere`
    std::string shown_;  // the output as a refusal names it: `shown`, else its path
    std::string path_;  // the lock file's
    unsigned long long dev_ = 0, ino_ = 0;  // the locked file's: one lstat per check_held
};

}  // namespace futolab
