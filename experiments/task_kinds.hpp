// The task kinds of experiments (configs/README.md, `task:`), one row each (issue #27 item 1).
// Everything the driver does differently per kind is read from its row: the YAML keys it
// takes, its input sources, whether it takes `solvers:` or one `methods:` method and that
// method's option table, where its runs execute, the CSV columns it fills, and the functions
// that make its rows (declared in experiments/task_fns.hpp, defined in experiments/tasks/KIND.cpp).
// No code outside the table asks "is this task exact?": a new kind is its own file under
// experiments/tasks/, its declarations in task_fns.hpp and one row here
// (docs/architecture.md shows the whole list).
#pragma once

#include "core/counters.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/method_tables.hpp"
#include "experiments/task_fns.hpp"

#include <array>
#include <initializer_list>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace futolab {

// What an experiment does with each (instance, solver/method) pair:
//   solve, count  run a solver (mode first, or count to K / all);
//   generate      make a uniquely solvable puzzle from each input square (method `unique`);
//   critical      find a verified critical clue set of each input square (method `critical`);
//   exact         the exact minimum critical set of one symmetry class of Latin squares, for
//                 one objective (method `exact`, experiments/exact_task.hpp; issue #15);
//   greedy        `futolab critical`'s default mode: critical's search on the squares of a
//                 `critical_squares:` source, each with its own seed, its record named as the
//                 square (method `critical`);
//   exact-square  `futolab critical --exact --square/--input`: the exact minimum of one given
//                 square of a `critical_squares:` source, or the bounds its limits leave
//                 (method `exact-square`, critical/exact/exact_square.hpp);
//   construct     `futolab critical --construct`: the chain construction of one order of a
//                 `critical_orders:` source, verified (method `construct`,
//                 critical/construction/chain_construction.hpp);
//   exhaustive    `futolab critical --exhaustive`: the exact minima of 2h+3k and of k (h = 0)
//                 over every square of one order, n <= 4 (method `exhaustive`,
//                 critical/exact/exhaustive.hpp);
//   exact-sample  `futolab critical --exact --sample`: the classes of random squares of one order
//                 drawn from the `critical_orders:` source's seed, each its own minimum: an
//                 upper bound (method `exact-sample`, critical/exact/exact.hpp).
//   free-square   `futolab critical --free-square`: a zero-given puzzle (h = 0, min k) with the
//                 solution free to change, from the empty board of an order (a run per seed of
//                 a `critical_orders:` source) or from a start puzzle of its `file` (method
//                 `free-square`, critical/zero_given/zero_given.hpp).
//   few-relations `futolab critical --few-relations`: one shard of the count of every zero-given
//                 puzzle with k relations to 2, a shard of a `few_relations:` source (method
//                 `few-relations`, critical/zero_given/few_relations.hpp).
enum class Task { solve, count, generate, critical, exact, greedy, exact_square, construct, exhaustive, exact_sample,
                  free_square, few_relations };

// What a kind's runs take as their instance, and so which `instances:` sources feed it
// (sources_of): puzzles (files, generators), solved squares (those, whose solution is used, and
// `squares:` sources), symmetry classes (`classes:` sources only) or the seeded squares of
// `futolab critical` (`critical_squares:` sources only), or orders (`critical_orders:` only: the
// run computes one thing of the order, its instance the empty board), or the shards of one
// few-relations count (`few_relations:` only, each shard's instance the empty board).
enum class TaskInput { puzzles, squares, classes, critical_squares, critical_orders, few_relations };

