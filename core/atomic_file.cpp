#include "core/atomic_file.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/live_writer.hpp"
#include "core/made_folders.hpp"
#include "core/owner.hpp"
#include "core/random.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <random>
#include <stdexcept>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace futolab {
namespace {

[[noreturn]] void fail(const std::string& path, int error) {
    throw std::runtime_error("cannot write " + path + ": " + write_failure_reason(error));
}

// Six random letters and digits: a fresh name each try, so nothing can be planted at it.
std::string random_suffix() {
    static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    thread_local std::mt19937_64 rng(std::random_device{}() ^ (static_cast<std::uint64_t>(::getpid()) << 32));
    std::string s(6, ' ');
    for (char& ch : s) ch = kChars[uniform_below(rng, sizeof kChars - 1)];
    return s;
}

// 8 hex digits of this host's name: temp files of another machine sharing the folder are not
// ours to judge (its pids mean nothing here).
std::string host_tag() {
    char name[256] = {};
    (void)::gethostname(name, sizeof name - 1);
    return fmt::format("{:08x}", static_cast<std::uint32_t>(fnv1a64(name)));
}

constexpr std::string_view kTempMark = ".tmp-";

// `<target>.tmp-<host>-<owner>-<random>`: who wrote it, the owner token of core/owner.hpp
// (p<pid>s<start>: its pid and start time), so a dead writer's file can be reaped.
std::string temp_name_with(const std::string& path, std::string_view owner, std::string_view random) {
    return fmt::format("{}{}{}-{}-{}", path, kTempMark, host_tag(), owner, random);
}

std::string temp_name(const std::string& path) {
    return temp_name_with(path, external::owner_token(), random_suffix());
}

// The writer a temp file name of this host's writers names (see temp_name), exactly as
// temp_name writes it; nullopt for any other name. A pid alone named no one: any dead pid, or
// one a later process reuses, made a user's look-alike a leftover (red-team round 28, A F9).
std::optional<external::Owner> temp_writer(std::string_view name, std::string_view host) {
    const std::size_t at = name.rfind(kTempMark);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = name.substr(at + kTempMark.size());
    if (!rest.starts_with(host) || rest.size() < host.size() + 8 || rest[host.size()] != '-') return std::nullopt;
    rest.remove_prefix(host.size() + 1);
    const std::string_view random = rest.substr(rest.size() - 7);
    const bool plain = random[0] == '-' && std::all_of(random.begin() + 1, random.end(), [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c));
                       });
    if (!plain) return std::nullopt;
    return external::owner_of_token(rest.substr(0, rest.size() - 7));
}

// Whether `writer` is gone: its pid runs no process, or one that started at another time (a
// reused pid). A pid whose start /proc does not show (hidepid, no /proc) counts as its writer
// while it runs (a live pid of another user answers EPERM: alive).
bool gone(const external::Owner& writer) {
    if (const std::optional<external::Owner> now = external::process_owner(writer.pid)) return now->start != writer.start;
    return ::kill(writer.pid, 0) != 0 && errno == ESRCH;
}

// One of this process's own standard output or error (`--out /dev/stdout` into a pipe): its
// reader is there, so writing cannot hang.
bool is_own_stream(const struct stat& st) {
    for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
        struct stat s {};
        if (::fstat(fd, &s) == 0 && s.st_dev == st.st_dev && s.st_ino == st.st_ino) return true;
    }
    return false;
}

}  // namespace

namespace {

// The standard stream whose open file `path` is (same device and inode), or -1.
int stream_with_file_of(const std::string& path) {
    struct stat st {};
    if (path.empty() || ::stat(path.c_str(), &st) != 0) return -1;
    for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
        struct stat s {};
        if (::fstat(fd, &s) == 0 && s.st_dev == st.st_dev && s.st_ino == st.st_ino) return fd;
    }
    return -1;
}

