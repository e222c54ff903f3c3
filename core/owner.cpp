#include "core/owner.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <string>
#include <vector>

namespace futolab::external {
namespace {

// Field 22 (starttime) of /proc/<pid>/stat, after the command name (which may hold spaces and
// parentheses); nullopt if there is no such process. One read of a small proc file: no stream.
std::optional<std::uint64_t> start_time(pid_t pid) {
    const std::string path = "/proc/" + std::to_string(pid) + "/stat";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    char buf[1024];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) return std::nullopt;
    const std::string_view line(buf, static_cast<std::size_t>(n));
    const std::size_t close = line.rfind(')');
    if (close == std::string_view::npos) return std::nullopt;
    buf[n] = '\0';
    unsigned long long start = 0;
    // State, then fields 4..21, then starttime.
    if (std::sscanf(buf + close + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
                    &start) != 1)
        return std::nullopt;
    return start;
}

template <class T>
bool digits(std::string_view s, T& v) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

std::optional<Owner> owner_token_of(std::string_view token) {
    if (token.size() < 4 || token[0] != 'p') return std::nullopt;
    const std::size_t s = token.find('s');
    Owner o;
    if (s == std::string_view::npos || !digits(token.substr(1, s - 1), o.pid) || !digits(token.substr(s + 1), o.start) ||
        o.pid <= 0)
        return std::nullopt;
    return o;
}

// A directory of this user, seen without following a symlink.
bool own_directory(const std::filesystem::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::getuid();
}

}  // namespace

std::optional<Owner> process_owner(pid_t pid) {
    const std::optional<std::uint64_t> start = start_time(pid);
    if (!start) return std::nullopt;
    return Owner{pid, *start};
}

std::string owner_token() {
    const pid_t self = ::getpid();
    return "p" + std::to_string(self) + "s" + std::to_string(start_time(self).value_or(0));
}

std::optional<Owner> owner_of_token(std::string_view token) {
    // Exactly as owner_token writes it: "p012s1" or "p+12s1" parse to an owner, but futolab
    // never names one so.
    const std::optional<Owner> o = owner_token_of(token);
    if (!o || token != "p" + std::to_string(o->pid) + "s" + std::to_string(o->start)) return std::nullopt;
    return o;
}

std::optional<Owner> owner_in(std::string_view name) {
    while (!name.empty()) {
        const std::size_t dash = name.find('-');
        if (auto o = owner_token_of(name.substr(0, dash))) return o;
        if (dash == std::string_view::npos) break;
        name.remove_prefix(dash + 1);
    }
    return std::nullopt;
}

bool owner_alive(const Owner& owner) {
    const std::optional<std::uint64_t> start = start_time(owner.pid);
    return start && *start == owner.start;
}

void reap_stale(const std::filesystem::path& dir, const OwnedNames& names,
                const std::function<void(const std::filesystem::path&)>& remove) {
    remove_owned(dir, names, [](const Owner& owner) { return !owner_alive(owner); }, remove);
}

void remove_owned(const std::filesystem::path& dir, const OwnedNames& names, const std::function<bool(const Owner&)>& pick,
                  const std::function<void(const std::filesystem::path&)>& remove) {
    std::vector<std::filesystem::path> stale;  // collected first: removing while reading a folder skips entries
    DIR* d = ::opendir(dir.c_str());
    if (d == nullptr) return;
    while (const dirent* e = ::readdir(d)) {
        const std::optional<Owner> owner = names.owner(e->d_name);
        // The cheap tests first; what futolab put inside is read only of its own dead owners' folders.
        if (owner && pick(*owner) && own_directory(dir / e->d_name) && (!names.made || names.made(dir / e->d_name)))
            stale.push_back(dir / e->d_name);
    }
    ::closedir(d);
    for (const auto& p : stale) remove(p);
}

}  // namespace futolab::external
