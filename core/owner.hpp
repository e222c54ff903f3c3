// Resources named by the process that owns them (issue #45): a temporary folder, a worker's
// scratch folder or a memory cgroup that futolab makes carries its owner's pid and start time
// (field 22 of /proc/<pid>/stat, clock ticks since boot) in its name, as one token
// "p<pid>s<start>". When the owner dies without cleaning up (kill -9, a second SIGTERM, a
// crash), the next futolab that makes such a resource in the same place removes it: its pid
// is gone, or belongs to a process that started at another time (a reused pid). A live
// owner's resource is never touched, nor anything futolab cannot show it made: a name not
// exactly of its form, another user's, a link, a folder without its marker (OwnedNames). A pid is only meaningful in this pid namespace: a folder
// shared with futolab runs in another container may look stale here (keep TMPDIR per container).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace futolab::external {

struct Owner {
    pid_t pid = 0;
    std::uint64_t start = 0;  // /proc/<pid>/stat starttime
};

// Process `pid` as an owner (its start time read now); nullopt if there is no such process.
std::optional<Owner> process_owner(pid_t pid);

// This process as an owner token, "p<pid>s<start>" (the pid read anew: a forked child is its own owner).
std::string owner_token();

// The owner named by `token` exactly, "p<pid>s<start>" as owner_token writes it (no sign, no
// leading zero, a pid above 0 that fits pid_t); nullopt for anything else.
std::optional<Owner> owner_of_token(std::string_view token);

// The owner named by the first '-'-separated token of `name` of the form p<digits>s<digits>.
std::optional<Owner> owner_in(std::string_view name);

// Whether `owner` still runs: a process with its pid exists and started when it did.
bool owner_alive(const Owner& owner);

// How one kind of resource futolab makes in a folder others use too ($TMPDIR, a cgroup's
// parent) is told from anything else there. The name alone proved nothing: any folder named
// futolab-…-p<N>s<M>-… was removed with its contents (red-team round 25, A F5: a user's
// `futolab-results-p3s1-backup`). `owner` reads the owner from the whole name, nullopt for a
// name futolab does not make exactly so; `made`, if set, checks what futolab put into the
// resource when it made it (a temporary folder's marker file: temp_dir.hpp).
struct OwnedNames {
    std::function<std::optional<Owner>(std::string_view name)> owner;
    std::function<bool(const std::filesystem::path& path)> made;
};

// For every entry of `dir` that `names` takes as futolab's (its whole name, then `made`),
// whose owner `pick` takes, and that is a directory of this user (never followed through a
// symlink): `remove(path)`. Errors (a folder that cannot be read) are ignored: reaping is
// housekeeping, never a run's failure.
void remove_owned(const std::filesystem::path& dir, const OwnedNames& names, const std::function<bool(const Owner&)>& pick,
                  const std::function<void(const std::filesystem::path&)>& remove);

// remove_owned of the entries whose owner is dead.
void reap_stale(const std::filesystem::path& dir, const OwnedNames& names,
                const std::function<void(const std::filesystem::path&)>& remove);

}  // namespace futolab::external
