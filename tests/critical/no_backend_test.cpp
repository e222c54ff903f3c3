// critical/ names no backend (issue #27 item 3): it reaches backends only through the count
// (solvers/run/oracle.hpp) and the kernels their registry rows offer (solvers/kernel.hpp). Every
// source under critical/ is scanned, the backend names coming from the registry (so a new
// backend is checked too): no include of a backend's folder, no `NAME::` and no string literal
// "NAME" or "NAME:…". Comments are skipped: they may say which backend a default is.
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace futolab;

namespace {

// The line without a trailing // comment (a "//" inside a string literal is not expected here).
std::string code_of(const std::string& line) {
    const std::size_t at = line.find("//");
    return at == std::string::npos ? line : line.substr(0, at);
}

}  // namespace

TEST_CASE("no file of critical/ names a backend", "[critical][layers]") {
    const fs::path root = fs::path(FUTOLAB_SOURCE_DIR) / "critical";
    std::vector<std::regex> named;
    for (const BackendInfo& b : backend_table()) {
        const std::string name(b.name);
        named.emplace_back("\"solvers/" + name + "/|\\b" + name + "::|\"" + name + "[\":]");
    }
    REQUIRE(named.size() == backend_table().size());
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        ++files;
        std::ifstream in(entry.path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            const std::string code = code_of(line);
            for (const std::regex& r : named)
                if (std::regex_search(code, r))
                    FAIL_CHECK(fs::relative(entry.path(), FUTOLAB_SOURCE_DIR).string() << ":" << number << ": " << line);
        }
    }
    CHECK(files > 40);  // the folder was found and read
}
