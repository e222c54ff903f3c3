// Writes that cannot destroy (issue #25): before a command writes a file it checks that the
// file is not one of its own inputs (`report x.csv --out x.csv` would replace the results
// with HTML), nor an input's sidecar, nor an existing results CSV or sidecar (`merge --out`
// over another experiment's results). Any of these is refused with exit 2 and a message naming
// the file, unless the user passes --force. Paths are compared as files (same device and
// inode, so a symlink or a `./x.csv` is the same file), else by their normalised absolute path.
// The write itself then goes through core/atomic_file.hpp, which never writes through a
// symlink: with --force a symlink at the target is replaced, not followed.
#pragma once

#include <string>
#include <vector>

namespace futolab {

// Throws InputError "OPTION PATH: …: refusing to overwrite it (use another file, or --force)".
// "" and "-" (standard output) always pass; with `force` only a folder at `out` is refused.
void check_output_path(const std::string& out, const std::vector<std::string>& inputs, bool force,
                       const std::string& option = "--out");

// True if `path` is a regular file whose first line is a futolab results CSV header.
bool is_results_csv(const std::string& path);

}  // namespace futolab
