#include "app/output_locks.hpp"

#include "app/load.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/live_writer.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace futolab::app {

std::unique_ptr<OutputLock> lock_file_output(const std::string& path, std::string_view option) {
    if (path.empty() || path == "-") return lock_of_stream(STDOUT_FILENO);
    if (const int stream = own_stream_of(path); stream >= 0) return lock_of_stream(stream);
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) return nullptr;  // /dev/null: no folder to lock in
    return std::make_unique<OutputLock>(path, fmt::format("use another {}", option));
}

std::unique_ptr<OutputLock> lock_folder_output(const std::string& dir, std::string_view option) {
    // The folder's own name a file another futolab writes (a report's page not written yet):
    // made a folder, it would stop that writer's rename at its end.
    std::filesystem::path name = std::filesystem::path(dir).lexically_normal();
    if (!name.has_filename()) name = name.parent_path();  // `d/` is the folder d
    if (const std::string why = lock_problem(name.string()); !why.empty())
        throw InputError(fmt::format("{} {}: {}", option, dir, why));
    return std::make_unique<OutputLock>(folder_lock_stand_in(dir), fmt::format("use another {} folder", option),
                                        fmt::format("{} {}", option, dir));
}

}  // namespace futolab::app
