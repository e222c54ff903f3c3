#include "experiments/resume_rows.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/isolation.hpp"
#include "core/verify.hpp"
#include "experiments/censored_facts.hpp"
#include "experiments/clock_facts.hpp"
#include "experiments/cell_forms.hpp"
#include "experiments/failed_facts.hpp"
#include "experiments/merge_matrix.hpp"
#include "experiments/output_facts.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/sidecar_protocol.hpp"
#include "experiments/status_facts.hpp"
#include "generators/grade.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks.hpp"
#include "records/csv_reader.hpp"
#include "records/results_file.hpp"
#include "records/sidecar.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>

namespace futolab {
namespace {

// The `build` cell of each build of the sweep, from the sidecar (which the resume has checked
// names this binary and these builds: check_resumable).
std::map<std::string, std::string> build_cells(const SidecarFacts& sidecar) {
    std::map<std::string, std::string> cells;
    for (const BuildIdentity& b : sidecar.builds) cells[b.name] = b.cell();
    return cells;
}

// The facts of its instance a row repeats (round 8: a row whose n or h was edited was counted
// as done): a puzzle task's n, h and k; a square task's n and its square (the `solution` cell),
// whose h and k are what the run made (row_facts.hpp bounds them).
constexpr const char* kPuzzleFacts[] = {"n", "h", "k"};
constexpr const char* kSquareFacts[] = {"n", "solution"};

// The cells of kRunNamingColumns, and of the instance's facts, that this experiment writes for `run`.
std::map<std::string, std::string> wanted_cells(const TaskRunner& tasks, const ExperimentConfig& config,
                                                const RunMatrix& matrix, const PlannedRun& run,
                                                const std::map<std::string, std::string>& builds) {
    ResultRow row = tasks.unfinished_row(run, SolveResult{});
    const Isolation where = isolation_written(config);
    row.run = run.index;
    row.spec = matrix.specs[static_cast<std::size_t>(run.solver)];
    row.isolation = where;
    row.time_limit_ms = limit_ms(config.limits.time_seconds);
    row.cpu_limit_ms = limit_ms(config.limits.cpu_seconds);
    row.memory_limit_kb = sandbox_row(where).own_process ? config.limits.memory_bytes / 1024 : 0;  // a thread has none
    const auto build = builds.find(matrix.build_names[static_cast<std::size_t>(run.build)]);
    row.build = build == builds.end() ? "" : build->second;
    const CsvLayout layout = csv_layout(matrix.param_names);
    std::map<std::string, std::string> cells = written_cells(row, layout, kRunNamingColumns);
    const bool puzzles = task_info(config.task).inputs == TaskInput::puzzles;
    using Columns = std::span<const char* const>;
    cells.merge(written_cells(row, layout, puzzles ? Columns(kPuzzleFacts) : Columns(kSquareFacts)));
    if (!config.pin) cells["core"] = "";  // round 11, F6: the core a worker was pinned to, or none
    return cells;
}

constexpr std::string_view kRefusing = "refusing to resume; use a new --out";

// A CSV with content and a sidecar: a sidecar left beside no CSV (or an empty one) says nothing
// of rows that are not there, and is replaced as a new run's would be.
bool resumes_a_file(const std::string& csv_path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    return fs::file_size(csv_path, ec) > 0 && !ec && fs::exists(sidecar_path(csv_path), ec);
}

// Where a row was made (round 8): a run of this shard, on a host that wrote this file before.
void check_shard_and_host(const CsvTable& t, std::size_t r, const std::string& path, const PlannedRun& run,
                          const ResumedShard& shard, const std::vector<std::string>& hosts) {
    if (!in_shard(run.index, shard.index, shard.count)) {
        const std::size_t c = t.column("run", path);
        throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                          fmt::format("column 'run' is '{}', a run of another shard than {} of {} (--shard): {}",
                                      t.rows[r][c], shard.index, shard.count, kRefusing));
    }
    const std::size_t c = t.column("host", path);
    if (!hosts.empty() && std::find(hosts.begin(), hosts.end(), t.rows[r][c]) == hosts.end())
        throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                          fmt::format("column 'host' is '{}', none of the hosts that wrote this file (its sidecar: {}): {}",
                                      message_text(t.rows[r][c], 200), message_text(fmt::format("{}", fmt::join(hosts, ", ")), 200),
                                      kRefusing));
}

