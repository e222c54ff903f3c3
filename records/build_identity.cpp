#include "records/build_identity.hpp"

#include "core/files.hpp"
#include "futolab_git.hpp"
#include "futolab_version.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace futolab {
namespace {

constexpr std::string_view kDirtySuffix = "-dirty";

// FUTOLAB_GIT_COMMIT is "<40 hex>", "<40 hex>-dirty" or "unknown" (cmake/git_commit.cmake).
std::pair<std::string, bool> split_commit(std::string_view text) {
    const bool dirty = text.size() > kDirtySuffix.size() && text.ends_with(kDirtySuffix);
    if (dirty) text.remove_suffix(kDirtySuffix.size());
    return {std::string(text), dirty};
}

std::string short_commit(const BuildIdentity& b) {
    return b.commit.substr(0, 12) + (b.dirty ? std::string(kDirtySuffix) : "");
}

BuildIdentity read_this_build() {
    BuildIdentity b;
    b.name = std::string(kSelfBuild);
    std::tie(b.commit, b.dirty) = split_commit(FUTOLAB_GIT_COMMIT);
    b.version = std::string(FUTOLAB_VERSION) + "+" + short_commit(b);
    b.build_type = FUTOLAB_BUILD_TYPE;
    b.compiler = FUTOLAB_CXX_COMPILER;
    b.flags = FUTOLAB_CXX_FLAGS;
    std::error_code ec;
    b.path = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    b.binary_hash = file_content_hash("/proc/self/exe").value_or("");
    return b;
}

}  // namespace

std::string BuildIdentity::cell() const {
    return fmt::format("{}@{}:{}:{}", name, short_commit(*this), build_type, binary_hash);
}

std::string BuildIdentity::text() const {
    return fmt::format("futolab {} (commit {}{}, {}, binary {})", version, commit, dirty ? " with uncommitted changes" : "",
                       build_type.empty() ? "unknown build type" : build_type,
                       binary_hash.empty() ? "unknown" : binary_hash);
}

bool BuildIdentity::same_binary(const BuildIdentity& o) const {
    return commit == o.commit && dirty == o.dirty && build_type == o.build_type && binary_hash == o.binary_hash &&
           !binary_hash.empty();
}

const BuildIdentity& this_build() {
    static const BuildIdentity build = read_this_build();  // thread-safe once
    return build;
}

std::string futolab_version() {
    const auto [commit, dirty] = split_commit(FUTOLAB_GIT_COMMIT);
    return std::string(FUTOLAB_VERSION) + "+" + commit.substr(0, 12) + (dirty ? std::string(kDirtySuffix) : "");
}

std::string build_name_problem(std::string_view name) {
    if (name.empty()) return "a build name is empty";
    if (name.size() > 40) return fmt::format("build name '{}…' is longer than 40 characters", name.substr(0, 40));
    const bool ok = std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
               c == '-';
    });
    return ok ? "" : fmt::format("build name '{}' has characters other than letters, digits, '_', '.' and '-'", name);
}

std::string build_name_of_cell(std::string_view cell) { return std::string(cell.substr(0, cell.find('@'))); }

std::optional<std::string> file_content_hash(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::uint64_t h = kFnv1aOffset;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        h = fnv1a64(std::string_view(buf, static_cast<std::size_t>(in.gcount())), h);
        if (!in) break;
    }
    if (in.bad()) return std::nullopt;
    return fmt::format("{:016x}", h);
}

}  // namespace futolab
