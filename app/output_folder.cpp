#include "app/output_folder.hpp"

#include "core/error.hpp"
#include "core/files.hpp"

#include <fmt/format.h>

#include <filesystem>

#include <sys/stat.h>

namespace futolab::app {

void refuse_link_to_nothing(const std::string& dir, const std::string& option) {
    namespace fs = std::filesystem;
    for (fs::path part = fs::path(dir).lexically_normal(); !part.empty(); part = part.parent_path()) {
        struct stat st {};
        if (::stat(part.c_str(), &st) == 0) return;  // the deepest part that exists, through its links
        if (::lstat(part.c_str(), &st) == 0)  // there, but leads nowhere
            throw InputError(fmt::format("{} {}: {} is not a folder but a symbolic link to nothing (remove it, or point "
                                         "it at a folder)", option, dir, part.string()));
        if (part == part.parent_path()) break;
    }
}

void check_output_folder(const std::string& dir, const std::string& option) {
    if (dir == "-") throw InputError(fmt::format("{} -: a folder is needed, not standard output", option));
    refuse_link_to_nothing(dir, option);
    namespace fs = std::filesystem;
    // The deepest part that exists decides: below it the command makes folders. stat follows a
    // link, so a link to a folder is a folder.
    for (fs::path part = fs::path(dir).lexically_normal(); !part.empty(); part = part.parent_path()) {
        struct stat st {};
        if (::stat(part.c_str(), &st) == 0) {
            if (S_ISDIR(st.st_mode)) return;
            throw InputError(fmt::format("{} {}: {} is not a folder but {}", option, dir, part.string(),
                                         file_type_name(st.st_mode)));
        }
        if (part == part.parent_path()) break;
    }
}

}  // namespace futolab::app
