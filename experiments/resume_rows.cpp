#include "experiments/resume_rows.hpp"

#include "core/error.hpp"
#include "experiments/tasks.hpp"

#include <fmt/format.h>

#include <map>
#include <string>

namespace futolab {

void check_resumed_rows(const ResultsFile& file, const ExperimentConfig& config, const RunMatrix& matrix) {
    if (file.finished_rows().empty()) return;
    std::map<std::string, const PlannedRun*> runs;
    for (const PlannedRun& run : matrix.runs)
        if (!run.warmup) runs.emplace(run_key(matrix, run), &run);
    GradeCache grades(matrix.instances.size());
    const TaskRunner tasks(config, matrix, grades, nullptr, nullptr);  // the rows it writes, not run
    for (const auto& [key, row] : file.finished_rows()) {
        const auto it = runs.find(key);
        if (it == runs.end())
            throw InputError(fmt::format("{}:{}: no run of this experiment has this row's instance, solver, options, seed "
                                         "and repeat (a row of another experiment or config?): refusing to resume; use a "
                                         "new --out",
                                         file.path(), row.line));
        const PlannedRun& run = *it->second;
        const ResultRow expected = tasks.unfinished_row(run, SolveResult{});
        const std::map<std::string, std::string> wanted{{"experiment", expected.experiment},
                                                        {"mode", expected.mode},
                                                        {"run", std::to_string(run.index)},
                                                        {"spec", matrix.specs[static_cast<std::size_t>(run.solver)]}};
        for (const auto& [column, cell] : row.cells)
            if (const std::string& want = wanted.at(column); cell != want)
                throw InputError(fmt::format("{}:{}: column '{}' is '{}', where run {} of this experiment writes '{}': "
                                             "refusing to resume; use a new --out",
                                             file.path(), row.line, column, cell, run.index, want));
    }
}

}  // namespace futolab
