#include "experiments/sidecar_protocol.hpp"

#include "core/isolation.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/config_statuses.hpp"
#include "experiments/resume_rows.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/task_kinds.hpp"
#include "sandbox/cgroup.hpp"
#include "records/sidecar_numbers.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

namespace futolab {
namespace {

// Why a sweep of `config` does not run in isolation `name` ("" if it may: the config's own, or
// another one --isolation chose that its limits and builds can take).
std::string isolation_problem_of(const std::string& name, const ExperimentConfig& config) {
    const TaskInfo& kind = task_info(config.task);
    const std::string_view written = name_in(kIsolations, isolation_written(config));
    if (!accepts(kind, TaskKey::isolation))
        return name == written ? ""
                               : fmt::format("isolation: {}, where task {} runs only as threads of futolab ({})", name,
                                             kind.name, written);
    const IsolationWord* word = row_named(kIsolations, name);
    if (word == nullptr) return fmt::format("isolation: {}, which is no isolation (valid: {})", name, names_of(kIsolations));
    ExperimentConfig as_run = config;
    as_run.isolation = word->value;
    if (const std::string why = isolation_problem(as_run); !why.empty())
        return fmt::format("isolation: {}, where its config cannot run so ({})", name, why);
    return "";
}

// The mechanisms that may enforce limits.memory in `isolation`: none without a limit or an own
// process; a fork's RLIMIT_AS; warm workers' memory cgroup where the host lets futolab make one,
// else RLIMIT_AS (sandbox.cpp, memory_limit_mechanism).
std::vector<std::string> memory_mechanisms(const Limits& limits, Isolation isolation) {
    const SandboxRow& row = sandbox_row(isolation);
    if (limits.memory_bytes == 0 || !row.own_process) return {"none"};
    if (!row.warm_workers) return {"rlimit"};
    return {"rlimit", cgroup_mechanism(CgroupVersion::v1), cgroup_mechanism(CgroupVersion::v2)};
}

std::string timing_problem(const SidecarFacts& facts, const ExperimentConfig& config) {
    const TimingProtocol& timing = facts.timing;
    const std::string_view order = run_order_name(config.order);
    if (timing.order != order)
        return fmt::format("timing order: {}, where its config runs {} ({})", timing.order, order, sidecar_at(facts, "timing.order"));
    if (timing.warmup != config.warmup)
        return fmt::format("timing warmup: {}, where its config sets {} ({})", timing.warmup, config.warmup,
                           sidecar_at(facts, "timing.warmup"));
    if (timing.pin != config.pin)
        return fmt::format("timing pin: {}, where its config {} ({})", timing.pin, config.pin ? "pins its workers" : "sets no pin",
                           sidecar_at(facts, "timing.pin"));
    return "";
}

// The runs of shard `index` of `count` in a matrix of `total` (each run index hashed: in_shard).
std::uint64_t shard_share(std::uint64_t total, int index, int count) {
    if (count == 1) return total;
    std::uint64_t share = 0;
    for (std::uint64_t i = 0; i < total; ++i) share += in_shard(i, index, count) ? 1 : 0;
    return share;
}

// A sweep's sidecar is written at its start (`running`, counting the rows then) and again after
// its last row (how it ended, counting every row), `failed` perhaps in place over the first
// (mark_sidecar_state). So a sidecar of a sweep's end counts at least the rows there: rows taken
// out since (by hand, to run them again, or by --redo before its own sidecar) are fine, rows
// added after it were written by no sweep. A kill leaves the first sidecar, behind the rows.
std::string completed_problem(const SidecarFacts& facts, std::uint64_t completed, std::size_t rows) {
    if (facts.state == "running" || facts.state == "failed" || completed >= rows) return "";
    return fmt::format("state: {} with completed: {}, where the CSV holds {} rows (a sweep writes its last sidecar after its "
                       "last row) ({})", facts.state, completed, rows, sidecar_at(facts, "run.completed"));
}

// shard_runs and completed against the shard's share of the matrix's `runs`: the share itself,
// at most it (a row a run), all of it once `finished` (or `merged`), less once `merged-incomplete`.
std::string share_problem(const SidecarFacts& facts, std::uint64_t runs) {
    const std::uint64_t share = facts.merged ? runs : shard_share(runs, facts.shard_index, facts.shard_count);
    const std::string whose = facts.merged ? "the merge" : shard_words(facts);
    if (facts.shard_runs && *facts.shard_runs != share)
        return fmt::format("shard_runs: {}, where {} has {} of its {} runs ({})", *facts.shard_runs, whose, share, runs,
                           sidecar_at(facts, "run.shard_runs"));
    if (!facts.completed) return "";
    const std::uint64_t completed = *facts.completed;
    const bool every = facts.state == "finished" || facts.state == "merged";
    const bool short_of = facts.state == "merged-incomplete";
    if (completed > share || (every && completed != share) || (short_of && completed >= share))
        return fmt::format("completed: {}{}, where {} has {} runs ({})", completed,
                           facts.state.empty() ? "" : " with state: " + facts.state, whose, share,
                           sidecar_at(facts, "run.completed"));
    return "";
}

}  // namespace

std::string redone_problem(const SidecarFacts& facts, const ExperimentConfig& config) {
    // A minute and the timestamps' whole seconds either way: the clock may be stepped back
    // between two of them (clock_facts.cpp, kSpanSlackSeconds).
    constexpr std::int64_t kSlackSeconds = 62;
    const IsolationWord* named = facts.isolation.empty() ? nullptr : row_named(kIsolations, facts.isolation);
    const Isolation where = named != nullptr ? named->value : isolation_written(config);
    const std::uint64_t most_rows = facts.shard_runs.value_or(facts.total_runs);
    const bool going = facts.finished.empty();
    const std::int64_t end = going ? utc_seconds(utc_now_iso8601()) : utc_seconds(facts.finished);
    for (std::size_t i = 0; i < facts.redone.size(); ++i) {
        const RedoRecord& redo = facts.redone[i];
        const auto at = [&](std::string_view key) { return sidecar_at(facts, fmt::format("redone[{}]{}", i, key)); };
        const std::int64_t when = utc_seconds(redo.at);
        if (!facts.first_started.empty() && when < utc_seconds(facts.first_started) - kSlackSeconds)
            return fmt::format("redone[{}] at: {}, before run.first_started {}, the start of the CSV's first run ({})", i,
                               redo.at, facts.first_started, at(".at"));
        if (when > end + kSlackSeconds)
            return fmt::format("redone[{}] at: {}, after {} ({})", i, redo.at,
                               going ? "now (the run goes on: run.finished \"\")" : "run.finished " + facts.finished, at(".at"));
        if (redo.statuses.empty())
            return fmt::format("redone[{}] statuses: [], where a --redo names at least one status ({})", i, at(".statuses"));
        for (std::size_t k = 0; k < redo.statuses.size(); ++k) {
            const std::string& word = redo.statuses[k];
            const std::string where_k = at(fmt::format(".statuses[{}]", k));
            const std::optional<Status> status = status_named(word);
            if (!status)
                return fmt::format("redone[{}] statuses: {}, which is no run status (valid: {}) ({})", i, message_text(word, 200),
                                   names_of(kStatuses), where_k);
            if (!config_writes_status(config, where, *status))
                return fmt::format("redone[{}] statuses: {}, a status no run of its config writes, which --redo refuses ({}) ({})",
                                   i, word, written_statuses_text(config, where), where_k);
            if (std::find(redo.statuses.begin(), redo.statuses.begin() + static_cast<std::ptrdiff_t>(k), word) !=
                redo.statuses.begin() + static_cast<std::ptrdiff_t>(k))
                return fmt::format("redone[{}] statuses: {} twice, where a --redo names each status once ({})", i, word, where_k);
        }
        if (redo.rows > most_rows)
            return fmt::format("redone[{}] rows: {}, more than the {} runs of {} ({})", i, redo.rows, most_rows,
                               shard_words(facts), at(".rows"));
    }
    return "";
}

std::string sidecar_progress_problem(const SidecarFacts& facts, std::size_t rows, std::optional<std::size_t> runs) {
    if (facts.completed && !facts.state.empty())  // an older sidecar without a state: nothing says how it ended
        if (std::string why = completed_problem(facts, *facts.completed, rows); !why.empty()) return why;
    // Without the matrix (merge could not read the inputs again) its total_runs, which the shards
    // agree on, as far as a share is counted in a moment (run by run: a forged 10^15 would not be).
    constexpr std::uint64_t kCountedTotal = 100'000'000;
    if (!runs && (facts.shard_count == 1 || facts.merged || facts.total_runs <= kCountedTotal)) runs = facts.total_runs;
    return runs ? share_problem(facts, *runs) : "";
}

std::string sidecar_protocol_problem(const SidecarFacts& facts, const ExperimentConfig& config,
                                     std::optional<std::size_t> runs) {
    if (facts.identity.name != config.name)
        return fmt::format("experiment: {}, where its config is named {} ({})", message_text(facts.identity.name, 200),
                           config.name, sidecar_at(facts, "experiment"));
    if (!facts.isolation.empty())
        if (std::string why = isolation_problem_of(facts.isolation, config); !why.empty())
            return fmt::format("{} ({})", why, sidecar_at(facts, "run.isolation"));
    if (!facts.isolation.empty() && !facts.memory_limit.empty()) {
        const std::vector<std::string> may =
            memory_mechanisms(config.limits, row_named(kIsolations, facts.isolation)->value);
        if (std::find(may.begin(), may.end(), facts.memory_limit) == may.end())
            return fmt::format("memory_limit: {}, where a sweep of its config in isolation {} writes {} ({})", facts.memory_limit,
                               facts.isolation, fmt::join(may, " or "), sidecar_at(facts, "run.memory_limit"));
    }
    if (std::string why = timing_problem(facts, config); !why.empty()) return why;
    if (runs && facts.total_runs != *runs)
        return fmt::format("total_runs: {}, where its config's run matrix has {} runs ({})", facts.total_runs, *runs,
                           sidecar_at(facts, "run.total_runs"));
    return "";
}

std::string skipped_inputs_problem(const SidecarFacts& facts, const std::vector<SkippedInput>& listed,
                                   const std::optional<std::vector<SkippedInput>>& skipped) {
    if (!skipped) return "";
    const auto id = [](const SkippedInput& s) { return message_text(s.id, 200); };
    for (std::size_t i = 0; i < std::max(listed.size(), skipped->size()); ++i) {
        const std::string at = sidecar_item_at(facts, "skipped_inputs", i);
        if (i >= listed.size())
            return fmt::format("skipped_inputs without {}, which its config's inputs skip ({})", id((*skipped)[i]), at);
        if (i >= skipped->size())
            return fmt::format("skipped_inputs: {}, which its config's inputs do not skip ({})", id(listed[i]), at);
        if (listed[i].id != (*skipped)[i].id)
            return fmt::format("skipped_inputs: {} as skipped input {}, where its config's inputs skip {} ({})", id(listed[i]),
                               i + 1, id((*skipped)[i]), at);
        if (listed[i].error != (*skipped)[i].error)
            return fmt::format("skipped_inputs: {} with error '{}', where its config's inputs give '{}' ({})", id(listed[i]),
                               message_text(listed[i].error, 200), message_text((*skipped)[i].error, 200), at);
    }
    return "";
}

}  // namespace futolab
