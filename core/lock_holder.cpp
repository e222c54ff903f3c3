#include "core/lock_holder.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/types.h>

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

}  // namespace

std::string lock_holder_text(const std::string& pid, const std::string& lock, std::string_view writes,
                             std::string_view of) {
    const std::optional<pid_t> number = pid_in(pid);
    std::error_code ec;
    const bool proc = fs::exists("/proc/self/comm", ec);
    const std::optional<std::string> name = number && proc ? process_name(*number) : std::nullopt;
    if (number && (!proc || (name && runs_futolab(*number, *name))))
        return fmt::format("another futolab (pid {}) is writing {}", pid, writes);
    if (name) return fmt::format("another program (pid {}, {}) holds {}", pid, *name, lock_named(lock, of));
    return fmt::format("a process holds {} (no live futolab's pid in it)", lock_named(lock, of));
}

}  // namespace futolab
