// The longest temporary name AtomicFile can use beside a target (red-team round 13, A5): the
// name checks before any work ask for it, so it must be at least as long as any real one.
#include "core/atomic_file.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <unistd.h>

using namespace futolab;
namespace fs = std::filesystem;

TEST_CASE("longest_temp_path bounds every temporary name AtomicFile makes", "[core][atomic][long-name]") {
    const fs::path dir = fs::temp_directory_path() / ("futolab-temp-name-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string target = (dir / "x.cert").string();
    const std::string longest = longest_temp_path(target);
    CHECK(longest.starts_with(target + ".tmp-"));
    for (int i = 0; i < 20; ++i) {
        const AtomicFile file(target);
        CHECK(file.temp_path().starts_with(target + ".tmp-"));
        CHECK(file.temp_path().size() <= longest.size());
    }
    // ".tmp-" 8 hex digits, "-p", 7 pid digits, 's', 20 start time digits, '-', 6 random
    CHECK(longest.size() - target.size() == 50);
    fs::remove_all(dir);
}
