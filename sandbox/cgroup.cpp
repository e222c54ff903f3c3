#include "sandbox/cgroup.hpp"

#include "core/env.hpp"

#include "solvers/external/owner.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/magic.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace futolab {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep)) out.push_back(part);
    return out;
}

// 0, or the errno of the open or write that failed (EIO for a short write, which sets none).
int write_file_error(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    const ssize_t n = ::write(fd, text.data(), text.size());
    const int error = n < 0 ? errno : n == static_cast<ssize_t>(text.size()) ? 0 : EIO;
    ::close(fd);
    return error;
}

bool write_file(const std::string& path, const std::string& text) { return write_file_error(path, text) == 0; }

// "PATH: the system's reason", as a worker's cgroup problem names it (kNoCgroup's tail).
std::string failed(const std::string& path, int error) { return fmt::format("{}: {}", path, std::strerror(error)); }

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// "key N" in a flat-keyed file (memory.oom_control, memory.events).
std::uint64_t keyed_value(const std::string& text, const std::string& key) {
    std::istringstream in(text);
    std::string k;
    std::uint64_t v = 0;
    while (in >> k >> v)
        if (k == key) return v;
    return 0;
}

// This process's cgroup path for the memory controller (v1) or the unified one (v2), from
// /proc/self/cgroup ("ID:controllers:path").
std::optional<std::pair<CgroupVersion, std::string>> own_cgroup() {
    std::ifstream in("/proc/self/cgroup");
    std::string line, unified;
    while (std::getline(in, line)) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1), path = line.substr(second + 1);
        for (const std::string& c : split(controllers, ','))
            if (c == "memory") return std::pair{CgroupVersion::v1, path};
        if (line.rfind("0::", 0) == 0) unified = path;
    }
    if (!unified.empty()) return std::pair{CgroupVersion::v2, unified};
    return std::nullopt;
}

// The directory of cgroup `path` of `version`: its hierarchy's mount point (from
// /proc/self/mountinfo: "... ROOT MOUNTPOINT ... - FSTYPE SOURCE OPTIONS") plus the path
// below the mount's root.
std::optional<std::string> cgroup_dir(CgroupVersion version, const std::string& path) {
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        const auto dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        const std::vector<std::string> head = split(line.substr(0, dash), ' '), tail = split(line.substr(dash + 3), ' ');
        if (head.size() < 5 || tail.size() < 3) continue;
        const bool match = version == CgroupVersion::v2
                               ? tail[0] == "cgroup2"
                               : tail[0] == "cgroup" && (tail[2].find(",memory") != std::string::npos ||
                                                         tail[2].rfind("memory", 0) == 0);
        if (!match) continue;
        const std::string& root = head[3];
        if (root != "/" && path.rfind(root, 0) != 0) continue;  // our cgroup is not below this mount
        const std::string below = root == "/" ? path : path.substr(root.size());
        return head[4] + below;
    }
    return std::nullopt;
}

