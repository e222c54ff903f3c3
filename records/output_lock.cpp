#include "records/output_lock.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_identities.hpp"
#include "core/lock_holder.hpp"
#include "core/made_folders.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <thread>
#include <cstring>
#include <mutex>
#include <set>
#include <utility>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace futolab {

namespace {

std::string kind_of(const struct stat& st) {
    if (S_ISLNK(st.st_mode)) return "a symbolic link";
    if (S_ISDIR(st.st_mode)) return "a folder";
    if (S_ISFIFO(st.st_mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(st.st_mode)) return "a socket";
    if (!S_ISREG(st.st_mode)) return "a device";
    return "a file";
}

// Why the file at the lock's path is not one futolab's lock can be taken on ("" if it is):
// only a regular file of ours with one name. Anything else was put there by someone else, and
// locking it would either lock nothing (a folder, a link) or damage it (a hard link's other
// name would get our pid written into it).
std::string planted(const struct stat& st) {
    if (!S_ISREG(st.st_mode)) return "is " + kind_of(st);
    if (st.st_nlink != 1) return fmt::format("is a file with {} names (hard links)", st.st_nlink);
    if (st.st_uid != ::geteuid()) return fmt::format("belongs to another user (uid {})", st.st_uid);
    return "";
}

// The lock files this process holds through an OutputLock.
FileIdentities& held_locks() {
    static FileIdentities held;
    return held;
}

void note_held(const struct stat& st, bool held) {
    if (held) held_locks().add(st);
    else held_locks().remove(st);
}

[[noreturn]] void refuse_planted(const std::string& lock, const std::string& output_file, const std::string& why,
                                 std::string_view elsewhere) {
    throw InputError(fmt::format("{}: {}, not futolab's lock file of {}: refusing to write without the lock (remove "
                                 "it, or {})",
                                 lock, why, output_file, elsewhere));
}

// Opens the lock file at `path`, made if it is not there. O_NOFOLLOW: a symlink fails (ELOOP)
// instead of being followed; O_NONBLOCK: a FIFO never waits; no O_TRUNC: nothing is changed
// before the file is known to be ours. A file made here (O_EXCL: not one there before, nor one
// another writer made in the same moment) is noted, so that a refused command removes it again
// (core/made_folders.hpp): a refusal leaves nothing it made. -1 with errno as open(2) sets it.
int open_lock_file(const std::string& path) {
    constexpr int kFlags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
    const int made = ::open(path.c_str(), kFlags | O_CREAT | O_EXCL, 0644);
    if (made < 0 && errno == EEXIST) return ::open(path.c_str(), kFlags);  // a symlink there too: ELOOP then
    struct stat st {};
    if (made >= 0 && ::fstat(made, &st) == 0) note_made_lock(path, st);
    return made;
}

}  // namespace

std::string planted_at_lock(const std::string& output_file) {
    const std::string path = lock_path(output_file);
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return "";
    const std::string why = planted(st);
    return why.empty() ? "" : path + " " + why;
}

bool held_here(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return false;
    return held_locks().contains(st);
}

OutputLock::OutputLock(const std::string& output_file, std::string_view elsewhere, std::string_view shown)
    : elsewhere_(elsewhere), shown_(shown.empty() ? output_file : std::string(shown)) {
    namespace fs = std::filesystem;
    if (is_lock_name(output_file))
        throw InputError(fmt::format("{}: {}", shown_, lock_problem(output_file)));
    // `s.jsonl/`: its lock would be `s.jsonl/..lock`, and making its folder made a folder at the
    // output's name, under a live writer of s.jsonl too (red-team round 12, A1).
    if (std::filesystem::path(output_file).filename().empty())
        throw InputError(fmt::format("{}: names a folder (it ends with /), not a file: give a file name", shown_));
    const std::string path = lock_path(output_file);
    std::error_code ec;
    make_folders(fs::path(path).parent_path(), ec);  // a failure shows as the open's error below; gone on a refusal
    struct stat st {};
    fd_ = open_lock_file(path);
    if (fd_ < 0) {
        const int why = errno;
        // A name too long for the lock beside it: the output would be written unlocked.
        if (why == ENAMETOOLONG)
            throw InputError(fmt::format("{}: name too long for its lock file beside it ({}): give a shorter name",
                                         shown_, path));
        // Nothing there, and no folder to make it in (a FIFO or file where the folder belongs):
        // a wrong path, which the writer's own checks name before any work (exit 2).
        const fs::path parent = fs::path(path).parent_path();
        struct stat folder {};
        const bool no_folder = ::stat(parent.empty() ? "." : parent.c_str(), &folder) != 0 || !S_ISDIR(folder.st_mode);
        if (::lstat(path.c_str(), &st) != 0 && no_folder) return;
        // Nothing there: the folder cannot hold files (not writable, read-only, full), so it
        // cannot hold the output either: said now, not after the work the output was for.
        if (::lstat(path.c_str(), &st) != 0)
            throw LockNotMade(fmt::format("cannot write {}: {} (the lock of {}, made before any work)", path,
                                          std::strerror(why), shown_));
        if (!planted(st).empty()) refuse_planted(path, shown_, planted(st), elsewhere_);
        // futolab's own lock file, which the disk or folder will not let us open for writing
        // (read-only, an I/O error, a mode no longer ours to write): the output could not be
        // written there either, so the disk's or folder's failure, as when there is no lock
        // file to make (red-team round 19, A F5: an earlier run's lock on a read-only disk was
        // exit 2, bad input, where a missing one was exit 1).
        throw LockNotMade(fmt::format("{}: cannot open the lock of {}: {}", path, shown_, std::strerror(why)));
    }
    if (::fstat(fd_, &st) != 0 || !planted(st).empty()) {
        const std::string why = planted(st);
        release();
        refuse_planted(path, shown_, why.empty() ? "cannot be examined" : why, elsewhere_);
    }
    take(path, st);
    path_ = path;
    dev_ = st.st_dev;
    ino_ = st.st_ino;
    output_file_ = output_file;
    try {
        follow_identity();  // an existing output: refused now if another writer has it under another name
    } catch (...) {
        release();
        throw;
    }
    reap_stale_temp_files(fs::path(path).parent_path().string());  // a killed writer's temp files
}

namespace {

// Readers (`futolab merge`, records/read_lock.hpp) hold the lock shared only while they read an
// input, a moment: a writer that finds only readers there waits for them, up to this long,
// instead of being refused (a run started while a merge read its shard failed, a retry
// succeeded). A writer holding it is refused at once.
constexpr auto kReaderWait = std::chrono::seconds(10);

enum class Taken { yes, writer, readers, error };

// LOCK_EX on `fd`, waiting while the holders are readers only (errno set for Taken::error).
// Whether a writer holds it is asked again at every try: a failed conversion of our shared lock
// may drop it (flock(2): not atomic), and a writer could take the lock in that gap.
Taken lock_waiting_for_readers(int fd) {
    const auto deadline = std::chrono::steady_clock::now() + kReaderWait;
    for (;;) {
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return Taken::yes;
        if (errno != EWOULDBLOCK) return Taken::error;
        // A shared lock can be had only while no writer holds it: then the holders are readers.
        // A probe only, dropped at once: a waiting writer holding it would look like a reader
        // to another waiting writer, and the two would keep each other out (review of e10028f).
        if (::flock(fd, LOCK_SH | LOCK_NB) != 0) return errno == EWOULDBLOCK ? Taken::writer : Taken::error;
        ::flock(fd, LOCK_UN);
        if (std::chrono::steady_clock::now() >= deadline) return Taken::readers;
        std::this_thread::sleep_for(std::chrono::milliseconds(5 + ::getpid() % 10));  // apart from another waiter
    }
}

}  // namespace

void OutputLock::take(const std::string& path, const struct stat& opened) {
    const Taken taken = lock_waiting_for_readers(fd_);
    if (taken != Taken::yes) {
        const int why = errno;
        const std::string holder = holder_of(fd_);
        const bool here = taken == Taken::writer && held_here(fd_);
        release();
        if (here)
            throw InputError(fmt::format("{}: this command writes it already, as another of its outputs: two outputs of "
                                         "one command cannot be one file",
                                         shown_));
        if (taken == Taken::writer)  // named as what it is: any program may hold a flock (round 28, A F3)
            throw InputError(fmt::format("{}: {}: wait for it to end, or {}", shown_,
                                         lock_holder_text(holder, path, "it", "it"), elsewhere_));
        if (taken == Taken::readers) {
            // Readers are futolab merges, or any program holding the lock shared (named so, red-team
            // round 29, A2: `flock -s` was "other futolab processes (merge)").
            if (const std::string foreign = foreign_holder(flock_holders(opened)); !foreign.empty())
                throw InputError(fmt::format("{}: {} has held its lock {} shared for {} s: wait for it to end, or {}", shown_,
                                             foreign, path, kReaderWait.count(), elsewhere_));
            throw InputError(fmt::format("{}: other futolab processes (merge) have been reading it for {} s: try again "
                                         "when they end, or {}",
                                         shown_, kReaderWait.count(), elsewhere_));
        }
        // flock itself failed (no locks on this file system, none left: ENOLCK): the disk's failure.
        throw LockNotMade(fmt::format("{}: cannot lock: {}", path, std::strerror(why)));
    }
    // The name must still lead to the file we locked: had it been swapped meanwhile, a second
    // writer would lock the new file and both would write.
    struct stat now {};
    if (::lstat(path.c_str(), &now) != 0 || now.st_dev != opened.st_dev || now.st_ino != opened.st_ino) {
        release();
        refuse_planted(path, shown_, "was replaced while futolab locked it", elsewhere_);
    }
    // The pid first, then the length: the file is never empty, so a writer refused meanwhile
    // reads a pid (an old one at worst), not nothing.
    const std::string pid = std::to_string(::getpid()) + "\n";
    const ssize_t written = ::pwrite(fd_, pid.data(), pid.size(), 0);
    if (written != static_cast<ssize_t>(pid.size())) {
        // A full disk (or a file size limit): the lock without its pid read as "another futolab
        // (pid ?) is writing it" when this process then checked its own outputs (red-team round
        // 12, A5). The disk is the problem: say so (exit 1). The lock is the flock, released
        // here; the empty file, if this command made it, goes with the folders made for it
        // (LockNotWritten: app/main.cpp, remove_made_folders).
        const int why = written < 0 ? errno : ENOSPC;
        release();
        throw LockNotWritten(fmt::format("cannot write {}: {}", path, std::strerror(why)));
    }
    [[maybe_unused]] const int truncated = ::ftruncate(fd_, static_cast<off_t>(pid.size()));
    note_held(opened, true);
}

void OutputLock::check_name() const {
    struct stat now {};
    if (::lstat(path_.c_str(), &now) != 0 || now.st_dev != dev_ || now.st_ino != ino_)
        throw std::runtime_error(fmt::format("{}: removed or replaced while futolab held it: stopping, since another "
                                             "futolab could now lock it and write the same file",
                                             path_));
}

void OutputLock::check_held() const {
    if (fd_ < 0) return;  // not taken (a moved-from or released lock)
    check_name();
    if (identity_settled_) return;  // no later record of this process replaces its output
    try {
        follow_identity();
    } catch (const InputError& e) {  // a run-time failure here: the writer stops
        throw std::runtime_error(e.what());
    }
    identity_settled_ = identity_dev_ != 0 || identity_ino_ != 0;
}

void OutputLock::check_held_for(const std::string& output) const {
    try {
        check_held();
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("{}: not written: {}", output, e.what()));
    }
}

