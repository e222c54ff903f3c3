// A private temporary directory per run (mkdtemp under temp_base(), mode 0700), removed with
// everything in it when the run ends, however it ends: by the destructor on every return and
// exception; after a kill -9 or a second signal, by the next futolab that makes one in the same
// place (its name carries the owner's pid and start time: owner.hpp), with whatever still runs
// under its mark (a tool's child: tool_guard.hpp). Either removal stays on the folder's own
// mount and removes its marker last (folder_removal.hpp).
#pragma once

#include "core/owner.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace futolab::external {

// Where every temporary folder of futolab goes (tools' run folders, warm workers' scratch):
// $TMPDIR made absolute, or /tmp. Absolute because tools start inside their run folder: a
// relative TMPDIR ("tmp") named nothing there (issue #45). Throws std::runtime_error naming
// TMPDIR if it cannot be made absolute (the working folder is gone).
std::filesystem::path temp_base();

// mkdtemp of temp_base()/futolab-PREFIX-<owner token>-XXXXXX, with its marker file written
// into it at once (mark_owned_folder). PREFIX is lowercase words joined by '-' ("minizinc",
// "critical-search"; std::logic_error otherwise: the reaper would not know the name). The
// first call per process and base removes the folders of dead owners there (any prefix:
// owner.hpp), after killing the processes that still carry their mark (tool_guard.hpp).
// Throws std::runtime_error if the folder cannot be made.
std::filesystem::path make_owned_temp_dir(std::string_view prefix);

// The owner a temporary folder's name gives if it is exactly one that make_owned_temp_dir
// makes: "futolab-", a prefix (lowercase words joined by '-'), "-", an owner token as
// owner_token writes it, "-" and mkdtemp's six letters or digits. nullopt for anything else
// (`futolab-results-p3s1-backup`, `futolab-p3s1-my-thesis`, an extra suffix).
std::optional<Owner> temp_folder_owner(std::string_view name);

// The marker futolab writes into every temporary folder it makes: a regular file
// `.futolab-owned` naming the folder. A folder is reaped only with it there, a regular file
// of this user (not a link) that names the folder by its present name: a user's folder that
// merely looks like one of futolab's is left alone, as is a copy or a renamed one (red-team
// round 25, A F5). mark_owned_folder throws std::runtime_error if it cannot write it;
// made_by_futolab says whether `folder` holds it.
void mark_owned_folder(const std::filesystem::path& folder);
bool made_by_futolab(const std::filesystem::path& folder);

// The sweep make_owned_temp_dir does first (once per process and base), now: every command
// asks it at its start, so a killed futolab's scratch folders (a warm worker's, a tool's, a
// critical search's) go at the next start of any command, not only of one that makes a
// folder itself (a thread-isolation run, critical --exact or generate left them). One read
// of temp_base(); a TMPDIR that cannot be made absolute is left to the command that uses it.
void reap_stale_temp_dirs();

// Removes the folders that process `owner`, now dead and reaped, made under temp_base() (any
// prefix), after killing what still runs under their mark: a run's process that its parent
// killed (fork isolation) never ran its destructors, and its folders stayed until the next
// start (red-team round 11, F10).
void remove_folders_of(const Owner& owner);

class TempDir {
public:
    explicit TempDir(std::string_view prefix) : path_(make_owned_temp_dir(prefix)) {}
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `text` to path()/name as a new regular file (whatever a tool left at that name,
    // a FIFO or a symlink included, is removed first; throws std::runtime_error on failure)
    // and returns its path.
    std::filesystem::path write(const std::string& name, std::string_view text) const;

private:
    std::filesystem::path path_;
};

}  // namespace futolab::external
