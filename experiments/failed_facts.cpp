#include "experiments/failed_facts.hpp"

#include "core/counters.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/resume_rows.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "sandbox/child_process.hpp"
#include "sandbox/sandbox.hpp"
#include "solvers/command/declaration.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <csignal>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace futolab {
namespace {

// The program each tool backend runs, as its messages name it (solvers/external/outcome.hpp
// ToolName: minizinc.cpp, clpfd.cpp, ilp.cpp; a command's own name, command.cpp), or "".
std::string tool_program(const SolverSpec& spec) {
    struct Tool {
        std::string_view backend, program;
    };
    static constexpr std::array kTools{Tool{"minizinc", "minizinc"}, Tool{"clpfd", "swipl"}, Tool{"ilp", "cbc"}};
    for (const Tool& t : kTools)
        if (spec.name == t.backend) return std::string(t.program);
    if (spec.name == command::kBackend)
        if (const auto name = spec.options.find("name"); name != spec.options.end())
            return std::string(command::kBackend) + ":name=" + name->second;
    return "";
}

// Whether `text` is how `name_of` writes some signal: the sandbox's "SIGSEGV (Segmentation
// fault)" (child::signal_text), a tool kit's "SIGSEGV"; "signal N" for one without a name.
template <class NameOf>
bool names_a_signal(std::string_view text, NameOf name_of) {
    for (int sig = 1; sig < NSIG; ++sig)
        if (text == name_of(sig)) return true;
    return false;
}

std::string tool_signal_name(int sig) {  // solvers/external/outcome.cpp, signal_name
    const char* abbrev = ::sigabbrev_np(sig);
    return abbrev != nullptr ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", sig);
}

// "the run's process exited with code N without a result": N an exit code (0..255) but the one
// of a failed allocation (memout), or −1 (neither exited nor signalled).
bool exit_without_result(std::string_view m) {
    constexpr std::string_view head = "the run's process exited with code ", tail = " without a result";
    if (!m.starts_with(head) || !m.ends_with(tail) || m.size() <= head.size() + tail.size()) return false;
    const std::string_view code = m.substr(head.size(), m.size() - head.size() - tail.size());
    if (code == "-1") return true;
    for (int c = 0; c <= 255; ++c)
        if (c != child::kExitOutOfMemory && code == std::to_string(c)) return true;
    return false;
}

// The isolation the row says (resume and merge have compared it with the sidecar), or the config's.
const SandboxRow& sandbox_of(const RowCells& row, const ExperimentConfig& config) {
    if (row.has("isolation"))
        if (const auto* word = row_named(kIsolations, row.cell("isolation"))) return sandbox_row(word->value);
    return sandbox_row(isolation_written(config));
}

// Every counter empty (solutions too): nothing of the run's search is known.
void check_nothing_known(const RowCells& row, std::string_view why) {
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        if (row.has(name) && !row.cell(name).empty())
            row.refuse(name, fmt::format("{}: nothing of its search is known (every counter empty)", why));
    });
}

void check_crash(const RowCells& row, const ExperimentConfig& config, const SolverSpec& spec, bool solver_run) {
    const SandboxRow& where = sandbox_of(row, config);
    if (row.has("message") && !crash_message(row.cell("message"), spec, where.own_process, solver_run)) {
        std::vector<std::string> forms;
        if (where.own_process)
            forms.emplace_back("'killed by SIGNAME (description)' or 'the run's process exited with code N without a result' "
                               "(its process died)");
        if (const std::string program = solver_run ? tool_program(spec) : ""; !program.empty())
            forms.push_back(fmt::format("'{} killed by SIGNAME' (its tool was killed)", program));
        row.refuse("message", forms.empty() ? fmt::format("where a run of {} in {} isolation has no process or tool of its own "
                                                          "to lose (it writes no 'crash')",
                                                          message_text(spec.spec(), 200), where.name)
                                            : fmt::format("where a 'crash' of a run of {} in {} isolation writes {}",
                                                          message_text(spec.spec(), 200), where.name, fmt::join(forms, ", or ")));
    }
    check_nothing_known(row, "where a 'crash' run's process or tool died without a result");
    if (solver_run && row.has("solution") && !row.cell("solution").empty())
        row.refuse("solution", "where a crashed run found none");
}

// The messages of a solve or count error that keep the run's cells: the answer it gave failed
// its verification, or a tool's claim its re-check.
bool judged_answer(std::string_view m, const SolverSpec& spec) {
    if (m.starts_with("backend returned a wrong solution: ") || m == "backend returned the same solution twice") return true;
    const std::string program = tool_program(spec);
    if (program.empty()) return false;
    for (const char* head : {"wrong answer: ", "claim not re-checked: "})
        if (m.starts_with(fmt::format("{}{} claimed ", head, program))) return true;
    return false;
}

void check_solver_error(const RowCells& row, const SolverSpec& spec) {
    if (!row.has("message") || judged_answer(row.cell("message"), spec)) return;
    constexpr std::string_view why = "where an error that is no verdict on an answer found nothing";
    if (row.has("solution") && !row.cell("solution").empty())
        row.refuse("solution", fmt::format("{} (the run's answer failed no check: its message names none)", why));
    std::optional<std::string> first;
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        if (!row.has(name)) return;
        const std::string& cell = row.cell(name);
        if ((!cell.empty() && cell != "0") || (first && cell != *first))
            row.refuse(name, fmt::format("{}: every counter 0 (the run stopped at an exception or a refusal) or every one "
                                         "empty (a tool's error, a process the sandbox lost)",
                                         why));
        first = cell;
    });
}

}  // namespace

bool crash_message(std::string_view m, const SolverSpec& spec, bool own_process, bool solver_run) {
    if (own_process) {
        constexpr std::string_view killed = "killed by ";
        if (m.starts_with(killed) && names_a_signal(m.substr(killed.size()), child::signal_text)) return true;
        if (exit_without_result(m)) return true;
    }
    const std::string program = solver_run ? tool_program(spec) : "";
    if (program.empty()) return false;
    const std::string head = program + " killed by ";
    return m.starts_with(head) && names_a_signal(m.substr(head.size()), tool_signal_name);
}

void check_failed_row(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config,
                      const SolverSpec& spec, std::string_view refusing) {
    const RowCells row{t, r, path, refusing};
    const std::optional<Status> status = status_named(row.cell("status"));
    if (status != Status::crash && status != Status::error) return;
    const bool solver_run = task_info(config.task).inputs == TaskInput::puzzles;
    if (*status == Status::crash) return check_crash(row, config, spec, solver_run);
    if (solver_run) check_solver_error(row, spec);
}

}  // namespace futolab
