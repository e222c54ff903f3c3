#include "core/live_writer.hpp"

#include "core/error.hpp"
#include "core/file_identities.hpp"
#include "core/lock_holder.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab {

namespace {

// `.shard-I-of-N`, the tag `run --shard` puts before a results CSV's extension
// (experiments/runner.cpp results_path), whichever number the count starts from.
bool is_shard_tag(std::string_view ext) {
    const auto digits = [&ext] {
        const std::size_t k = std::min(ext.find_first_not_of("0123456789"), ext.size());
        ext.remove_prefix(k);
        return k > 0;
    };
    for (const std::string_view part : {".shard-", "-of-"}) {
        if (!ext.starts_with(part)) return false;
        ext.remove_prefix(part.size());
        if (!digits()) return false;
    }
    return ext.empty();
}

}  // namespace

std::string outputs_file_of(const std::string& csv) {
    std::filesystem::path path(csv);
    // A results file named *.jsonl would be its own outputs file, replaced by them.
    if (path.extension() == ".jsonl") return path.replace_extension(".outputs.jsonl").string();
    // The shards of `output: res` are `res.shard-I-of-N`: with the tag taken for an extension,
    // every shard's outputs were res.jsonl, and the second shard in one folder was refused
    // (red-team round 18, B F7). Each shard's outputs are named after its own CSV.
    if (is_shard_tag(path.extension().string())) return csv + ".jsonl";
    return path.replace_extension(".jsonl").string();
}

std::vector<std::string> companions_of(const std::string& csv) {
    return {csv + ".meta.yaml", csv + ".schema.json", outputs_file_of(csv)};
}

std::vector<std::string> results_files_exporting(const std::string& outputs) {
    namespace fs = std::filesystem;
    const fs::path path(outputs);
    if (path.extension() != ".jsonl") return {};
    // Its CSV's name is the export's stem and any extension (`output: r.txt`), none (`output: r`),
    // a shard's tag, or `.jsonl` itself (whose export is `r.outputs.jsonl`): found by the names in
    // the folder, a CSV's own or its lock's (`.r.txt.lock`: the CSV may not be there yet). Each
    // begins as the export does, up to its first dot.
    const std::string name = path.filename().string(), start = name.substr(0, name.find('.'));
    const std::string folder = path.parent_path().string();
    std::vector<std::string> found;
    std::error_code ec;
    for (fs::directory_iterator it(folder.empty() ? "." : folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::string entry = it->path().filename().string();
        if (is_lock_name(entry)) entry = entry.substr(1, entry.size() - 6);
        if (!entry.starts_with(start)) continue;
        const std::string csv = (path.parent_path() / entry).string();
        if (entry != name && fs::path(outputs_file_of(csv)).filename() == name &&
            std::find(found.begin(), found.end(), csv) == found.end())
            found.push_back(csv);
    }
    return found;
}

std::string folder_lock_stand_in(const std::string& dir) {
    return (std::filesystem::path(dir.empty() ? "." : dir) / "futolab-folder").string();
}

std::string lock_path(const std::string& output_file) {
    namespace fs = std::filesystem;
    fs::path dir = fs::path(output_file).parent_path();
    if (dir.empty()) dir = ".";
    return (dir / ("." + fs::path(output_file).filename().string() + ".lock")).string();
}

std::string holder_of(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    std::string pid = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    return pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos ? "?" : pid;
}

bool is_lock_name(const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    return name.size() > 6 && name.front() == '.' && name.ends_with(".lock");
}

namespace {

// The pid of the process that holds the lock of `path` ("" if none does): a shared lock
// taken at once fails only while a writer holds the exclusive one.
std::string writer_of(const std::string& path) {
    const int fd = ::open(lock_path(path).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return "";  // no lock file: no writer on this machine
    struct stat st {};
    std::string holder;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        holder = holder_of(fd);
    ::close(fd);  // releases the shared lock if it was taken
    return holder;
}

// The files whose lock covers `path`: itself, and the results CSV a file beside it belongs to
// (its sidecar, schema and exported outputs, named as records/sidecar.hpp, table_schema.hpp
// and outputs.hpp name them), which a run writes under the CSV's lock; and the results CSV of a
// critical search whose --out `path` is (app/critical_experiment.hpp, critical_csv_path: `x.jsonl`'s
// is `x.csv`, any other name's that name with `.csv` added), which the search writes at its end
// under that CSV's lock. Every name of any extension (red-team round 26, A F6: `critical --out
// x.txt` locks `x.txt.csv`, and a run's `output: r.txt` exports `r.jsonl`; only `.jsonl` names
// were mapped, and `r.jsonl` to `r.csv` and `r` alone, so other writers wrote both meanwhile).
std::vector<std::string> locked_by(const std::string& path) {
    std::vector<std::string> names{path};
    for (const std::string_view suffix : {".meta.yaml", ".schema.json"})
        if (path.size() > suffix.size() && path.ends_with(suffix)) names.push_back(path.substr(0, path.size() - suffix.size()));
    if (std::filesystem::path(path).extension() == ".jsonl") {
        names.push_back(std::filesystem::path(path).replace_extension(".csv").string());
        // `output: res`, a shard of it: by name, the folder unread too; not `res.txt` for
        // res.txt.jsonl, which it does not export (its export is res.jsonl).
        if (const std::string bare = std::filesystem::path(path).replace_extension().string(); outputs_file_of(bare) == path)
            names.push_back(bare);
        for (std::string& csv : results_files_exporting(path))  // `output: res.txt`: by the folder's names
            if (std::find(names.begin(), names.end(), csv) == names.end()) names.push_back(std::move(csv));
    } else {
        names.push_back(path + ".csv");
    }
    return names;
}

// The files whose identity lock this process holds: its own stream is no obstacle to it (an
// flock probe from this process would find its own lock taken).
FileIdentities& own_identities() {
    static FileIdentities own;
    return own;
}

// Whether another process holds the identity lock of the regular file open at `fd`: a shared
// flock taken at once fails only while a writer holds the exclusive one. `fd` is a new
// description of the file, closed by the caller (which drops the probe's lock).
bool identity_held(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || own_identities().contains(st)) return false;
    if (::flock(fd, LOCK_SH | LOCK_NB) == 0) return false;
    return errno == EWOULDBLOCK;
}

constexpr std::string_view kIdentityHeld =
    "another futolab is writing this file under another name (a hard link, or a name it was renamed from): wait for "
    "it to end, or use another file";

// Why the identity lock held on the file open at `fd` stops a writer: another futolab writing it
// under another name, or any other program holding an flock on it, named (red-team round 29, A2:
// `flock k.csv sleep 60` was "another futolab is writing this file under another name").
std::string identity_holder_text(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) == 0)
        if (const std::string foreign = foreign_holder(flock_holders(st)); !foreign.empty())
            return foreign + " holds a lock on this file: wait for it to end, or use another file";
    return std::string(kIdentityHeld);
}

