// --redo's rewrite of a results CSV asks, right before it, whether the CSV's lock is still the
// run's (records/redo.hpp): a lock file removed while the resume checked the CSV let another
// futolab take the name, and the rows left the CSV anyway. It asks by the lock's name only: the
// rewritten CSV (a new file) is then still the one the run locks by its identity at its first
// record (OutputLock::check_name_held_for).
#include "records/output_lock.hpp"
#include "records/redo.hpp"
#include "records_cli.hpp"  // fresh_dir, slurp

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

const std::string kRows = "run,status\n0,unique\n1,crash\n";

// Whether a new open of `path` can take its flock: not if a writer holds it by its identity.
bool identity_free(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    ::close(fd);
    return free;
}

}  // namespace

TEST_CASE("redo rewrites nothing once the CSV lock is removed", "[records][redo][lock]") {
    const fs::path dir = futolab::test::fresh_dir("redo-lock", "removed");
    const std::string csv = (dir / "r.csv").string();
    std::ofstream(csv, std::ios::binary) << kRows;
    const OutputLock lock(csv);
    fs::remove(lock_path(csv));  // an `rm` during the resume checks: another futolab may take the name
    CHECK_THROWS_WITH(remove_rows_with_status(csv, {"crash"}, {}, &lock),
                      Catch::StartsWith(csv + ": not written: " + lock_path(csv) + ": removed or replaced while futolab held it"));
    CHECK(futolab::test::slurp(csv) == kRows);
}

TEST_CASE("redo under its lock rewrites the CSV, which the lock then holds by its identity", "[records][redo][lock]") {
    const fs::path dir = futolab::test::fresh_dir("redo-lock", "held");
    const std::string csv = (dir / "r.csv").string();
    std::ofstream(csv, std::ios::binary) << kRows;
    const OutputLock lock(csv);
    CHECK(remove_rows_with_status(csv, {"crash"}, {}, &lock).rows == 1);
    CHECK(futolab::test::slurp(csv) == "run,status\n0,unique\n");
    CHECK(identity_free(csv));  // a new file: not locked yet
    lock.check_held();          // the first record's check moves the identity lock to it
    CHECK_FALSE(identity_free(csv));
}
