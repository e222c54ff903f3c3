#include "core/temp_dir.hpp"

#include "core/owner.hpp"
#include "core/tool_guard.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace futolab::external {
namespace {

constexpr std::string_view kPrefix = "futolab-";

// What still runs with the mark of one of `folders` (a tool's child that outlived its owner
// and its guard: tool_guard.hpp) is killed, in one pass over /proc for all; then the folders go.
void remove_with_marks(const std::vector<std::filesystem::path>& folders) {
    if (folders.empty()) return;
    std::vector<std::string> names;  // "/NAME": a mark naming the folder or anything inside it
    for (const auto& p : folders) names.push_back("/" + p.filename().string());
    const std::vector<std::string_view> marks(names.begin(), names.end());
    kill_marked(marks.data(), static_cast<int>(marks.size()), 0, 0);
    for (const auto& p : folders) {
        std::error_code ignored;
        std::filesystem::remove_all(p, ignored);
    }
}

// Once per process and base: a sweep reads the whole folder (/tmp may be large).
void reap_once(const std::filesystem::path& base) {
    static std::mutex mutex;
    static std::set<std::string> done;
    const std::lock_guard lock(mutex);
    if (!done.insert(base.string()).second) return;
    std::vector<std::filesystem::path> stale;
    reap_stale(base, kPrefix, [&](const std::filesystem::path& p) { stale.push_back(p); });
    remove_with_marks(stale);
}

}  // namespace

std::filesystem::path temp_base() {
    const char* tmp = std::getenv("TMPDIR");
    if (tmp == nullptr || *tmp == '\0') return "/tmp";
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::absolute(tmp, ec);
    if (ec) throw std::runtime_error("TMPDIR: cannot make '" + std::string(tmp) + "' absolute: " + ec.message());
    return base.lexically_normal();
}

void remove_folders_of(const Owner& owner) {
    std::vector<std::filesystem::path> found;
    remove_owned(temp_base(), kPrefix, [&](const Owner& o) { return o.pid == owner.pid && o.start == owner.start; },
                 [&](const std::filesystem::path& p) { found.push_back(p); });
    remove_with_marks(found);
}

void reap_stale_temp_dirs() {
    std::filesystem::path base;
    try {
        base = temp_base();
    } catch (const std::runtime_error&) {
        return;  // housekeeping: the command that makes a folder says why it cannot
    }
    reap_once(base);
}

std::filesystem::path make_owned_temp_dir(std::string_view prefix) {
    const std::filesystem::path base = temp_base();
    reap_once(base);
    std::string pattern = (base / (std::string(kPrefix) + std::string(prefix) + "-" + owner_token() + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("cannot create a temporary directory in " + base.string() + ": " + std::strerror(errno));
    return pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;  // a destructor must not throw; a leftover is reaped by the next futolab
    std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path TempDir::write(const std::string& name, std::string_view text) const {
    const std::filesystem::path file = path_ / name;
    // A tool of an earlier round runs in this folder: a FIFO or a symlink it left at this name
    // must neither block the open nor redirect the write.
    ::unlink(file.c_str());
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) throw std::runtime_error("cannot write " + file.string() + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
    }
    const int error = errno;
    ::close(fd);
    if (done < text.size()) throw std::runtime_error("cannot write " + file.string() + ": " + std::strerror(error));
    return file;
}

}  // namespace futolab::external
