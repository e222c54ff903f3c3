#include "core/temp_dir.hpp"

#include "core/folder_removal.hpp"
#include "core/owner.hpp"
#include "core/tool_guard.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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
constexpr const char* kMarker = ".futolab-owned";
constexpr std::size_t kRandom = 6;  // mkdtemp's XXXXXX

// What the marker of the folder named `name` holds: its name, so a copy or a renamed folder
// (a user's backup of a scratch folder) is not taken for the folder futolab made.
std::string marker_text(const std::string& name) { return "futolab temporary folder " + name + "\n"; }

// Lowercase words joined by '-': every prefix futolab passes (minizinc, critical-search).
bool is_prefix_word(std::string_view prefix) {
    if (prefix.empty() || prefix.front() == '-' || prefix.back() == '-' || prefix.find("--") != std::string_view::npos)
        return false;
    return std::all_of(prefix.begin(), prefix.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; });
}

bool is_random_part(std::string_view part) {
    return part.size() == kRandom && std::all_of(part.begin(), part.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
           });
}

// The temporary folders futolab makes, as the reaper knows them: the exact name and the marker.
OwnedNames temp_folders() { return {temp_folder_owner, made_by_futolab}; }

// What still runs with the mark of one of `folders` (a tool's child that outlived its owner
// and its guard: tool_guard.hpp) is killed, in one pass over /proc for all; then the folders go.
void remove_with_marks(const std::vector<std::filesystem::path>& folders) {
    if (folders.empty()) return;
    std::vector<std::string> names;  // "/NAME": a mark naming the folder or anything inside it
    for (const auto& p : folders) names.push_back("/" + p.filename().string());
    const std::vector<std::string_view> marks(names.begin(), names.end());
    kill_marked(marks.data(), static_cast<int>(marks.size()), 0, 0);
    // Never onto another mount below it, and the marker last: a cut removal is finished by the
    // next start (core/folder_removal.hpp).
    for (const auto& p : folders) remove_folder_or_warn(p, kMarker);
}

// Once per process and base: a sweep reads the whole folder (/tmp may be large).
void reap_once(const std::filesystem::path& base) {
    static std::mutex mutex;
    static std::set<std::string> done;
    const std::lock_guard lock(mutex);
    if (!done.insert(base.string()).second) return;
    std::vector<std::filesystem::path> stale;
    reap_stale(base, temp_folders(), [&](const std::filesystem::path& p) { stale.push_back(p); });
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
    remove_owned(temp_base(), temp_folders(), [&](const Owner& o) { return o.pid == owner.pid && o.start == owner.start; },
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

std::optional<Owner> temp_folder_owner(std::string_view name) {
    // futolab-PREFIX-TOKEN-XXXXXX, read from both ends: the prefix may hold '-' itself.
    if (!name.starts_with(kPrefix) || name.size() < kPrefix.size() + kRandom + 2) return std::nullopt;
    if (name[name.size() - kRandom - 1] != '-' || !is_random_part(name.substr(name.size() - kRandom))) return std::nullopt;
    const std::string_view middle = name.substr(kPrefix.size(), name.size() - kPrefix.size() - kRandom - 1);
    const std::size_t dash = middle.rfind('-');
    if (dash == std::string_view::npos || !is_prefix_word(middle.substr(0, dash))) return std::nullopt;
    return owner_of_token(middle.substr(dash + 1));
}

void mark_owned_folder(const std::filesystem::path& folder) {
    const std::filesystem::path file = folder / kMarker;
    const auto fail = [&](int error) { throw std::runtime_error("cannot write " + file.string() + ": " + std::strerror(error)); };
    const std::string text = marker_text(folder.filename().string());
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) fail(errno);
    const ssize_t n = ::write(fd, text.data(), text.size());  // a few dozen bytes: one write
    if (n != static_cast<ssize_t>(text.size())) {
        const int error = n < 0 ? errno : ENOSPC;
        ::close(fd);
        fail(error);
    }
    if (::close(fd) != 0) fail(errno);
}

bool made_by_futolab(const std::filesystem::path& folder) {
    // Never through a link, never blocking on a FIFO planted there; a small regular file of ours.
    const int fd = ::open((folder / kMarker).c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    const std::string want = marker_text(folder.filename().string());
    struct stat st {};
    std::string text(want.size() + 1, '\0');  // one byte more: a longer file is not the marker
    const bool ours = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::getuid() &&
                      ::read(fd, text.data(), text.size()) == static_cast<ssize_t>(want.size());
    ::close(fd);
    return ours && text.compare(0, want.size(), want) == 0;
}

std::filesystem::path make_owned_temp_dir(std::string_view prefix) {
    if (!is_prefix_word(prefix))
        throw std::logic_error("temporary folder prefix '" + std::string(prefix) + "': not lowercase words joined by '-'");
    const std::filesystem::path base = temp_base();
    reap_once(base);
    std::string pattern = (base / (std::string(kPrefix) + std::string(prefix) + "-" + owner_token() + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("cannot create a temporary directory in " + base.string() + ": " + std::strerror(errno));
    try {
        mark_owned_folder(pattern);  // before anything else goes in: a folder without it is never reaped
    } catch (const std::runtime_error&) {
        std::error_code ignored;
        std::filesystem::remove_all(pattern, ignored);
        throw;
    }
    return pattern;
}

TempDir::~TempDir() {
    // Never throws; what it cannot remove keeps its marker, and the next futolab reaps it.
    remove_folder_or_warn(path_, kMarker);
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
