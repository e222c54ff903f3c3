#include "app/output_folder.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"

#include <fmt/format.h>

namespace futolab::app {

void check_output_folder(const std::string& dir, const std::string& option) {
    if (dir == "-") throw InputError(fmt::format("{} -: a folder is needed, not standard output", option));
    // The deepest part that exists decides (a link to a folder is a folder): below it the
    // command makes folders.
    if (const std::string why = folder_path_problem(dir); !why.empty())
        throw InputError(fmt::format("{} {}: {}", option, dir, why));
}

}  // namespace futolab::app
