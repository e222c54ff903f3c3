// The test runner's private scratch folder (tests/main.cpp): each test process writes its
// scratch files in a folder no other test process can see, so two test cases that CTest runs at
// once never meet in one folder (CI failed once on exactly that).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("each test process has its own empty scratch folder, handed on through TMPDIR", "[support]") {
    const fs::path tmp = fs::temp_directory_path();
    CHECK(tmp.filename().string().rfind("futolab-test-", 0) == 0);
    CHECK(fs::is_empty(tmp));  // made for this process, nothing from another test in it
    const char* env = std::getenv("TMPDIR");
    REQUIRE(env != nullptr);
    CHECK(fs::path(env) == tmp);  // children (the CLI, external tools) inherit the same folder
    std::ofstream(tmp / "mine.txt") << "x";
    CHECK(fs::exists(tmp / "mine.txt"));
}