// /proc/PID/fd or /proc/PID/task/TID/fd: a folder of descriptors (where /dev/fd, /dev/stdout
// and /proc/self/fd lead).
bool is_fd_folder(const std::filesystem::path& dir) {
    const auto digits = [](std::string_view s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const std::string d = dir.string();
    if (!d.starts_with("/proc/") || !d.ends_with("/fd") || d.size() < 10) return false;
    const std::string_view middle = std::string_view(d).substr(6, d.size() - 9);  // PID or PID/task/TID
    const std::size_t task = middle.find("/task/");
    return task == std::string_view::npos ? digits(middle) : digits(middle.substr(0, task)) && digits(middle.substr(task + 6));
}

// The descriptor (its name in /proc/PID/fd: "0", "7") `path` reaches a file through: itself or
// one of the symlinks it leads through lies in a descriptor folder (`folder` set to that
// folder, as canonical: /proc/PID/fd). None for the name of a redirected file.
std::optional<std::string> descriptor_reached(const std::string& path, std::filesystem::path* folder = nullptr) {
    namespace fs = std::filesystem;
    fs::path p(path);
    for (int hop = 0; hop < 40; ++hop) {
        std::error_code ec;
        const fs::path parent = p.parent_path().empty() ? fs::path(".") : p.parent_path();
        if (const fs::path dir = fs::canonical(parent, ec); !ec && is_fd_folder(dir)) {
            if (folder != nullptr) *folder = dir;
            return p.filename().string();
        }
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return std::nullopt;
        const fs::path target = fs::read_symlink(p, ec);
        if (ec) return std::nullopt;
        p = target.is_absolute() ? target : parent / target;
    }
    return std::nullopt;
}

bool names_a_descriptor(const std::string& path) { return descriptor_reached(path).has_value(); }

}  // namespace

int own_stream_of(const std::string& path) {
    const int stream = stream_with_file_of(path);
    return stream >= 0 && names_a_descriptor(path) ? stream : -1;
}

bool names_another_descriptor(const std::string& path) {
    return !path.empty() && stream_with_file_of(path) < 0 && names_a_descriptor(path);
}

namespace {

// What `path` is when it reaches a descriptor of another process through its folder
// (/proc/PID/fd/N, a link leading there), for a message after "is ": "a symbolic link in /proc
// to descriptor N of another process (pid PID), leading to FILE"; "" for one of this process's
// own (or one of its threads': /proc/TID/fd) or none. Red-team round 27, A F1: "/proc/6767/fd/3"
// of a `sleep` was called a descriptor of this command.
std::string other_process_descriptor(const std::string& path) {
    namespace fs = std::filesystem;
    fs::path folder;
    const std::optional<std::string> fd = descriptor_reached(path, &folder);
    if (!fd) return "";
    const std::string pid = *std::next(folder.begin(), 2);  // "/", "proc", PID, …
    std::error_code ec;
    if (pid == std::to_string(::getpid()) || fs::exists("/proc/self/task/" + pid, ec)) return "";
    const fs::path target = fs::read_symlink(folder / *fd, ec);
    return fmt::format("a symbolic link in /proc to descriptor {} of another process (pid {}){}", *fd, pid,
                       ec ? "" : ", leading to " + target.string());
}

}  // namespace

std::string another_descriptor_problem(const std::string& path) {
    if (!names_another_descriptor(path)) return "";
    if (const std::string other = other_process_descriptor(path); !other.empty())
        return "is " + other + ", not a file this command may write";
    return "names a descriptor of this command other than its standard output and error (standard input, or one the "
           "shell opened)";
}

bool names_standard_input(const std::string& path) {
    if (path == "-") return true;
    if (descriptor_reached(path) != "0") return false;
    // The same open file as descriptor 0: /proc/PID/fd/0 of another process is that process's.
    struct stat named {}, in {};
    return ::stat(path.c_str(), &named) == 0 && ::fstat(STDIN_FILENO, &in) == 0 && named.st_dev == in.st_dev &&
           named.st_ino == in.st_ino;
}

