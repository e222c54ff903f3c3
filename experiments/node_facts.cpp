#include "experiments/node_facts.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "experiments/row_cells.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <optional>

namespace futolab {
namespace {

// The cell as a whole number, or nullopt where it is empty (sat's nodes, a dead run's), absent
// (an older CSV) or no whole number (the cell checks refuse it in their words: merge runs them
// after these).
std::optional<std::uint64_t> counted(const RowCells& row, std::string_view column) {
    if (!row.has(column) || row.cell(column).empty()) return std::nullopt;
    try {
        return row.whole(column);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

// The spec's assign_limit (0: none, or a backend without the option).
std::uint64_t assign_limit_of(const SolverSpec& spec) {
    const auto it = spec.options.find("assign_limit");
    std::uint64_t limit = 0;
    if (it != spec.options.end()) std::from_chars(it->second.data(), it->second.data() + it->second.size(), limit);
    return limit;
}

std::string spec_words(const SolverSpec& spec) { return message_text(spec.spec(), 200); }

// Whether an assign_limit spec's cap stopped the run: nodes − fails values passed the test.
bool stopped_at_assign_limit(const RowCells& row, std::uint64_t nodes, std::uint64_t assign_limit) {
    const std::optional<std::uint64_t> fails = counted(row, "fails");
    return assign_limit != 0 && fails && *fails <= nodes && nodes - *fails == assign_limit;
}

// A race's "no member answered (M1: node_limit; M2: node_limit)": every member stopped at the
// node limit (one that timed out makes the row timeout, portfolio.cpp verdict), each one of the
// spec's members; or none, where the presolve's node_limit left the race no time.
bool race_gave_up(const SolverSpec& spec, std::string_view m) {
    constexpr std::string_view head = "no member answered (", stopped = ": node_limit";
    if (m.empty()) return true;
    if (!m.starts_with(head) || !m.ends_with(")")) return false;
    m = m.substr(head.size(), m.size() - head.size() - 1);
    for (;;) {
        const std::size_t end = m.find("; ");
        const std::string_view part = m.substr(0, end);
        if (!part.ends_with(stopped) ||
            !is_finished_message(spec, fmt::format("answered by {}", part.substr(0, part.size() - stopped.size()))))
            return false;
        if (end == std::string_view::npos) return true;
        m.remove_prefix(end + 2);
    }
}

// The message of a node_limit row (the header): a sequence's member that stopped says so in its
// answers' form, "node_limit by MEMBER[ after FIRST at N nodes, …]".
void check_node_limit_message(const RowCells& row, const SolverSpec& spec) {
    if (!row.has("message")) return;
    const std::string& m = row.cell("message");
    if (spec.name != "portfolio") {
        if (!m.empty()) row.refuse("message", fmt::format("where a 'node_limit' run of {} writes none", spec_words(spec)));
        return;
    }
    constexpr std::string_view by = "node_limit by ";
    if (spec.options.at("schedule") == "sequence") {
        if (!m.starts_with(by) || !is_finished_message(spec, fmt::format("answered by {}", m.substr(by.size()))))
            row.refuse("message", fmt::format("where a 'node_limit' run of {} writes 'node_limit by MEMBER' of the member that "
                                              "stopped, after the members that handed over ('after FIRST at N nodes, …')",
                                              spec_words(spec)));
        return;
    }
    if (!race_gave_up(spec, m))
        row.refuse("message", fmt::format("where a 'node_limit' run of {} writes 'no member answered (MEMBER: node_limit; …)' "
                                          "of each of its members, or none",
                                          spec_words(spec)));
}

// The status of a run of a backend that runs a tool, under limits.nodes (the header).
void check_tool_status(const RowCells& row, Status status, const Limits& limits, const SolverSpec& spec) {
    if (limits.nodes == 0 || (status != Status::node_limit && outcome_of(status) != RunOutcome::finished)) return;
    row.refuse("status", fmt::format("where a run of {} under limits.nodes ({}) is refused before its tool starts (status "
                                     "error: the tool cannot be stopped at a node count)",
                                     spec_words(spec), limits.nodes));
}

// `nodes` of a node_limit row: at the limit, or where an assign_limit stopped the run first.
void check_stop_count(const RowCells& row, std::uint64_t nodes, const Limits& limits, const SolverSpec& spec) {
    const std::uint64_t assign_limit = assign_limit_of(spec);
    if (nodes == limits.nodes || stopped_at_assign_limit(row, nodes, assign_limit)) return;
    const std::string cap = fmt::format("assign_limit {} with nodes − fails at it (fails {})", assign_limit,
                                        message_text(row.has("fails") ? std::string_view(row.cell("fails")) : "", 40));
    if (limits.nodes == 0)  // the cap alone (check_censored_status refused a node_limit without either)
        row.refuse("nodes", fmt::format("where a 'node_limit' run of {} without limits.nodes stops at {}", spec_words(spec), cap));
    row.refuse("nodes", fmt::format("where a 'node_limit' run of {} stops with the nodes it counted at limits.nodes ({}){}",
                                    spec_words(spec), limits.nodes, assign_limit == 0 ? "" : ", or at " + cap));
}

}  // namespace

void check_node_limit(const CsvTable& t, std::size_t r, const std::string& path, const Limits& limits,
                      const SolverSpec& spec, std::string_view refusing) {
    const RowCells row{t, r, path, refusing};
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status || *status == Status::error) return;  // an unknown status: the reader's; error: evidence
    if (is_external_backend(spec.name)) return check_tool_status(row, *status, limits, spec);
    if (*status == Status::node_limit) {
        if (limits.nodes == 0 && spec.name == "portfolio")
            row.refuse("status", fmt::format("where {} writes none without limits.nodes (its members' own budgets hand over to the "
                                             "next member, and the last runs without a node limit)",
                                             spec_words(spec)));
        check_node_limit_message(row, spec);
    }
    const std::optional<std::uint64_t> nodes = counted(row, "nodes");
    if (!nodes) return;
    if (limits.nodes != 0 && *nodes > limits.nodes)
        row.refuse("nodes", fmt::format("past limits.nodes ({}) in a '{}' row, where futolab's search stops with node_limit "
                                        "before it counts a node past the limit",
                                        limits.nodes, status_name(*status)));
    if (*status == Status::node_limit) check_stop_count(row, *nodes, limits, spec);
}

}  // namespace futolab
