// The count-to-K oracle: one reusable backend that counts a puzzle's solutions up to K
// (K = 2 decides uniqueness, SPEC §4). Generators (unique puzzles, grades), the critical-set
// searches and square completion all ask this one door, so "is it unique?" is decided the same
// way everywhere: run_solver re-verifies every reported solution (run.hpp), and a backend
// error is never mistaken for an answer.
#pragma once

#include "core/puzzle.hpp"
#include "solvers/run/run.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab {

struct OracleAnswer {
    Status status = Status::error;  // unique, multiple, unsat (count-to-2), counted/…, node_limit
    std::vector<int> first;         // the first solution found (row-major), empty if none
    std::vector<int> second;        // the second one, if the backend keeps it (gac), else empty
    std::uint64_t nodes = 0;
};

// The default backends of the questions asked outside an experiment's solver list: the count
// (and the search kernel of critical/oracle/), and the independent second opinion that checks
// its answers with another model and solver. Named here once, so no caller spells a backend.
inline constexpr std::string_view kDefaultOracleSpec = "gac";
inline constexpr std::string_view kSecondOpinionSpec = "gecode";
// The backend that re-checks an external tool's claim of a complete search before its unique,
// unsat or counted stands (solvers/run/claim_check.hpp, SPEC §4 "Nothing on trust"): the default
// gac, which the test suite checks against brute force.
inline constexpr std::string_view kClaimCheckSpec = "gac";
// The independent verification of a critical set (critical/oracle/verify.hpp): the second
// opinion with Gecode's AFC variable order (INT_VAR_AFC_SIZE_MAX: accumulated failure count
// over domain size; Boussemart et al., ECAI 2004, as Gecode implements it). Its one hard
// question is a uniqueness proof on a sparse set, where MRV has a heavy tail: on the 60 sets of
// configs/critical-12.yaml the count to 2 took a median of 27 ms and at most 529 ms with MRV,
// 14 ms and at most 59 ms with AFC (results/oracle/REPORT.md, issue #28 round 5). With the
// Latin cube's third face (cube=yes: each value's columns distinct over the rows, what a
// hidden single uses) since round 10: AFC alone still had a tail, one set of 200 at 12×12
// took 25 888 nodes (290 ms) where the cube model takes 1 466 (40 ms); over 530 sets the
// cube's slowest was 48 ms against 290 ms, for a median of 1.5–2.1 ms instead of 0.9–1.3 ms.
inline constexpr std::string_view kCriticalVerifySpec = "gecode:var=afcsize,cube=yes";
// For searches that ask many questions mostly decided by propagation (the critical-set
// search's greedy removal, critical/greedy/local_search.hpp): gac without singleton
// consistency, whose probing costs more than it saves there, branching by dom/wdeg. The few
// hard questions of a pass, near criticality, are where its time goes; there dom/wdeg (and
// dom/deg) cut the instructions of the seven slowest 12×12 sets by a third against MRV, and the
// worst of 200 sets from 374 ms to 214 ms (results/oracle/REPORT.md, issue #28 round 5).
inline constexpr std::string_view kLightOracleSpec = "gac:sac=none,var=domwdeg";
// For a search that wants the solution an oracle reports to vary with a seed (the zero-given
// search, critical/zero_given/zero_given.hpp): a value order that follows the request's seed.
inline constexpr std::string_view kSeededOracleSpec = "gac:val=random";
// For the questions a depth-first search gives up on within its node budget (the critical-set
// search's hard "is clue i still needed?" checks, critical/oracle/oracle.hpp): an incremental
// SAT kernel over the square's clue universe (solvers/kernel.hpp, ClueKernel). The hard ones
// are mostly proofs that no solution breaks the clue, where conflict-driven learning — kept
// from one question to the next — beats a search that must exhaust its tree (issue #28).
// With the easy-first pass (critical/greedy/greedy.hpp) most hard questions left are the
// other kind, a second solution to find (101 of 114 on a 20×20 square), so CaDiCaL runs with
// its `sat` configuration (stable mode only): on five 20×20 sets the hard questions took
// 20–30 % less on the three slowest, the same on the others (REPORT round 9).
inline constexpr std::string_view kHardQuestionSpec = "sat:config=sat";
// The solver of `futolab solve` when none is named: the default gac for 1 000 nodes, then
// CaDiCaL, one after the other (solvers/portfolio/portfolio.hpp, schedule=sequence). gac
// answers almost every puzzle within the budget; the hard random ones at the phase peak,
// where depth-first search has a heavy tail, go to CDCL (results/oracle/REPORT.md, issue #28).
// Deterministic and on one core, unlike the racing portfolio.
inline constexpr std::string_view kDefaultSolveSpec = "portfolio:schedule=sequence";

