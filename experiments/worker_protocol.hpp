// What a warm worker and the runner say to each other (sandbox/sandbox.hpp, warm_worker.hpp), in one
// place, so a worker started from another futolab binary (an A/B sweep's build, SPEC §5) is
// either understood exactly or refused at its start — never mis-read.
//
// kWorkerProtocol numbers the whole conversation; change it with any of these:
//   the plan     JSON the runner writes once per sweep for workers of other binaries: the
//                experiment's name, task, mode, limits, grade flag, its solver specs as asked
//                (each build resolves its own defaults: a changed default is part of what an
//                A/B sweep compares) and its instances as JSON Lines (canonical, SPEC §2.2);
//                and, only where the config declares any, its `commands:` (a key older
//                workers never see: builds never run commands, config.cpp builds_problem);
//   the hello    the first answer of a worker started from a binary (`futolab worker PLAN`):
//                its protocol, its build identity and a fingerprint of the plan as it read it
//                (instance hashes and specs), or the error that stopped it reading the plan;
//   a request    'R' + a planned run (matrix index, instance, solver, build, repeat, seed,
//                warm-up flag), 'W' + the same for a session's warm-up run (run under a time
//                limit of at most kSessionWarmupSeconds, its row thrown away), or 'C' for one
//                timing of the calibration workload;
//   an answer    a run's row record (run_record.hpp, FLROW2), or a calibration record;
//   the framing  warm_worker.cpp: u32 length, the bytes, then peak and CPU as i64 each.
#pragma once

#include "experiments/calibration.hpp"
#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "records/build_identity.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

class TaskRunner;

inline constexpr int kWorkerProtocol = 1;

// The plan of a sweep for workers of other binaries (JSON text), and a worker's reading of it.
std::string worker_plan(const ExperimentConfig& config, const RunMatrix& matrix);
struct WorkerPlan {
    ExperimentConfig config;  // name, task, mode, limits and grade; instances/solvers in `matrix`
    RunMatrix matrix;         // instances and solvers only (runs arrive one request at a time)
};
// Throws InputError (naming `source`) if the plan is not one of this protocol, or names a
// solver or option this build does not know.
WorkerPlan read_worker_plan(std::string_view text, const std::string& source);

// What identifies the work a plan describes: FNV-1a over the instance hashes and the specs.
std::string plan_fingerprint(const RunMatrix& matrix);

// A worker's hello: its build and the plan's fingerprint as it read it, or why it could not.
struct WorkerHello {
    int protocol = 0;
    BuildIdentity build;
    std::string fingerprint;
    std::string error;  // non-empty: the worker could not take the plan (and exits)
};
std::string hello_text(const WorkerHello& hello);
// nullopt if the text is not a hello at all (another program answered).
std::optional<WorkerHello> parse_hello(std::string_view text);

// A session's warm-up run stops at this (runner.cpp, Session): it warms a fresh worker up, it
// does not measure, and a run that would take long must not stall the session.
inline constexpr double kSessionWarmupSeconds = 0.01;
// The config a worker runs a session's warm-up runs under: `config` with its time limit
// capped at kSessionWarmupSeconds.
ExperimentConfig warmup_config(const ExperimentConfig& config);

// Requests.
std::string run_request(const PlannedRun& run, bool session_warmup = false);
std::string calibration_request();

// One timing of the calibration workload, as a worker answers it.
std::optional<CalibrationTiming> decode_calibration(std::string_view answer);

// A worker's side of a request: a run of `matrix` through `runner` (its row record; a
// session's warm-up through `warmup_runner`, built on warmup_config) or a calibration timing.
// Throws std::runtime_error on a request it cannot read.
std::string answer_request(TaskRunner& runner, TaskRunner& warmup_runner, const RunMatrix& matrix,
                           std::string_view request);

}  // namespace futolab