// The row's build is one the sidecar names (round 11, F23: an empty build cell was called a
// row with no run's "instance, solver, options, seed and repeat").
void check_build_cell(const CsvTable& t, std::size_t r, const std::string& path,
                      const std::map<std::string, std::string>& builds) {
    const auto at = std::find(t.header.begin(), t.header.end(), "build");
    if (at == t.header.end() || builds.empty()) return;  // a CSV or sidecar before builds
    const auto c = static_cast<std::size_t>(at - t.header.begin());
    for (const auto& [name, cell] : builds)
        if (cell == t.rows[r][c]) return;
    throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                      fmt::format("column 'build' is '{}', none of the builds its sidecar names ('{}'): {}",
                                  message_text(t.rows[r][c], 200), message_text(builds.begin()->second, 200), kRefusing));
}

// The row's repeat is one of the config's, 1 to repeats, as the refusal states: past 2^64 − 1 the
// cell reader's range was stated instead, and within it a repeat no run has was "no run of this
// experiment has this row's … repeat".
void check_repeat_cell(const CsvTable& t, std::size_t r, const std::string& path, int repeats) {
    const std::size_t c = t.column("repeat", path);
    const std::uint64_t repeat = capped_whole_number_cell(t, r, c, path);
    if (repeat < 1 || repeat > static_cast<std::uint64_t>(repeats))
        throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                          fmt::format("column 'repeat' is '{}', not from 1 to {} (the config's repeats): {}",
                                      message_text(t.rows[r][c], 40), repeats, kRefusing));
}

// A puzzle task's solution must solve its instance (round 8: `1 1 1 1/2 2 2 2/…` was resumed),
// unless the run was flagged for it.
void check_solution(const CsvTable& t, std::size_t r, const std::string& path, const Puzzle& instance) {
    if (solution_is_evidence(t, r, path)) return;
    const std::vector<int> grid = solution_of(t, r, path, instance.n(), kRefusing);
    if (grid.empty()) return;
    if (const auto why = verify_solution(instance, grid)) {
        const std::size_t c = t.column("solution", path);
        throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                          fmt::format("column 'solution' does not solve instance {} ({}): {}", message_text(instance.id(), 200),
                                      *why, kRefusing));
    }
}

// The grade a solve or count run of `run` writes (`grade: true`): its instance's, graded once
// per instance as the run did (experiments/tasks/solve.cpp); nullopt without `grade: true`.
std::optional<std::string> graded(const ExperimentConfig& config, const RunMatrix& matrix, const PlannedRun& run,
                                  GradeCache& grades, Grader& grader) {
    if (!config.grade) return std::nullopt;
    const auto i = static_cast<std::size_t>(run.instance);
    return std::string(grade_name(grades.get(i, matrix.instances[i], grader)));
}

// A shard CSV of a futolab whose `run --shard` counted from 1 is named by that number: its
// X.shard-2-of-4.csv is shard 1 of 4 now, and `--shard 2/4` names that file. Resuming it as
// shard 2 would mix two shards' runs in one file; say what it is and what to type instead: each
// of its files there renamed (one left under the old name is another shard's name: red-team
// round 19, B F8, its .jsonl export then blocked shard 2/4).
void check_older_numbering(const std::string& csv_path, const SidecarFacts& made, const ResumedShard& shard) {
    if (!made.shard_from_one || made.shard_count != shard.count || made.shard_index + 1 != shard.index) return;
    const std::string typed = fmt::format(".shard-{}-of-{}", shard.index, shard.count);
    const auto now = [&](const std::string& path) {  // its name in its folder, with the shard's number now
        std::string name = std::filesystem::path(path).filename().string();
        if (const std::size_t at = name.rfind(typed); at != std::string::npos)
            name.replace(at, typed.size(), fmt::format(".shard-{}-of-{}", made.shard_index, shard.count));
        return name;
    };
    std::vector<std::string> renames{"it to " + now(csv_path)};
    for (const std::string& file : results_companions(csv_path))
        renames.push_back(fmt::format("{} to {}", std::filesystem::path(file).filename().string(), now(file)));
    throw InputError(fmt::format("{}: its sidecar counts shards from 1 (an older futolab): its shard {} of {} is --shard "
                                 "{}/{} now: rename {}; then resume with --shard {}/{}; refusing to resume it as shard {} "
                                 "of {}",
                                 csv_path, shard.index, shard.count, made.shard_index, shard.count, fmt::join(renames, ", "),
                                 made.shard_index, shard.count, shard.index, shard.count));
}

