// Experiment configs (SPEC §6, configs/README.md): YAML read with yaml-cpp and checked
// strictly before anything runs — an unknown key, a wrong type, a bad duration or an unknown
// solver or option is an InputError naming the file, line and column.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace futolab {

// One entry of `instances:`. Files are globs in any SPEC §2 format; generators plug in here.
struct InstanceSource {
    std::string file;  // path or glob, relative to the working directory
    int line = 0;      // where it was configured (1-based), for error messages
};

struct ExperimentConfig {
    std::string path;         // the config file
    std::string text;         // verbatim, for the metadata sidecar
    std::string config_hash;  // of `text`: shards must agree on it to be merged
    std::string name;
    std::string description;
    std::uint64_t seed = 1;
    int repeats = 1;
    Mode mode;
    Limits limits;
    std::vector<InstanceSource> instances;
    std::vector<SolverSpec> solvers;
    std::string output;  // the results CSV
};

ExperimentConfig load_config(const std::string& path);
ExperimentConfig parse_config(const std::string& text, const std::string& path);

// "10s", "250ms", "1.5m", "2h", "30us" or a plain number of seconds. Throws std::invalid_argument.
double parse_duration_seconds(const std::string& text);

}  // namespace futolab
