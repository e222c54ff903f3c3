// A row's clocks and counters held to each other and to the sweep that made them (red-team
// round 26, B F1 and C F1: cpu_ns 2^63 − 1 or 100 × wall_ns in a one-thread run, a wall_ns of
// 292 years in a sweep that took a second, fails > nodes + 1, max_depth > nodes or past the
// puzzle's cells, nodes 2^64 − 1 in a 2 µs run, session 2^32 were resumed and merged, and the
// clock became a critical record's time_ms). Checked by resume and merge for every row, after
// the cell checks have read the cells as whole numbers (docs/reliability.md, "Clocks and
// counters"). Only what holds for every backend and task is held:
//   - every row was made between the sidecar's run.first_started (a resume keeps the first run's
//     start) and its run.finished (now, while it says the run goes on): wall_ns and
//     calibration_ns are at most that span, plus 2 s for the timestamps' whole seconds and a
//     leap second and 60 s for a step back of the system clock (NTP) during the sweep (a merge's
//     first_started is the earliest of its shards': records/merge.hpp); a sidecar without
//     first_started (an older futolab's, a merge of a shard without one) bounds none;
//   - a run timed on its one thread's CPU clock inside its wall window (every futolab backend
//     and task kind but those that run a tool: minizinc, clpfd, ilp, command) that answered
//     (not a crash, memout, error or a timeout killed at its limit, whose CPU is read from
//     outside, worker start-up included) used at most 1.25 × wall_ns + 10 ms of CPU: the thread
//     clock and the NTP-slewed wall clock may drift apart by up to 8.3 % (chrony's fastest slew),
//     and a CPU whose TSC is unstable keeps each CPU's clock within one tick (10 ms at HZ = 100)
//     of the wall clock;
//   - a run of a tool (minizinc, clpfd, ilp, command) that answered used at most
//     cores × (1.25 × wall_ns + 10 ms) of CPU: its cpu_ns is its thread's and the tool's whole
//     process tree's (wait4 of the tool with the descendants it reaped, and of those left to the
//     worker as subreaper: solvers/external/process.cpp, sandbox/process_row.cpp), every process
//     of which started inside the run's wall window and was killed and reaped before its end
//     (the session kill, reap_escaped), and no tree runs on more CPUs than the machine has, each
//     CPU's clock within the one-thread rule's drift and tick. `cores` is the sidecar's
//     machine.cores (the CPUs online, not the affinity mask: a tool may widen its own) where one
//     machine wrote every row; else 8192, the most CPUs Linux runs on (CONFIG_NR_CPUS);
//   - a solve or count row's counters, where both are reported, of every backend but a command
//     (whose regex reads whatever its tool prints): fails at most nodes + 1 (a fail is a node at
//     which a conflict was found, plus 1 for a root that fails: docs/solvers.md, "Counters"); for
//     futolab's own backends also max_depth at most nodes (each decision on the deepest node's
//     path is a node) and at most the decisions a path can hold: n² for d-way branching (each
//     assigns another empty cell: backtracking, bitmask, fc, gac:branch=dway), n²(n − 1) for
//     binary branching (a cell's domain shrinks by one per decision until it is fixed: gecode,
//     gac:branch=binary, a portfolio's members); and minizinc's max_depth at most nodes + 1
//     (fzn-gecode's peakDepth counts a push before the child is explored, so a stopped search
//     may report one more);
//   - every counter (solutions, nodes, fails, checks, propagations, max_depth) of a solve or
//     count row of every backend but a command, and of an exact-square row (its branch and
//     bound's nodes and oracle queries), at most 1024 per ns of wall_ns: one table of what a
//     step of each is (clock_facts.cpp, kCounterSteps; red-team round 28, B F1 and F2: checks and
//     propagations of 2^64 − 1 in a 1 µs run, sat's fails, an exact-square multiple's nodes were
//     taken). No step of a search adds more than 126 (gac's ≠ pass, 2(n − 1) checks counted at
//     its start), a bit scan or a word of values n ≤ 64, and no core takes 8 steps in a
//     nanosecond; a tool's counters are steps of its search (a node, a failure, a level, a Prolog
//     inference). Measured: at most 1.03 a ns (backtracking's checks) in sweeps of every backend
//     at n = 4..9 and L(3..5);
//   - a command's counters at most 2^63 − 1, the most its regex rule reads (solvers/command/
//     counter_rules.cpp: a larger number makes the run an error, never a row's counter);
//   - session at most 2^31 − 1: the runner counts sessions in an int.
// Not held: calibration_ns between rows of one session (each row carries the median of the
// job's last timings, which move within a session, and a resume counts sessions from 0 again);
// a dead run's CPU (read from outside, worker start-up included); a command's counters against
// each other or its wall time (its regex reads whatever its tool prints).
#pragma once

#include "experiments/config.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"
#include "solvers/options.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// How long the sweep that made a CSV's rows can have lasted, from its sidecar.
struct SweepSpan {
    std::optional<std::uint64_t> most_ns;  // nullopt: the sidecar does not say (no run.first_started)
    std::string words;  // "run.first_started A (FILE:LINE:COL) to run.finished B": what bounds it
    // The most CPUs a tool's process tree ran on (the header), and what says so.
    std::uint64_t cores = kMostCpus;
    std::string cores_words = "8192, the most CPUs Linux runs on";

    static constexpr std::uint64_t kMostCpus = 8192;  // CONFIG_NR_CPUS's upper end (x86-64 MAXSMP, powerpc)
};

// The span of `made` (read from its sidecar): run.first_started to run.finished, or to now while
// the sidecar says the run goes on (finished empty: a kill left it so), and 62 s more; its cores
// the machine's where the sidecar names one machine and one host (not a merge's, not a file
// resumed on another host, whose earlier machine may have had more).
SweepSpan sweep_span(const SidecarFacts& made);

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', WHY: `refusing`" for the first clock
// or counter of row `r` (a run of `spec` in a sweep of `config` that lasted `span`) that breaks
// the rules above.
void check_clock_cells(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config,
                       const SolverSpec& spec, const SweepSpan& span, std::string_view refusing);

}  // namespace futolab