// The config keys whose use depends on the kind (the others apply to every kind).
enum class TaskKey : unsigned {
    mode = 1u << 0,        // `mode:` (first / count)
    limits = 1u << 1,      // `limits:`
    node_limit = 1u << 2,  // `limits.nodes`
    grade = 1u << 3,       // `grade:` (a solve/count option: the grade column)
    isolation = 1u << 4,   // `isolation:`; a kind without it runs on the runner's threads
    builds = 1u << 5,      // `builds:` (an A/B sweep of several futolab binaries)
};
constexpr unsigned operator|(TaskKey a, TaskKey b) { return static_cast<unsigned>(a) | static_cast<unsigned>(b); }
constexpr unsigned operator|(unsigned a, TaskKey b) { return a | static_cast<unsigned>(b); }
inline constexpr unsigned kEveryTaskKey = TaskKey::mode | TaskKey::limits | TaskKey::node_limit | TaskKey::grade |
                                          TaskKey::isolation | TaskKey::builds;

// The solver mode a kind asks for (solve and count differ only in it).
enum class TaskMode { none, first, count };

// The CSV columns (records/results_csv.hpp) a kind's rows fill beyond the identity columns
// every row has (experiment, instance, n, solver, options, seed, repeat, mode, status, times).
enum class TaskColumn : unsigned {
    counters = 1u << 0,  // the search counters (known ones; SPEC §4)
    solution = 1u << 1,  // the solution found, or the input square
    h_k = 1u << 2,       // h and k of the produced puzzle or clue set
    grade = 1u << 3,     // always (solve/count only with `grade: true`)
    output = 1u << 4,    // one JSONL record (exported next to the CSV after the run)
};
constexpr unsigned operator|(TaskColumn a, TaskColumn b) { return static_cast<unsigned>(a) | static_cast<unsigned>(b); }
constexpr unsigned operator|(unsigned a, TaskColumn b) { return a | static_cast<unsigned>(b); }

struct TaskInfo {
    Task value;
    std::string_view name;       // the `task:` value and the CSV `mode` column of method tasks
    TaskInput inputs;
    TaskMode mode;               // default: the kind whose mode fits `mode:` (solve or count)
    unsigned keys;               // TaskKey bits the kind accepts
    unsigned columns;            // TaskColumn bits its rows fill
    std::string_view method;     // "": takes `solvers:`; else its one method (`methods:`)
    MethodOptionsFn method_options;  // that method's option table (nullptr without a method)
    // Why a time limit of this kind needs the run's own process ("": it stops on a thread too).
    std::string_view time_limit_needs_process;
    bool square_tables;          // runs read every square of their order (SquareTables, built once)
    // The largest order its runs take: kMaxSize (64), exact's kMaxEnumeratedN (every square in
    // memory), exact-square's kMaxWideN (its clue masks); checked where the config's sources
    // are read and the run matrix is built, before any file is written (round 13, F4).
    int max_n;
    Status success;              // the status of a run that made what the kind makes (row_facts.hpp)
    // The statuses whose rows carry the run's record in `output` (status_bits): the success
    // status, and for exact-square `timeout` too (the bounds a limit left, with a verified set
    // of the upper bound's cost). Any other status has none, but `error`, whose record is
    // evidence (status_facts.hpp; round 13, F1: a timeout's bounds record was refused).
    unsigned output_statuses;
    // Counters the kind does not count: written empty (SPEC §4: empty means not reported, so a
    // gate on one exits 2 "not measured" where a 0 let it pass), held to that on resume and
    // merge (status_facts.hpp; round 13, F9). Generate, critical and greedy wrote 0 before.
    CounterMask empty_counters;
    TaskRunFn run;               // the run on this thread, as its row
    TaskUnfinishedFn unfinished; // the row of a run whose process ended without one
    // critical_orders: its runs draw squares from the source's `seed`, the run's seed (as a
    // critical_squares: square's), `count` runs with seeds seed, seed + 1, ...; the other order
    // kinds draw nothing and refuse both.
    bool order_seed = false;
    // critical_orders: it takes start puzzles, one run per puzzle of the source's `file` (instead
    // of `n`), that puzzle its instance; the other kinds refuse `file`.
    bool start_puzzles = false;
    // The statuses its run writes itself, the success status and `error` included, where they are
    // all a row of the kind can hold (0: not listed here; status_facts.hpp's checks alone). Listed
    // for the order kinds: they run on the runner's threads without `limits:` or `isolation:`, so
    // no sandbox or limit can write memout, crash or a limit's timeout for them (the run's own
    // statuses: exact-sample's `multiple`, free-square's budget `timeout`).
    unsigned run_statuses = 0;
};

