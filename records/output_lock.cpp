#include "records/output_lock.hpp"

#include "core/error.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

namespace futolab {
namespace {

// The pid the holder wrote into the lock file ("?" if it has not yet, or wrote nothing).
std::string holder_of(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    std::string pid = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    return pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos ? "?" : pid;
}

}  // namespace

OutputLock::OutputLock(const std::string& output_file) {
    namespace fs = std::filesystem;
    fs::path dir = fs::path(output_file).parent_path();
    if (dir.empty()) dir = ".";
    std::error_code ec;
    fs::create_directories(dir, ec);  // a failure shows as the open's error below
    const std::string path = (dir / ("." + fs::path(output_file).filename().string() + ".lock")).string();
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    // A folder that cannot hold the lock (not a folder, not writable, read-only) cannot hold the
    // output either: the writer that follows says so in its own words.
    if (fd_ < 0) return;
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int why = errno;
        const std::string holder = holder_of(fd_);
        ::close(fd_);
        fd_ = -1;
        if (why == EWOULDBLOCK)
            throw InputError(fmt::format("{}: another futolab (pid {}) is writing it: wait for it to end, or use "
                                         "another --out",
                                         output_file, holder));
        throw InputError(fmt::format("{}: cannot lock: {}", path, std::strerror(why)));
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_, 0) == 0) {
        [[maybe_unused]] const ssize_t n = ::pwrite(fd_, pid.data(), pid.size(), 0);
    }
}

OutputLock::~OutputLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace futolab
