// The run matrix of an experiment: instances × solvers × repeats, in a fixed order, with
// seeds derived from the config seed and each run's coordinates, so that every shard and
// every resume sees the same runs with the same seeds.
#pragma once

#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "core/random.hpp"  // splitmix64, used by schedule.cpp too
#include "experiments/config.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"

#include <atomic>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace futolab {

struct PlannedRun {
    std::size_t index = 0;  // position in the full matrix (the CSV `run` column)
    int instance = 0;       // into RunMatrix::instances
    int solver = 0;         // into RunMatrix::solvers
    int repeat = 1;         // 1-based (for a warm-up run: which warm-up of its pair)
    std::uint64_t seed = 0;
    bool warmup = false;    // run and thrown away (config `warmup`, experiments/schedule.hpp)
    int build = 0;          // into RunMatrix::build_names (0 and only 0 without `builds:`)
};

// Which symmetry class an instance of a `classes:` source is (task exact).
struct ClassRef {
    std::size_t index = 0;  // into square_classes(n)
    int orbit = 0;          // squares in the class
};

// The id of class `index` of order n as a `classes:` source names its instance (exact-n5-c01234):
// the class a task exact row is of, fixed by its instance (resume and merge hold the record's
// meta.class and meta.orbit to it).
std::string class_instance_id(int n, std::uint64_t index);

// Which shard of which few-relations count an instance of a `few_relations:` source is, and
// where its checkpoint folder is ("" none).
struct FewRelationsRef {
    int k = 0;
    std::uint64_t shard = 0, shards = 1;
    std::string checkpoint;
};

struct RunMatrix {
    std::vector<Puzzle> instances;
    std::vector<SolverSpec> solvers;
    std::vector<std::string> specs;        // SolverSpec::spec() of each solver, computed once
    std::vector<std::string> param_names;  // the generate sweep axes (CSV `param_<name>` columns)
    std::vector<double> param_values;      // instances × param_names, row-major; NaN: none (a file instance)
    std::vector<PlannedRun> runs;        // instance-major, then solver, then build, then repeat
    std::vector<SkippedInput> skipped;  // invalid inputs left out (skip_invalid only)
    std::vector<ClassRef> classes;      // task exact: per instance (exact takes classes sources only)
    std::vector<FewRelationsRef> few_relations;  // task few-relations: per instance (few_relations sources only)
    std::vector<std::uint64_t> own_seeds;  // task greedy: per instance, the seed of its runs (critical_squares sources)
    std::vector<InputFile> input_files; // every file read, with its content hash (the sidecar's `inputs`)
    std::vector<std::string> build_names;  // the config's `builds:` names, else {"self"}

    // The nominal sweep values of instance i, in the order of param_names.
    std::span<const double> params_of(int instance) const {
        return {param_values.data() + static_cast<std::size_t>(instance) * param_names.size(), param_names.size()};
    }
};

// The swept generator parameters of a config, in column order: givens, h, relations, k, each
// if some `generate: {kind: random}` source has it (givens and relations also by default).
// n is not among them: the `n` column holds it for every instance.
std::vector<std::string> sweep_axes(const ExperimentConfig& config);

// The instances the config's generate and squares sources will make, counted from the config
// alone (file sources count 0): saturates at UINT64_MAX instead of overflowing.
std::uint64_t generated_instance_count(const ExperimentConfig& config);

// The size guard (issue #18): instances × solvers × (repeats + warmup) runs, refused with an
// InputError giving the count when it exceeds config.max_runs. `at_least`: the instance count
// does not include file instances yet (the check before anything is read or generated).
void check_run_count(const ExperimentConfig& config, std::uint64_t instances, bool at_least = false);

// A stop request (SIGINT, SIGTERM, SIGHUP) taken while an experiment was prepared, before any
// file of it was written: the command ends with exit 1 and this message.
struct MatrixStopped : std::runtime_error {
    MatrixStopped() : std::runtime_error("interrupted while the experiment was prepared (its runs laid out): nothing written") {}
};

// A file an experiment reads, found from here as the run finds it (beside the config, else from
// the working directory), and what it is to the config as a message names it: the config itself
// ("the config itself"), a `file:` glob's match, a critical_squares.file or critical_orders.file
// ("an instances file, file: at CONFIG:LINE:COLUMN"), a build's binary. For the checks that an
// output is none of them (experiments/runner.cpp), asked before the instances are read.
struct ConfigInput {
    std::string path;
    std::string what;
};
std::vector<ConfigInput> config_inputs(const ExperimentConfig& config);

// Loads every instance source (globs expanded and sorted) and lays out the runs. An invalid
// file instance is an InputError, or, with skip_invalid, left out and listed in `skipped`
// (it is an error still if nothing valid is left). `stop` (may be null; Interrupt::flag()):
// polled between two instances made or read, by each uniqueness question of a `unique`
// generator, and before each run laid out, so a stop ends a build of minutes within a moment
// (MatrixStopped), whatever the number of instances, solvers, builds and repeats.
RunMatrix build_run_matrix(const ExperimentConfig& config, bool skip_invalid = false, const std::atomic<bool>* stop = nullptr);

// Shard `index` of `count`, counted from 0 (app/shard_text.hpp): the runs whose mixed matrix
// index (splitmix64) ≡ index (mod count). Mixing, not plain round robin: the matrix is instance-major with the
// solvers innermost, so index mod count would give one shard every run of one solver
// whenever count is a multiple of the number of solvers (all of backtracking's slow runs on
// half the nodes). A hash spreads solvers, sizes and repeats evenly, deterministically.
// `stop` (may be null): polled before each run, as build_run_matrix does (MatrixStopped).
std::vector<PlannedRun> shard_of(const std::vector<PlannedRun>& runs, int index, int count,
                                 const std::atomic<bool>* stop = nullptr);
// True if run `run_index` of the matrix is in shard `index` of `count` (as shard_of splits them):
// resume and merge refuse a row of another shard (issue #45, round 8).
bool in_shard(std::size_t run_index, int index, int count);

// The row identity (records/results_csv.hpp, run_key) of a planned run.
std::string run_key(const RunMatrix& m, const PlannedRun& run);

// splitmix64 (Steele, Lea & Flood 2014) mixing: a seed from the config seed and coordinates.
std::uint64_t derive_seed(std::uint64_t base, const std::string& coordinates);

}  // namespace futolab