// Removes a cgroup futolab made: its processes killed first (a kill -9 of futolab leaves
// workers' tools that ignored the death signal, or none), then the directory, which the kernel
// refuses while a process is still leaving.
void remove_cgroup(const std::string& dir) {
    write_file(dir + "/cgroup.kill", "1");  // v2, Linux 5.14+: the whole cgroup at once
    std::istringstream procs(read_file(dir + "/cgroup.procs"));
    for (long pid = 0; procs >> pid;)
        if (pid > 0) ::kill(static_cast<pid_t>(pid), SIGKILL);
    for (int i = 0; i < 100 && ::rmdir(dir.c_str()) != 0 && errno == EBUSY; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// Whether `text` is a count as std::to_string writes it (MemoryCgroup's N): digits, no leading zero.
bool plain_count(std::string_view text) {
    return !text.empty() && text.size() <= 20 && (text == "0" || text.front() != '0') &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Whether `dir` is on a cgroup file system (v1 or v2): a cgroup the kernel made, not a folder
// that a user named like one (its `cgroup.procs` a list of pids this would kill).
bool on_cgroup_fs(const std::filesystem::path& dir) {
    struct statfs fs {};
    return ::statfs(dir.c_str(), &fs) == 0 &&
           (fs.f_type == static_cast<decltype(fs.f_type)>(CGROUP_SUPER_MAGIC) ||
            fs.f_type == static_cast<decltype(fs.f_type)>(CGROUP2_SUPER_MAGIC));
}

std::optional<CgroupSite> probe() {
    const auto own = own_cgroup();
    if (!own) return std::nullopt;
    const auto dir = cgroup_dir(own->first, own->second);
    if (!dir || ::access(dir->c_str(), W_OK) != 0) return std::nullopt;
    if (own->first == CgroupVersion::v2) {
        // Children get the memory controller only if it is enabled for them here.
        const std::vector<std::string> enabled = split(read_file(*dir + "/cgroup.subtree_control"), ' ');
        bool memory = false;
        for (std::string c : enabled) memory = memory || c.substr(0, 6) == "memory";
        if (!memory) return std::nullopt;
    }
    reap_stale_cgroups(*dir);
    const std::string child = fmt::format("{}/futolab-probe-{}", *dir, external::owner_token());
    if (::mkdir(child.c_str(), 0755) != 0) return std::nullopt;
    const bool usable = ::access((child + (own->first == CgroupVersion::v1 ? "/memory.limit_in_bytes" : "/memory.max")).c_str(),
                                 W_OK) == 0;
    ::rmdir(child.c_str());
    if (!usable) return std::nullopt;
    return CgroupSite{own->first, *dir};
}

}  // namespace

std::optional<external::Owner> cgroup_owner(std::string_view name) {
    constexpr std::string_view prefix = "futolab-", probe = "futolab-probe-";
    if (name.starts_with(probe)) return external::owner_of_token(name.substr(probe.size()));
    if (!name.starts_with(prefix)) return std::nullopt;
    const std::size_t dash = name.rfind('-');
    if (dash < prefix.size() || !plain_count(name.substr(dash + 1))) return std::nullopt;
    return external::owner_of_token(name.substr(prefix.size(), dash - prefix.size()));
}

void reap_stale_cgroups(const std::string& site) {
    external::reap_stale(site, {cgroup_owner, on_cgroup_fs}, [](const std::filesystem::path& p) { remove_cgroup(p.string()); });
}

std::optional<CgroupSite> memory_cgroup_site() {
    // Probed once: the answer does not change while futolab runs. FUTOLAB_NO_CGROUP=1 (or
    // yes/true/on, core/env.hpp) turns cgroups off (the fallback path, for tests and for
    // machines where they misbehave).
    static const std::optional<CgroupSite> site = [] {
        return env_switch_on("FUTOLAB_NO_CGROUP") ? std::nullopt : probe();
    }();
    return site;
}

std::string cgroup_mechanism(CgroupVersion version) { return version == CgroupVersion::v1 ? "cgroup-v1" : "cgroup-v2"; }

MadeCgroup MemoryCgroup::create(const CgroupSite& site, std::uint64_t limit_bytes) {
    static std::atomic<unsigned> counter{0};
    const std::string dir = fmt::format("{}/futolab-{}-{}", site.dir, external::owner_token(), counter++);
    if (::mkdir(dir.c_str(), 0755) != 0) return {nullptr, failed(dir, errno)};
    std::unique_ptr<MemoryCgroup> g(new MemoryCgroup(site.version, dir));
    const std::string limit = std::to_string(limit_bytes);
    const std::string limit_file = dir + (site.version == CgroupVersion::v1 ? "/memory.limit_in_bytes" : "/memory.max");
    // The hard limit first: a cgroup without it bounds nothing (the destructor removes the directory).
    if (const int error = write_file_error(limit_file, limit); error != 0) return {nullptr, failed(limit_file, error)};
    if (site.version == CgroupVersion::v1) {
        write_file(dir + "/memory.memsw.limit_in_bytes", limit);  // no escape into swap, where offered
        write_file(dir + "/memory.swappiness", "0");
    } else {
        write_file(dir + "/memory.swap.max", "0");
    }
    return {std::move(g), ""};
}

MemoryCgroup::~MemoryCgroup() {
    // The last process may still be leaving (the kernel drops it from the cgroup a moment
    // after it is reaped), or be a tool's leftover: killed, then the directory goes.
    remove_cgroup(dir_);
}

std::string MemoryCgroup::add(pid_t pid) const {
    const std::string procs = dir_ + "/cgroup.procs";
    const int error = write_file_error(procs, std::to_string(pid));
    return error == 0 ? "" : failed(procs, error);
}

void MemoryCgroup::reset_peak() const {
    if (version_ == CgroupVersion::v1) write_file(dir_ + "/memory.max_usage_in_bytes", "0");
    // v2's memory.peak resets only for the descriptor that wrote it; futolab reads the
    // process tree's VmHWM for the figure and uses the cgroup for the limit and OOM count.
}

std::int64_t MemoryCgroup::peak_kb() const {
    if (version_ != CgroupVersion::v1) return -1;
    const std::string text = read_file(dir_ + "/memory.max_usage_in_bytes");
    return text.empty() ? -1 : static_cast<std::int64_t>(std::strtoull(text.c_str(), nullptr, 10) / 1024);
}

std::uint64_t MemoryCgroup::oom_kills() const {
    if (version_ == CgroupVersion::v1) return keyed_value(read_file(dir_ + "/memory.oom_control"), "oom_kill");
    return keyed_value(read_file(dir_ + "/memory.events"), "oom_kill");
}

}  // namespace futolab
