// A `crash` row and a solve or count `error` row held to what such a run leaves (red-team round
// 28, B F3: a finished gac row relabelled `crash` with its counters kept, a real crash row given
// nodes 5 or the message 'hello', an unsat row relabelled crash in check --expect, a finished
// row relabelled `error` keeping its solution and solutions 1, were resumed, merged and
// analysed). Checked by resume, merge and every reader that holds rows to their sidecar (merged_rows.hpp,
// resume_rows.hpp, held_rows.hpp), after the cells each compares with the config. What the runs
// write (read in the sandbox, the tool kit, run_solver and the portfolio):
//   - crash: a run's process died without a result (sandbox/child_process.cpp,
//     ended_without_result: "killed by SIGSEGV (Segmentation fault)", or "the run's process
//     exited with code N without a result", N a wait status' exit code other than the one of a
//     failed allocation, or −1), only where the run had a process of its own (isolation process
//     or fork); or a solve or count run's tool was killed by a signal (solvers/external/
//     outcome.cpp: "PROGRAM killed by SIGSEGV", PROGRAM the program the backend runs: minizinc,
//     swipl, cbc, or a command's "command:name=NAME"). Either way nothing of its search is known:
//     every counter (solutions too) empty, and a solve or count row keeps no solution;
//   - error of a solve or count run: the verification of what it answered ("backend returned a
//     wrong solution: …", "backend returned the same solution twice": solvers/run/run.cpp) or the
//     re-check of a tool's claim ("wrong answer: PROGRAM claimed …", "claim not re-checked:
//     PROGRAM claimed …": solvers/run/claim_check.cpp) keep the run's cells as it answered; any
//     other error found nothing: no solution, and its counters all 0 (an exception or a refusal
//     inside the run: run_solver, a portfolio's member, gac's restarts) or all empty (a tool's
//     error, a run whose process the sandbox lost) — never a mixture, never a figure.
// A square kind's error is its records' (error_rows.hpp, output_facts.hpp), not read here.
#pragma once

#include "experiments/config.hpp"
#include "records/csv_reader.hpp"
#include "solvers/options.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

// Whether `message` is one a crash of a run of `spec` writes (the header), `own_process`: the
// run had a process of its own; `solver_run`: a solve or count run.
bool crash_message(std::string_view message, const SolverSpec& spec, bool own_process, bool solver_run);

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', WHY: `refusing`" for a crash row, or
// a solve or count error row, `r` of `t` (a run of `spec` in a sweep of `config`) that holds
// what such a run does not leave (see above).
void check_failed_row(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config,
                      const SolverSpec& spec, std::string_view refusing);

}  // namespace futolab
