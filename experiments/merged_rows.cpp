#include "experiments/merged_rows.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "experiments/censored_facts.hpp"
#include "experiments/clock_facts.hpp"
#include "experiments/failed_facts.hpp"
#include "experiments/methods.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/status_facts.hpp"
#include "experiments/task_kinds.hpp"
#include "records/build_identity.hpp"
#include "records/results_csv.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <vector>

namespace futolab {
namespace {

// The kinds whose runs take their instance's own seed, not one derived from the config seed
// (build_run_matrix fills RunMatrix::own_seeds from their critical_squares: or critical_orders: sources).
bool own_seeds(const ExperimentConfig& config) { return futolab::own_seeds(task_info(config.task)); }

// What the experiment writes in the `mode` column: the search mode for puzzle tasks
// (records/results_csv.cpp), the task's name for the square tasks (experiments/tasks/square_row.cpp).
std::string mode_cell(const ExperimentConfig& config) {
    const TaskInfo& kind = task_info(config.task);
    return kind.inputs == TaskInput::puzzles ? config.mode.name() : std::string(kind.name);
}

struct RowChecker {
    const CsvTable& t;
    const std::string& path;
    std::size_t row;
    std::string_view refusing;  // "refusing to merge it", or what the command reading it refuses

    void expect(std::string_view column, const std::string& want, std::string_view why) const {
        const std::size_t c = t.column(column, path);
        if (const std::string& cell = t.rows[row][c]; cell != want)
            throw_input_error({path, t.lines[row], static_cast<int>(c + 1)},
                              fmt::format("column '{}' is '{}', where {} writes '{}': {}", column, message_text(cell, 200),
                                          why, message_text(want, 200), refusing));
    }
};

bool has_column(const CsvTable& t, std::string_view name) {
    return std::find(t.header.begin(), t.header.end(), name) != t.header.end();
}

// The config's solver of row `r`: by its `spec` label, or, in files written before that column
// existed, by its solver and options cells.
const SolverSpec& solver_of(const RowChecker& row, const ExperimentConfig& config, std::string_view why) {
    const CsvTable& t = row.t;
    const bool by_spec = has_column(t, "spec");
    const std::size_t c = t.column(by_spec ? "spec" : "options", row.path);
    const std::string& cell = t.rows[row.row][c];
    for (const SolverSpec& s : config.solvers)
        if (by_spec ? s.spec() == cell
                    : s.name == t.rows[row.row][t.column("solver", row.path)] && s.canonical_options() == cell)
            return s;
    throw_input_error({row.path, t.lines[row.row], static_cast<int>(c + 1)},
                      fmt::format("column '{}' is '{}', which is none of the solvers of {}: {}", t.header[c],
                                  message_text(cell, 200), why, row.refusing));
}

// The row's build among the config's `builds:` (0 without them: the `self` build alone).
std::uint64_t build_of(const RowChecker& row, const ExperimentConfig& config, std::string_view why) {
    if (config.builds.empty()) return 0;
    const std::size_t c = row.t.column("build", row.path);
    const std::string name = build_name_of_cell(row.t.rows[row.row][c]);
    for (std::size_t b = 0; b < config.builds.size(); ++b)
        if (config.builds[b].name == name) return b;
    throw_input_error({row.path, row.t.lines[row.row], static_cast<int>(c + 1)},
                      fmt::format("column 'build' is '{}', which is none of the builds of {}: {}",
                                  message_text(row.t.rows[row.row][c], 200), why, row.refusing));
}

// The runs of one instance in the matrix (build_run_matrix: instance-major, then solver, build,
// repeat).
std::uint64_t runs_per_instance(const ExperimentConfig& config) {
    return config.solvers.size() * std::max<std::size_t>(1, config.builds.size()) * static_cast<std::uint64_t>(config.repeats);
}

// The instance block of row `r`: which of the matrix's instances its run cell means.
std::uint64_t block_of(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config) {
    return whole_number_cell(t, r, t.column("run", path), path) / runs_per_instance(config);
}

// The run index this row's solver, build and repeat have in the matrix of its instance. The
// instance itself is known only to the matrix: taken from the row's run cell.
std::uint64_t run_of(const RowChecker& row, const ExperimentConfig& config, std::uint64_t solver, std::uint64_t build,
                     std::uint64_t repeat) {
    const std::uint64_t builds = std::max<std::size_t>(1, config.builds.size()),
                        repeats = static_cast<std::uint64_t>(config.repeats);
    const std::uint64_t instance = block_of(row.t, row.row, row.path, config);
    return ((instance * config.solvers.size() + solver) * builds + build) * repeats + repeat - 1;
}

// The cells every row of one instance's block carries alike: its id, hash and side, and, for
// a puzzle task, its givens and relations (round 8: an `h` edited in one row was merged); for
// the square tasks h and k are what the run made, and the solution is the square itself.
// A square of a critical_squares: source carries its seed, which every run of it has.
std::vector<const char*> instance_columns(const ExperimentConfig& config) {
    if (task_info(config.task).inputs == TaskInput::puzzles) return {"instance", "instance_hash", "n", "h", "k"};
    if (own_seeds(config)) return {"instance", "instance_hash", "n", "solution", "seed"};
    return {"instance", "instance_hash", "n", "solution"};
}

// The shard and host its sidecar says a row is of (round 8): a row of another shard appended
// to this one, or a row whose host no machine that wrote this file has.
void check_shard_and_host(const RowChecker& row, const SidecarFacts& made_by, const std::vector<std::string>& hosts) {
    const CsvTable& t = row.t;
    const std::size_t run_col = t.column("run", row.path);
    if (!in_shard(whole_number_cell(t, row.row, run_col, row.path), made_by.shard_index, made_by.shard_count))
        throw_input_error({row.path, t.lines[row.row], static_cast<int>(run_col + 1)},
                          fmt::format("column 'run' is '{}', a run of another shard than this file's (its sidecar: {}): {}",
                                      t.rows[row.row][run_col], shard_words(made_by), row.refusing));
    if (hosts.empty() || !has_column(t, "host")) return;  // a sidecar or CSV of a futolab before hosts
    const std::size_t c = t.column("host", row.path);
    if (std::find(hosts.begin(), hosts.end(), t.rows[row.row][c]) == hosts.end())
        throw_input_error({row.path, t.lines[row.row], static_cast<int>(c + 1)},
                          fmt::format("column 'host' is '{}', none of the hosts that wrote this file (its sidecar: {}): {}",
                                      message_text(t.rows[row.row][c], 200),
                                      message_text(fmt::format("{}", fmt::join(hosts, ", ")), 200), row.refusing));
}

// The cells a run of spec `s` on build `build` writes in a shard whatever its result (round 7:
// a row edited to say it ran in another isolation, under other limits, by another binary, or
// with counters of another kind was merged): its limits, as the config sets them, and, where
// its sidecar says, its isolation and build. Solver rows say whether the spec's counters are
// deterministic, the square tasks' rows whether the method's are (records/results_csv.cpp,
// tasks/square_row.cpp: method_counters_deterministic, of the method and the limits).
std::map<std::string, std::string> shard_cells(const ExperimentConfig& config, const SidecarFacts& made_by,
                                               const SolverSpec& s, const std::string& build) {
    ResultRow row;
    row.time_limit_ms = limit_ms(config.limits.time_seconds);
    row.cpu_limit_ms = limit_ms(config.limits.cpu_seconds);
    row.memory_limit_kb = made_by.isolation != "thread" ? config.limits.memory_bytes / 1024 : 0;
    row.deterministic = task_info(config.task).inputs == TaskInput::puzzles ? counters_deterministic(s)
                                                                            : method_counters_deterministic(s, config.limits);
    for (const BuildIdentity& b : made_by.builds)
        if (b.name == build) row.build = b.cell();
    // A build cell that names none of the sidecar's builds (empty: round 11, F23) is its one build's.
    if (row.build.empty() && made_by.builds.size() == 1) row.build = made_by.builds.front().cell();
    std::vector<const char*> columns{"time_limit_ms", "cpu_limit_ms", "deterministic", "build"};
    if (!made_by.isolation.empty()) columns.push_back("memory_limit_kb");  // older sidecars name no isolation
    std::map<std::string, std::string> cells = written_cells(row, plain_layout(), columns);
    if (!made_by.isolation.empty()) cells["isolation"] = made_by.isolation;
    if (!made_by.timing.pin) cells["core"] = "";  // round 11, F6: the core of a pinned worker, or none
    return cells;
}

}  // namespace

void check_rows_of_config(const CsvTable& t, const std::string& path, const ExperimentConfig& config,
                          const SidecarFacts& made_by, std::string_view refusing) {
    // `config` is the text of `made_by`, which merge has checked hashes to its config_hash
    // (records/merge.cpp, check_config_text).
    // The header its config writes, as resume holds it (red-team round 23, C F10); a shard of
    // another binary may be an older futolab's, which lacked some later columns.
    const bool older = !this_build().same_binary(made_by.driver);
    if (const std::string why = header_difference(t.header, csv_layout(sweep_axes(config)), older); !why.empty())
        throw InputError(fmt::format("{}: {}: {}", path, why, refusing));
    const std::vector<std::string> hosts = row_hosts(made_by);
    const SweepSpan span = sweep_span(made_by);  // the shard's sessions, the first's start on
    const std::string mode = mode_cell(config), why = "this shard's config (its sidecar)";
    const std::size_t repeat_col = t.column("repeat", path), hash_col = t.column("instance_hash", path);
    const std::size_t run_col = t.column("run", path);
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const RowChecker row{t, path, r, refusing};
        // A run past the sweep's matrix, as merge refuses it (red-team round 30 spot check:
        // analyze took run 2^63 of a 6-run sweep, and for 2^64 - 1 quoted a run the overflow made).
        if (made_by.total_runs > 0) whole_number_cell(t, r, run_col, path, made_by.total_runs - 1);
        row.expect("experiment", config.name, why);
        row.expect("mode", mode, why);
        const SolverSpec& s = solver_of(row, config, why);
        row.expect("solver", s.name, "spec " + s.spec());
        row.expect("options", s.canonical_options(), "spec " + s.spec());
        // The seed the run matrix derives from this row's instance, solver and repeat
        // (experiments/run_matrix.cpp): an edited seed, repeat, spec or instance_hash shows here.
        // Repeats count from 1: the range says so ("(0 to 2)" was stated, and 0 refused after).
        const std::uint64_t repeat = whole_number_cell(t, r, repeat_col, path, static_cast<std::uint64_t>(config.repeats), 1);
        // A kind whose instances carry their own seed (task greedy, exact-square: critical_squares
        // sources) runs each square with it (RunMatrix::own_seeds; round 12, F1: every task greedy
        // CSV was refused here): one seed per instance block (instance_columns), the instance's
        // own (merge_matrix.hpp).
        if (!own_seeds(config)) {
            const std::string coords = fmt::format("{}|{}|{}", t.rows[r][hash_col], s.text(), repeat);
            row.expect("seed", std::to_string(derive_seed(config.seed, coords)),
                       "the run of this instance_hash, spec and repeat");
        }
        const auto solver = static_cast<std::uint64_t>(&s - config.solvers.data());
        row.expect("run", std::to_string(run_of(row, config, solver, build_of(row, config, why), repeat)),
                   "the run of this spec, build and repeat");
        const std::string build = has_column(t, "build") ? build_name_of_cell(t.rows[r][t.column("build", path)]) : "";
        for (const auto& [column, cell] : shard_cells(config, made_by, s, build))
            if (has_column(t, column)) row.expect(column, cell, "this shard (its sidecar and config)");
        check_shard_and_host(row, made_by, hosts);
        check_censored_status(t, r, path, config.limits, s, refusing);
        check_censored_cells(t, r, path, config, refusing);
        check_failed_row(t, r, path, config, s, refusing);  // crash and error rows (red-team round 28, B F3)
        check_clock_cells(t, r, path, config, s, span, refusing);
        // With `grade: true` the grade is its instance's, which only the instances show (merge_matrix.hpp).
        if (!config.grade && task_info(config.task).inputs == TaskInput::puzzles)
            check_grade_cell(t, r, path, std::nullopt, refusing);
    }
}

