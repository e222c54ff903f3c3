// The handmade results CSVs of tests/data/analysis (see tests/data/README.md).
#pragma once

#include <string>

namespace futolab::test {

inline std::string analysis_csv(const std::string& name) {
    return std::string(FUTOLAB_SOURCE_DIR "/tests/data/analysis/") + name;
}

}  // namespace futolab::test
