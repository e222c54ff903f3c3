// Which futolab build made a row (SPEC §5 `build`, issue #41 §5): the provenance that resume,
// merge and compare check, per row and per sidecar. A build is named (`self` for the binary
// that runs the sweep, else the name a config's `builds:` or `--build NAME=PATH` gives it) and
// identified by what makes two binaries measure the same thing: the git commit it was built
// from, whether the work tree had uncommitted changes, the build type, and a content hash of
// the binary file itself (two builds of one dirty tree differ there, and only there).
//
// The version string follows the commit ("0.1.0+2b91a2b5c3d1", "…-dirty"): the project
// version alone stayed 0.1.0 for hundreds of commits and told nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace futolab {

struct BuildIdentity {
    std::string name;         // "self", or the name of a build in an A/B sweep
    std::string path;         // the binary as given (for `self`, /proc/self/exe resolved)
    std::string version;      // "0.1.0+<commit 12>[-dirty]"
    std::string commit;       // the full git commit, "unknown" outside a git checkout
    bool dirty = false;       // the work tree had uncommitted changes to tracked files
    std::string build_type;   // CMake's: Release, Debug, RelWithDebInfo, …
    std::string binary_hash;  // 16 hex digits: FNV-1a 64 of the binary's bytes ("" if unread)
    std::string compiler, flags;  // as CMake saw them (facts for the sidecar, not compared)

    // The `build` column: NAME@COMMIT12[-dirty]:TYPE:HASH, e.g. "self@2b91a2b5c3d1:Release:9f3c2a1b8d7e6f50".
    std::string cell() const;
    // For messages: "futolab 0.1.0+2b91a2b5c3d1 (commit 2b91…, Release, binary 9f3c…)".
    std::string text() const;
    // The same binary as far as a measurement can tell: commit, dirty flag, build type and hash.
    bool same_binary(const BuildIdentity& other) const;
};

// The default name of the build that runs a sweep without `builds:`.
inline constexpr std::string_view kSelfBuild = "self";

// This binary (named `self`); its hash is read from /proc/self/exe once, on first use.
const BuildIdentity& this_build();

// The version string of this build ("0.1.0+<commit 12>[-dirty]").
std::string futolab_version();

// A build name as the `build` column and `compare --base` use it: 1 to 40 characters of
// [A-Za-z0-9_.-]. Returns why `name` is not one ("" if it is).
std::string build_name_problem(std::string_view name);

// The name part of a `build` cell (the text before '@'; the whole cell if it has none).
std::string build_name_of_cell(std::string_view cell);

// FNV-1a 64 of a file's bytes as 16 hex digits; nullopt if it cannot be read.
std::optional<std::string> file_content_hash(const std::string& path);

}  // namespace futolab