// Why another process's identity lock on the file `path` names stops a writer ("" if none is
// held), following a link: the file is what counts.
std::string identity_problem(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return "";  // never opens a FIFO or device
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return "";
    const std::string why = identity_held(fd) ? identity_holder_text(fd) : "";
    ::close(fd);
    return why;
}

// Takes one or more digits off the front of `text`.
bool take_digits(std::string_view& text) {
    const std::size_t k = std::min(text.find_first_not_of("0123456789"), text.size());
    text.remove_prefix(k);
    return k > 0;
}

// The table of the few-relations count whose shard file `path` is named as
// (`DIR/nN-kK-shard-III-of-SSS.yaml` -> `DIR/nN-kK-of-SSS.table.md`, as
// critical/zero_given/few_relations_shards.hpp names both), or "" for any other name.
std::string count_table_of_shard(const std::string& path) {
    namespace fs = std::filesystem;
    const std::string name = fs::path(path).filename().string();
    std::string_view rest = name;
    const auto take = [&rest](std::string_view part) {
        if (!rest.starts_with(part)) return false;
        rest.remove_prefix(part.size());
        return true;
    };
    if (!take("n") || !take_digits(rest) || !take("-k") || !take_digits(rest)) return "";
    const std::size_t count_end = name.size() - rest.size();  // after `nN-kK`
    if (!take("-shard-") || !take_digits(rest)) return "";
    const std::size_t of = name.size() - rest.size();  // at `-of-SSS.yaml`
    if (!take("-of-") || !take_digits(rest) || rest != ".yaml") return "";
    const std::string table = name.substr(0, count_end) + name.substr(of, name.size() - of - 5) + ".table.md";
    return (fs::path(path).parent_path() / table).string();
}

// A new description of the file open at `fd`, for reading only (never a FIFO or device).
int reopen(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    return ::open(("/proc/self/fd/" + std::to_string(fd)).c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
}

// The running futolab executable's device and inode (/proc/self/exe), or none where /proc is
// not there: taken once, as the file cannot change under a running process.
std::optional<std::pair<dev_t, ino_t>> running_executable() {
    static const std::optional<std::pair<dev_t, ino_t>> exe = []() -> std::optional<std::pair<dev_t, ino_t>> {
        struct stat st {};
        if (::stat("/proc/self/exe", &st) != 0) return std::nullopt;
        return std::pair{st.st_dev, st.st_ino};
    }();
    return exe;
}

}  // namespace

