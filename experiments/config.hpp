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

// A `generate:` source: planted random instances (generators/random_instance.hpp) over the
// cartesian product n × givens × relations (or exact counts h × k), `count` per point.
struct GenerateSource {
    std::vector<int> n;
    std::vector<double> givens;     // probabilities p (empty if h is used)
    std::vector<int> h;             // exact given counts (empty if givens is used)
    std::vector<double> relations;  // probabilities q (empty if k is used)
    std::vector<int> k;             // exact relation counts
    int count = 1;                  // instances per point
    std::string sampler = "jm";     // jm | shuffle
};

// One entry of `instances:`: a file glob in any SPEC §2 format, or a generator.
struct InstanceSource {
    std::string file;  // path or glob, relative to the working directory; empty for generate
    bool generated = false;
    GenerateSource generate;
    int line = 0;  // where it was configured (1-based), for error messages
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
