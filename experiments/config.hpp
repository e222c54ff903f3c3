// Experiment configs (SPEC §6, configs/README.md): YAML read with yaml-cpp and checked
// strictly before anything runs — an unknown key, a wrong type, a bad duration or an unknown
// solver or option is an InputError naming the file, line and column.
#pragma once

#include "core/clue_use.hpp"
#include "core/error.hpp"
#include "core/grades.hpp"
#include "core/vocabulary.hpp"
#include "experiments/task_kinds.hpp"
#include "generators/generator_kind.hpp"
#include "generators/latin/random.hpp"
#include "sandbox/sandbox.hpp"
#include "solvers/command/declaration.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Task (solve, count, generate, critical, exact) and everything a kind implies: its row of
// kTasks (experiments/task_kinds.hpp).

// A `generate:` source: planted random instances (generators/random_instance.hpp) over the
// cartesian product n × givens × relations (or exact counts h × k), `count` per point; or,
// with kind `unique`, uniquely solvable puzzles (generators/unique.hpp) per n.
struct GenerateSource {
    GeneratorKind kind = GeneratorKind::random;
    std::vector<int> n;
    std::vector<double> givens;     // probabilities p (empty if h is used)
    std::vector<int> h;             // exact given counts (empty if givens is used)
    std::vector<double> relations;  // probabilities q (empty if k is used)
    std::vector<int> k;             // exact relation counts
    int count = 1;                  // instances per point
    LatinSampler sampler = LatinSampler::jacobson_matthews;
    ClueUse use = ClueUse::both;    // unique
    std::optional<Grade> grade;     // unique: a target grade (core/grades.hpp), or none
    int attempts = 100;             // unique: squares tried for the target grade
};

// A `squares:` source: random Latin squares (the inputs of generate and critical tasks).
struct SquaresSource {
    std::vector<int> n;
    int count = 1;
    LatinSampler sampler = LatinSampler::jacobson_matthews;
};

// A `classes:` source (task exact only): the symmetry classes of Latin squares of order n
// (generators/latin/symmetry.hpp, square_classes: index = position in lexicographic order of the
// canonical representatives), from class `first`, `count` of them (0: to the last), every
// `stride`-th one: first, first + stride, ... (`critical --exact --n N --shard I/S`'s classes I,
// I + S, ...).
struct ClassesSource {
    int n = 0;
    std::uint64_t first = 0;
    std::uint64_t count = 0;
    std::uint64_t stride = 1;
};

// A `critical_squares:` source (task greedy only): the squares of `futolab critical`'s default
// mode, each with its own seed and named as that command names it (app/cmd_critical.cpp renders
// this source from its options, so a critical run is an experiment: resume, limits, hashes).
// One of: `n` with `count` random squares, square i with seed `seed` + i and id
// critical-n<n>-s<seed + i>; `square` (rows separated by '/'), id square:critical; or `file`, each
// instance's solution (or unique solution), id <its id>:critical; the given ones with `seed`.
struct CriticalSquaresSource {
    int n = 0;  // > 0: random squares of this order
    std::uint64_t count = 1;
    std::uint64_t seed = 1;
    LatinSampler sampler = LatinSampler::jacobson_matthews;
    std::string square;  // a solved square, "2 1 4 3/4 2 3 1/..."
    std::string file;    // instances whose solutions are the squares (relative to the config, as `file:`)
    SourceLoc file_at = {};  // where `file:` is (a file that cannot be read is refused there)
};

