#include "experiments/censored_facts.hpp"

#include "core/isolation.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/config_statuses.hpp"
#include "experiments/few_relations_facts.hpp"
#include "experiments/resume_rows.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>

namespace futolab {
namespace {

constexpr std::string_view kPeakRule = "peak resident memory ";  // sandbox/child_process.cpp, apply_memory_rule

// A run killed at its wall limit: warm_worker.cpp's and child_run.cpp's words.
bool killed_at_limit(std::string_view m) {
    return m.starts_with("wall time limit: killed ") || (m.starts_with("killed ") && m.find(" after its time limit") != std::string_view::npos);
}

// The status a message of the runs' and the sandbox's own goes with (the header's list), if it is one.
std::optional<Status> status_of_message(std::string_view m) {
    if (m.starts_with("wall time limit") || m.starts_with("cpu time limit") || killed_at_limit(m)) return Status::timeout;
    if (m.starts_with("out of memory") || m.starts_with(kPeakRule)) return Status::memout;
    if (m.starts_with("killed by ") || m.starts_with("the run's process exited with code ")) return Status::crash;
    return std::nullopt;
}

// A time limit's message names a limit the config sets, with its figure as the run writes it.
void check_time_limit_text(const RowCells& row, std::string_view m, const Limits& limits) {
    struct Clock {
        const char* name;
        double seconds;
        const char* key;
    };
    for (const Clock& clock : {Clock{"wall", limits.time_seconds, "limits.time"}, Clock{"cpu", limits.cpu_seconds, "limits.cpu"}}) {
        const std::string head = fmt::format("{} time limit", clock.name);
        if (!m.starts_with(head)) continue;
        if (clock.seconds <= 0) row.refuse("message", fmt::format("a {} time limit, where the config sets no {}", clock.name, clock.key));
        const std::string figure = fmt::format("{} ({:g} s)", head, clock.seconds);
        if (m.starts_with(head + " (") && !m.starts_with(figure))
            row.refuse("message", fmt::format("where the run's {} is {:g} s ('{}')", clock.key, clock.seconds, figure));
    }
    if (m.starts_with("killed ") && killed_at_limit(m) && limits.time_seconds <= 0)
        row.refuse("message", "a kill at a time limit, where the config sets no limits.time");
}

// A run stops at its wall limit only once its clock has reached it (the limit watch, a search's
// deadline, the limit rule), and its wall_ns is measured around that clock: a timeout whose message
// names limits.time ran at least as long (give or take 1 µs of rounding against the config's
// seconds). A kill after the limit ('wall time limit: killed …') or a tool's own stop is not held.
void check_wall_limit_reached(const RowCells& row, Status status, std::string_view m, const Limits& limits) {
    if (status != Status::timeout || limits.time_seconds <= 0 || !m.starts_with("wall time limit (") || !row.has("wall_ns"))
        return;
    constexpr double kRoundingNs = 1000;
    if (static_cast<double>(row.whole("wall_ns")) + kRoundingNs < limits.time_seconds * 1e9)
        row.refuse("wall_ns", fmt::format("below limits.time ({:g} s), where its message says the run stopped at that wall "
                                          "limit", limits.time_seconds));
}

// The peak rule's message: the row's own peak above the config's limit, and what the run said.
void check_peak_rule_text(const RowCells& row, std::string_view m, const Limits& limits) {
    if (!m.starts_with(kPeakRule)) return;
    const std::string head = fmt::format("{}{} kB exceeds limits.memory ({} kB) (the run said ", kPeakRule,
                                         row.has("max_rss_kb") ? row.cell("max_rss_kb") : "", limits.memory_bytes / 1024);
    const std::string_view said = m.substr(std::min(m.size(), head.size()));
    const std::optional<Status> status = said.ends_with(")") ? status_named(said.substr(0, said.size() - 1)) : std::nullopt;
    if (limits.memory_bytes == 0 || !m.starts_with(head) || !status || *status == Status::memout)
        row.refuse("message", fmt::format("where the sandbox writes '{}STATUS)' of the row's max_rss_kb and the config's "
                                          "limits.memory", head));
}

// A run's process that died without answering (its peak may have died with it).
bool died_unanswered(Status status, std::string_view m) {
    return status == Status::crash || status == Status::memout || status == Status::error ||
           (status == Status::timeout && killed_at_limit(m));
}

// max_rss_kb of a run in a process of its own (the header's last two rules).
void check_peak(const RowCells& row, Status status, std::string_view m, const Limits& limits, Isolation where) {
    if (!sandbox_row(where).own_process || !row.has("max_rss_kb")) return;
    if (row.cell("max_rss_kb").empty()) {
        if (died_unanswered(status, m)) return;
        row.refuse("max_rss_kb", fmt::format("empty, where a '{}' run in {} isolation answered and sent its peak",
                                             status_name(status), sandbox_row(where).name));
    }
    const std::uint64_t limit_kb = limits.memory_bytes / 1024, peak = row.whole("max_rss_kb");
    if (limits.memory_bytes == 0) return;
    if (status != Status::memout && peak > limit_kb)
        row.refuse("max_rss_kb", fmt::format("above limits.memory ({} kB), where the sandbox makes such a run memout "
                                             "whatever it said (the peak rule, docs/isolation.md)", limit_kb));
    if (status == Status::memout && m.starts_with(kPeakRule) && peak <= limit_kb)
        row.refuse("max_rss_kb", fmt::format("not above limits.memory ({} kB), where its message says the peak was", limit_kb));
}

// The isolation the row says (resume and merge have compared it with the sidecar), or the config's.
Isolation isolation_of(const RowCells& row, const ExperimentConfig& config) {
    if (row.has("isolation"))
        if (const auto* word = row_named(kIsolations, row.cell("isolation"))) return word->value;
    return isolation_written(config);
}

}  // namespace

void check_censored_cells(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config,
                          std::string_view refusing) {
    const RowCells row{t, r, path, refusing};
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status) return;  // the cell checks refuse it
    const Isolation where = isolation_of(row, config);
    // A finished status is status_facts.hpp's, which names what the row's count makes it; a
    // few-relations error check_few_relations_row's, which names the row's own source.
    const bool own_check = config.task == Task::few_relations && *status == Status::error;
    if (outcome_of(*status) != RunOutcome::finished && !own_check && !config_writes_status(config, where, *status))
        row.refuse("status", fmt::format("a status task {} never writes ({})", task_name(config.task),
                                         written_statuses_text(config, where)));
    const std::string_view m = row.has("message") ? std::string_view(row.cell("message")) : std::string_view();
    if (*status != Status::error) {
        if (const std::optional<Status> said = status_of_message(m); said && *said != *status)
            row.refuse("status", fmt::format("where its message is a '{}' run's ('{}')", status_name(*said),
                                             message_text(m, 200)));
        check_time_limit_text(row, m, config.limits);
        check_peak_rule_text(row, m, config.limits);
    }
    check_peak(row, *status, m, config.limits, where);
    check_wall_limit_reached(row, *status, m, config.limits);
    if (config.task == Task::few_relations) check_few_relations_row(row, config);  // its statuses' cells, exactly
}

}  // namespace futolab
