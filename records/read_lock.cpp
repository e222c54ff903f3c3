#include "records/read_lock.hpp"

#include "core/error.hpp"
#include "records/output_lock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace futolab {

ReadLock::ReadLock(const std::string& file) {
    fd_ = ::open(lock_path(file).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd_ < 0) return;  // no lock file: no writer on this machine
    struct stat st {};
    const bool a_lock = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    if (a_lock && ::flock(fd_, LOCK_SH | LOCK_NB) == 0) return;  // held until the read ends
    const bool held = a_lock && errno == EWOULDBLOCK;
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
