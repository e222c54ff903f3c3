// Configs that the `config` fuzz target once found crashing or hanging the YAML loader, kept
// in tests/data/fuzz-regressions/config/: each must load or fail with an InputError.
#include "core/error.hpp"
#include "experiments/config.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

TEST_CASE("fuzz regressions: each config loads or is an InputError", "[config][fuzz]") {
    const fs::path dir = fs::path(FUTOLAB_SOURCE_DIR) / "tests/data/fuzz-regressions/config";
    if (!fs::is_directory(dir)) return;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
        INFO(entry.path().string());
        std::ifstream file(entry.path(), std::ios::binary);
        std::ostringstream text;
        text << file.rdbuf();
        try {
            futolab::parse_config(text.str(), entry.path().string());
        } catch (const futolab::InputError&) {
        }
    }
}

TEST_CASE("fuzz regressions: the config findings are InputErrors naming the place", "[config][fuzz]") {
    const fs::path dir = fs::path(FUTOLAB_SOURCE_DIR) / "tests/data/fuzz-regressions/config";
    for (const char* name : {"nonscalar-key.yaml", "number-out-of-range.yaml", "n-beyond-int.yaml", "huge-sweep.yaml",
                             "nan-time-limit.yaml", "mode-without-count.yaml"}) {
        INFO(name);
        std::ifstream file(dir / name, std::ios::binary);
        std::ostringstream text;
        text << file.rdbuf();
        REQUIRE_FALSE(text.str().empty());
        CHECK_THROWS_AS(futolab::parse_config(text.str(), name), futolab::InputError);
    }
}
