// A thread-safe set of files by identity (device, inode): what this process holds, so that its
// own locks are never taken for another process's (core/live_writer.cpp's identity locks,
// records/output_lock.cpp's lock files).
#pragma once

#include <sys/stat.h>

#include <mutex>
#include <set>
#include <utility>

namespace futolab {

class FileIdentities {
public:
    void add(const struct stat& st) {
        const std::lock_guard<std::mutex> guard(mutex_);
        files_.insert({st.st_dev, st.st_ino});
    }
    void remove(const struct stat& st) {
        const std::lock_guard<std::mutex> guard(mutex_);
        files_.erase({st.st_dev, st.st_ino});
    }
    bool contains(const struct stat& st) const {
        const std::lock_guard<std::mutex> guard(mutex_);
        return files_.contains({st.st_dev, st.st_ino});
    }

private:
    mutable std::mutex mutex_;
    std::set<std::pair<dev_t, ino_t>> files_;
};

}  // namespace futolab
