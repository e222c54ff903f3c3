// core/made_folders.hpp: the folders a command made for its outputs go again when it is refused,
// each only if nothing but unheld lock files is in it (red-team round 25, A F2).
#include "core/made_folders.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

fs::path fresh(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-made-folders-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void make(const fs::path& dir) {
    std::error_code ec;
    futolab::make_folders(dir, ec);
    REQUIRE_FALSE(ec);
}

}  // namespace

TEST_CASE("remove_made_folders removes the folders made that hold nothing or unheld locks only", "[core][outputs]") {
    const fs::path dir = fresh("empty");
    make(dir / "a" / "b" / "c");
    make(dir / "a" / "d");
    std::ofstream(dir / "a" / "d" / ".x.cert.lock") << "1\n";
    make(dir / "nosub" / ".." / "e");  // `nosub/..` names dir: nosub and e made
    futolab::remove_made_folders();
    CHECK_FALSE(fs::exists(dir / "a"));
    CHECK_FALSE(fs::exists(dir / "nosub"));
    CHECK_FALSE(fs::exists(dir / "e"));
    CHECK(fs::is_directory(dir));  // there before: never removed
    fs::remove_all(dir);
}

TEST_CASE("remove_made_folders keeps a folder with a file in it or a lock held and one not made", "[core][outputs]") {
    const fs::path dir = fresh("kept");
    make(dir / "out" / "sub");
    std::ofstream(dir / "out" / "sub" / "x.csv") << "a\n";  // an output written: kept, and so its parent
    make(dir / "held");
    std::ofstream(dir / "held" / ".y.csv.lock") << "1\n";
    const int fd = ::open((dir / "held" / ".y.csv.lock").c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX) == 0);  // a live writer's lock (this process, another description)
    fs::create_directory(dir / "there");
    make(dir / "there");  // there before the call: not noted
    make(dir / "other");
    std::ofstream(dir / "other" / "notes.txt") << "a user's file\n";
    futolab::remove_made_folders();
    CHECK(fs::exists(dir / "out" / "sub" / "x.csv"));
    CHECK(fs::exists(dir / "held" / ".y.csv.lock"));
    CHECK(fs::is_directory(dir / "there"));
    CHECK(fs::exists(dir / "other" / "notes.txt"));
    ::close(fd);
    // Forgotten once removed or kept: a second call removes nothing made before the first.
    futolab::remove_made_folders();
    CHECK(fs::exists(dir / "held" / ".y.csv.lock"));
    fs::remove_all(dir);
}

TEST_CASE("remove_made_folders removes the lock files noted as made that no one holds", "[core][outputs]") {
    const fs::path dir = fresh("locks");
    const auto made_lock = [](const fs::path& path) {
        std::ofstream(path) << "1\n";
        struct stat st {};
        REQUIRE(::stat(path.c_str(), &st) == 0);
        futolab::note_made_lock(path, st);
    };
    made_lock(dir / ".a.csv.lock");  // made, unheld: removed
    made_lock(dir / ".b.csv.lock");  // made, held by a live writer: kept
    const int fd = ::open((dir / ".b.csv.lock").c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX) == 0);
    made_lock(dir / ".c.csv.lock");  // made, then replaced by another writer's file (renamed over it): kept
    std::ofstream(dir / "c.tmp") << "2\n";
    fs::rename(dir / "c.tmp", dir / ".c.csv.lock");
    std::ofstream(dir / ".d.csv.lock") << "3\n";  // never noted (there before the command): kept
    make(dir / "sub");
    made_lock(dir / "sub" / ".e.csv.lock");  // in a folder made: the lock, then the folder, go
    futolab::remove_made_folders();
    CHECK_FALSE(fs::exists(dir / ".a.csv.lock"));
    CHECK(fs::exists(dir / ".b.csv.lock"));
    CHECK(fs::exists(dir / ".c.csv.lock"));
    CHECK(fs::exists(dir / ".d.csv.lock"));
    CHECK_FALSE(fs::exists(dir / "sub"));
    ::close(fd);
    // Forgotten once kept: the lock released since is not removed by a later call.
    futolab::remove_made_folders();
    CHECK(fs::exists(dir / ".b.csv.lock"));
    fs::remove_all(dir);
}