// A `critical_orders:` source (tasks construct, exhaustive, exact-sample and free-square): one run
// per order, for the modes of `futolab critical` that compute one thing of an order (the chain
// construction, the exact minima over all its squares, a sample's minimum, a zero-given puzzle).
// Its instance is the empty n×n board, id n<n>; a kind whose runs draw from `seed`
// (TaskInfo::order_seed) has `count` of them, seeds seed..seed + count − 1, ids n<n>-s<seed>
// (free-square: zero-given-n<n>-free-s<seed>, its records' ids). A kind that takes start puzzles
// (TaskInfo::start_puzzles) takes `file` instead of `n`: one run per puzzle of the file, that
// puzzle its instance, all with `seed` (free-square: id <its id>:free-s<seed>).
struct CriticalOrdersSource {
    int n = 0;
    std::uint64_t seed = 1;   // order_seed kinds: the (first) run's seed
    std::uint64_t count = 1;  // order_seed kinds with `n`: how many runs
    std::string file = {};    // start_puzzles kinds: the start puzzles (instead of `n`; relative to the config, as `file:`)
    SourceLoc file_at = {};   // where `file:` is (a file that cannot be read is refused there)
};

// A `few_relations:` source (task few-relations only): the shards of one few-relations
// enumeration (critical/zero_given/few_relations.hpp), every zero-given puzzle of order `n` with
// `k` relations counted to 2, split into `shards` parts; one run per shard: all of them, or from
// shard `first`, `count` of them (a config's at least 1; 0 here: to the last) every `stride`-th
// one (`futolab critical --few-relations --shard I/S`: first I, count 1). Its instance is the
// empty board, id n<n>-k<k>-shard-<i>-of-<shards> as the shard's file names it. `checkpoint` (a
// folder; "" none; an output, so relative to the working directory as `output:` is): each shard's
// counts go to its file there when it ends, and a shard whose file is there already is taken
// from it, not counted again.
struct FewRelationsSource {
    int n = 0;
    int k = 0;
    std::uint64_t shards = 1;
    std::uint64_t first = 0;
    std::uint64_t count = 0;
    std::uint64_t stride = 1;
    std::string checkpoint = {};
    SourceLoc checkpoint_at = {};  // where `checkpoint:` is (what is at its path is asked before the run)
};

// One entry of `instances:`: a file glob in any SPEC §2 format, a generator, random squares,
// the symmetry classes of one order, the squares of `futolab critical`, or an order.
struct InstanceSource {
    enum class Kind { file, generate, squares, classes, critical_squares, critical_orders, few_relations };
    Kind kind = Kind::file;
    std::string file;  // path or glob, relative to the config file (run_matrix.cpp, expand)
    SourceLoc file_at;  // where `file:`'s value is: a path that matches nothing or cannot be read is refused there
    GenerateSource generate;
    SquaresSource squares;
    ClassesSource classes;
    CriticalSquaresSource critical_squares;
    CriticalOrdersSource critical_orders;
    FewRelationsSource few_relations;
    int line = 0;  // where it was configured (1-based), for error messages
};

// The order the runs of a shard are executed in (`order:`, SPEC §6). The run matrix and its
// `run` indices do not change; only the execution order does (experiments/schedule.hpp).
//   shuffled     a random permutation of every (instance, solver, repeat), seeded by the config
//                seed: slow drifts of the machine (heat, other load) spread over all solvers
//                and repeats instead of hitting one of them (the default);
//   interleaved  repeat by repeat: every (instance, solver) once, then again (an instance's
//                solvers in a seeded order per repeat, see schedule.hpp);
//   sequential   the matrix order: instance-major, repeats back to back (futolab <= 0.x).
enum class RunOrder { shuffled, interleaved, sequential };
inline constexpr Vocabulary<RunOrder, 3> kRunOrders{{
    {RunOrder::shuffled, "shuffled"},
    {RunOrder::interleaved, "interleaved"},
    {RunOrder::sequential, "sequential"},
}};
std::string_view run_order_name(RunOrder order);

// A run matrix larger than this is refused before anything is built (`max_runs:`): a typo
// such as `repeats: 1000000000` must not fill memory. About 100 bytes per run are held
// (the matrix, the execution order, the wall times of the noise figure).
constexpr std::uint64_t kDefaultMaxRuns = 100'000'000;

