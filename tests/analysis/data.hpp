// The handmade results CSVs of tests/data/analysis (see tests/data/README.md).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace futolab::test {

inline std::string analysis_csv(const std::string& name) {
    return std::string(FUTOLAB_SOURCE_DIR "/tests/data/analysis/") + name;
}

// A results CSV written for one test: `text` in the temporary folder as futolab-<name>.
inline std::string temp_csv(const std::string& name, const std::string& text) {
    const std::string path = (std::filesystem::temp_directory_path() / ("futolab-" + name)).string();
    std::ofstream(path) << text;
    return path;
}

}  // namespace futolab::test