// Thrown by a question put to an oracle once its outside stop is set (the experiment runner's
// interrupt flag, Limits::stop): the search that asked ends there, with nothing to keep. Every
// search made of oracle questions (the critical-set searches, the generators) so stops within
// one question of a SIGINT/SIGTERM, without a check of its own in each of its loops.
struct OracleStopped : std::runtime_error {
    OracleStopped() : std::runtime_error("interrupted") {}
};

// Thrown by a question put to an oracle past the deadline of the search that asks
// (CountOracle::set_deadline), or cut short by it: the search's time budget is spent, and it
// ends there with what it had before the question, as at a stop request. Not an OracleStopped:
// the run is not interrupted, its search caught it and wrote its result.
struct OracleOutOfTime : std::runtime_error {
    OracleOutOfTime() : std::runtime_error("the search's time limit passed") {}
};

// Thrown by a count the backend did not answer: it reported an error, crashed, was killed, ran
// out of a limit it was not given, or printed what cannot be read (a tool's garbage), or its
// answer contradicts itself. Not an answer about the puzzle: a caller that judges a claim by the
// count must say the claim was not judged, never that it is false (red-team round 27: a
// --verify-with tool crashing mid-check was "certificate rejected"). what() is one line naming
// the backend, the puzzle, the status and the backend's message.
struct OracleFailed : std::runtime_error {
    OracleFailed(std::string backend_spec, Status status, std::string message, const std::string& what)
        : std::runtime_error(what), backend(std::move(backend_spec)), status(status), message(std::move(message)) {}
    std::string backend;  // the full canonical spec
    Status status;        // what the run gave (error, crash, timeout, memout, ...)
    std::string message;  // the run's message: the tool's exit status, signal or first error line
};

// While one lives, an oracle made without a stop of its own takes this one (the innermost scope's).
// `critical --check-certificate` takes SIGINT, SIGTERM and SIGHUP so for every count its
// certificate readers ask, however deep: a --verify-with tool that never answered could only be
// killed with futolab, leaving its scratch folder to the next start (red-team round 29, A7); now
// the tool is stopped, its folder removed, and the check ends "interrupted", exit 1.
class AmbientOracleStop {
public:
    explicit AmbientOracleStop(const std::atomic<bool>* stop);
    ~AmbientOracleStop();
    AmbientOracleStop(const AmbientOracleStop&) = delete;
    AmbientOracleStop& operator=(const AmbientOracleStop&) = delete;

private:
    const std::atomic<bool>* outer_;
};

class CountOracle {
public:
    // spec: a solver spec (SPEC §3); node_limit 0 = none. `stop` (may be null: the
    // AmbientOracleStop's, if one lives): the outside stop, polled by each count as by any run
    // (Limits::stop); once set, counts throw OracleStopped.
    explicit CountOracle(std::string_view spec = kDefaultOracleSpec, std::uint64_t node_limit = 0,
                         const std::atomic<bool>* stop = nullptr);
    CountOracle(const CountOracle&) = delete;
    CountOracle& operator=(const CountOracle&) = delete;

    // Count to k (first solution for k = 1). Throws OracleFailed if the backend reports an
    // error or a status other than an answer or the node limit (e.g. a time-out it was not
    // given): the caller must not take that for "not unique". Throws OracleStopped once the
    // outside stop is set, before the count or when it cut the count short; OracleOutOfTime
    // likewise once the deadline passed.
    OracleAnswer count_to(const Puzzle& puzzle, std::uint64_t k, std::uint64_t seed = 0);
    OracleAnswer count_to_two(const Puzzle& puzzle, std::uint64_t seed = 0) { return count_to(puzzle, 2, seed); }

    // The deadline of the search that asks (its time limit; nullopt: none): each count runs
    // with the time left as its wall limit, so no one question outlasts the search's budget.
    void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { deadline_ = deadline; }

    std::uint64_t queries() const { return queries_; }
    const std::string& spec() const { return spec_; }  // the full canonical spec

private:
    double seconds_left() const;  // of the deadline; throws OracleOutOfTime once it passed

    std::unique_ptr<Solver> solver_;
    std::string spec_;
    std::uint64_t node_limit_;
    const std::atomic<bool>* stop_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::uint64_t queries_ = 0;
};

}  // namespace futolab
