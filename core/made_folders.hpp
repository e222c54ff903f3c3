// The folders a command made for its outputs, so that a refusal leaves none of them behind
// (red-team round 25, A F2): `critical --exact --certificate newdir/x.cert` refused for the
// results CSV beside --out, and `merge … --out mdir/m.csv` refused for its inputs, each exit 2,
// had made the folder (and the lock file in it) first. Every output folder futolab makes goes
// through make_folders, which notes each folder the call made (not there before it); app/main.cpp
// calls remove_made_folders when the command is refused. A folder made by another process in the
// same moment may be noted too: it is removed only if nothing but unheld lock files is in it.
#pragma once

#include <filesystem>
#include <system_error>

namespace futolab {

// std::filesystem::create_directories(dir, error), noting the folders it made.
void make_folders(const std::filesystem::path& dir, std::error_code& error);

// Removes the folders make_folders made, deepest first, each only if nothing is left in it but
// futolab lock files (`.NAME.lock`) no process holds (then those go with it): a folder that
// holds an output written, or a lock a live writer holds, stays. Forgets them all.
void remove_made_folders();

}  // namespace futolab