// What the sidecar says of the sweep's progress and skipped inputs, held to the rows the CSV
// holds and to the matrix built again (round 20 left open: they were read for form only).
void check_sidecar_progress(const ResultsFile& file, const SidecarFacts& sidecar, const RunMatrix& matrix,
                            const std::vector<SkippedInput>& skipped) {
    const std::string& path = file.path();
    for (const std::string& why : {sidecar_progress_problem(sidecar, file.rows(), matrix.runs.size()),
                                   skipped_inputs_problem(sidecar, read_skipped_inputs(path), skipped)})
        if (!why.empty()) throw InputError(fmt::format("{}: its sidecar says {}: {}", path, why, kRefusing));
}

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec) && !ec;
}

// Whether the config read, from here, the very files the located sidecar lists (names_of_run).
bool reads_listed_files(const std::vector<InputFile>& read, const LocatedShard& shard) {
    const std::vector<InputFile>& found = shard.facts.identity.inputs;
    if (!shard.unfound.empty() || found.size() != read.size()) return false;
    for (std::size_t i = 0; i < read.size(); ++i)
        if (read[i].hash != found[i].hash || !same_file(read[i].path, found[i].path)) return false;
    return true;
}

// A skipped input's error names its file as read ("../proj/corpora/q.jsonl:2: …"): as listed.
void name_skipped_as_listed(std::vector<SkippedInput>& skipped, const std::vector<InputFile>& read,
                            const std::vector<InputFile>& listed) {
    for (SkippedInput& s : skipped)
        for (std::size_t i = 0; i < read.size(); ++i)
            if (const std::string here = read[i].path + ":"; s.error.starts_with(here)) {
                s.error = listed[i].path + ":" + s.error.substr(here.size());
                break;
            }
}

}  // namespace

RunNames names_of_run(const std::string& csv_path, bool resume, ExperimentIdentity read, std::vector<SkippedInput> skipped) {
    if (!resume || !resumes_a_file(csv_path)) return {std::move(read), std::move(skipped)};
    std::optional<SidecarFacts> made;
    try {
        made = read_sidecar(csv_path);
    } catch (const InputError&) {  // check_resumable says why
        return {std::move(read), std::move(skipped)};
    }
    const LocatedShard shard = locate_run_files(*made, csv_path);
    if (!reads_listed_files(read.inputs, shard)) return {std::move(read), std::move(skipped)};
    name_skipped_as_listed(skipped, read.inputs, shard.listed);
    read.inputs = shard.listed;
    namespace fs = std::filesystem;
    if (same_file(read.config_file, shard.facts.identity.config_file))
        read.config_file = made->identity.config_file;
    else if (std::error_code ec; fs::is_regular_file(read.config_file, ec) && !shard.folder.empty())  // moved since: named from the run's folder too
        read.config_file = fs::absolute(read.config_file).lexically_normal().lexically_relative(
                                                               fs::absolute(shard.folder).lexically_normal()).string();
    return {std::move(read), std::move(skipped)};
}

Isolation isolation_written(const ExperimentConfig& config) {
    return accepts(task_info(config.task), TaskKey::isolation) ? config.isolation : kDriverThreads;
}

void check_resumed_sidecar(const std::string& csv_path, const ResumedShard& shard, const ExperimentConfig& config,
                           std::size_t runs) {
    if (!resumes_a_file(csv_path)) return;  // check_resumable decides about a CSV without a sidecar
    const SidecarFacts made = read_sidecar(csv_path);
    check_config_text(made, csv_path, "resume; use a new --out");
    // Its rows' clocks are bounded by run.first_started, which the resumed sidecar keeps: one of
    // this futolab's without it was edited, and written back so it bounded nothing ever after.
    check_first_started(made, "resume; use a new --out");
    if (made.shard_index != shard.index || made.shard_count != shard.count) {
        check_older_numbering(csv_path, made, shard);
        throw InputError(fmt::format("{}: its sidecar says {}, not {} of {} as --shard asks ({}; a file of another shard "
                                     "or sharding?): {}",
                                     csv_path, shard_words(made), shard.index, shard.count,
                                     sidecar_at(made, made.shard_count != shard.count ? "run.shard_count" : "run.shard_index"),
                                     kRefusing));
    }
    for (const std::string& why : {sidecar_protocol_problem(made, config, runs), redone_problem(made, config)})
        if (!why.empty()) throw InputError(fmt::format("{}: its sidecar says {}: {}", csv_path, why, kRefusing));
}

