#include "app/output_folder.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"

#include <fmt/format.h>

#include <filesystem>

#include <sys/stat.h>

namespace futolab::app {

void check_output_folder(const std::string& dir, const std::string& option) {
    if (dir == "-") throw InputError(fmt::format("{} -: a folder is needed, not standard output", option));
    refuse_link_to_nothing(dir, option + " " + dir);
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
