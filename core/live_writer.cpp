#include "core/live_writer.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <string_view>
#include <vector>

namespace futolab {

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
// and outputs.hpp name them), which a run writes under the CSV's lock.
std::vector<std::string> locked_by(const std::string& path) {
    std::vector<std::string> names{path};
    for (const std::string_view suffix : {".meta.yaml", ".schema.json"})
        if (path.size() > suffix.size() && path.ends_with(suffix)) names.push_back(path.substr(0, path.size() - suffix.size()));
    if (std::filesystem::path(path).extension() == ".jsonl")
        names.push_back(std::filesystem::path(path).replace_extension(".csv").string());
    return names;
}

}  // namespace

std::string lock_problem(const std::string& path) {
    if (is_lock_name(path))
        return "is named as a futolab lock file (.NAME.lock, held while futolab writes NAME): refusing to write it, "
               "which would switch that lock off (use another name)";
    for (const std::string& locked : locked_by(path)) {
        const std::string holder = writer_of(locked);
        if (holder.empty() || holder == std::to_string(::getpid())) continue;
        return fmt::format("another futolab (pid {}) is writing {}: wait for it to end, or use another file",
                           holder, locked == path ? "it" : locked);
    }
    return "";
}

}  // namespace futolab
