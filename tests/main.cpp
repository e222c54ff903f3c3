// The one Catch2 main shared by every test executable.
//
// CTest runs every TEST_CASE as its own process, two or more at a time, and many tests write
// scratch files under std::filesystem::temp_directory_path() with fixed names. Two test cases
// of one file could then see each other's files: CI once failed because one case listed its
// folder while the next case of the same file was writing "b.csv.tmp" there. So each test
// process gets a private scratch folder, made with mkdtemp under the caller's TMPDIR and
// handed on through TMPDIR (which temp_directory_path() and every child process, the CLI
// included, read). It is removed when the process ends; FUTOLAB_KEEP_TEST_TMP=1 keeps it for
// a post-mortem.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#include <sys/prctl.h>

namespace {

// The private folder, or "" when it cannot be made (the tests then run in the shared one).
std::string make_private_tmp() {
    const char* outer = std::getenv("TMPDIR");
    std::string pattern = (outer && *outer) ? outer : "/tmp";
    pattern += "/futolab-test-XXXXXX";
    if (!mkdtemp(pattern.data())) {
        std::cerr << "tests: could not make a private scratch folder under " << pattern
                  << "; using the shared one\n";
        return {};
    }
    setenv("TMPDIR", pattern.c_str(), 1);
    return pattern;
}

}  // namespace

// In every test executable: CTest's test discovery (catch_discover_tests) passes the names as
// a CMake list, where ';' separates and an unbalanced '[' or ']' quotes. A name with either
// merged every later test case of its executable into one CTest test that ran none of them
// (a name holding "]]>" hid 156 cases of test_analysis).
TEST_CASE("every test case name is one item of a CMake list", "[tests]") {
    for (const Catch::TestCase& t : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
        const std::string& name = t.getTestCaseInfo().name;
        INFO(name);
        CHECK(name.find(';') == std::string::npos);
        long depth = 0;
        for (const char c : name) {
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            CHECK(depth >= 0);
        }
        CHECK(depth == 0);
    }
}

int main(int argc, char* argv[]) {
    // Named futolab (/proc/PID/comm): a test holds futolab's output locks in its own process, or
    // in one forked from it, standing in for another futolab, and the futolab it runs calls a
    // lock's holder so only when that process is one (core/lock_holder.hpp; red-team round 28,
    // A F3). Its children that run other programs take their names.
    ::prctl(PR_SET_NAME, "futolab");
    const std::string tmp = make_private_tmp();
    const int rc = Catch::Session().run(argc, argv);
    const char* keep = std::getenv("FUTOLAB_KEEP_TEST_TMP");
    if (!tmp.empty() && !(keep && std::string(keep) == "1")) {
        std::error_code ignored;
        std::filesystem::remove_all(tmp, ignored);
    }
    return rc;
}
