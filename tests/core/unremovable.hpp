// A file this process cannot remove, for a scope (a removal cut half-way by what it cannot
// remove): as a user, its folder made read-only; as root, whom permissions do not stop, the
// file made immutable (ext4, xfs, btrfs; not tmpfs). made() is false where neither works: the
// test then says so and skips that part.
#pragma once

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace futolab::test {

class Unremovable {
public:
    explicit Unremovable(std::filesystem::path file) : file_(std::move(file)) {
        if (::getuid() != 0) {
            made_ = ::chmod(file_.parent_path().c_str(), 0500) == 0;
            return;
        }
        made_ = set_immutable(true);
    }
    ~Unremovable() { undo(); }
    Unremovable(const Unremovable&) = delete;
    Unremovable& operator=(const Unremovable&) = delete;

    bool made() const { return made_; }
    void undo() {
        if (!made_) return;
        made_ = false;
        if (::getuid() != 0) (void)::chmod(file_.parent_path().c_str(), 0700);
        else (void)set_immutable(false);
    }

private:
    bool set_immutable(bool on) const {
        const int fd = ::open(file_.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) return false;
        int flags = 0;
        bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
        flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
        ok = ok && ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
        ::close(fd);
        return ok;
    }

    std::filesystem::path file_;
    bool made_ = false;
};

}  // namespace futolab::test
