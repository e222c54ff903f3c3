#include "records/read_lock.hpp"

#include "core/error.hpp"
#include "core/live_writer.hpp"
#include "core/lock_holder.hpp"
#include "records/output_lock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace futolab {

namespace {

// A shared flock on the data file itself, on a new description of it (`-1`: none taken): a run
// holds its CSV's identity lock (core/live_writer.hpp, lock_identity) for as long as it writes,
// under whatever name the file has now. The name's lock alone missed a live run's CSV renamed
// into another folder, or whose `.NAME.lock` was removed: it was merged as a killed run's
// (red-team round 27, A F5). Throws InputError if another process holds it; this process's own
// (merge --force onto an input) is no obstacle.
int hold_identity_shared(const std::string& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return -1;  // never opens a FIFO or device
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_SH | LOCK_NB) == 0) return fd;  // held until the read ends: no run starts on it
    const bool held = errno == EWOULDBLOCK;
    ::close(fd);
    if (!held) return -1;  // no flock on this file system: the name's lock still holds
    if (const std::string why = lock_problem(file); !why.empty())
        throw InputError(fmt::format("{}: {}", file, why));  // "another futolab is writing this file under another name …"
    return -1;
}

}  // namespace

ReadLock::ReadLock(const std::string& file) {
    take_name_lock(file);  // first: a writer found by its name is named with its pid
    try {
        identity_fd_ = hold_identity_shared(file);
    } catch (...) {
        if (fd_ >= 0) ::close(fd_);
        throw;
    }
}

void ReadLock::take_name_lock(const std::string& file) {
    // The lock sits beside the name its writer was given: a symlink to a live shard is
    // followed to it (round 9, R8: "no futolab writes it (killed?)" for a live run's CSV).
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(file, ec);
    const std::string lock = lock_path(ec ? file : real.string());
    fd_ = ::open(lock.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd_ < 0) return;  // no lock file: no writer on this machine
    struct stat st {};
    const bool a_lock = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    if (a_lock && ::flock(fd_, LOCK_SH | LOCK_NB) == 0) return;  // held until the read ends
    const bool held = a_lock && errno == EWOULDBLOCK;
    if (held && held_here(fd_)) return;  // this process writes it (merge --force onto an input): no one else can
    const std::string holder = held ? holder_of(fd_) : "";
    ::close(fd_);
    fd_ = -1;
    if (held)  // named as what it is: any program may hold a flock (round 28, A F3)
        throw InputError(fmt::format("{}: {}: wait for it to end, then merge again", file,
                                     lock_holder_text(holder, lock, "it", "it")));
}

ReadLock::~ReadLock() {
    if (fd_ >= 0) ::close(fd_);
    if (identity_fd_ >= 0) ::close(identity_fd_);
}

}  // namespace futolab