// One build of an A/B sweep (`builds:`, or `futolab run --build NAME=PATH`): a futolab binary,
// possibly of another commit, whose warm workers run its share of the runs (worker_protocol.hpp).
struct BuildSpec {
    std::string name;  // the `build` column's name part and `compare --base`'s (build_identity.hpp)
    std::string path;  // the binary
    SourceLoc path_at;  // where its `path:` is (line 0: given on the command line, --build)
};

struct ExperimentConfig {
    std::string path;         // the config file
    std::string text;         // verbatim, for the metadata sidecar
    std::string config_hash;  // of `text`: shards must agree on it to be merged
    std::string name;
    std::string description;
    std::uint64_t seed = 1;
    int repeats = 1;
    RunOrder order = RunOrder::shuffled;
    int warmup = 0;     // unrecorded runs per (instance, solver), done before the recorded ones
    bool pin = false;   // pin each worker thread to its own core (sandbox/pinning.hpp)
    std::uint64_t max_runs = kDefaultMaxRuns;  // refuse larger run matrices (counted before built)
    Task task = Task::solve;
    bool grade = false;  // solve/count: fill the CSV `grade` column (generators/grade.hpp)
    Mode mode;
    Limits limits;
    SourceLoc memory_limit_at;  // where limits.memory is (the memory floor is checked when the sweep starts)
    std::string memory_limit_text;  // limits.memory as written, for the floor's message (never rounded)
    Isolation isolation = kDefaultIsolation;  // solve/count/exact runs (sandbox/sandbox.hpp)
    std::vector<InstanceSource> instances;
    std::vector<command::Declaration> commands;  // `commands:` (solve/count): what command:name=NAME runs
    std::vector<SolverSpec> solvers;  // solve/count: `solvers`; generate/critical/exact: `methods`
    std::vector<BuildSpec> builds;    // empty: this binary alone (the `self` build)
    std::string output;  // the results CSV
    SourceLoc output_at;  // where `output:` is (or `name:`, which names the default)
};

ExperimentConfig load_config(const std::string& path);

// Why the config's builds cannot run ("" if they can, or if it has none): builds are for
// solve and count tasks of this config's solvers. Checked when `builds:` is read and again when
// `futolab run --build` sets them.
std::string builds_problem(const ExperimentConfig& config);
// Why the config's isolation cannot give what its limits, task and builds ask (sandbox_problem;
// "" if it can). Checked when the config is read and again when the command line has changed
// its isolation or builds (`futolab run --isolation/--build`).
std::string isolation_problem(const ExperimentConfig& config);

// Throws `refusal` (of the path a config key names: a file that cannot be read, an output that
// cannot be written) again at that key: "CONFIG:LINE:COLUMN: KEY VALUE: WHY", the refusal's own
// leading "PATH: " left out when PATH is VALUE itself (a StreamAliasError stays one). Every
// refusal a config value causes names its line and column, as the reader's do.
[[noreturn]] void throw_at_key(const SourceLoc& at, std::string_view key, const std::string& value, const std::string& path,
                               const InputError& refusal);

// limits.memory: parse_memory_size (core/numbers.hpp), whole KiB from 1 MiB to 1 EiB; a NumberError
// (an InputError) saying why not.
std::uint64_t parse_memory_bytes(const std::string& text);
ExperimentConfig parse_config(const std::string& text, const std::string& path);

// The `commands:` list of a YAML file (an experiment config, or a file of commands alone; its
// other keys must still be config keys), for `futolab solve --commands FILE`. InputError
// naming the file, line and column of what is wrong, or that there is no `commands:`.
std::vector<command::Declaration> load_commands(const std::string& path);

// "10s", "250ms", "1.5m", "2h", "30us" or a plain number of seconds, 0 to 9.2e9 s
// (core/numbers.hpp parse_duration). Throws NumberError (an InputError).
double parse_duration_seconds(const std::string& text);

}  // namespace futolab
