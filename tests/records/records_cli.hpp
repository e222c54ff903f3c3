// Shared by the CLI cases of tests/records: a small sweep to run, lock, fill or link.
#pragma once

#include "../app/cli_runner.hpp"

#include <fstream>
#include <string>

namespace futolab::test {

// The config of a sweep over the 75 4x4 Tatham puzzles (count to 2) with `solvers` (a YAML flow
// list's items), writing DIR/out/r.csv; returns its path, DIR/cfg.yaml.
inline std::string sweep_config(const std::string& dir, const std::string& solvers = "\"bitmask\"") {
    const std::string path = dir + "/cfg.yaml";
    std::ofstream(path) << "name: records-cli\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                           "/corpora/tatham-dev/n04.tatham\nsolvers: [ "
                        << solvers << " ]\noutput: " << dir << "/out/r.csv\n";
    return path;
}

}  // namespace futolab::test
