#include "core/lock_holder.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>

namespace futolab {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kFutolab = "futolab";

// The pid `text` names, if it is one (holder_of gives digits or "?").
std::optional<pid_t> pid_in(const std::string& text) {
    pid_t pid = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), pid);
    if (ec != std::errc() || end != text.data() + text.size() || pid <= 0) return std::nullopt;
    return pid;
}

// The name of process `pid` (/proc/PID/comm: readable for another user's process too), nullopt
// if no such process runs.
std::optional<std::string> process_name(pid_t pid) {
    std::ifstream comm(fmt::format("/proc/{}/comm", pid));
    std::string name;
    if (!comm || !std::getline(comm, name)) return std::nullopt;
    return name;
}

// Whether process `pid` runs futolab: its executable is this process's file (by any name: a
// hard link) or is named futolab (one rebuilt since it started reads "futolab (deleted)"), or
// the process's own name is futolab (another user's executable cannot be read).
bool runs_futolab(pid_t pid, const std::string& name) {
    const std::string exe = fmt::format("/proc/{}/exe", pid);
    struct stat theirs {}, ours {};
    if (::stat(exe.c_str(), &theirs) == 0 && ::stat("/proc/self/exe", &ours) == 0 && theirs.st_dev == ours.st_dev &&
        theirs.st_ino == ours.st_ino)
        return true;
    std::error_code ec;
    std::string file = fs::read_symlink(exe, ec).filename().string();
    if (constexpr std::string_view gone = " (deleted)"; file.ends_with(gone)) file.resize(file.size() - gone.size());
    return (!ec && file == kFutolab) || name == kFutolab;
}

// "its lock LOCK", or "the lock LOCK of OF".
std::string lock_named(const std::string& lock, std::string_view of) {
    return of == "it" ? "its lock " + lock : fmt::format("the lock {} of {}", lock, of);
}

// Whether descriptor `fd` of process `pid` carries an flock (its fdinfo has a "lock:" line).
bool fd_carries_lock(const std::string& pid, const std::string& fd) {
    std::ifstream info("/proc/" + pid + "/fdinfo/" + fd);
    std::string line;
    while (std::getline(info, line))
        if (line.starts_with("lock:") && line.find("FLOCK") != std::string::npos) return true;
    return false;
}

// Whether process `pid` (digits) holds an flock on the file `file` through one of its descriptors.
bool holds_flock_on(const std::string& pid, const struct stat& file) {
    std::error_code ec;
    for (fs::directory_iterator fd("/proc/" + pid + "/fd", ec), end; !ec && fd != end; fd.increment(ec)) {
        struct stat st {};
        if (::stat(fd->path().c_str(), &st) != 0 || st.st_dev != file.st_dev || st.st_ino != file.st_ino) continue;
        if (fd_carries_lock(pid, fd->path().filename().string())) return true;
    }
    return false;
}

}  // namespace

std::vector<FlockHolder> flock_holders(const struct stat& file) {
    std::vector<FlockHolder> holders;
    const std::string self = std::to_string(::getpid());
    std::error_code ec;
    for (fs::directory_iterator entry("/proc", ec), end; !ec && entry != end; entry.increment(ec)) {
        const std::string pid = entry->path().filename().string();
        const std::optional<pid_t> number = pid_in(pid);
        if (!number || pid == self || !holds_flock_on(pid, file)) continue;
        const std::optional<std::string> name = process_name(*number);
        if (!name) continue;  // ended meanwhile
        holders.push_back({*number, *name, runs_futolab(*number, *name)});
    }
    return holders;
}

std::string foreign_holder(const std::vector<FlockHolder>& holders) {
    for (const FlockHolder& h : holders)
        if (!h.futolab) return fmt::format("another program (pid {}, {})", h.pid, h.name);
    return "";
}

std::string lock_holder_text(const std::string& pid, const std::string& lock, std::string_view writes,
                             std::string_view of) {
    const std::optional<pid_t> number = pid_in(pid);
    std::error_code ec;
    const bool proc = fs::exists("/proc/self/comm", ec);
    const std::optional<std::string> name = number && proc ? process_name(*number) : std::nullopt;
    if (number && (!proc || (name && runs_futolab(*number, *name))))
        return fmt::format("another futolab (pid {}) is writing {}", pid, writes);
    if (name) return fmt::format("another program (pid {}, {}) holds {}", pid, *name, lock_named(lock, of));
    // No live process by the pid the file holds (none, or one long ended): the holder found by
    // its descriptors (red-team round 30: `flock -x .g.jsonl.lock sleep 60` was "a process").
    struct stat st {};
    if (proc && ::stat(lock.c_str(), &st) == 0)
        if (const std::vector<FlockHolder> holders = flock_holders(st); !holders.empty()) {
            const FlockHolder& h = holders.front();
            if (h.futolab) return fmt::format("another futolab (pid {}) is writing {}", h.pid, writes);
            return fmt::format("another program (pid {}, {}) holds {}", h.pid, h.name, lock_named(lock, of));
        }
    return fmt::format("a process holds {} (no live futolab's pid in it)", lock_named(lock, of));
}

}  // namespace futolab