constexpr unsigned status_bit(Status s) { return 1u << static_cast<unsigned>(s); }
constexpr unsigned status_bits(std::initializer_list<Status> statuses) {
    unsigned bits = 0;
    for (Status s : statuses) bits |= status_bit(s);
    return bits;
}
// Counted by neither the square tasks' searches nor their checks (the `nodes` they write is
// their own measure: checks, gac nodes or branch-and-bound nodes).
inline constexpr CounterMask kSearchOnlyCounters =
    counter_bits({Counter::fails, Counter::checks, Counter::propagations, Counter::max_depth});
inline constexpr CounterMask kExactUncounted = counter_bits({Counter::fails, Counter::propagations, Counter::max_depth});
// The exhaustive search counts its branch-and-bound nodes only; the construction searches nothing.
inline constexpr CounterMask kExhaustiveUncounted = kExactUncounted | counter_bit(Counter::checks);
inline constexpr CounterMask kConstructUncounted = kExhaustiveUncounted | counter_bit(Counter::nodes);

// The table: one row per kind, in enum order (checked below).
inline constexpr std::array kTasks{
    TaskInfo{.value = Task::solve, .name = "solve", .inputs = TaskInput::puzzles, .mode = TaskMode::first,
             .keys = kEveryTaskKey, .columns = TaskColumn::counters | TaskColumn::solution, .method = "",
             .method_options = nullptr, .time_limit_needs_process = "", .square_tables = false, .max_n = 64,
             .success = Status::solved,
             .output_statuses = 0, .empty_counters = 0,
             .run = &tasks::run_solve, .unfinished = &tasks::unfinished_solve},
    TaskInfo{.value = Task::count, .name = "count", .inputs = TaskInput::puzzles, .mode = TaskMode::count,
             .keys = kEveryTaskKey, .columns = TaskColumn::counters | TaskColumn::solution, .method = "",
             .method_options = nullptr, .time_limit_needs_process = "", .square_tables = false, .max_n = 64,
             .success = Status::solved,
             .output_statuses = 0, .empty_counters = 0,
             .run = &tasks::run_solve, .unfinished = &tasks::unfinished_solve},
    TaskInfo{.value = Task::generate, .name = "generate", .inputs = TaskInput::squares, .mode = TaskMode::none,
             .keys = 0, .columns = TaskColumn::counters | TaskColumn::solution | TaskColumn::h_k | TaskColumn::grade |
                                   TaskColumn::output,
             .method = "unique", .method_options = &unique_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 64, .success = Status::unique,
             .output_statuses = status_bit(Status::unique), .empty_counters = kSearchOnlyCounters,
             .run = &tasks::run_generate, .unfinished = &tasks::unfinished_square},
    TaskInfo{.value = Task::critical, .name = "critical", .inputs = TaskInput::squares, .mode = TaskMode::none,
             .keys = 0, .columns = TaskColumn::counters | TaskColumn::solution | TaskColumn::h_k | TaskColumn::grade |
                                   TaskColumn::output,
             .method = "critical", .method_options = &critical_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 64, .success = Status::critical,
             .output_statuses = status_bit(Status::critical), .empty_counters = kSearchOnlyCounters,
             .run = &tasks::run_critical, .unfinished = &tasks::unfinished_square},
    TaskInfo{.value = Task::exact, .name = "exact", .inputs = TaskInput::classes, .mode = TaskMode::none,
             .keys = TaskKey::limits | TaskKey::isolation,
             .columns = TaskColumn::counters | TaskColumn::solution | TaskColumn::h_k | TaskColumn::output,
             .method = "exact", .method_options = &exact_method_options,
             .time_limit_needs_process = "a class search is stopped by killing its process", .square_tables = true,
             .max_n = 5, .success = Status::solved,
             .output_statuses = status_bit(Status::solved), .empty_counters = kExactUncounted,
             .run = &tasks::run_exact, .unfinished = &tasks::unfinished_square},
    TaskInfo{.value = Task::greedy, .name = "greedy", .inputs = TaskInput::critical_squares, .mode = TaskMode::none,
             .keys = 0, .columns = TaskColumn::counters | TaskColumn::solution | TaskColumn::h_k | TaskColumn::grade |
                                   TaskColumn::output,
             .method = "critical", .method_options = &critical_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 64, .success = Status::critical,
             .output_statuses = status_bit(Status::critical), .empty_counters = kSearchOnlyCounters,
             .run = &tasks::run_greedy, .unfinished = &tasks::unfinished_square},
    TaskInfo{.value = Task::exact_square, .name = "exact-square", .inputs = TaskInput::critical_squares,
             .mode = TaskMode::none, .keys = TaskKey::limits | TaskKey::isolation,
             .columns = TaskColumn::counters | TaskColumn::solution | TaskColumn::h_k | TaskColumn::output,
             .method = "exact-square", .method_options = &exact_square_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 9, .success = Status::solved,
             .output_statuses = status_bits({Status::solved, Status::timeout}), .empty_counters = kExactUncounted,
             .run = &tasks::run_exact_square, .unfinished = &tasks::unfinished_square},
    TaskInfo{.value = Task::construct, .name = "construct", .inputs = TaskInput::critical_orders,
             .mode = TaskMode::none, .keys = 0, .columns = TaskColumn::counters | TaskColumn::h_k | TaskColumn::output,
             .method = "construct", .method_options = &construct_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 64, .success = Status::critical,
             .output_statuses = status_bit(Status::critical), .empty_counters = kConstructUncounted,
             .run = &tasks::run_construct, .unfinished = &tasks::unfinished_order,
             .run_statuses = status_bits({Status::critical, Status::error})},
    TaskInfo{.value = Task::exhaustive, .name = "exhaustive", .inputs = TaskInput::critical_orders,
             .mode = TaskMode::none, .keys = 0, .columns = TaskColumn::counters | TaskColumn::h_k | TaskColumn::output,
             .method = "exhaustive", .method_options = &exhaustive_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 4, .success = Status::solved,
             .output_statuses = status_bit(Status::solved), .empty_counters = kExhaustiveUncounted,
             .run = &tasks::run_exhaustive, .unfinished = &tasks::unfinished_order,
             .run_statuses = status_bits({Status::solved, Status::error})},
    TaskInfo{.value = Task::exact_sample, .name = "exact-sample", .inputs = TaskInput::critical_orders,
             .mode = TaskMode::none, .keys = 0, .columns = TaskColumn::counters | TaskColumn::h_k | TaskColumn::output,
             .method = "exact-sample", .method_options = &exact_sample_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 6, .success = Status::solved,
             .output_statuses = status_bit(Status::solved), .empty_counters = kExactUncounted,
             .run = &tasks::run_exact_sample, .unfinished = &tasks::unfinished_order, .order_seed = true,
             .run_statuses = status_bits({Status::solved, Status::multiple, Status::error})},
    // nodes: the search's uniqueness checks (as greedy's); a budget spent without a puzzle is
    // `timeout` (SPEC §4: a censored run, its k unknown), with that message.
    TaskInfo{.value = Task::free_square, .name = "free-square", .inputs = TaskInput::critical_orders,
             .mode = TaskMode::none, .keys = 0, .columns = TaskColumn::counters | TaskColumn::h_k | TaskColumn::output,
             .method = "free-square", .method_options = &free_square_method_options, .time_limit_needs_process = "",
             .square_tables = false, .max_n = 64, .success = Status::critical,
             .output_statuses = status_bit(Status::critical), .empty_counters = kSearchOnlyCounters,
             .run = &tasks::run_free_square, .unfinished = &tasks::unfinished_order, .order_seed = true,
             .start_puzzles = true, .run_statuses = status_bits({Status::critical, Status::timeout, Status::error})},
    // nodes: the oriented puzzles counted to 2; the record holds every count of the shard. The
    // count polls a stop flag, which the run's time and CPU limits set (timeout). On the runner's
    // threads: the shards share the order's pool, and a session's warm-up copy of a run (warm
    // workers) would count a shard, and write its checkpoint file, for nothing.
    TaskInfo{.value = Task::few_relations, .name = "few-relations", .inputs = TaskInput::few_relations,
             .mode = TaskMode::none, .keys = static_cast<unsigned>(TaskKey::limits),
             .columns = TaskColumn::counters | TaskColumn::output, .method = "few-relations",
             .method_options = &few_relations_method_options, .time_limit_needs_process = "", .square_tables = false,
             .max_n = 6, .success = Status::counted, .output_statuses = status_bit(Status::counted),
             .empty_counters = kSearchOnlyCounters, .run = &tasks::run_few_relations, .unfinished = &tasks::unfinished_order},
};

