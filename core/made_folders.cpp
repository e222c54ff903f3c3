#include "core/made_folders.hpp"

#include "core/live_writer.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace futolab {
namespace {

namespace fs = std::filesystem;

std::mutex& made_mutex() {
    static std::mutex m;
    return m;
}

// Absolute paths, parents before their children: each call's folders from the top down.
std::vector<fs::path>& made() {
    static std::vector<fs::path> folders;
    return folders;
}

// A lock file this process created, by its path and the identity it had then.
struct MadeLock {
    fs::path path;
    dev_t dev;
    ino_t ino;
};

std::vector<MadeLock>& made_locks() {
    static std::vector<MadeLock> locks;
    return locks;
}

// The names in `dir` ("." and ".." left out); false if it cannot be listed.
bool list_folder(const fs::path& dir, std::vector<std::string>& names) {
    const std::unique_ptr<DIR, int (*)(DIR*)> d(::opendir(dir.c_str()), ::closedir);
    if (!d) return false;
    while (const dirent* entry = ::readdir(d.get())) {
        const std::string name = entry->d_name;
        if (name != "." && name != "..") names.push_back(name);
    }
    return true;
}

// Unlinks the lock file `path` if it is a regular file no process holds: it is locked here
// first, so a writer that opened it meanwhile finds its name gone (OutputLock refuses a lock
// whose name no longer leads to it) instead of writing beside this removal.
// With `noted`, only if it is still the file noted (the same device and inode): a lock file
// replaced since is another writer's.
bool remove_unheld_lock(const fs::path& path, const MadeLock* noted = nullptr) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return false;
    struct stat st {};
    const bool ours = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                      (noted == nullptr || (st.st_dev == noted->dev && st.st_ino == noted->ino));
    const bool removed = ours && ::flock(fd, LOCK_EX | LOCK_NB) == 0 && ::unlink(path.c_str()) == 0;
    ::close(fd);
    return removed;
}

// Removes `dir` if it holds only lock files no one holds (removed with it).
void remove_if_left_empty(const fs::path& dir) {
    std::vector<std::string> names;
    if (!list_folder(dir, names)) return;
    for (const std::string& name : names)
        if (!is_lock_name(name)) return;  // an output, a user's file, a folder not ours to judge
    for (const std::string& name : names)
        if (!remove_unheld_lock(dir / name)) return;
    ::rmdir(dir.c_str());
}

}  // namespace

void make_folders(const fs::path& dir, std::error_code& error) {
    // The parts of the path not there yet, deepest first: the ones create_directories makes.
    std::vector<fs::path> missing;
    const fs::path full = fs::absolute(dir, error);
    if (error) return;
    for (fs::path part = full; part.has_relative_path(); part = part.parent_path()) {
        struct stat st {};
        if (::stat(part.c_str(), &st) == 0) break;
        // `nosub/..` names nosub's parent: a name only, never a folder made.
        if (part.filename() != "." && part.filename() != "..") missing.push_back(part);
    }
    fs::create_directories(dir, error);
    const std::lock_guard<std::mutex> lock(made_mutex());
    for (auto part = missing.rbegin(); part != missing.rend(); ++part) {
        std::error_code ec;
        if (fs::is_directory(*part, ec)) made().push_back(*part);
    }
}

void note_made_lock(const fs::path& path, const struct stat& st) {
    std::error_code ec;
    const fs::path full = fs::absolute(path, ec);
    const std::lock_guard<std::mutex> lock(made_mutex());
    made_locks().push_back({ec ? path : full, st.st_dev, st.st_ino});
}

void remove_made_folders() {
    std::vector<fs::path> folders;
    std::vector<MadeLock> locks;
    {
        const std::lock_guard<std::mutex> lock(made_mutex());
        folders.swap(made());
        locks.swap(made_locks());
    }
    // The locks first: a folder made for one is then left empty, and goes too.
    for (const MadeLock& made_lock : locks) remove_unheld_lock(made_lock.path, &made_lock);
    for (auto dir = folders.rbegin(); dir != folders.rend(); ++dir) remove_if_left_empty(*dir);
}

}  // namespace futolab
