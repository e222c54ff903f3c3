// One writer per output (docs/reliability.md, "One writer"): the outputs a command writes whole
// at its end — report's page, convert's --out FILE or DIR/, analyze's --tables and --plots
// folders — are locked from before any work, as run's and merge's CSVs, generate's and
// critical's streams and critical's --out and --certificate are (records/output_lock.hpp). Two
// such commands on one output both wrote, exit 0: two analyses into one --plots folder left the
// data of one beside the figures of the other, a report or convert the last writer's page
// (red-team round 26, A F2). The second is now refused at once, exit 2, naming the first one's
// pid. Each lock is held until the command ends; the caller asks check_held_for before it
// writes (a lock file removed meanwhile: another writer may hold the name now).
#pragma once

#include "records/output_lock.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace futolab::app {

// The lock of the file output `path` of OPTION: for "" or "-" (standard output) and this
// process's own stream by another name (/dev/stdout), the file the shell redirected it to
// (lock_of_stream, app/load.hpp); none (null) for a device or other non-file there (the guard
// refused what must be refused); else `.NAME.lock` beside it. A refusal ends "or use another
// OPTION". Throws InputError (another writer, something planted at the lock's path) or
// LockNotMade.
std::unique_ptr<OutputLock> lock_file_output(const std::string& path, std::string_view option);

// The lock of the folder output `dir` of OPTION, `DIR/.futolab-folder.lock`
// (core/live_writer.hpp, folder_lock_stand_in), the folder made if it is not there (removed
// again on a refusal: core/made_folders.hpp). Another futolab holding it refuses this command
// ("OPTION DIR: another futolab (pid N) is writing it: wait for it to end, or use another
// OPTION folder"), and every other writer of a file in it (lock_problem); so does another
// futolab writing a file at DIR's own name (lock_problem: "OPTION DIR: another futolab …").
std::unique_ptr<OutputLock> lock_folder_output(const std::string& dir, std::string_view option);

}  // namespace futolab::app
