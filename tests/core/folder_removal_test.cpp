// Red-team round 28, A F7: the removal of a folder futolab made (a stale one at the next start,
// a run's own at its end) went with std::filesystem::remove_all into whatever was mounted or
// bind-mounted below it, removing files of another file system, and removed the folder's
// marker whenever its walk met it, so a removal cut half-way left an unmarked folder no later
// futolab reaped. core/folder_removal never leaves the folder's mount and never follows a
// link; the marker goes last. Another mount is stood for here by a seam (a mount check that
// calls one folder another device or mount); tests/sandbox/stale_reaper_test.cpp mounts a
// real bind mount where it may (as root).
#include "core/folder_removal.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/core/unremovable.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using futolab::external::MountOf;
using futolab::external::MountPlace;
using futolab::external::remove_folder;

namespace {

const std::string kMarker = ".futolab-owned";

void put(const fs::path& p, const std::string& text = "precious") {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

// A folder as futolab leaves one: its marker, files, and a few levels of folders.
void made_folder(const fs::path& f) {
    put(f / kMarker, "futolab temporary folder " + f.filename().string() + "\n");
    put(f / "a.txt");
    put(f / "sub" / "deeper" / "b.txt");
}

// The real mount check, but the folder `odd` (by inode) is said to lie on another mount, by its
// device or by its mount id alone (a bind mount of the same file system keeps the device).
MountOf standing_for_a_mount(const fs::path& odd, bool by_device) {
    struct stat want {};
    REQUIRE(::lstat(odd.c_str(), &want) == 0);
    return [ino = want.st_ino, by_device](int dir, const char* name) {
        std::optional<MountPlace> place = futolab::external::mount_of(dir, name);
        struct stat st {};
        const int flags = AT_SYMLINK_NOFOLLOW | (*name == '\0' ? AT_EMPTY_PATH : 0);
        if (place && ::fstatat(dir, name, &st, flags) == 0 && st.st_ino == ino) {
            if (by_device) place->dev += 1;
            else place->mount += 1;
        }
        return place;
    };
}

}  // namespace

TEST_CASE("a folder removal never follows a symlink out of the folder", "[core][leftovers][reap]") {
    const fs::path base = futolab::test::fresh_dir("core", "folder-removal-links");
    const fs::path outside = base / "outside", f = base / "f";
    put(outside / "thesis" / "chapter1.tex");
    put(outside / "notes.txt");
    made_folder(f);
    fs::create_directory_symlink(outside, f / "to-outside");
    fs::create_directory_symlink(outside / "thesis", f / "sub" / "to-thesis");
    fs::create_symlink(outside / "notes.txt", f / "sub" / "deeper" / "to-notes");
    fs::create_directory_symlink("..", f / "sub" / "up");
    const auto r = remove_folder(f, kMarker);
    CHECK(r.removed);
    CHECK(r.mounts.empty());
    CHECK_FALSE(fs::exists(fs::symlink_status(f)));
    CHECK(fs::exists(outside / "thesis" / "chapter1.tex"));
    CHECK(fs::exists(outside / "notes.txt"));
    // The folder itself a link to one futolab made: neither it nor what it leads to is touched.
    const fs::path target = base / "target", link = base / "link";
    made_folder(target);
    fs::create_directory_symlink(target, link);
    CHECK_FALSE(remove_folder(link, kMarker).removed);
    CHECK(fs::is_symlink(link));
    CHECK(fs::exists(target / kMarker));
    CHECK(fs::exists(target / "sub" / "deeper" / "b.txt"));
}

TEST_CASE("a folder removal leaves what lies on another mount and the folder with its marker",
          "[core][leftovers][reap]") {
    for (const bool by_device : {true, false}) {
        INFO((by_device ? "another device" : "the same device, another mount id (a bind mount)"));
        const fs::path base = futolab::test::fresh_dir("core", "folder-removal-mounts");
        const fs::path f = base / "f", mounted = f / "mnt";
        made_folder(f);
        put(mounted / "data.csv");
        put(mounted / "deep" / "more.csv");
        const auto r = remove_folder(f, kMarker, standing_for_a_mount(mounted, by_device));
        CHECK_FALSE(r.removed);
        REQUIRE(r.mounts.size() == 1);
        CHECK(r.mounts.front() == mounted);
        CHECK(fs::exists(mounted / "data.csv"));  // nothing on the other mount is removed
        CHECK(fs::exists(mounted / "deep" / "more.csv"));
        CHECK(fs::exists(f / kMarker));  // the folder stays futolab's: the next start tries again
        CHECK_FALSE(fs::exists(f / "a.txt"));  // what lies on the folder's own mount is gone
        CHECK_FALSE(fs::exists(f / "sub"));
        // The mount gone (here: the seam no longer says so), the next removal finishes.
        CHECK(remove_folder(f, kMarker).removed);
        CHECK_FALSE(fs::exists(f));
    }
    // The folder itself on another mount than the folder holding it (something mounted on it).
    const fs::path base = futolab::test::fresh_dir("core", "folder-removal-mounted-on");
    const fs::path f = base / "f";
    made_folder(f);
    const auto r = remove_folder(f, kMarker, standing_for_a_mount(f, true));
    CHECK_FALSE(r.removed);
    CHECK(fs::exists(f / "a.txt"));
    CHECK(fs::exists(f / kMarker));
}

TEST_CASE("a folder removal cut by a file it cannot remove keeps the marker and the next one finishes",
          "[core][leftovers][reap]") {
    const fs::path base = futolab::test::fresh_dir("core", "folder-removal-cut");
    // The marker made before and after what cannot go: whichever order a walk reads them in,
    // one of the two folders has its marker met first.
    const fs::path first = base / "marker-first", last = base / "marker-last";
    made_folder(first);
    put(first / "stuck" / "file");
    put(last / "stuck" / "file");
    made_folder(last);
    futolab::test::Unremovable stuck_first(first / "stuck" / "file"), stuck_last(last / "stuck" / "file");
    if (!stuck_first.made() || !stuck_last.made()) {
        WARN("no file can be made unremovable here (root on a file system without the immutable flag): skipped");
        return;
    }
    for (const fs::path& f : {first, last}) {
        INFO(f);
        CHECK_FALSE(remove_folder(f, kMarker).removed);
        CHECK(fs::exists(f / kMarker));
        CHECK(fs::exists(f / "stuck" / "file"));
        CHECK_FALSE(fs::exists(f / "a.txt"));
    }
    stuck_first.undo();
    stuck_last.undo();
    for (const fs::path& f : {first, last}) {
        INFO(f);
        CHECK(remove_folder(f, kMarker).removed);
        CHECK_FALSE(fs::exists(f));
    }
}
