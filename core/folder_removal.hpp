// Removing a folder futolab made (a temporary folder, a worker's scratch) and everything in it,
// never leaving it (red-team round 28, A F7). std::filesystem::remove_all went into whatever
// was mounted or bind-mounted below a stale folder and removed files of another file system;
// and it removed the folder's marker (core/temp_dir.hpp) whenever the walk met it, so a
// removal cut half-way (a kill, a file it could not remove) left an unmarked folder that no
// later futolab would reap again. Here every folder is opened without following a symlink and
// asked which mount it lies on: one on another mount (its device or, where the kernel says it,
// its mount id differs: a bind mount of the same file system shares the device) is left in
// place with what is in it, and so is the folder above it. The marker goes last, once
// everything else is gone, so a cut removal is finished by the next one.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace futolab::external {

// The mount an entry lies on: its file system's device and the kernel's mount id (0 where the
// kernel gives none: then the device alone tells).
struct MountPlace {
    dev_t dev = 0;
    std::uint64_t mount = 0;
    bool operator==(const MountPlace&) const = default;
};

// The mount of entry `name` of the open folder `dir` ("" for `dir` itself), never through a
// symlink; nullopt if it cannot be read. A seam: tests give another to stand for a mount.
using MountOf = std::function<std::optional<MountPlace>(int dir, const char* name)>;
std::optional<MountPlace> mount_of(int dir, const char* name);

struct FolderRemoval {
    bool removed = false;                       // the folder is gone
    std::vector<std::filesystem::path> mounts;  // what below it lies on another mount, left in place
};

// Removes `folder` (a folder, not a link to one) with everything in it on the mount of the
// folder holding it, and `last`, a file directly in it (its marker), only after everything
// else: a removal that cannot finish (a file it cannot remove, a mount below) leaves `last`
// there. Best effort: errors only leave things in place.
FolderRemoval remove_folder(const std::filesystem::path& folder, const std::string& last, const MountOf& mount = mount_of);

// remove_folder, and if something on another mount stays, one line on standard error naming the
// folder and that mount (unmount it: the next futolab removes the folder).
void remove_folder_or_warn(const std::filesystem::path& folder, const std::string& last);

}  // namespace futolab::external