bool names_standard_error(const std::string& path) {
    if (descriptor_reached(path) != "2") return false;
    struct stat named {}, err {};
    return ::stat(path.c_str(), &named) == 0 && ::fstat(STDERR_FILENO, &err) == 0 && named.st_dev == err.st_dev &&
           named.st_ino == err.st_ino;
}

void refuse_stream_alias(const std::string& path, const std::string& label) {
    if (const std::string why = stream_alias_problem(path); !why.empty())
        throw StreamAliasError(label + ": " + why, stream_with_file_of(path));
}

std::string stream_alias_problem(const std::string& path) {
    const int stream = stream_with_file_of(path);
    if (stream < 0 || names_a_descriptor(path)) return "";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return "";  // a device or pipe both may share
    return stream == STDOUT_FILENO
               ? "is also this command's standard output (a redirect such as > or >> to it): its output would be "
                 "written into this file too; redirect it to another file"
               : "is also this command's standard error (a redirect such as 2> or 2>> to it): its messages would be "
                 "written into this file; redirect them to another file";
}

int open_own_stream(int stream) {
    // What the command printed to its streams before goes first.
    std::fflush(stream == STDOUT_FILENO ? stdout : stderr);
    const int fd = ::fcntl(stream, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error(fmt::format("cannot write to {}: {}",
                                                     stream == STDOUT_FILENO ? "standard output" : "standard error",
                                                     std::strerror(errno)));
    return fd;
}

std::string no_reader_problem(const std::string& path, int error) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode))
        return fmt::format("is a device that cannot be opened for writing ({}{})", std::strerror(error),
                           error == ENXIO && path == "/dev/tty" ? ": this command has no controlling terminal" : "");
    return "is a FIFO (named pipe) with no reader, or a socket: write to a regular file, or to - and a shell pipe";
}

std::string device_open_problem(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd >= 0) {
        ::close(fd);
        return "";
    }
    const int error = errno;
    return error == EACCES || error == EPERM ? "" : no_reader_problem(path, error);  // permissions: the write says so
}

namespace {

// A file a live futolab holds locked (a generate's JSONL, a run's CSV) or a lock file itself is
// never replaced: the writer would go on into an unlinked file, or the lock would be off
// (core/live_writer.hpp). The output guard says so before any work; this is the last line,
// asked again just before the rename.
void refuse_locked(const std::string& path) {
    if (const std::string why = lock_problem(path); !why.empty()) throw InputError(path + ": " + why);
}

// Opens a device or FIFO target without waiting: a FIFO with no reader (or a socket) is
// refused at once instead of blocking the command forever.
int open_direct(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0 && errno == ENXIO) throw InputError(path + ": " + no_reader_problem(path, ENXIO));
    if (fd < 0) fail(path, errno);
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);  // a reader is there: wait for it as usual
    return fd;
}

// The folder's entry is durable only once the folder itself is synced; best effort (some
// file systems refuse fsync on a directory), the file's own data is already on disk.
void sync_folder(const std::string& path) {
    // Not `dir = "."` into the string: GCC 12 warns falsely (-Wrestrict) on that assignment.
    const std::string parent = std::filesystem::path(path).parent_path().string();
    const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)::fsync(fd);
    ::close(fd);
}

// A new temporary file beside `path` under a fresh name, created exclusively without following
// a symlink; its descriptor, and its name in `temp`.
int open_temp_beside(const std::string& path, std::string& temp) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp = temp_name(path);
        // 0666 less the umask, as any file the user creates.
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) return fd;
        if (errno != EEXIST) fail(path, errno);
    }
    fail(path, EEXIST);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    // This process's own standard output or error (`--out /dev/stdout`, `/dev/fd/2`, also when
    // the shell sent it to a regular file) is written through that stream: renaming a temp
    // file over /dev/stdout would replace the system's symlink with a file.
    if (const int stream = own_stream_of(path_); stream >= 0) {
        fd_ = open_own_stream(stream);
        direct_ = true;
        return;
    }
    // A device or FIFO (--out /dev/null, a pipe) is written as it is: renaming a regular file
    // over /dev/null would replace the device.
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        fd_ = open_direct(path_);
        direct_ = true;
        return;
    }
    refuse_locked(path_);
    // The guard refuses it before any work; asked again here, the last line.
    refuse_stream_alias(path_, path_);
    fd_ = open_temp_beside(path_, temp_);
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !direct_) ::unlink(temp_.c_str());
}

