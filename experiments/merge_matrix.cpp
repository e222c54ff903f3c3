#include "experiments/merge_matrix.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"
#include "core/verify.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks.hpp"
#include "generators/grade.hpp"
#include "records/build_identity.hpp"
#include "records/results_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <filesystem>
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

namespace {

namespace fs = std::filesystem;

// `path` as a run that ran in `folder` ("": the working directory) named it, named from here.
std::string from_folder(const std::string& folder, const std::string& path) {
    return folder.empty() ? path : (fs::path(folder) / path).lexically_normal().string();
}

// The folders a shard's run may have run in, nearest first (locate_run_files), each named from
// the working directory where it can be ("../proj" rather than "/tmp/x/proj": messages and the
// merged checks name the files as the user reaches them).
std::vector<std::string> run_folders(const std::string& csv_path) {
    std::error_code ec;
    const fs::path here = fs::current_path(ec);
    std::vector<std::string> folders;
    const auto add = [&folders](const std::string& folder) {
        if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(folder);
    };
    for (fs::path at = fs::absolute(csv_path, ec).lexically_normal().parent_path(); !ec && !at.empty(); at = at.parent_path()) {
        const fs::path from_here = here.empty() ? fs::path() : at.lexically_relative(here);
        add(from_here.empty() ? at.string() : from_here == "." ? "" : from_here.string());
        if (at == at.root_path()) break;
    }
    add("");
    return folders;
}

// A regular file at `path` whose bytes hash as the run hashed the input it read (run_matrix.cpp,
// instances_at_key): never a FIFO, whose read would wait for a writer.
bool holds_input(const std::string& path, const InputFile& input) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    try {
        return fmt::format("{:016x}", fnv1a64(read_text_file(path))) == input.hash;
    } catch (const std::exception&) {  // unreadable: not the file the run read
        return false;
    }
}

bool holds_inputs(const std::string& folder, const std::vector<InputFile>& inputs) {
    return std::all_of(inputs.begin(), inputs.end(),
                       [&folder](const InputFile& in) { return holds_input(from_folder(folder, in.path), in); });
}

// Why no folder holds the sidecar's inputs: the first that none holds with its content, at its line.
std::string unfound_inputs(const SidecarFacts& facts, const std::vector<std::string>& folders) {
    const std::vector<InputFile>& inputs = facts.identity.inputs;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const InputFile& in = inputs[i];
        if (std::none_of(folders.begin(), folders.end(),
                         [&in](const std::string& folder) { return holds_input(from_folder(folder, in.path), in); }))
            return fmt::format("{}: input file {} with content hash {} is found neither in the shard's folder {} or a folder "
                               "above it nor in the working directory (a sidecar names its files from where its run ran)",
                               sidecar_item_at(facts, "inputs", i), message_text(in.path, 200), message_text(in.hash, 40),
                               folders.front().empty() ? "." : message_text(folders.front(), 200));
    }
    return fmt::format("{}: no one folder holds every input file with the content hash it lists (a sidecar names its files "
                       "from where its run ran)", sidecar_at(facts, "inputs"));
}

// The skipped inputs' errors naming their file as its run named it, as the sidecar's
// skipped_inputs they are compared with do: "corpora/q.jsonl:2: …", not "../proj/corpora/q.jsonl:2: …".
void as_its_run_named(std::vector<SkippedInput>& skipped, const LocatedShard& shard) {
    for (SkippedInput& s : skipped)
        for (std::size_t i = 0; i < shard.listed.size() && i < shard.facts.identity.inputs.size(); ++i) {
            const std::string here = shard.facts.identity.inputs[i].path + ":";
            if (!s.error.starts_with(here)) continue;
            s.error = shard.listed[i].path + ":" + s.error.substr(here.size());
            break;
        }
}

}  // namespace

LocatedShard locate_run_files(const SidecarFacts& facts, const std::string& csv_path) {
    LocatedShard shard{facts, facts.identity.inputs, "", ""};
    const std::vector<InputFile>& inputs = facts.identity.inputs;
    if (inputs.empty()) return shard;  // nothing read from a file: nothing to tell the folders apart
    const std::vector<std::string> folders = run_folders(csv_path);
    std::vector<std::string> holding;  // the folders with every input, nearest first
    for (const std::string& folder : folders)
        if (holds_inputs(folder, inputs)) holding.push_back(folder);
    if (holding.empty()) {
        shard.unfound = unfound_inputs(facts, folders);
        return shard;
    }
    const std::string& config = facts.identity.config_file;
    const auto config_there = [&config](const std::string& folder) {
        std::error_code ec;
        return fs::is_regular_file(from_folder(folder, config), ec);
    };
    const auto with_config = std::find_if(holding.begin(), holding.end(), config_there);
    shard.folder = with_config != holding.end() ? *with_config : holding.front();
    // A config named without a folder ("c.yaml", or a name such as "futolab critical") read its
    // patterns from its run's folder: named from that folder, it still does.
    shard.facts.identity.config_file = from_folder(shard.folder, config);
    for (InputFile& in : shard.facts.identity.inputs) in.path = from_folder(shard.folder, in.path);
    return shard;
}

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

void MergedMatrix::prepare(const ExperimentConfig& config, const LocatedShard& shard, const std::string& path) {
    const auto only_rows = [this](const std::string& why) {
        note_ = fmt::format("{}: each row was checked against the other rows of its instance only", why);
    };
    const SidecarFacts& made_by = shard.facts;
    if (!this_build().same_binary(made_by.driver))
        return only_rows(fmt::format("the instances were not made again: this futolab is not the one that ran the shards "
                                     "({})",
                                     message_text(made_by.driver.text(), 300)));
    if (!shard.unfound.empty())
        return only_rows(fmt::format("the instances could not be read again ({})", message_text(shard.unfound, 600)));
    try {
        RunMatrix matrix = build_run_matrix(config, !read_skipped_inputs(path).empty());
        if (const std::string diff = input_difference(made_by.identity.inputs, matrix.input_files); !diff.empty())
            return only_rows(fmt::format("the instances are not what the runs read ({})", message_text(diff, 300)));
        as_its_run_named(matrix.skipped, shard);
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
