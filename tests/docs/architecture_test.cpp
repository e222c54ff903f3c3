// docs/architecture.md names real files: every path it writes in backquotes exists (paths with
// a placeholder in capitals, `solvers/NAME/`, are not checked), and it names every file of a
// task kind, so the "add a task kind" list cannot go stale silently.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = FUTOLAB_SOURCE_DIR;

std::string architecture_text() {
    std::ifstream in(kRoot / "docs" / "architecture.md");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The backquoted spans that are paths: lower-case path characters with a '/', ending in a file
// extension or a '/'.
std::vector<std::string> named_paths(const std::string& text) {
    static const std::regex span("`([^`\n]+)`");
    static const std::regex path(R"(^[a-z0-9_.-]+(/[a-z0-9_.-]+)*(\.[a-z]+|/)$)");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), span); it != std::sregex_iterator(); ++it) {
        const std::string s = (*it)[1];
        if (s.find('/') != std::string::npos && std::regex_match(s, path)) out.push_back(s);
    }
    return out;
}

}  // namespace

TEST_CASE("every file docs/architecture.md names exists", "[docs]") {
    const std::vector<std::string> paths = named_paths(architecture_text());
    CHECK(paths.size() > 40);  // the page was read and its paths found
    for (const std::string& p : paths) {
        INFO(p);
        CHECK(fs::exists(kRoot / p));
    }
}

TEST_CASE("docs/architecture.md names every file of the task kinds", "[docs]") {
    const std::string text = architecture_text();
    for (const auto& entry : fs::directory_iterator(kRoot / "experiments" / "tasks")) {
        const std::string p = "experiments/tasks/" + entry.path().filename().string();
        if (entry.path().extension() != ".cpp" && entry.path().stem() != "square_row")
            continue;  // square_row.hpp is the one header of the folder
        INFO(p);
        CHECK(text.find("`" + p + "`") != std::string::npos);
    }
}

TEST_CASE("the path pattern skips placeholders and text", "[docs]") {
    const auto found = named_paths("`solvers/NAME/` `core/status.hpp` `futolab list` `a/b/` `run --redo`");
    REQUIRE(found.size() == 2);
    CHECK(found[0] == "core/status.hpp");
    CHECK(found[1] == "a/b/");
}
