#include "experiments/merge_matrix.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/verify.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks.hpp"
#include "generators/grade.hpp"
#include "records/build_identity.hpp"
#include "records/results_csv.hpp"

#include <fmt/format.h>

#include <exception>
#include <span>

namespace futolab {

// The rebuilt matrix, with what makes the rows its runs write.
struct MergedMatrix::Built {
    RunMatrix matrix;
    ExperimentConfig config;
    std::map<std::uint64_t, const PlannedRun*> runs;  // by run index (warm-up runs have none)
    GradeCache grades;
    Grader grader;  // the grades of `grade: true` runs, made again
    TaskRunner tasks;
    CsvLayout layout;

    Built(const ExperimentConfig& c, RunMatrix m)
        : matrix(std::move(m)), config(c), grades(matrix.instances.size()), tasks(config, matrix, grades),
          layout(csv_layout(matrix.param_names)) {
        for (const PlannedRun& run : matrix.runs)
            if (!run.warmup) runs.emplace(run.index, &run);
    }
};

MergedMatrix::MergedMatrix() = default;
MergedMatrix::~MergedMatrix() = default;

namespace {

// The columns that repeat the instance (as merged_rows.cpp's instance_columns): for the square
// tasks h and k are what the run made, not facts of the instance. And the run's seed: derived
// from the config seed (merged_rows.cpp checks it from the config alone), or the square's own
// (task greedy and exact-square: RunMatrix::own_seeds, which only the instances show; round 12, F1).
constexpr const char* kPuzzleColumns[] = {"instance", "instance_hash", "n", "h", "k", "seed"};
constexpr const char* kSquareColumns[] = {"instance", "instance_hash", "n", "solution", "seed"};

}  // namespace

void MergedMatrix::prepare(const ExperimentConfig& config, const SidecarFacts& made_by, const std::string& path) {
    const auto only_rows = [this](const std::string& why) {
        note_ = fmt::format("{}: each row was checked against the other rows of its instance only", why);
    };
    if (!this_build().same_binary(made_by.driver))
        return only_rows(fmt::format("the instances were not made again: this futolab is not the one that ran the shards "
                                     "({})",
                                     message_text(made_by.driver.text(), 300)));
    try {
        RunMatrix matrix = build_run_matrix(config, !read_skipped_inputs(path).empty());
        if (const std::string diff = input_difference(made_by.identity.inputs, matrix.input_files); !diff.empty())
            return only_rows(fmt::format("the instances are not what the runs read ({})", message_text(diff, 300)));
        built_ = std::make_unique<Built>(config, std::move(matrix));
    } catch (const std::exception& e) {  // a moved file, an unreadable one: the merge itself still holds
        only_rows(fmt::format("the instances could not be read again ({})", message_text(e.what(), 300)));
    }
}

std::optional<std::size_t> MergedMatrix::runs(const SidecarFacts& made_by) const {
    if (!built_ || made_by.identity.config_hash != built_->config.config_hash) return std::nullopt;
    return built_->matrix.runs.size();
}

std::optional<std::vector<SkippedInput>> MergedMatrix::skipped(const SidecarFacts& made_by) const {
    if (!built_ || made_by.identity.config_hash != built_->config.config_hash) return std::nullopt;
    return built_->matrix.skipped;
}

void MergedMatrix::check(const CsvTable& t, const std::string& path, const ExperimentConfig& config,
                         const SidecarFacts& made_by) {
    if (!built_ || made_by.identity.config_hash != built_->config.config_hash) return;
    const bool puzzles = task_info(config.task).inputs == TaskInput::puzzles;
    const std::span<const char* const> columns = puzzles ? std::span<const char* const>(kPuzzleColumns)
                                                         : std::span<const char* const>(kSquareColumns);
    const std::size_t run_col = t.column("run", path);
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto it = built_->runs.find(whole_number_cell(t, r, run_col, path));
        if (it == built_->runs.end()) continue;  // no run of the matrix: check_rows_of_config refuses it
        const PlannedRun& run = *it->second;
        const ResultRow row = built_->tasks.unfinished_row(run, SolveResult{});
        const Puzzle& instance = built_->matrix.instances[static_cast<std::size_t>(run.instance)];
        for (const auto& [column, want] : written_cells(row, built_->layout, columns))
            if (const std::size_t c = t.column(column, path); t.rows[r][c] != want)
                throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                                  fmt::format("column '{}' is '{}', where run {} of this experiment writes '{}' (its "
                                              "instance {}): refusing to merge it",
                                              column, message_text(t.rows[r][c], 200), run.index, message_text(want, 200),
                                              message_text(instance.id(), 200)));
        if (puzzles && config.grade) {  // round 11, F2: the grade its run wrote, graded again once per instance
            const auto i = static_cast<std::size_t>(run.instance);
            check_grade_cell(t, r, path, std::string(grade_name(built_->grades.get(i, instance, built_->grader))),
                             "refusing to merge it");
        }
        if (!puzzles || solution_is_evidence(t, r, path)) continue;
        const std::vector<int> grid = solution_of(t, r, path, instance.n(), "refusing to merge it");
        if (grid.empty()) continue;
        if (const auto why = verify_solution(instance, grid))
            throw_input_error({path, t.lines[r], static_cast<int>(t.column("solution", path) + 1)},
                              fmt::format("column 'solution' does not solve instance {} ({}): refusing to merge it",
                                          message_text(instance.id(), 200), *why));
    }
}

}  // namespace futolab
