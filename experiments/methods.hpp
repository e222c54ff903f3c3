// The methods of generate and critical tasks (configs/README.md, `methods:`), written like
// solver specs and validated from one option table each, so they get the same canonical
// form in the CSV `options` column and the same error messages:
//   unique:use=both|numbers|relations,grade=any|fc|ac|gac|search,attempts=N   (task generate)
//   critical:objective=greedy|h+k|2h+3k|k|h,use=…,iterations=N,time_ms=N,
//            oracle=gac|gecode,verify=gecode|gac|fc|sat                         (task critical)
//   exact:objective=2h+3k|h+k|k|h|frontier,engine=bb|cadical,seed_sets=N,oracle=table|solver,
//         shrink=yes|no,cycle_seeds=yes|no,probe_seeds=N,verify=gecode|gac|fc|sat  (task exact)
//   exact-square:objective=2h+3k|h+k|k|h,shrink=yes|no,cycle_seeds=yes|no,probe_seeds=N,
//         verify=gecode|gac|fc|sat,certificate=no|yes                          (task exact-square)
//   construct:split=balanced|0..63,verify=gecode|gac|fc|sat,certificate=no|yes (task construct)
//   exhaustive:verify=gecode|gac|fc|sat                                         (task exhaustive)
//   exact-sample:objective=…,sample=N,engine=bb|cadical,shrink=yes|no,cycle_seeds=yes|no,
//         probe_seeds=N,below=N,threads=N,verify=gecode|gac|fc|sat              (task exact-sample)
//   free-square:iterations=N,time_limit=SECONDS,patience=N,temperature=REAL,max_remove=N,
//         node_limit=N,verify=gecode|gac|fc|sat                                 (task free-square)
//   few-relations (no options)                                                  (task few-relations)
#pragma once

#include "critical/exact/exact.hpp"
#include "critical/greedy/pipeline.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "experiments/config.hpp"
#include "generators/unique.hpp"
#include "solvers/options.hpp"

#include <map>
#include <optional>
#include <span>
#include <string_view>

