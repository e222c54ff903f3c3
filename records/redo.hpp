// `futolab run --resume --redo STATUS,…` (SPEC §5): the rows of a results CSV whose status is
// one of those named leave the file, so the resumed sweep runs them again. Every other byte
// of the file stays as it was (rows are copied as written, never re-formatted), and the file
// is replaced atomically: the kept text goes to a temp file in the same folder, is fsync'd,
// and renamed over the CSV, so a crash leaves either the old file or the new one (and a kill
// -9 leaves a temp file that the next writer in the folder removes: core/atomic_file.hpp).
// A CSV that is a symlink or has several names (hard links) is refused, exit 2: the rename
// would replace the link by a new file while the old one kept the rows taken out. Redo the
// file itself (--out its folder).
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace futolab {

class OutputLock;

struct RedoRemoval {
    std::size_t rows = 0;                       // rows taken out
    std::map<std::string, std::size_t> by_status;  // of them, per status
};

// Takes out the rows of `csv_path` whose `status` is in `statuses` (and a last line cut off by
// a kill, which resume would cut anyway). An absent or empty file: nothing to do; so too a
// file whose header is not `header` (when given), which the resume then refuses with its own
// message, the file untouched. Throws InputError for a file that is no results CSV (no
// `status` column, a malformed row), std::runtime_error when the rewrite fails (the CSV is
// then untouched). `held`, the caller's lock of the CSV (none: not locked), is asked by its name
// right before the rewrite: removed or replaced meanwhile, the CSV is left as it was
// (OutputLock::check_name_held_for).
RedoRemoval remove_rows_with_status(const std::string& csv_path, const std::set<std::string>& statuses,
                                    const std::vector<std::string>& header = {}, const OutputLock* held = nullptr);

}  // namespace futolab