void MergedInstances::check(const CsvTable& t, const std::string& path, const ExperimentConfig& config,
                            std::string_view refusing) {
    const std::vector<const char*> names = instance_columns(config);
    std::vector<std::size_t> cols;
    for (const char* name : names) cols.push_back(t.column(name, path));
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const RowChecker row{t, path, r, refusing};
        const std::uint64_t block = block_of(t, r, path, config);
        std::vector<std::string> cells;
        for (const std::size_t c : cols) cells.push_back(t.rows[r][c]);
        const auto seen = blocks_.try_emplace(block, Seen{cells, fmt::format("{}:{}", path, t.lines[r])}).first;
        for (std::size_t i = 0; i < cols.size(); ++i)
            row.expect(names[i], seen->second.cells[i],
                       fmt::format("the first row of its instance's runs ({})", seen->second.where));
        const auto owner = block_of_.try_emplace(cells[0], block).first;
        if (owner->second != block)  // an id is one instance's: ids are unique in an experiment
            throw_input_error({path, t.lines[r], static_cast<int>(cols[0] + 1)},
                              fmt::format("column 'instance' is '{}', the instance of runs {} to {} (as in {}), not of "
                                          "run {}: {}",
                                          message_text(cells[0], 200), owner->second * runs_per_instance(config),
                                          (owner->second + 1) * runs_per_instance(config) - 1,
                                          blocks_.at(owner->second).where,
                                          whole_number_cell(t, r, t.column("run", path), path), refusing));
        check_row_facts(t, r, path, refusing);  // after its block: an edited n is named as such
        outputs_.check(t, r, path, config.task, config.limits, solver_of(row, config, "this shard's config (its sidecar)"),
                       refusing);
    }
}

}  // namespace futolab
