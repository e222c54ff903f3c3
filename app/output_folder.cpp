#include "app/output_folder.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "records/output_guard.hpp"

#include <fmt/format.h>

namespace futolab::app {

void refuse_stdout_as_folder(const std::string& dir, const std::string& option) {
    if (dir == "-") throw InputError(fmt::format("{} -: a folder is needed, not standard output", option));
}

void check_output_folder(const std::string& dir, const std::string& option, const std::vector<std::string>& names) {
    refuse_stdout_as_folder(dir, option);
    // A folder owns no file kind's ending, as run's --out: `analyze --tables tb.csv`, `--plots
    // p.jsonl`, `critical --checkpoint ck.yaml`, `convert --out d.futo/` made a folder every
    // reader takes for a file of that kind (red-team round 27, left open).
    if (const std::string why = foreign_extension_problem(dir, OutputKind::folder); !why.empty())
        throw InputError(fmt::format("{} {} {}; {} names a folder, which is named for no kind of file", option, dir, why, option));
    // First: a path too long is no path the file system can look along (red-team round 23, A F1).
    if (const std::string why = folder_length_problem(dir, names); !why.empty())
        throw InputError(fmt::format("{} {}: {}", option, dir, why));
    // The deepest part that exists decides (a link to a folder is a folder): below it the
    // command makes folders.
    if (const std::string why = folder_path_problem(dir); !why.empty())
        throw InputError(fmt::format("{} {}: {}", option, dir, why));
}

}  // namespace futolab::app
