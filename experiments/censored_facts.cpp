#include "experiments/censored_facts.hpp"

#include "core/isolation.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/config_statuses.hpp"
#include "experiments/few_relations_facts.hpp"
#include "experiments/limit_rule.hpp"
#include "experiments/resume_rows.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "sandbox/child_run.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

namespace futolab {
namespace {

constexpr std::string_view kPeakRule = "peak resident memory ";  // sandbox/child_process.cpp, apply_memory_rule

// A run killed at its wall limit: warm_worker.cpp's and child_run.cpp's words.
bool killed_at_limit(std::string_view m) {
    return m.starts_with("wall time limit: killed ") || (m.starts_with("killed ") && m.find(" after its time limit") != std::string_view::npos);
}

// A limit of the config on one of the row's clocks.
struct Clock {
    const char* name;    // in the messages: "wall", "cpu"
    const char* column;  // wall_ns, cpu_ns
    double seconds;      // 0: none
    const char* key;     // limits.time, limits.cpu
};

std::array<Clock, 2> clocks_of(const Limits& limits) {
    return {Clock{"wall", "wall_ns", limits.time_seconds, "limits.time"}, Clock{"cpu", "cpu_ns", limits.cpu_seconds, "limits.cpu"}};
}

// The row's `column` clock in ns, if the row has it as a whole number: a cell that is none is the
// cell checks' to refuse, in their words (merge runs them after these).
std::optional<double> clock_ns(const RowCells& row, const char* column) {
    if (!row.has(column)) return std::nullopt;
    try {
        return static_cast<double>(row.whole(column));
    } catch (const InputError&) {
        return std::nullopt;
    }
}

// The limit rule's words after a limit's figure (limit_rule.cpp): ": the run took X ms (it said
// S)", X the clock's own ns in ms to a tenth (where the row has that column), S the finished
// status the run answered.
bool limit_rule_tail(const RowCells& row, std::string_view tail, const Clock& clock) {
    constexpr std::string_view took = ": the run took ", said = " ms (it said ";
    const std::size_t at = tail.find(said);
    if (!tail.starts_with(took) || !tail.ends_with(")") || at == std::string_view::npos) return false;
    const std::string_view ms = tail.substr(took.size(), at - took.size());
    const std::optional<Status> answer = status_named(tail.substr(at + said.size(), tail.size() - at - said.size() - 1));
    if (!answer || outcome_of(*answer) != RunOutcome::finished) return false;
    const std::optional<double> ns = clock_ns(row, clock.column);
    return !ns || ms == fmt::format("{:.1f}", *ns / 1e6);
}

// A time limit's message names a limit the config sets, with its figure as the run writes it,
// and nothing after it but the limit rule's words, in a kind the rule relabels (red-team round
// 25, B F7: "wall time limit (0.002 s) " with a trailing space was taken). A few-relations
// timeout's whole message is check_few_relations_row's, which names what its watch writes.
void check_time_limit_text(const RowCells& row, std::string_view m, const ExperimentConfig& config) {
    const Limits& limits = config.limits;
    for (const Clock& clock : clocks_of(limits)) {
        const std::string head = fmt::format("{} time limit", clock.name);
        if (!m.starts_with(head)) continue;
        if (clock.seconds <= 0) row.refuse("message", fmt::format("a {} time limit, where the config sets no {}", clock.name, clock.key));
        if (!m.starts_with(head + " (")) continue;  // a tool's or the sandbox's words: "wall time limit: …"
        const std::string figure = fmt::format("{} ({:g} s)", head, clock.seconds);
        if (!m.starts_with(figure))
            row.refuse("message", fmt::format("where the run's {} is {:g} s ('{}')", clock.key, clock.seconds, figure));
        const std::string_view tail = m.substr(figure.size());
        if (config.task == Task::few_relations) continue;
        if (!tail.empty() && !(relabels_past_limits(task_info(config.task)) && limit_rule_tail(row, tail, clock)))
            row.refuse("message", fmt::format("where the run writes '{}' alone{}", figure,
                                              relabels_past_limits(task_info(config.task))
                                                  ? fmt::format(", or past the limit after it answered '{}: the run took X ms (it "
                                                                "said STATUS)', X its {} in ms", figure, clock.column)
                                                  : ""));
    }
    if (m.starts_with("killed ") && killed_at_limit(m) && limits.time_seconds <= 0)
        row.refuse("message", "a kill at a time limit, where the config sets no limits.time");
}

// Whether a clock's `ns` reached `seconds` (a limit; 0: none), give or take 1 µs of rounding of
// the config's seconds against the clock's whole nanoseconds.
bool reached(double ns, double seconds) {
    constexpr double kRoundingNs = 1000;
    return seconds > 0 && ns + kRoundingNs >= seconds * 1e9;
}

// A run ends `timeout` at a limit only once the clock of that limit has reached it (a search's
// deadline, the limit watch, the limit rule, a tool's guard, the sandbox's kill), and the row's
// wall_ns and cpu_ns are measured around that clock from before it started: whatever its message
// says, a timeout has reached limits.time on wall_ns or limits.cpu on cpu_ns (red-team round 25,
// B F7: a timeout with its message blanked and wall_ns 0, or a counted row relabelled timeout,
// was taken; round 24, B F4, checked only rows whose message named the wall limit). One more
// reading is allowed: a racing portfolio's member stopped at limits.cpu on its own thread, whose
// CPU the row does not count (docs/solvers.md), had run that long on the wall clock too. The
// message, where it names the limit, says which clock: "wall time limit (…)" wall_ns,
// "cpu time limit (…)" cpu_ns, and a kill ("wall time limit: killed …", "killed … after its time
// limit …") wall_ns past limits.time and the grace the sandbox waits before it kills.
void check_timeout_clocks(const RowCells& row, Status status, std::string_view m, const Limits& limits) {
    const std::optional<double> wall = clock_ns(row, "wall_ns"), cpu = clock_ns(row, "cpu_ns");
    if (status != Status::timeout || !wall || !cpu) return;
    if (limits.time_seconds <= 0 && limits.cpu_seconds <= 0) return;  // no limit: a budget's (free-square), or status_facts'
    for (const Clock& clock : clocks_of(limits)) {
        const double ns = std::string_view(clock.column) == "wall_ns" ? *wall : *cpu;
        if (m.starts_with(fmt::format("{} time limit (", clock.name)) && !reached(ns, clock.seconds))
            row.refuse(clock.column, fmt::format("below {} ({:g} s), where its message says the run stopped at that {} limit",
                                                 clock.key, clock.seconds, clock.name));
    }
    const double grace = kill_grace_seconds(limits.time_seconds);
    if (killed_at_limit(m) && !reached(*wall, limits.time_seconds + grace))
        row.refuse("wall_ns", fmt::format("below limits.time ({:g} s) and the {:g} s the sandbox waits after it, where its "
                                          "message says the run was killed then", limits.time_seconds, grace));
    if (reached(*wall, limits.time_seconds) || reached(*cpu, limits.cpu_seconds) || reached(*wall, limits.cpu_seconds)) return;
    std::string set;  // the limits the config sets
    for (const Clock& clock : clocks_of(limits))
        if (clock.seconds > 0) set += fmt::format("{}{} ({:g} s)", set.empty() ? "" : " and ", clock.key, clock.seconds);
    row.refuse("wall_ns", fmt::format("with cpu_ns {}, reaching none of the config's limits ({}), where a run ends timeout only "
                                      "once a clock reaches its limit", message_text(row.cell("cpu_ns"), 40), set));
}

// A finished solve or count row within its limits: the runner makes such a run past a limit
// timeout, whatever it answered (the limit rule, limit_rule.hpp), reading the clocks it writes
// (red-team round 25, B F9: a counted row's wall_ns of 10 s under a 2 ms limit was taken). The
// kinds whose search keeps its limits itself (exact, exact-square, few-relations) may finish past
// them (their verification, a count done between two polls of the watch): not held here.
void check_finished_within(const RowCells& row, Status status, const ExperimentConfig& config) {
    if (outcome_of(status) != RunOutcome::finished || !relabels_past_limits(task_info(config.task))) return;
    for (const Clock& clock : clocks_of(config.limits))
        if (const std::optional<double> ns = clock_ns(row, clock.column); ns && past_limit(*ns, clock.seconds))
            row.refuse(clock.column, fmt::format("past {} ({:g} s) in a '{}' row, where the runner makes a run past its limit "
                                                 "timeout whatever it answered (the limit rule, docs/isolation.md)",
                                                 clock.key, clock.seconds, status_name(status)));
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

// max_rss_kb of a run in a process of its own (the header's last two rules).
void check_peak(const RowCells& row, Status status, std::string_view m, const Limits& limits, Isolation where) {
    if (!sandbox_row(where).own_process || !row.has("max_rss_kb")) return;
    if (row.cell("max_rss_kb").empty()) {
        if (died_unanswered(status, m)) return;
        row.refuse("max_rss_kb", fmt::format("empty, where a '{}' run in {} isolation answered and sent its peak",
                                             status_name(status), sandbox_row(where).name));
    }
    const std::uint64_t limit_kb = limits.memory_bytes / 1024, peak = row.whole("max_rss_kb");
    // A run that answered sent the peak of a living process (its worker's or forked child's
    // resident set since the run began, sandbox/child_process.cpp peak_kb), never 0 kB (red-team
    // round 26, B F1).
    if (peak == 0 && !died_unanswered(status, m))
        row.refuse("max_rss_kb", fmt::format("0, where a '{}' run in {} isolation answered with its process's peak, "
                                             "which holds at least the pages it runs in",
                                             status_name(status), sandbox_row(where).name));
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

std::optional<Status> status_of_message(std::string_view m) {
    if (m.starts_with("wall time limit") || m.starts_with("cpu time limit") || killed_at_limit(m)) return Status::timeout;
    if (m.starts_with("out of memory") || m.starts_with(kPeakRule)) return Status::memout;
    if (m.starts_with("killed by ") || m.starts_with("the run's process exited with code ")) return Status::crash;
    return std::nullopt;
}

bool died_unanswered(Status status, std::string_view m) {
    return status == Status::crash || status == Status::memout || status == Status::error ||
           (status == Status::timeout && killed_at_limit(m));
}

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
    // Every error the runs write says what failed: an exception's words, a tool's, a failed
    // verification's, the sandbox's lost run (red-team round 27, B F1: an error with its message
    // emptied was merged). A few-relations error is its checkpoint file's (check_few_relations_row).
    if (*status == Status::error && !own_check && row.has("message") && m.empty())
        row.refuse("message", "empty, where an error's run says what failed (an exception's or a tool's words, a failed "
                              "verification, the process the sandbox lost)");
    if (*status != Status::error) {
        if (const std::optional<Status> said = status_of_message(m); said && *said != *status)
            row.refuse("status", fmt::format("where its message is a '{}' run's ('{}')", status_name(*said),
                                             message_text(m, 200)));
        // A timeout says what stopped it: every run that writes one names its limit or budget.
        if (*status == Status::timeout && row.has("message") && m.empty())
            row.refuse("message", "empty, where a timeout's run says what stopped it (its limit, as 'wall time limit (T s)', "
                                  "or its own words)");
        check_time_limit_text(row, m, config);
        check_peak_rule_text(row, m, config.limits);
    }
    check_peak(row, *status, m, config.limits, where);
    check_timeout_clocks(row, *status, m, config.limits);
    check_finished_within(row, *status, config);
    if (config.task == Task::few_relations) check_few_relations_row(row, config);  // its statuses' cells, exactly
}

}  // namespace futolab
