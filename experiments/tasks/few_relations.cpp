#include "experiments/task_fns.hpp"
#include "experiments/tasks/counted_shard_hook.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/live_writer.hpp"
#include "core/status.hpp"
#include "critical/zero_given/few_relations_shards.hpp"
#include "experiments/few_relations_record.hpp"
#include "experiments/limit_watch.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks/square_row.hpp"
#include "records/output_lock.hpp"
#include "sandbox/interrupt.hpp"
#include "solvers/run/oracle.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace futolab::tasks {
namespace {

using critical::FewRelationsShard;

// The random pool of order n, built once per process (~0.5 s at n = 6) and shared read-only by
// every shard run there: a count of 256 shards would otherwise build it 256 times. It is a pure
// function of n, so holding it for the process changes no count.
std::shared_ptr<const critical::FewRelationsPool> pool_of(int n) {
    static std::mutex lock;
    static std::map<int, std::shared_ptr<const critical::FewRelationsPool>> pools;
    const std::lock_guard<std::mutex> hold(lock);
    auto [it, fresh] = pools.try_emplace(n);
    if (fresh) it->second = critical::few_relations_pool(n);
    return it->second;
}

// The tests' hook (tasks/counted_shard_hook.hpp); none in a command.
CountedShardHook& counted_shard_hook() {
    static CountedShardHook hook;
    return hook;
}

// The shard counted, or none where a limit stopped it (`row` then says which, as a timeout). A
// stop request is no row at all (OracleStopped: TaskRunner::run's, not written).
std::optional<critical::FewRelationsCount> count_shard(const FewRelationsShard& s, const Limits& limits, ResultRow& row) {
    const LimitWatch watch(limits);
    try {
        return critical::few_relations(s.n, s.k, s.shard, s.shards, pool_of(s.n), watch.flag());
    } catch (const critical::FewRelationsStopped&) {
        if (watch.interrupted()) throw OracleStopped();
        row.status = Status::timeout;
        row.message = watch.limit_hit();
        row.unknown_counters = ~CounterMask{0};
        return std::nullopt;
    }
}

// The row of a shard whose checkpoint file `path` could not be held, read or written: an error,
// its message the reason, naming the file as resume and merge hold it (few_relations_record.hpp;
// the shard is counted again by the next run).
ResultRow failed(ResultRow row, const Stopwatch& clock, const std::string& why, const std::string& checkpoint,
                 const std::string& path) {
    clock.stop(row);
    row.status = Status::error;
    row.message = shard_file_error(why, checkpoint, path);
    row.unknown_counters = ~CounterMask{0};
    return row;
}

// Why `step`, a step on the shard's checkpoint file, failed (InputError too: a file another
// futolab holds, or one not whole), or nullopt if it did not.
template <class Step>
std::optional<std::string> file_failure(Step&& step) {
    try {
        step();
        return std::nullopt;
    } catch (const std::runtime_error& e) {
        return std::string(e.what());
    }
}

}  // namespace

CountedShardHook set_counted_shard_hook(CountedShardHook hook) { return std::exchange(counted_shard_hook(), std::move(hook)); }

// One shard of the few-relations count (critical/zero_given/few_relations.hpp), polled against
// the run's limits and the runner's interrupt. With a checkpoint folder the shard's file there is
// held (records/output_lock.hpp: one writer per shard file, as `critical --shard I/S` holds it)
// from before it is read to after it is written: a shard whose file is there, valid and counted by
// this build (its producer) is taken from it (meta.from: checkpoint, the file's counts and times);
// a file of another build is an error row, naming it; else the count's file is written
// atomically before the row is returned, if its lock is still held (else an error row). The row:
// counted, nodes the oriented puzzles counted to 2, solutions 1 (its one record), the record
// every count of the shard (few_relations_record.hpp).
ResultRow run_few_relations(TaskContext& t, const PlannedRun& run) {
    ResultRow row = order_row(t, run);
    const FewRelationsRef& ref = t.matrix.few_relations[static_cast<std::size_t>(run.instance)];
    FewRelationsShard s{row.n, ref.k, ref.shard, ref.shards, {}, few_relations_producer(), few_relations_limits(t.config.limits)};
    Limits limits = t.config.limits;
    if (t.interrupt != nullptr) limits.stop = t.interrupt->flag();
    const Stopwatch clock;
    const std::string path =
        ref.checkpoint.empty() ? "" : critical::few_relations_shard_path(ref.checkpoint, s.n, s.k, s.shard, s.shards);
    std::unique_ptr<OutputLock> held;
    std::optional<FewRelationsShard> found;
    // Only the shard's file makes an error row; a failure of the count itself (no thread for its
    // limit watch) stops the sweep as the runner's other failures do. A row without a checkpoint
    // is then never an error, and resume and merge hold it so (few_relations_facts.hpp).
    if (!path.empty()) {
        const std::optional<std::string> why = file_failure([&] {
            create_output_folder(ref.checkpoint, "few_relations.checkpoint");
            held = std::make_unique<OutputLock>(path, "use another checkpoint folder");  // not another --out
            // A whole count of another process holds it from its start (red-team round 26, A F7).
            if (const std::string busy = count_reservation(path); !busy.empty())
                throw InputError(path + ": " + busy + ": wait for it to end, or use another checkpoint folder");
            // This build's only, counted under the run's limits (one of other limits there since the
            // run's check before any work, runner.cpp: an error row too).
            found = critical::read_few_relations_shard(path, s.n, s.k, s.shard, s.shards, s.producer, s.limits);
        });
        if (why) return failed(std::move(row), clock, *why, ref.checkpoint, path);
    }
    const bool from_checkpoint = found.has_value();
    if (from_checkpoint) {
        s = std::move(*found);  // its limits the file's: the run's, or none recorded (an older futolab's file)
    } else {
        std::optional<critical::FewRelationsCount> counted = count_shard(s, limits, row);
        if (!counted) {
            clock.stop(row);
            return row;
        }
        s.count = std::move(*counted);
        if (counted_shard_hook() && !path.empty()) counted_shard_hook()(path);
        const auto write = [&] {
            // A lock removed or replaced while the shard was counted: another futolab may hold the
            // name now and write this file, so it is not written (red-team round 22, A F4).
            held->check_held_for(path);
            write_file_atomically(path, critical::write_few_relations_shard(s));
        };
        if (const std::optional<std::string> why = path.empty() ? std::nullopt : file_failure(write))
            return failed(std::move(row), clock, *why, ref.checkpoint, path);
    }
    clock.stop(row);
    row.status = Status::counted;
    row.counters.nodes = s.count.puzzles;
    row.counters.solutions = 1;
    row.output = jsonl_line(few_relations_record(s, from_checkpoint));
    return row;
}

}  // namespace futolab::tasks
