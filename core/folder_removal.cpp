#include "core/folder_removal.hpp"

#include "core/visible_text.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <string_view>

namespace futolab::external {
namespace {

namespace fs = std::filesystem;

// One removal: the mount it may not leave, and what it found it must leave.
struct Walk {
    const MountOf& mount;
    MountPlace home;
    FolderRemoval& result;
    bool whole = true;  // everything met so far is gone
};

// The names in the open folder `dir`, read through a descriptor of its own (fdopendir takes
// the one it is given). Read whole first: removing while reading a folder skips entries.
std::vector<std::string> names_in(int dir, Walk& walk) {
    std::vector<std::string> names;
    const int fd = ::openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR* d = fd < 0 ? nullptr : ::fdopendir(fd);
    if (d == nullptr) {
        if (fd >= 0) ::close(fd);
        walk.whole = false;
        return names;
    }
    while (const dirent* e = ::readdir(d)) {
        const std::string_view name = e->d_name;
        if (name != "." && name != "..") names.emplace_back(name);
    }
    ::closedir(d);
    return names;
}

// Whether entry `name` of `dir` ("" for `dir` itself) lies on the removal's mount; what does
// not is recorded and stays.
bool at_home(int dir, const char* name, const fs::path& path, Walk& walk) {
    const std::optional<MountPlace> place = walk.mount(dir, name);
    if (place && *place == walk.home) return true;
    if (place) walk.result.mounts.push_back(path);
    walk.whole = false;
    return false;
}

void empty_folder(int dir, const fs::path& path, Walk& walk, const std::string& keep);

// Removes entry `name` of `dir`: a folder (never a link to one) emptied first; nothing on
// another mount, nor the folder holding it.
void remove_entry(int dir, const std::string& name, const fs::path& path, Walk& walk) {
    struct stat st {};
    if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno != ENOENT) walk.whole = false;
        return;
    }
    if (!at_home(dir, name.c_str(), path, walk)) return;
    if (S_ISDIR(st.st_mode)) {
        const int sub = ::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0) {
            walk.whole = false;
            return;
        }
        // Asked again of the folder opened: what is read is what was checked.
        if (at_home(sub, "", path, walk)) empty_folder(sub, path, walk, "");
        ::close(sub);
    }
    if (::unlinkat(dir, name.c_str(), S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0) != 0 && errno != ENOENT) walk.whole = false;
}

// Removes everything in the open folder `dir` but its entry `keep`.
void empty_folder(int dir, const fs::path& path, Walk& walk, const std::string& keep) {
    for (const std::string& name : names_in(dir, walk))
        if (name != keep) remove_entry(dir, name, path / name, walk);
}

}  // namespace

std::optional<MountPlace> mount_of(int dir, const char* name) {
    struct statx sx {};
    const int flags = AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | (*name == '\0' ? AT_EMPTY_PATH : 0);
    if (::statx(dir, name, flags, STATX_MNT_ID, &sx) != 0) return std::nullopt;
    MountPlace place;
    place.dev = makedev(sx.stx_dev_major, sx.stx_dev_minor);
    place.mount = (sx.stx_mask & STATX_MNT_ID) != 0 ? sx.stx_mnt_id : 0;
    return place;
}

FolderRemoval remove_folder(const fs::path& folder, const std::string& last, const MountOf& mount) {
    FolderRemoval result;
    // The mount is that of the folder holding it: a folder that is itself a mount point is left.
    const fs::path parent = folder.parent_path().empty() ? fs::path(".") : folder.parent_path();
    const int above = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (above < 0) return result;
    const std::optional<MountPlace> home = mount(above, "");
    const int top = ::openat(above, folder.filename().c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    ::close(above);
    if (top < 0 || !home) {
        if (top >= 0) ::close(top);
        return result;
    }
    Walk walk{mount, *home, result, true};
    if (at_home(top, "", folder, walk)) empty_folder(top, folder, walk, last);
    // Only now the marker: while anything else is left, the next futolab still knows the folder.
    if (walk.whole && (::unlinkat(top, last.c_str(), 0) == 0 || errno == ENOENT))
        result.removed = ::rmdir(folder.c_str()) == 0;
    ::close(top);
    return result;
}

void remove_folder_or_warn(const fs::path& folder, const std::string& last) {
    const FolderRemoval r = remove_folder(folder, last);
    if (r.mounts.empty()) return;
    const std::string more = r.mounts.size() > 1 ? " (and " + std::to_string(r.mounts.size() - 1) + " more)" : "";
    std::cerr << visible_text("futolab: warning: left the temporary folder " + folder.string() + " in place: " +
                                  r.mounts.front().string() + more +
                                  " is on another file system mounted in it, which futolab never removes from; unmount "
                                  "it, and the next futolab removes the folder",
                              LineBreaks::shown)
              << "\n";
}

}  // namespace futolab::external
