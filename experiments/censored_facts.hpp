// A row's status, message, limits and peak held to each other as the runs and the sandbox write
// them (SPEC §4; docs/isolation.md, "Memory"). Red-team round 17, B F3: in process isolation a
// `timeout` relabelled `memout` or `crash` kept its "wall time limit (0.005 s)", a message named
// a CPU limit the config does not set or another wall limit, a timeout's max_rss_kb was
// 999999999 under a 512 MiB limit, a row's peak was emptied, and resume and merge took them.
// Checked by resume and merge for every kind, after the cells each compares with the config
// (the limits, the isolation):
//   - a censored or failed status is one a run of the config can write in the row's isolation
//     (config_statuses.hpp; a finished one is status_facts.hpp's, from the row's count);
//   - a message naming a time limit is a timeout's, of a limit the config sets, its figure as
//     the run writes it: "wall time limit (0.005 s)…" (solvers/run/run.cpp, exact_task.cpp,
//     limit_rule.cpp), "cpu time limit (…)", a tool's "wall time limit: cbc stopped", a killed
//     run's "wall time limit: killed 0.5 s after it …" (process) or "killed 0.5 s after its
//     time limit …" (fork);
//   - a timeout whose message names the wall limit, "wall time limit (T s)…", ran at least T:
//     its run stopped only once its clock reached the limit, and its wall_ns holds that clock;
//     one naming the CPU limit used it (cpu_ns), a kill's waited its grace past T; whatever its
//     message, a timeout under limits reached one of them on its clocks, and it has a message,
//     after a limit's figure nothing but the limit rule's words (red-team round 25, B F7);
//   - a finished solve or count row is within limits.time and limits.cpu: the limit rule makes a
//     run past one timeout (limit_rule.hpp; round 25, B F9);
//   - "out of memory…" and "peak resident memory P kB exceeds limits.memory (L kB) (the run said
//     S)" are memout's (sandbox/child_process.cpp, process_row.cpp), L the config's limit and P
//     the row's max_rss_kb, above it; "killed by SIG…" and "the run's process exited with code
//     N without a result" are crash's;
//   - under limits.memory, in a process of its own, a row that is not memout peaked at most at
//     the limit, to the KiB: the sandbox makes a run whose peak (the process tree's) is above
//     it memout whatever it said (the peak rule), so no margin is left;
//   - in a process of its own, max_rss_kb is empty only for a run whose process died without
//     answering (crash, memout, error, a timeout killed at its limit): a worker's peak dies with
//     it where no cgroup keeps one. A run that answered sent its peak with its row, a living
//     process's, never 0 kB (red-team round 26, B F1: a process row's 0 was merged).
// An `error` row's message is the failure's own words (an exception's, a tool's): never empty
// (red-team round 27, B F1), else not read here. A solve or count memout's message and cells are
// status_facts.hpp's (check_censored_status), which knows the row's solver.
// Task few-relations's rows are held to each status's cells exactly (few_relations_facts.hpp,
// check_few_relations_row: its error is its checkpoint file's, its timeout a limit's).
#pragma once

#include "core/status.hpp"
#include "experiments/config.hpp"
#include "records/csv_reader.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// Whether a run with this status and message died without answering (crash, memout, error, a
// timeout killed at its limit): its peak may have died with it, and its CPU was read from outside.
bool died_unanswered(Status status, std::string_view message);

// The status a message of the runs' and the sandbox's own goes with (the header's list), if it
// is one: "wall time limit…" timeout, "out of memory…" memout, "killed by …" crash.
std::optional<Status> status_of_message(std::string_view message);

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', WHY: `refusing`" for row `r` of `t`,
// a row of a run of `config`, whose status, message, limits or peak disagree (see above).
void check_censored_cells(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config,
                          std::string_view refusing);

}  // namespace futolab