// task_info(t) indexes the table by the enum: a row out of order is a compile error.
constexpr bool rows_in_enum_order() {
    for (std::size_t i = 0; i < kTasks.size(); ++i)
        if (static_cast<std::size_t>(kTasks[i].value) != i) return false;
    return true;
}
static_assert(rows_in_enum_order(), "kTasks: one row per Task value, in enum order");
// A kind listing its run's statuses writes no others: no limit or sandbox may add theirs.
constexpr bool listed_statuses_complete() {
    for (const TaskInfo& kind : kTasks)
        if (kind.run_statuses != 0 && (kind.keys & (TaskKey::limits | TaskKey::isolation)) != 0) return false;
    return true;
}
static_assert(listed_statuses_complete(), "kTasks: a kind with run_statuses takes neither limits nor isolation");

constexpr const TaskInfo& task_info(Task task) { return kTasks[static_cast<std::size_t>(task)]; }
constexpr std::string_view task_name(Task task) { return task_info(task).name; }

constexpr bool accepts(const TaskInfo& kind, TaskKey key) { return (kind.keys & static_cast<unsigned>(key)) != 0; }
constexpr bool fills(const TaskInfo& kind, TaskColumn column) {
    return (kind.columns & static_cast<unsigned>(column)) != 0;
}
// A row of this status may carry the run's record in `output` (output_statuses).
constexpr bool carries_output(const TaskInfo& kind, Status status) {
    return (kind.output_statuses & status_bit(status)) != 0;
}
// A status a row of the kind can hold: one its run writes (run_statuses), or, for a kind that
// lists none, any (status_facts.hpp decides). A kind listing them takes no `limits:` nor
// `isolation:` (checked below), which would add the statuses they write.
constexpr bool writes_status(const TaskInfo& kind, Status status) {
    return kind.run_statuses == 0 || (kind.run_statuses & status_bit(status)) != 0;
}
// Kinds whose runs take their instance's own seed, not one derived from the config seed: a
// critical_squares: square's, or an order_seed kind's critical_orders: seed.
constexpr bool own_seeds(const TaskInfo& kind) { return kind.inputs == TaskInput::critical_squares || kind.order_seed; }
// Kinds with a method are configured by `methods:` (experiments/methods.hpp), not `solvers:`.
constexpr bool takes_methods(const TaskInfo& kind) { return !kind.method.empty(); }
// A finished run of a method kind may say `multiple`: the clues its method may use do not
// determine its square. Not generate (it draws another square) nor few-relations (a count has
// no square of its own; its puzzles with two solutions are counts in its record).
constexpr bool may_write_multiple(const TaskInfo& kind) {
    return takes_methods(kind) && kind.value != Task::generate && kind.inputs != TaskInput::few_relations;
}

// "solve and count", "solve, count and exact": the kinds that accept `key`, for messages.
std::string kinds_accepting(TaskKey key);

}  // namespace futolab
