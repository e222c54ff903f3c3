// The run statuses (SPEC §4), written once: each with its name (the CSV `status` cell) and its
// outcome class, which analysis reads instead of listing statuses again. A status added here
// reaches the CSV writer, `futolab list`, `--redo` and analysis.
#pragma once

#include "core/vocabulary.hpp"

#include <array>
#include <optional>
#include <string_view>

namespace futolab {

// memout: the run exceeded its memory limit; crash: the run's process died (signal or abort).
// Both can only be told where a run has its own process (process isolation, or an external
// backend's child process). critical: a set record's verified critical clue set (a task's
// status, never a backend's).
enum class Status { solved, unique, multiple, unsat, counted, timeout, node_limit, memout, crash, error, critical };

// finished: the run ended by itself. censored: it hit a limit (time, nodes, memory), so its
// values are lower bounds. failed: no measurement at all.
enum class RunOutcome { finished, censored, failed };
inline constexpr Vocabulary<RunOutcome, 3> kRunOutcomes{
    {{RunOutcome::finished, "finished"}, {RunOutcome::censored, "censored"}, {RunOutcome::failed, "failed"}}};

struct StatusWord {
    Status value;
    std::string_view name;
    RunOutcome outcome;
    bool verdict;  // a count to 2 decided uniqueness: one solution, more, or none
};

inline constexpr std::array<StatusWord, 11> kStatuses{{
    // value             name          outcome               verdict
    {Status::solved,     "solved",     RunOutcome::finished, false},
    {Status::unique,     "unique",     RunOutcome::finished, true},
    {Status::multiple,   "multiple",   RunOutcome::finished, true},
    {Status::unsat,      "unsat",      RunOutcome::finished, true},
    {Status::counted,    "counted",    RunOutcome::finished, false},
    {Status::timeout,    "timeout",    RunOutcome::censored, false},
    {Status::node_limit, "node_limit", RunOutcome::censored, false},
    {Status::memout,     "memout",     RunOutcome::censored, false},
    {Status::crash,      "crash",      RunOutcome::failed,   false},
    {Status::error,      "error",      RunOutcome::failed,   false},
    {Status::critical,   "critical",   RunOutcome::finished, false},
}};

std::string_view status_name(Status status);
RunOutcome outcome_of(Status status);
bool is_verdict(Status status);  // unique, multiple or unsat (see StatusWord::verdict)
// The status a CSV cell names; nullopt for a name not in the table (the caller says where).
std::optional<Status> status_named(std::string_view name);

}  // namespace futolab

