// Every test name survives CTest: catch_discover_tests registers one CTest test per TEST_CASE,
// and CTest splits a name at ';' (a CMake list separator), so a test named "a; b" becomes two
// tests that match nothing and never run, silently. A name that starts with '-' is read by the
// test executable as one of Catch2's own options: "--out= before …" ran every case of test_app
// with its report written to a file named " before …" (and timed out under asan). This reads
// every test source for both.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("no TEST_CASE name holds a semicolon, which would split it into CTest tests that never run", "[docs][tests]") {
    static const std::regex name(R"re(TEST_CASE\s*\(\s*"((?:[^"\\]|\\.)*)")re");
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(FUTOLAB_SOURCE_DIR) / "tests")) {
        if (entry.path().extension() != ".cpp") continue;
        ++files;
        std::ifstream in(entry.path());
        std::ostringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        for (std::sregex_iterator it(source.begin(), source.end(), name), end; it != end; ++it) {
            INFO(entry.path().string() << ": " << (*it)[1].str());
            CHECK((*it)[1].str().find(';') == std::string::npos);
            CHECK_FALSE((*it)[1].str().starts_with("-"));
        }
    }
    CHECK(files > 50);
}
