// Files that go together are put in place together (core/atomic_file.hpp, commit_together;
// red-team round 26, A F4: merge renamed its CSV over the earlier merge's, then failed at the
// schema and removed both). Every file is finished before any is renamed, so one that cannot be
// (here: another futolab took its name's lock meanwhile, which a whole-file write asks again
// before its rename) leaves every target as it was.
#include "../records/records_cli.hpp"
#include "core/atomic_file.hpp"
#include "core/live_writer.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// What a writer of `file` holds: an flock on its lock file, with its pid in it.
std::shared_ptr<void> lock_of(const std::string& file) {
    const int fd = ::open(futolab::lock_path(file).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
    const std::string pid = std::to_string(::getpid()) + "\n";
    REQUIRE(::pwrite(fd, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size()));
    return {new int(fd), [](int* held) {
                ::close(*held);
                delete held;
            }};
}

// No temporary file of a writer is left in `dir`.
void no_temp_files(const fs::path& dir) {
    for (const auto& entry : fs::directory_iterator(dir))
        CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
}

}  // namespace

TEST_CASE("commit_together renames no file when one of them cannot be finished", "[core][atomic]") {
    const fs::path dir = futolab::test::fresh_dir("commit-together", "refused");
    const std::vector<std::string> names{"m.csv", "m.csv.schema.json", "m.jsonl", "m.csv.meta.yaml"};
    for (const std::string& name : names) std::ofstream(dir / name) << "old " << name;
    // Each of the files in turn refused: those before it are finished, none renamed.
    for (const std::string& refused : names) {
        {
            std::vector<std::unique_ptr<futolab::AtomicFile>> files;
            std::vector<futolab::AtomicFile*> together;
            for (const std::string& name : names) {
                files.push_back(std::make_unique<futolab::AtomicFile>((dir / name).string()));
                files.back()->write("new " + name);
                together.push_back(files.back().get());
            }
            const std::string path = (dir / refused).string();
            const futolab::test::OtherProcess other([path] { return lock_of(path); });
            INFO(refused);
            CHECK_THROWS_WITH(futolab::commit_together(together),
                              Catch::Contains(refused + ": another futolab (pid " + other.pid() + ") is writing it"));
        }
        for (const std::string& name : names) CHECK(slurp((dir / name).string()) == "old " + name);
        no_temp_files(dir);
    }
}

TEST_CASE("commit_together puts every file in place", "[core][atomic]") {
    const fs::path dir = futolab::test::fresh_dir("commit-together", "done");
    std::ofstream(dir / "a") << "old a";
    futolab::AtomicFile a((dir / "a").string()), b((dir / "b").string());
    a.write("new a");
    b.write("new b");
    futolab::commit_together({&a, &b});
    CHECK(slurp((dir / "a").string()) == "new a");
    CHECK(slurp((dir / "b").string()) == "new b");
    no_temp_files(dir);
}

// A rename that fails after others (EIO, ESTALE on a network share; here a folder at the name)
// puts the earlier files back as they were: the earlier merge's CSV was lost, its sidecar left
// alone (red-team round 27, A F9).
TEST_CASE("commit_together puts the old files back when a later rename fails", "[core][atomic]") {
    const std::vector<std::string> names{"m.csv", "m.csv.schema.json", "m.jsonl", "m.csv.meta.yaml"};
    for (std::size_t failing = 1; failing < names.size(); ++failing) {
        const fs::path dir = futolab::test::fresh_dir("commit-together", "put-back-" + std::to_string(failing));
        for (std::size_t i = 0; i < names.size(); ++i)
            if (i != failing) std::ofstream(dir / names[i]) << "old " << names[i];
        {
            std::vector<std::unique_ptr<futolab::AtomicFile>> files;
            std::vector<futolab::AtomicFile*> together;
            for (const std::string& name : names) {
                files.push_back(std::make_unique<futolab::AtomicFile>((dir / name).string()));
                files.back()->write("new " + name);
                together.push_back(files.back().get());
            }
            fs::create_directories(dir / names[failing] / "x");  // a folder that is not empty: no rename over it
            INFO(names[failing]);
            CHECK_THROWS_WITH(futolab::commit_together(together), Catch::Contains(names[failing]));
        }
        for (std::size_t i = 0; i < names.size(); ++i)
            if (i != failing) CHECK(slurp((dir / names[i]).string()) == "old " + names[i]);
        no_temp_files(dir);
    }
    // Where there was no old file, the new one is removed again.
    const fs::path dir = futolab::test::fresh_dir("commit-together", "put-back-none");
    {
        futolab::AtomicFile a((dir / "a").string()), b((dir / "b").string());
        a.write("new a");
        b.write("new b");
        fs::create_directories(dir / "b" / "x");
        CHECK_THROWS(futolab::commit_together({&a, &b}));
    }
    CHECK_FALSE(fs::exists(dir / "a"));
    no_temp_files(dir);
}
