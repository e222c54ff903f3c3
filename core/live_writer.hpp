// Who writes a file now (issue #45, round 9): `futolab run`, `merge` and the record streams of
// `generate` and `critical` hold an flock on `<folder>/.<name>.lock` while they write `<name>`
// (records/output_lock.hpp). Every other writer asks here before it replaces or writes a file:
// a report, a convert or a certificate renamed over a file a live generate was filling sent
// that generate's later records to an unlinked inode, and one renamed over the lock file
// itself switched the lock off (a second run then wrote every row twice). So an output that
// another live futolab holds locked, or whose name is a lock file's, is refused — with
// --force too. The check takes a shared flock for an instant and never creates anything.
#pragma once

#include <string>

namespace futolab {

// `<folder>/.<name>.lock` for the output file `<folder>/<name>`.
std::string lock_path(const std::string& output_file);
// The pid the holder of the lock open at `fd` wrote into it ("?" if it has not yet, or wrote
// nothing).
std::string holder_of(int fd);
// True if `path`'s file name has a lock file's shape, `.<name>.lock`.
bool is_lock_name(const std::string& path);
// Why no writer may write `path` ("" if it may): its name is a lock file's, or another live
// process holds its lock ("another futolab (pid N) is writing it: …") or the lock of the
// results CSV it belongs to (`k.csv.meta.yaml`, `k.csv.schema.json`, `k.jsonl` of `k.csv`:
// "… is writing k.csv: …"). This process's own
// lock (a merge writing its CSV, a redo rewriting its results) is no obstacle.
std::string lock_problem(const std::string& path);

}  // namespace futolab
