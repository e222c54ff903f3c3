#include "experiments/resume_rows.hpp"

#include "core/error.hpp"
#include "core/visible_text.hpp"
#include "core/isolation.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks.hpp"
#include "records/sidecar.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>

#include <map>
#include <string>

namespace futolab {
namespace {

// The `build` cell of each build of the sweep, from the sidecar (which the resume has checked
// names this binary and these builds: check_resumable).
std::map<std::string, std::string> build_cells(const std::string& csv) {
    std::map<std::string, std::string> cells;
    for (const BuildIdentity& b : read_sidecar(csv).builds) cells[b.name] = b.cell();
    return cells;
}

// The cells of kRunNamingColumns that this experiment writes for `run`.
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
    return written_cells(row, csv_layout(matrix.param_names), kRunNamingColumns);
}

}  // namespace

Isolation isolation_written(const ExperimentConfig& config) {
    return accepts(task_info(config.task), TaskKey::isolation) ? config.isolation : kDriverThreads;
}

void check_resumed_rows(const ResultsFile& file, const ExperimentConfig& config, const RunMatrix& matrix) {
    if (file.finished_rows().empty()) return;
    std::map<std::string, const PlannedRun*> runs;
    for (const PlannedRun& run : matrix.runs)
        if (!run.warmup) runs.emplace(run_key(matrix, run), &run);
    GradeCache grades(matrix.instances.size());
    const TaskRunner tasks(config, matrix, grades, nullptr, nullptr);  // the rows it writes, not run
    const std::map<std::string, std::string> builds = build_cells(file.path());
    for (const auto& [key, row] : file.finished_rows()) {
        const auto it = runs.find(key);
        if (it == runs.end())
            throw InputError(fmt::format("{}:{}: no run of this experiment has this row's instance, solver, options, seed "
                                         "and repeat (a row of another experiment or config?): refusing to resume; use a "
                                         "new --out",
                                         file.path(), row.line));
        const PlannedRun& run = *it->second;
        const std::map<std::string, std::string> wanted = wanted_cells(tasks, config, matrix, run, builds);
        for (const auto& [column, cell] : row.cells)
            if (const std::string& want = wanted.at(column); cell != want)
                throw InputError(fmt::format("{}:{}: column '{}' is '{}', where run {} of this experiment writes '{}': "
                                             "refusing to resume; use a new --out",
                                             file.path(), row.line, column, visible_text(cell), run.index,
                                             visible_text(want)));
    }
}

}  // namespace futolab
