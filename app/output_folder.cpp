#include "app/output_folder.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <filesystem>

#include <sys/stat.h>

namespace futolab::app {
namespace {

// What a path that exists but is no folder is, in words for the message.
const char* not_folder_kind(mode_t mode) {
    if (S_ISREG(mode)) return "a regular file";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "something else";
}

}  // namespace

void check_output_folder(const std::string& dir, const std::string& option) {
    if (dir == "-") throw InputError(fmt::format("{} -: a folder is needed, not standard output", option));
    namespace fs = std::filesystem;
    // The deepest part that exists decides: below it the command makes folders. stat follows a
    // link, so a link to a folder is a folder.
    for (fs::path part = fs::path(dir).lexically_normal(); !part.empty(); part = part.parent_path()) {
        struct stat st {};
        if (::stat(part.c_str(), &st) == 0) {
            if (S_ISDIR(st.st_mode)) return;
            throw InputError(fmt::format("{} {}: {} is not a folder but {}", option, dir, part.string(),
                                         not_folder_kind(st.st_mode)));
        }
        if (part == part.parent_path()) break;
    }
}

}  // namespace futolab::app