namespace {

// All of `text` to `fd`; a failure names `path`, the target.
void write_all(int fd, std::string_view text, const std::string& path) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(path, n < 0 ? errno : ENOSPC);
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

}  // namespace

void AtomicFile::write(std::string_view text) { write_all(fd_, text, path_); }

void AtomicFile::commit() {
    if (direct_) {
        const int fd = fd_;
        fd_ = -1;
        committed_ = true;
        if (::close(fd) != 0) fail(path_, errno);
        return;
    }
    finish();
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail(path_, errno);
    committed_ = true;
    sync_folder(path_);
}

void AtomicFile::finish() {
    if (direct_ || fd_ < 0) return;  // a device's is commit's close; finished already
    if (::fsync(fd_) != 0) fail(path_, errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(path_, errno);  // NFS and full disks may report only here
    refuse_locked(path_);  // a writer may have started meanwhile (the destructor removes the temp file)
}

namespace {

// A second name for the regular file at `target`: a hard link under a temporary name beside it
// (a dead writer's, reaped as AtomicFile's are, should this process be killed before it is
// removed); "" where none is there or the file system makes no hard links.
std::string keep_old(const std::string& target) {
    struct stat st {};
    if (::lstat(target.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return "";
    const std::string kept = temp_name(target);
    return ::link(target.c_str(), kept.c_str()) == 0 ? kept : "";
}

}  // namespace

void commit_together(const std::vector<AtomicFile*>& files) {
    for (AtomicFile* file : files) file->finish();  // any failure here: nothing renamed yet
    // Each old file kept under a second name until every rename has succeeded: a rename that
    // fails after others (EIO, ESTALE on a network share) puts the old ones back, not merely
    // removes the new ones (red-team round 27, A F9: the earlier merge's CSV was lost, its sidecar
    // left alone).
    std::vector<std::string> kept;
    for (AtomicFile* file : files) kept.push_back(keep_old(file->path()));
    for (std::size_t i = 0; i < files.size(); ++i) {
        try {
            files[i]->commit();
        } catch (...) {
            for (std::size_t j = 0; j < i; ++j)
                if (kept[j].empty() || std::rename(kept[j].c_str(), files[j]->path().c_str()) != 0)
                    ::unlink(files[j]->path().c_str());  // no old file (or none to put back): the new one goes
            for (const std::string& k : kept)
                if (!k.empty()) ::unlink(k.c_str());  // those put back are gone from here already
            throw;
        }
    }
    for (const std::string& k : kept)
        if (!k.empty()) ::unlink(k.c_str());
}

std::string longest_temp_path(const std::string& path) {
    // Linux's largest pid (PID_MAX_LIMIT, 4194304) has 7 digits, a start time (64 bits) at most
    // 20; the random part has 6 characters.
    return temp_name_with(path, "p9999999s" + std::string(20, '9'), "XXXXXX");
}

std::string create_temp_beside(const std::string& path, std::string_view text) {
    std::string temp;
    const int fd = open_temp_beside(path, temp);
    try {
        write_all(fd, text, path);
    } catch (...) {
        ::close(fd);
        ::unlink(temp.c_str());
        throw;
    }
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        fail(path, error);
    }
    return temp;
}

void write_file_atomically(const std::string& path, std::string_view text) {
    AtomicFile file(path);
    file.write(text);
    file.commit();
}

std::string output_kind_problem(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return lock_problem(path);  // absent (or unreachable: the write says why)
    if (S_ISREG(st.st_mode)) return lock_problem(path);  // a live futolab's file, or a lock
    if (is_own_stream(st)) return "";
    if (S_ISCHR(st.st_mode)) return device_open_problem(path);
    if (S_ISDIR(st.st_mode)) return "is a folder, not a file";
    if (S_ISFIFO(st.st_mode)) return "is a FIFO (named pipe), not a regular file";
    return S_ISSOCK(st.st_mode) ? "is a socket, not a regular file" : "is a block device, not a regular file";
}

std::size_t reap_stale_temp_files(const std::string& folder) {
    DIR* dir = ::opendir(folder.empty() ? "." : folder.c_str());
    if (dir == nullptr) return 0;
    const std::string host = host_tag();
    std::size_t removed = 0;
    while (const dirent* entry = ::readdir(dir)) {
        const std::optional<external::Owner> writer = temp_writer(entry->d_name, host);
        struct stat st {};
        // Its writer gone: no process with its pid and start time (a reused pid is another
        // process). Only this user's: another user's file in a shared folder (group-writable) is
        // not ours to judge, its writer perhaps alive in a pid namespace this one does not see
        // (red-team round 25, A F5).
        if (!writer || !gone(*writer) ||
            ::fstatat(::dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
            st.st_uid != ::getuid())
            continue;
        removed += ::unlinkat(::dirfd(dir), entry->d_name, 0) == 0;
    }
    ::closedir(dir);
    return removed;
}

std::string write_failure_reason(int error) {
    if (error == EPIPE) return "the pipe was closed by its reader (Broken pipe)";
    return std::strerror(error);
}

void write_record(int fd, std::string_view text, const std::string& name) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        const int error = n < 0 ? errno : ENOSPC;
        // The offset is just past the bytes that went (O_APPEND too): the record began `done`
        // bytes before it. Found only on failure, so a record costs one write(2).
        struct stat st {};
        const off_t end = ::lseek(fd, 0, SEEK_CUR);
        const bool cut = done > 0 && end >= static_cast<off_t>(done) && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                         ::ftruncate(fd, end - static_cast<off_t>(done)) == 0;
        if (cut) (void)::lseek(fd, end - static_cast<off_t>(done), SEEK_SET);
        throw std::runtime_error(
            fmt::format("cannot write {}: {}{}", name, write_failure_reason(error), cut ? kRecordTakenOut : ""));
    }
}

namespace {

// The deepest part of `dir` that is there, as stat (through links) sees it; `dangling` if it is
// a symbolic link leading nowhere (lstat sees it, stat does not); `error` the errno that ended
// the walk otherwise (ELOOP), 0 if a part was found or none exists.
struct DeepestPart {
    std::filesystem::path part;
    struct stat st {};
    bool found = false, dangling = false;
    int error = 0;
};

// The first part of `dir` as written that a ".." follows and that is there but no folder (the
// kernel resolves `reg/..` through reg and fails, where the lexical form below drops both:
// red-team round 30 spot check, `--certificate reg/../x/c.cert` searched, then failed, exit 1).
std::optional<DeepestPart> part_before_dotdot(const std::string& dir) {
    namespace fs = std::filesystem;
    fs::path prefix;
    for (const fs::path& component : fs::path(dir)) {
        if (component == ".." && !prefix.empty()) {
            DeepestPart d;
            d.part = prefix;
            if (::stat(prefix.c_str(), &d.st) == 0) {
                if (S_ISDIR(d.st.st_mode)) {
                    prefix /= component;
                    continue;
                }
                d.found = true;
                return d;
            }
            const int error = errno;
            struct stat link {};
            if (::lstat(prefix.c_str(), &link) == 0) {
                d.dangling = error == ENOENT;
                d.error = error;
                return d;
            }
        }
        prefix /= component;
    }
    return std::nullopt;
}

DeepestPart deepest_part(const std::string& dir) {
    namespace fs = std::filesystem;
    if (std::optional<DeepestPart> before = part_before_dotdot(dir)) return *before;
    DeepestPart d;
    for (fs::path part = fs::path(dir).lexically_normal(); !part.empty(); part = part.parent_path()) {
        d.part = part;
        if (::stat(part.c_str(), &d.st) == 0) {
            d.found = true;
            return d;
        }
        const int error = errno;
        struct stat link {};
        if (::lstat(part.c_str(), &link) == 0) {  // there, but stat cannot follow it
            d.dangling = error == ENOENT;
            d.error = error;
            return d;
        }
        if (part == part.parent_path()) break;
    }
    d.part.clear();
    return d;
}

std::string dangling_message(const std::filesystem::path& part) {
    return part.string() + " is not a folder but a symbolic link to nothing (remove it, or point it at a folder)";
}

}  // namespace

void refuse_link_to_nothing(const std::string& dir, const std::string& label) {
    if (const DeepestPart d = deepest_part(dir); d.dangling) throw InputError(label + ": " + dangling_message(d.part));
}

namespace {

// What the descriptor `path` names is to this command, for a message: its standard output or
// error, told by the descriptor's number (the two streams may share one pipe or terminal, so
// the file alone cannot tell them), or another one. `--tables /dev/fd/1` was called "standard
// input, or one the shell opened".
const char* descriptor_role(const std::string& path) {
    const std::optional<std::string> fd = descriptor_reached(path);
    if (fd && own_stream_of(path) >= 0 && *fd == "1") return "its standard output";
    if (fd && own_stream_of(path) >= 0 && *fd == "2") return "its standard error";
    return "standard input, or one the shell opened";
}

}  // namespace

std::string descriptor_folder_problem(const std::string& dir) {
    for (std::filesystem::path part = std::filesystem::path(dir).lexically_normal(); !part.empty();
         part = part.parent_path()) {
        if (const std::string other = other_process_descriptor(part.string()); !other.empty())
            return fmt::format("{} is {}, not a folder", part.string(), other);
        if (names_a_descriptor(part.string()))
            return fmt::format("{} names a descriptor of this command ({}), not a folder", part.string(),
                               descriptor_role(part.string()));
        if (part == part.parent_path()) break;
    }
    return "";
}

std::string folder_path_problem(const std::string& dir) {
    if (std::string why = descriptor_folder_problem(dir); !why.empty()) return why;
    const DeepestPart d = deepest_part(dir);
    if (d.dangling) return dangling_message(d.part);
    if (d.error != 0) return fmt::format("{}: {}", d.part.string(), std::strerror(d.error));  // ELOOP: a loop of links
    if (!d.found || S_ISDIR(d.st.st_mode)) return "";
    return fmt::format("{} is not a folder but {}", d.part.string(), file_type_name(d.st.st_mode));
}

void create_output_folder(const std::string& dir, const std::string& option) {
    namespace fs = std::filesystem;
    std::error_code error;
    // The first part of the path that exists and is not a folder is what the user must change
    // (one a ".." follows too: the kernel walks through it).
    if (const std::string why = folder_path_problem(dir); !why.empty()) throw InputError(fmt::format("{} {}: {}", option, dir, why));
    for (fs::path part = fs::path(dir).lexically_normal(); !part.empty(); part = part.parent_path()) {
        if (fs::exists(part, error) && !fs::is_directory(part, error))
            throw InputError(fmt::format("{} {}: {} is not a folder", option, dir, part.string()));
        if (part == part.parent_path()) break;
    }
    refuse_link_to_nothing(dir, option + " " + dir);
    make_folders(dir, error);  // removed again if the command is refused (core/made_folders.hpp)
    if (error) throw std::runtime_error(fmt::format("{} {}: cannot create the folder: {}", option, dir, error.message()));
    // A writer killed while it filled this folder (`analyze --plots` under kill -9) left its
    // temp files: removed now, as every file output's folder has them removed.
    reap_stale_temp_files(dir);
}

}  // namespace futolab