namespace futolab {

// The one method name of a task that takes methods and its option table (its row of
// experiments/task_kinds.hpp); "" and none for a task that takes solvers.
std::string_view method_name(Task task);
std::span<const OptionSpec> method_options(Task task);

// Parses and validates "NAME:key=value,…" for `task`; throws InputError. Its spec() is the
// method as written (SPEC §3), as for solvers.
SolverSpec parse_method_spec(Task task, std::string_view text);

// The method text of a command line that has a value for every option ("critical:objective=k,
// order=…"): `settings` (key to value, validated) without the options another setting makes
// inert at their default value (iterations=0 with objective=greedy, use=both with objective=k),
// which parse_method_spec would refuse; an inert value other than the default is kept, so the
// refusal names it. Throws InputError for an unknown key or invalid value.
std::string method_text(Task task, const std::map<std::string, std::string>& settings);

// The typed configs of validated methods, decoded from the same tables.
UniqueSpec unique_method(const SolverSpec& method, int n);
critical::PipelineOptions critical_method(const SolverSpec& method);
// The id of the set record a run of method `critical` writes for `instance` with `seed`: task
// critical names it after the instance and the run's seed; task greedy's instances are already
// named as `futolab critical` names its records (a critical_squares: source), so it keeps theirs.
std::string critical_record_id(Task task, std::string_view instance, std::uint64_t seed);
// Whether a method's counters (and its record's search figures) are the same on every run of
// one square and seed (SPEC §4): the results CSV's `deterministic` cell, written by the square
// tasks (square_row) and checked by resume (which reads it from there) and merge, so writer and
// checkers ask this one function. Not for method critical with time_ms beyond its one greedy
// pass: the clock cuts the search at a machine-dependent point, and the row still says
// `critical`. Not for method exact-square under the config's time or cpu `limits`: the clock
// cuts its search too, and its `timeout` row keeps the nodes and checks it reached (round 14,
// B F6). Other runs stopped by a limit write no counters (task exact) or are solver runs, whose
// cell counters_deterministic (solvers/registry/registry.hpp) says.
bool method_counters_deterministic(const SolverSpec& method, const Limits& limits);
// The value of method critical's `verify` option whose backend is `backend_spec` (a solver spec,
// compared canonically: "gecode:cube=yes,var=afcsize" is `gecode`), if one is; and the list of
// them for messages ("gecode, gac, fc, sat").
std::optional<std::string> critical_verify_choice(std::string_view backend_spec);
std::string critical_verify_choices();

// The method `exact`: what one class's search minimises, how, and who verifies its witness.
struct ExactMethod {
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    critical::ExactOptions search;  // engine, seed_sets and the oracle's; no pruning (a class's own minimum)
    std::string verify{kCriticalVerifySpec};
};
ExactMethod exact_method(const SolverSpec& method);

// The method `exact-square`: one given square's minimum of one objective, the search's speed
// options, who verifies the set, and whether the record carries its certificate.
struct ExactSquareMethod {
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    critical::ExactOptions search;  // shrink, cycle_seeds, probe_seeds; the deadlines are the run's limits
    std::string verify{kCriticalVerifySpec};
    bool certificate = false;
};
ExactSquareMethod exact_square_method(const SolverSpec& method);

// The method `construct`: the chain construction's split (kBalancedSplit: balanced_split(n)),
// who verifies it, and whether the record carries its certificate.
inline constexpr int kBalancedSplit = -1;
struct ConstructMethod {
    int split = kBalancedSplit;
    std::string verify{kCriticalVerifySpec};
    bool certificate = false;
};
ConstructMethod construct_method(const SolverSpec& method);

// The method `exhaustive`: the backend that verifies its two witnesses.
std::string exhaustive_verify(const SolverSpec& method);

// The method `exact-sample`: the objective, how many squares are drawn, the search's options
// (the solver oracle, below, threads), who verifies the witness.
struct ExactSampleMethod {
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    std::uint64_t sample = 1;
    critical::ExactOptions search;
    std::string verify{kCriticalVerifySpec};
};
ExactSampleMethod exact_sample_method(const SolverSpec& method);
// How many seeds a run of `method` (a method of `task`) draws from its own seed S: S..S + this - 1
// (exact-sample: square i from S + i, `sample` of them; 1 for every other kind).
std::uint64_t seeds_per_run(Task task, const SolverSpec& method);
// The message of an exact-sample run that found no set: "no class has a set" (cheaper than below).
std::string exact_sample_no_set_message(std::uint64_t below);

// The method `free-square`: the zero-given search's options (iterations = 0 with time_limit = 0:
// 500 moves, as `futolab critical --free-square` has always done) and who verifies its set.
struct FreeSquareMethod {
    critical::ZeroGivenOptions search;
    std::string verify{kCriticalVerifySpec};
};
FreeSquareMethod free_square_method(const SolverSpec& method);
inline constexpr std::uint64_t kFreeSquareIterations = 500;
// A free-square run's instance is named as its record: zero-given-n<n>-free-s<seed> for a run from
// the empty board (a critical_orders: `n`), <id>:free-s<seed> for one from start puzzle <id> (a
// critical_orders: `file`). The first has no ':', the second always has one, so the name says
// which a run is (free_square_from_empty): the run, resume and merge read it the same way.
std::string free_square_id(int n, std::uint64_t seed);
std::string free_square_start_id(std::string_view start, std::uint64_t seed);
bool free_square_from_empty(std::string_view instance, int n, std::uint64_t seed);
// The message of a free-square run whose budget ended before any zero-given puzzle was found.
inline constexpr std::string_view kFreeSquareNothingFound = "no zero-given puzzle found in the budget";

}  // namespace futolab
