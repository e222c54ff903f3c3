// futolab run CONFIG.yaml [--jobs J] [--shard I/N] [--resume [--redo STATUS,…]] [--out DIR]
//                         [--isolation process|fork|thread] [--quiet] [--skip-invalid]
// The config is checked completely (and every instance loaded) before the first run starts.
// The first SIGINT/SIGTERM interrupts the running runs (not written; --resume redoes them) and
// exits 1 within a second or two; a second exits at once (130).
#include "app/commands.hpp"
#include "app/counted.hpp"
#include "app/number_options.hpp"
#include "app/output_folder.hpp"
#include "app/shard_text.hpp"
#include "app/vocabulary_option.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "experiments/config.hpp"
#include "experiments/config_statuses.hpp"
#include "experiments/noise.hpp"
#include "experiments/resume_rows.hpp"
#include "experiments/runner.hpp"
#include "experiments/task_kinds.hpp"
#include "records/build_identity.hpp"
#include "records/output_guard.hpp"
#include "records/results_file.hpp"
#include "records/sidecar.hpp"
#include "sandbox/interrupt.hpp"
#include "solvers/solver.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>

#include <iostream>

namespace futolab::app {
namespace {

struct RunArgs {
    std::string config;
    int jobs = 0;
    std::string shard = "0/1";  // shard 0 of 1: the whole matrix
    bool resume = false, quiet = false, skip_invalid = false;
    std::string out;
    std::optional<Isolation> isolation;  // none: the config's (default process)
    std::string command_line;
    std::vector<std::string> redo;  // statuses
    std::vector<std::string> builds;  // NAME=PATH
};

// --build NAME=PATH (repeatable): the builds of an A/B sweep, replacing the config's `builds:`.
std::vector<BuildSpec> builds_of(const RunArgs& args) {
    std::vector<BuildSpec> out;
    for (const std::string& text : args.builds) {
        const std::size_t eq = text.find('=');
        if (eq == std::string::npos) throw InputError("--build must be NAME=PATH, not '" + text + "'");
        BuildSpec b{text.substr(0, eq), text.substr(eq + 1), {}};
        if (const std::string why = build_name_problem(b.name); !why.empty()) throw InputError("--build: " + why);
        if (b.path.empty()) throw InputError("--build " + b.name + "=: the path is empty");
        for (const BuildSpec& other : out)
            if (other.name == b.name) throw InputError("--build: build name '" + b.name + "' is given twice");
        out.push_back(std::move(b));
    }
    return out;
}

// Shard I of N, counted from 0 as in every command (app/shard_text.hpp).
void parse_shard(const std::string& text, RunnerOptions& o) {
    const ShardText shard = parse_shard_text(text, "run");
    o.shard_index = static_cast<int>(shard.index);
    o.shard_count = static_cast<int>(shard.count);
}

// --redo's statuses: statuses of core/status.hpp's table (`critical` is a set record's), named
// at most once, and each one a run of this config can write (experiments/config_statuses.hpp:
// its kind, isolation, limits, mode and solvers): a status no row can hold took out nothing,
// said as "took out 0 rows" (red-team round 16, A 097: `--redo memout` of an exact-sample run;
// round 17, B F5: `--redo memout` of task exact in thread isolation, `--redo node_limit` of
// any exact run). `config` has the command line's isolation.
std::vector<std::string> redo_statuses(const RunArgs& args, const ExperimentConfig& config) {
    if (args.redo.empty()) return {};
    if (!args.resume) throw InputError("--redo needs --resume (it re-runs rows of an existing results CSV)");
    std::vector<std::string> out;
    for (const std::string& s : args.redo) {
        const std::optional<Status> status = status_named(s);
        if (!status) throw InputError(fmt::format("--redo: '{}' is not a run status (valid: {})", s, names_of(kStatuses)));
        const Isolation where = isolation_written(config);
        if (!config_writes_status(config, where, *status))
            throw InputError(fmt::format("--redo: '{}' is a status task {} never writes ({})", s,
                                         task_name(config.task), written_statuses_text(config, where)));
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    }
    return out;
}

// The file a source other than `file:` reads whole, as a message names it ("" if none): the
// squares of critical_squares, the start puzzles of critical_orders. A bad line there is an error.
std::string file_read_whole(const InstanceSource& s) {
    if (s.kind == InstanceSource::Kind::critical_squares && !s.critical_squares.file.empty())
        return "its critical_squares file " + s.critical_squares.file;
    if (s.kind == InstanceSource::Kind::critical_orders && !s.critical_orders.file.empty())
        return "its critical_orders file " + s.critical_orders.file;
    return "";
}

// Why --skip-invalid does not apply to `config` ("" if it does): it leaves out bad instances of
// `file:` sources only. A file another source reads is a file too: "reads no instance file" was
// said of a critical_squares file (round 13, F12) and then of a critical_orders one (round 16, B F8).
std::string skip_invalid_problem(const ExperimentConfig& config) {
    std::string read_whole;
    for (const InstanceSource& s : config.instances) {
        if (s.kind == InstanceSource::Kind::file) return "";
        if (read_whole.empty()) read_whole = file_read_whole(s);
    }
    if (read_whole.empty()) return fmt::format("{} reads no instance file (its instances are made)", config.path);
    return fmt::format("{} has no `file:` source, the only kind it skips bad instances of ({} is read whole: a bad "
                       "line is an error)",
                       config.path, read_whole);
}

// Options that do not apply to this config are refused (round 7: both were accepted and had no
// effect): --isolation for a task that runs on the runner's threads (its rows said `thread`),
// --skip-invalid for a config without a `file:` source.
void check_options_apply(const RunArgs& args, const ExperimentConfig& config) {
    const TaskInfo& kind = task_info(config.task);
    if (args.isolation && !accepts(kind, TaskKey::isolation))
        throw InputError(fmt::format("--isolation does not apply to task {} (its runs are threads of futolab)", kind.name));
    if (const std::string why = args.skip_invalid ? skip_invalid_problem(config) : ""; !why.empty())
        throw InputError("--skip-invalid does not apply: " + why);
}

// The summary's words for the shard: the whole matrix is "this shard", as before shards.
std::string summary_shard(const RunnerOptions& o) {
    return o.shard_count > 1 ? fmt::format("shard {}/{} (counted from 0)", o.shard_index, o.shard_count) : "this shard";
}

int run_command(const RunArgs& args) {
    refuse_stdout_as_folder(args.out, "--out");  // before the config is read: nothing made
    // A folder owns no file kind's ending: `--out x.jsonl` or `x.csv` made a folder every reader
    // takes for a file of that kind (red-team round 27, B F10, noted).
    if (const std::string why = foreign_extension_problem(args.out, OutputKind::folder); !why.empty())
        throw InputError(fmt::format("run: --out {} {}; --out names the folder the results CSV goes in", args.out, why));
    // The signals are stop requests from the start: while the config is read and its instances
    // made (a big generate: source takes minutes) one ends the run, nothing written, exit 1.
    Interrupt stop;
    const SignalScope signals(stop);
    RunnerOptions options;
    options.interrupt = &stop;
    options.jobs = args.jobs;
    parse_shard(args.shard, options);
    options.resume = args.resume;
    options.quiet = args.quiet;
    options.skip_invalid = args.skip_invalid;
    options.out_dir = args.out;
    options.command_line = args.command_line;
    options.worker_binary = "/proc/self/exe";  // this binary serves `futolab worker` (app/cmd_worker.cpp)
    ExperimentConfig config = load_config(args.config);
    check_options_apply(args, config);
    if (args.isolation) config.isolation = *args.isolation;
    options.redo = redo_statuses(args, config);
    if (!args.builds.empty()) config.builds = builds_of(args);
    // Before the runner's isolation check: "builds need isolation: process" is no reason for a
    // task that takes no builds at all (round 13, F12).
    if (const std::string why = builds_problem(config); !why.empty()) throw InputError(config.path + ": " + why);
    // Before any work: the CSV --out places, its folder (a symlink to nothing), and the `<stem>.jsonl`
    // a generate or critical task exports beside it (an existing file there is not replaced). One the
    // config's `output:` places is checked by the runner, at that key (options.output_at_key).
    options.output_at_key = args.out.empty();
    if (const std::string csv = results_path(config, options); !args.out.empty()) {
        if (const std::string folder = std::filesystem::path(csv).parent_path().string(); !folder.empty())
            refuse_link_to_nothing(folder, "--out " + folder);
        check_files_beside(config, csv);
    }
    const RunnerReport r = run_experiment(config, options);
    for (const SkippedInput& s : r.invalid)
        std::cerr << visible_text("futolab: skipped invalid input: " + s.error, LineBreaks::shown) << "\n";
    // The CSV's name shown as the errors show it (`out<U+000A>x/k.csv`): a line feed in --out or
    // the config's output printed a line of its own (red-team round 26, B F7).
    const std::string csv = visible_text(r.csv_path);
    if (!options.redo.empty())
        std::cout << fmt::format("{}: --redo took out {} with status {} (recorded in the sidecar)\n", csv,
                                 counted(r.redone, "row"), fmt::join(options.redo, ","));
    // Counted as one or more ("1 runs in this shard" was printed: red-team round 27).
    std::cout << fmt::format("{}: {} in {}, {} already done, {} written now, {}{}{}{}\n", csv,
                             counted(r.shard_runs, "run"), summary_shard(options), r.skipped, r.completed, counted(r.errors, status_name(Status::error)),
                             r.warmups ? fmt::format(", {} (not recorded)", counted(r.warmups, "warm-up run")) : "",
                             r.invalid.empty() ? "" : fmt::format(", {} skipped (see the sidecar)", counted(r.invalid.size(), "invalid input")),
                             r.interrupted ? " (interrupted: run again with --resume)" : "");
    if (!r.noise.empty())
        std::cout << "noise (median CV of wall time across repeats, per spec): " << format_noise(r.noise) << "\n";
    if (const std::string busy = format_busy(r.busy); !busy.empty())
        std::cerr << fmt::format("futolab: warning: runs that got less than {:.0f} % of a core (CPU/wall; the machine was "
                                 "busy, their wall times are inflated): {}; analyze --where 'cpu_wall>=0.8' leaves them out\n",
                                 kBusyCpuWall * 100, busy);
    return r.interrupted ? 1 : 0;
}

}  // namespace

void add_run(CLI::App& app, Action& run, const std::string& command_line) {
    auto args = std::make_shared<RunArgs>();
    CLI::App* cmd = app.add_subcommand("run", "Run an experiment from a YAML config (see configs/README.md)");
    // One footer: CLI11 keeps only the last footer() call (a second one used to hide the first).
    cmd->footer(
        "Task kinds (config `task:`, configs/README.md#tasks): " + names_of(kTasks) +
        "; exact runs one symmetry class per run (docs/critical.md).\n"
        "Timing protocol (config keys): order: shuffled (default; seeded by the config seed) | interleaved | "
        "sequential; warmup: N unrecorded runs per (instance, solver) first; pin: true pins each worker to its own "
        "core (the CSV `core` column). With repeats > 1 the run ends by printing the noise: per spec, the median "
        "coefficient of variation of wall time across repeats.\n"
        "Size guard: a run matrix of more than max_runs runs (default 100000000; instances x solvers x (repeats + "
        "warmup)) is refused before it is built.\n"
        "A/B sweep: builds (config `builds:`, or --build NAME=PATH, repeatable) name futolab binaries, e.g. of other "
        "commits (scripts/build-rev.sh REV builds one); each build's warm workers start from its binary and the runs "
        "of all builds are interleaved in one shuffled order; every row names its build (`build` column); "
        "`futolab compare CSV --base NAME` pairs them.\n"
        "--resume appends only to a CSV whose sidecar names this config's hash, the same inputs and the same builds, in the same order "
        "(commit, dirty flag, build type, binary hash) (else exit 2, the CSV untouched). --resume --redo timeout,crash,error,memout first takes the rows with those statuses out of "
        "the CSV (an atomic rewrite: every other row stays byte for byte) and then runs them again under the same "
        "config, e.g. after fixing a crash or for time-outs of a busy machine; the sidecar's `redone` list records each "
        "redo (when, statuses, rows).\n"
        "The first SIGINT/SIGTERM/SIGHUP stops taking runs and interrupts the running ones (not written: --resume redoes "
        "them), then exits 1 within a second or two; a second signal exits at once (130) (the same signal from the same "
        "sender within 0.1 s is the first one delivered twice, as GNU timeout does). See docs/reliability.md "
        "(process isolation and interruption).");
    cmd->add_option("config", args->config, "The experiment config (YAML)")->required();
    add_whole(cmd, "--jobs,-j", args->jobs, {0, kMaxJobs, "0 = all cores"},  // a sidecar's run.jobs is read within it
              fmt::format("Worker threads, 0..{} (default 0: all cores)", kMaxJobs));
    cmd->add_option("--shard", args->shard,
                    "Run shard I of N of the run matrix, counted from 0, e.g. 1/4 (0 <= I < N <= 1000000, as in "
                    "critical --shard); writes NAME.shard-I-of-N.csv");
    cmd->add_flag("--resume", args->resume,
                  "Continue an interrupted run: skip the runs already in the CSV (same config, inputs and builds only)");
    cmd->add_option("--redo", args->redo,
                    "With --resume: run again the runs whose rows have these statuses (e.g. timeout,crash,error,memout); "
                    "their old rows leave the CSV first")
        ->delimiter(',')
        ->type_name("STATUS,…");
    cmd->add_option("--build", args->builds,
                    "An A/B sweep's build NAME=PATH (a futolab binary; repeatable; replaces the config's builds:)")
        ->type_name("NAME=PATH");
    cmd->add_option("--out", args->out, "Directory for the CSV and its sidecar (default: the config's output)");
    add_optional_word(cmd, "--isolation", args->isolation, kIsolations,
                      "Where runs execute, overriding the config's `isolation`: " + word_help(kIsolations) +
                          "; solve, count and exact tasks. docs/isolation.md says which to use when");
    cmd->add_flag("--quiet,-q", args->quiet, "No progress output");
    cmd->add_flag("--skip-invalid", args->skip_invalid,
                  "Leave out invalid instances (a bad JSONL or Tatham line, else the file) instead of stopping; "
                  "each is reported on stderr and listed under skipped_inputs in the sidecar");
    args->command_line = command_line;
    cmd->callback([args, &run] { run = [args] { return run_command(*args); }; });
}

}  // namespace futolab::app