void OutputLock::check_name_held_for(const std::string& output) const {
    if (fd_ < 0) return;
    try {
        check_name();
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("{}: not written: {}", output, e.what()));
    }
}

void OutputLock::follow_identity() const {
    // A held file that still has a name is the one: a rename keeps the inode, and only a
    // replacement (--redo's rewrite, before the first record) unlinks it.
    if (identity_fd_ >= 0) {
        struct stat held {};
        if (::fstat(identity_fd_, &held) == 0 && held.st_nlink > 0) return;
    } else if (identity_dev_ != 0 || identity_ino_ != 0) {
        return;  // tried already: not lockable here (the name's lock still holds)
    }
    struct stat st {};
    if (output_file_.empty() || ::lstat(output_file_.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
    if (st.st_dev == identity_dev_ && st.st_ino == identity_ino_) return;
    const int fd = ::open(output_file_.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return;  // not readable: the name's lock still holds
    try {
        const int locked = lock_identity(fd, shown_);
        ::close(fd);
        release_identity(identity_fd_);  // the file rewritten since (--redo) is no longer ours to hold
        identity_fd_ = locked;
        identity_dev_ = st.st_dev;
        identity_ino_ = st.st_ino;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

void OutputLock::hold_identity(int data_fd, const std::string& output_file) {
    if (identity_fd_ >= 0) return;
    identity_fd_ = lock_identity(data_fd, output_file);
    struct stat st {};
    if (identity_fd_ >= 0 && ::fstat(identity_fd_, &st) == 0) {
        identity_dev_ = st.st_dev;
        identity_ino_ = st.st_ino;
    }
}

void OutputLock::release() {
    release_identity(identity_fd_);
    identity_fd_ = -1;
    struct stat st {};
    if (fd_ >= 0 && !path_.empty() && ::fstat(fd_, &st) == 0) note_held(st, false);  // path_: set once taken
    if (fd_ >= 0) ::close(fd_);  // releases the lock
    fd_ = -1;
}

OutputLock::~OutputLock() { release(); }

}  // namespace futolab