std::vector<std::string> hosts_before(const std::string& csv_path, bool resume) {
    if (!resume || !resumes_a_file(csv_path)) return {};
    return row_hosts(read_sidecar(csv_path));
}

std::string first_started_before(const std::string& csv_path, bool resume, const std::string& now) {
    if (!resume || !resumes_a_file(csv_path)) return now;
    return read_sidecar(csv_path).first_started;
}

void check_resumed_rows(const ResultsFile& file, const ExperimentConfig& config, const RunMatrix& matrix,
                        const ResumedShard& shard, const std::vector<SkippedInput>* skipped) {
    const std::vector<SkippedInput>& named = skipped != nullptr ? *skipped : matrix.skipped;
    if (file.finished_rows().empty()) {  // a resumed CSV of no rows yet: its sidecar still says what ran
        if (resumes_a_file(file.path())) check_sidecar_progress(file, read_sidecar(file.path()), matrix, named);
        return;
    }
    std::map<std::string, const PlannedRun*> runs;
    for (const PlannedRun& run : matrix.runs)
        if (!run.warmup) runs.emplace(run_key(matrix, run), &run);
    GradeCache grades(matrix.instances.size());
    const TaskRunner tasks(config, matrix, grades, nullptr, nullptr);  // the rows it writes, not run
    const SidecarFacts sidecar = read_sidecar(file.path());
    const std::map<std::string, std::string> builds = build_cells(sidecar);
    const std::vector<std::string> hosts = row_hosts(sidecar);
    const SweepSpan span = sweep_span(sidecar);  // the sessions that made these rows, the first's start on
    const std::string& path = file.path();
    const CsvTable t = read_csv_file(path);  // the rows ResultsFile keyed, with every cell
    std::map<int, std::size_t> at_line;
    for (std::size_t r = 0; r < t.rows.size(); ++r) at_line.emplace(t.lines[r], r);
    const bool puzzles = task_info(config.task).inputs == TaskInput::puzzles;
    OutputFacts outputs;
    Grader grader;
    for (const auto& [key, row] : file.finished_rows()) {
        const std::size_t r = at_line.at(static_cast<int>(row.line));
        check_cell_forms(t, r, path, kRefusing);
        check_build_cell(t, r, path, builds);
        check_repeat_cell(t, r, path, config.repeats);
        const auto it = runs.find(key);
        if (it == runs.end())
            throw InputError(fmt::format("{}:{}: no run of this experiment has this row's instance, solver, options, seed, "
                                         "repeat and build (a row of another experiment or config?): {}",
                                         path, row.line, kRefusing));
        const PlannedRun& run = *it->second;
        check_shard_and_host(t, r, path, run, shard, hosts);
        for (const auto& [column, want] : wanted_cells(tasks, config, matrix, run, builds))
            if (const std::size_t c = t.column(column, path); t.rows[r][c] != want)
                throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                                  fmt::format("column '{}' is '{}', where run {} of this experiment writes '{}': {}", column,
                                              message_text(t.rows[r][c], 200), run.index, message_text(want, 200),
                                              kRefusing));
        check_row_facts(t, r, path, kRefusing);
        const SolverSpec& solver = matrix.solvers[static_cast<std::size_t>(run.solver)];
        check_censored_status(t, r, path, config.limits, solver, kRefusing);
        check_censored_cells(t, r, path, config, kRefusing);
        check_failed_row(t, r, path, config, solver, kRefusing);  // crash and error rows (red-team round 28, B F3)
        check_clock_cells(t, r, path, config, solver, span, kRefusing);
        if (puzzles) check_grade_cell(t, r, path, graded(config, matrix, run, grades, grader), kRefusing);
        outputs.check(t, r, path, config.task, config.limits, solver, kRefusing);
        if (puzzles) check_solution(t, r, path, matrix.instances[static_cast<std::size_t>(run.instance)]);
    }
    check_sidecar_progress(file, sidecar, matrix, named);
}

}  // namespace futolab