std::string running_executable_problem(const std::string& path) {
    const std::optional<std::pair<dev_t, ino_t>> exe = running_executable();
    struct stat st {};
    if (!exe || ::stat(path.c_str(), &st) != 0 || st.st_dev != exe->first || st.st_ino != exe->second) return "";
    std::error_code ec;
    const std::string name = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    return fmt::format("is the running futolab executable{}: refusing to write over it, --force or not (use another file)",
                       ec || name.empty() ? "" : " (" + name + ")");
}

std::string lock_problem(const std::string& path) {
    if (is_lock_name(path))
        return "is named as a futolab lock file (.NAME.lock, held while futolab writes NAME): refusing to write it, "
               "which would switch that lock off (use another name)";
    // Not an output of any command by any name (a hard link, a symlink, /proc/self/exe): a file
    // replaced by rename takes the program's name, one written in place its code (red-team
    // round 26: a futolab binary named x.jsonl, or a hard link to it, was taken as an --out like
    // any file; only a name ending in its format's extension was refused).
    if (const std::string why = running_executable_problem(path); !why.empty()) return why;
    for (const std::string& locked : locked_by(path)) {
        const std::string holder = writer_of(locked);
        if (holder.empty() || holder == std::to_string(::getpid())) continue;
        // Named as what it is: any program may hold a flock (red-team round 28, A F3).
        const std::string what = locked == path ? "it" : locked;
        return lock_holder_text(holder, lock_path(locked), what, what) + ": wait for it to end, or use another file";
    }
    if (const std::string count = count_reservation(path); !count.empty())
        return count + ": wait for it to end, or use another file";
    // A folder another futolab writes its files in (analyze --tables/--plots, convert --out DIR/):
    // any file in it may be one of them (red-team round 26, A F2).
    const std::string folder = std::filesystem::path(path).parent_path().string();
    if (const std::string holder = writer_of(folder_lock_stand_in(folder)); !holder.empty() && holder != std::to_string(::getpid())) {
        const std::string named = folder.empty() ? "." : folder;
        return lock_holder_text(holder, lock_path(folder_lock_stand_in(folder)), "into the folder " + named,
                                "the folder " + named) +
               ": wait for it to end, or use another folder";
    }
    return identity_problem(path);
}

std::string other_writer_of(const std::string& output_file) {
    const std::string holder = writer_of(output_file);
    return holder == std::to_string(::getpid()) ? "" : holder;
}

std::string count_reservation(const std::string& path) {
    const std::string table = count_table_of_shard(path);
    if (table.empty()) return "";
    const std::string holder = other_writer_of(table);
    if (holder.empty()) return "";
    return fmt::format("is a shard file of the few-relations count another futolab (pid {}) runs in this folder (it holds "
                       "{} from its start, and with it every shard file of that count)",
                       holder, table);
}

int lock_identity(int fd, const std::string& name) {
    const int lock_fd = reopen(fd);
    if (lock_fd < 0) return -1;
    struct stat st {};
    if (::fstat(lock_fd, &st) == 0 && ::flock(lock_fd, LOCK_EX | LOCK_NB) == 0) {
        own_identities().add(st);
        return lock_fd;
    }
    if (errno == EWOULDBLOCK) {
        const std::string why = identity_holder_text(lock_fd);
        ::close(lock_fd);
        throw InputError(fmt::format("{}: {}", name, why));
    }
    ::close(lock_fd);
    return -1;  // flock not supported here: the name's lock still holds
}

void release_identity(int lock_fd) {
    if (lock_fd < 0) return;
    struct stat st {};
    if (::fstat(lock_fd, &st) == 0) own_identities().remove(st);
    ::close(lock_fd);
}

std::string stream_problem(int stream) {
    struct stat st {};
    if (::fstat(stream, &st) != 0 || !S_ISREG(st.st_mode)) return "";  // a terminal, pipe or device: nothing to keep
    std::error_code ec;
    const std::string name = std::filesystem::read_symlink("/proc/self/fd/" + std::to_string(stream), ec).string();
    struct stat named {};
    const bool has_name = !ec && name.starts_with('/') && ::stat(name.c_str(), &named) == 0 &&
                          named.st_dev == st.st_dev && named.st_ino == st.st_ino;  // not unlinked or renamed since
    if (has_name)
        if (const std::string why = lock_problem(name); !why.empty()) return name + ": " + why;
    const int fd = reopen(stream);
    const std::string why = fd >= 0 && identity_held(fd) ? identity_holder_text(fd) : "";
    if (fd >= 0) ::close(fd);
    return why.empty() ? "" : (has_name ? name : std::string("the file")) + ": " + why;
}

}  // namespace futolab
