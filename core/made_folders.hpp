// The folders and lock files a command made for its outputs, so that a refusal leaves none of
// them behind (red-team round 25, A F2): `critical --exact --certificate newdir/x.cert` refused
// for the results CSV beside --out, and `merge … --out mdir/m.csv` refused for its inputs, each
// exit 2, had made the folder (and the lock file in it) first. Every output folder futolab makes
// goes through make_folders, which notes each folder the call made (not there before it), and
// every lock file through records/output_lock.cpp, which notes each one it created
// (note_made_lock); app/main.cpp calls remove_made_folders when the command is refused or fails. A lock
// file made in a folder that was there stayed behind (round 25, left open: `merge - - --out
// m.csv` left .m.csv.lock, `critical --few-relations … --out X` refused for its count's lock left
// .X.lock). A folder made by another process in the same moment may be noted too: it is removed
// only if nothing but unheld lock files is in it.
#pragma once

#include <filesystem>
#include <system_error>

struct stat;

namespace futolab {

// std::filesystem::create_directories(dir, error), noting the folders it made.
void make_folders(const std::filesystem::path& dir, std::error_code& error);

// Notes the lock file at `path` (device and inode `st`) as made by this command: it was not
// there before this process created it.
void note_made_lock(const std::filesystem::path& path, const struct stat& st);

// Removes the lock files noted by note_made_lock that no process holds and that are still the
// file noted (one there before, or put there by another writer since, stays), then the folders
// make_folders made, deepest first, each only if nothing is left in it but futolab lock files
// (`.NAME.lock`) no process holds (then those go with it): a folder that holds an output
// written, or a lock a live writer holds, stays. Forgets them all. For a refused command only:
// its own locks are released by then (each OutputLock ends with the scope that took it).
void remove_made_folders();

}  // namespace futolab
