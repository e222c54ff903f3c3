// One writer per output (SPEC §5, issue #25 §3): `futolab run` and `futolab merge` hold an
// advisory lock (flock) on `<folder>/.<csv name>.lock` for as long as they write that results
// CSV and its sidecar. A second writer — the same command started twice, a `--resume` while
// the first still runs, a merge onto a CSV a run is filling — is refused at once (exit 2) with
// the first one's pid, before it touches any file. The lock is per results file, not per
// folder: the shards of one experiment (SLURM array tasks) write side by side in one folder,
// each to its own file. The lock dies with its holder (flock is released when the process
// ends, even by SIGKILL), so a crashed run never leaves a stale lock behind; the file itself
// stays and only records the last holder's pid.
#pragma once

#include <string>

namespace futolab {

class OutputLock {
public:
    // Locks `output_file` (its folder is created if missing). Throws InputError if another
    // process holds it, naming that process.
    explicit OutputLock(const std::string& output_file);
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

private:
    int fd_ = -1;
};

}  // namespace futolab
