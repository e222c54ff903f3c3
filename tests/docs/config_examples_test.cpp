// Every YAML example of configs/README.md is a config futolab accepts (red-team round 12,
// finding 15: its task greedy example said `sampler: jacobson-matthews`, which the config
// refuses: "must be one of jm, shuffle"). Parsed as written, from configs/, so its relative
// paths resolve as a config there would; an example that shows only some keys (no `name:`)
// gets a name and nothing else.
#include "core/error.hpp"
#include "experiments/config.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The ```yaml blocks of a Markdown file, each with the line its first line is on.
std::vector<std::pair<int, std::string>> yaml_blocks(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::pair<int, std::string>> out;
    bool inside = false;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (!inside && line.rfind("```yaml", 0) == 0) {
            inside = true;
            out.push_back({number + 1, ""});
        } else if (inside && line.rfind("```", 0) == 0) {
            inside = false;
        } else if (inside) {
            out.back().second += line + "\n";
        }
    }
    return out;
}

}  // namespace

TEST_CASE("every YAML example of configs/README.md parses as a config", "[docs][configs]") {
    const fs::path readme = fs::path(FUTOLAB_SOURCE_DIR) / "configs" / "README.md";
    const auto blocks = yaml_blocks(readme);
    REQUIRE(blocks.size() >= 5);
    for (const auto& [line, text] : blocks) {
        INFO("configs/README.md:" << line);
        const bool named = text.rfind("name:", 0) == 0 || text.find("\nname:") != std::string::npos;
        // The path names the example's folder (configs/): its `file:` paths resolve from there.
        CHECK_NOTHROW(futolab::parse_config(named ? text : "name: example\n" + text, readme.string()));
    }
}
