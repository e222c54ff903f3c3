// Experiment configs (SPEC §6, configs/README.md): YAML read with yaml-cpp and checked
// strictly before anything runs — an unknown key, a wrong type, a bad duration or an unknown
// solver or option is an InputError naming the file, line and column.
#pragma once

#include "experiments/isolation.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// What an experiment does with each (instance, solver/method) pair (configs/README.md):
//   solve, count  run a solver (mode first, or count to K / all);
//   generate      make a uniquely solvable puzzle from each input square (method `unique`);
//   critical      find a verified critical clue set of each input square (method `critical`).
enum class Task { solve, count, generate, critical };
std::string_view task_name(Task task);
inline bool is_square_task(Task task) { return task == Task::generate || task == Task::critical; }

// A `generate:` source: planted random instances (generators/random_instance.hpp) over the
// cartesian product n × givens × relations (or exact counts h × k), `count` per point; or,
// with kind `unique`, uniquely solvable puzzles (generators/unique.hpp) per n.
struct GenerateSource {
    std::string kind = "random";    // random | unique
    std::vector<int> n;
    std::vector<double> givens;     // probabilities p (empty if h is used)
    std::vector<int> h;             // exact given counts (empty if givens is used)
    std::vector<double> relations;  // probabilities q (empty if k is used)
    std::vector<int> k;             // exact relation counts
    int count = 1;                  // instances per point
    std::string sampler = "jm";     // jm | shuffle
    std::string use = "both";       // unique: numbers | relations | both
    std::string grade;              // unique: target grade (fc, ac, gac, search) or empty
    int attempts = 100;             // unique: squares tried for the target grade
};

// A `squares:` source: random Latin squares (the inputs of generate and critical tasks).
struct SquaresSource {
    std::vector<int> n;
    int count = 1;
    std::string sampler = "jm";
};

// One entry of `instances:`: a file glob in any SPEC §2 format, a generator, or random squares.
struct InstanceSource {
    enum class Kind { file, generate, squares };
    Kind kind = Kind::file;
    std::string file;  // path or glob, relative to the working directory
    GenerateSource generate;
    SquaresSource squares;
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
    Task task = Task::solve;
    bool grade = false;  // solve/count: fill the CSV `grade` column (generators/grade.hpp)
    Mode mode;
    Limits limits;
    Isolation isolation = Isolation::process;  // solve/count runs (isolation.hpp)
    std::vector<InstanceSource> instances;
    std::vector<SolverSpec> solvers;  // solve/count: `solvers`; generate/critical: `methods`
    std::string output;  // the results CSV
};

ExperimentConfig load_config(const std::string& path);
ExperimentConfig parse_config(const std::string& text, const std::string& path);

// "10s", "250ms", "1.5m", "2h", "30us" or a plain number of seconds. Throws std::invalid_argument.
double parse_duration_seconds(const std::string& text);

}  // namespace futolab
