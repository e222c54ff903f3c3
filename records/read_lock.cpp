#include "records/read_lock.hpp"

#include "core/error.hpp"
#include "records/output_lock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace futolab {

ReadLock::ReadLock(const std::string& file) {
    // The lock sits beside the name its writer was given: a symlink to a live shard is
    // followed to it (round 9, R8: "no futolab writes it (killed?)" for a live run's CSV).
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(file, ec);
    fd_ = ::open(lock_path(ec ? file : real.string()).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd_ < 0) return;  // no lock file: no writer on this machine
    struct stat st {};
    const bool a_lock = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    if (a_lock && ::flock(fd_, LOCK_SH | LOCK_NB) == 0) return;  // held until the read ends
    const bool held = a_lock && errno == EWOULDBLOCK;
    if (held && held_here(fd_)) return;  // this process writes it (merge --force onto an input): no one else can
    const std::string holder = held ? holder_of(fd_) : "";
    ::close(fd_);
    fd_ = -1;
    if (held)
        throw InputError(fmt::format("{}: another futolab (pid {}) is writing it: wait for it to end, then merge again",
                                     file, holder));
}

ReadLock::~ReadLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace futolab
