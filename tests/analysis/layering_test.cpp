// Analysis sits beside the experiment driver, not above it (issue #27 item 4): it reads what the
// rows and sidecars say, so no analysis source may reach a header of experiments/ or solvers/,
// directly or through the headers it includes (core/, records/). Scanned from the sources'
// #include lines, so the test fails on the include, before any behaviour could depend on it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = FUTOLAB_SOURCE_DIR;

// The project headers `file` includes ("dir/name.hpp", relative to the source root).
std::vector<std::string> quoted_includes(const fs::path& file) {
    static const std::regex include(R"(^\s*#\s*include\s*"([^"]+)\")");
    std::vector<std::string> out;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, include)) out.push_back(m[1]);
    }
    return out;
}

bool forbidden(const std::string& header) { return header.starts_with("experiments/") || header.starts_with("solvers/"); }

// Every forbidden header an analysis source reaches, with the chain that reaches it.
std::map<std::string, std::string> forbidden_reached(const fs::path& source) {
    std::map<std::string, std::string> found;
    std::set<std::string> seen;
    std::vector<std::pair<std::string, std::string>> todo;  // header, how it was reached
    const std::string start = fs::relative(source, kRoot).string();
    for (const std::string& h : quoted_includes(source)) todo.push_back({h, start + " -> " + h});
    while (!todo.empty()) {
        const auto [header, chain] = todo.back();
        todo.pop_back();
        if (!seen.insert(header).second) continue;
        if (forbidden(header)) {
            found.emplace(header, chain);
            continue;
        }
        const fs::path path = kRoot / header;
        if (!fs::exists(path)) continue;  // a generated header (futolab_version.hpp)
        for (const std::string& h : quoted_includes(path)) todo.push_back({h, chain + " -> " + h});
    }
    return found;
}

}  // namespace

TEST_CASE("analysis includes nothing from experiments/ or solvers/, directly or through a header", "[layering]") {
    std::size_t sources = 0;
    for (const auto& entry : fs::directory_iterator(kRoot / "analysis")) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        ++sources;
        for (const auto& [header, chain] : forbidden_reached(entry.path())) {
            INFO(chain);
            FAIL_CHECK("analysis reaches " << header);
        }
    }
    CHECK(sources > 40);  // the scan saw the folder
}

TEST_CASE("the include scan finds a forbidden header through a chain", "[layering]") {
    // The scan itself: the runner reaches solvers/ through its own includes.
    const auto found = forbidden_reached(kRoot / "experiments" / "runner.cpp");
    CHECK(found.count("experiments/runner.hpp") == 1);
    CHECK_FALSE(forbidden_reached(kRoot / "core" / "vocabulary.hpp").size() > 0);
}
