// Folder outputs (analyze --tables and --plots, critical --checkpoint, convert --out DIR/),
// checked before any work (issue #45, round 8): a folder option given `-` or a path whose part
// is a file, FIFO, device or socket used to be found only when the first file was written,
// after every table had been printed, and `-` made a folder named "-".
#pragma once

#include <string>
#include <vector>

namespace futolab::app {

// Throws InputError if `dir` cannot be the folder OPTION writes into: "OPTION -: a folder is
// needed, not standard output", or "OPTION DIR: PART is not a folder but a FIFO (named pipe)"
// for the first part of the path that exists and is not a folder (a symlink that leads nowhere
// too: "… is not a folder but a symbolic link to nothing"). A path not there yet is fine (the
// command makes it). A path too long for the file system, itself or for one of the files `names`
// the command makes in it (with their locks and temporary names), is refused too: "OPTION DIR:
// name too long (…)" or "OPTION DIR: too long for the files made in it: …" (records/output_guard.hpp,
// folder_length_problem). A folder owns no file kind's ending (core/formats/formats.hpp,
// OutputKind::folder; `d.csv/` is d.csv): "--tables tb.csv ends in .csv, the extension of a
// results CSV; --tables names a folder, which is named for no kind of file".
void check_output_folder(const std::string& dir, const std::string& option, const std::vector<std::string>& names = {});

// Its first check alone, for a folder output checked elsewhere (run's --out, whose path the
// runner checks with the config's `output:`): `-` is standard output in every command, never a
// folder's name: "OPTION -: a folder is needed, not standard output" (red-team round 27, A F7:
// `run --out -` made a folder named `-` and wrote the sweep there, exit 0).
void refuse_stdout_as_folder(const std::string& dir, const std::string& option);

}  // namespace futolab::app
