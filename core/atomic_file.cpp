#include "core/atomic_file.hpp"

#include "core/random.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace futolab {
namespace {

[[noreturn]] void fail(const std::string& path, int error) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(error));
}

// Six random letters and digits: a fresh name each try, so nothing can be planted at it.
std::string random_suffix() {
    static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    thread_local std::mt19937_64 rng(std::random_device{}() ^ (static_cast<std::uint64_t>(::getpid()) << 32));
    std::string s(6, ' ');
    for (char& ch : s) ch = kChars[uniform_below(rng, sizeof kChars - 1)];
    return s;
}

// The folder's entry is durable only once the folder itself is synced; best effort (some
// file systems refuse fsync on a directory), the file's own data is already on disk.
void sync_folder(const std::string& path) {
    std::string dir = std::filesystem::path(path).parent_path().string();
    if (dir.empty()) dir = ".";
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)::fsync(fd);
    ::close(fd);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    // A device or FIFO (--out /dev/null, /dev/stdout, a pipe) is written as it is: renaming a
    // regular file over /dev/null would replace the device.
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd_ < 0) fail(path_, errno);
        direct_ = true;
        return;
    }
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp_ = path_ + ".tmp-" + random_suffix();
        // 0666 less the umask, as any file the user creates.
        fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd_ >= 0) return;
        if (errno != EEXIST) fail(path_, errno);
    }
    fail(path_, EEXIST);
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !direct_) ::unlink(temp_.c_str());
}

void AtomicFile::write(std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd_, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(path_, n < 0 ? errno : ENOSPC);
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

void AtomicFile::commit() {
    if (direct_) {
        const int fd = fd_;
        fd_ = -1;
        committed_ = true;
        if (::close(fd) != 0) fail(path_, errno);
        return;
    }
    if (::fsync(fd_) != 0) fail(path_, errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(path_, errno);  // NFS and full disks may report only here
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail(path_, errno);
    committed_ = true;
    sync_folder(path_);
}

void write_file_atomically(const std::string& path, std::string_view text) {
    AtomicFile file(path);
    file.write(text);
    file.commit();
}

}  // namespace futolab
