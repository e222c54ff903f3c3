#include "experiments/config_statuses.hpp"

#include "experiments/task_kinds.hpp"
#include "sandbox/sandbox.hpp"
#include "solvers/solver.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace futolab {
namespace {

// A run that ended by itself: what a solver's mode makes of its count, or what a square kind makes.
bool writes_finished(const ExperimentConfig& config, const TaskInfo& kind, Status status) {
    if (!takes_methods(kind)) {  // solve, count: no count past 2 gives a status 0, 1 and 2 do not
        for (std::uint64_t count = 0; count <= 2; ++count)
            if (completed_status(config.mode, count) == status) return true;
        return false;
    }
    return status == kind.success || (status == Status::multiple && may_write_multiple(kind));
}

// A few-relations run writes error only for its shard's checkpoint file (few_relations_record.hpp):
// a config none of whose sources has a checkpoint writes none.
bool writes_error(const ExperimentConfig& config) {
    if (config.task != Task::few_relations) return true;
    return std::any_of(config.instances.begin(), config.instances.end(), [](const InstanceSource& s) {
        return s.kind == InstanceSource::Kind::few_relations && !s.few_relations.checkpoint.empty();
    });
}

bool node_budget(const ExperimentConfig& config) {
    if (config.limits.nodes != 0) return true;
    for (const SolverSpec& spec : config.solvers)
        if (has_own_node_budget(spec)) return true;
    return false;
}

}  // namespace

// A portfolio's presolve_nodes is no such budget: it only hands over to the next member, and
// the last member runs without a node limit, so a portfolio without limits.nodes writes no
// node_limit (helper hA's finding: `--redo node_limit` of such a config was taken, and its
// statuses listed node_limit).
bool has_own_node_budget(const SolverSpec& spec) {
    const auto own = spec.options.find("assign_limit");
    return own != spec.options.end() && own->second != "0";
}

bool config_writes_status(const ExperimentConfig& config, Isolation where, Status status) {
    const TaskInfo& kind = task_info(config.task);
    if (kind.run_statuses != 0) return writes_status(kind, status);
    const bool solver = !takes_methods(kind);
    switch (status) {
        case Status::error: return writes_error(config);
        case Status::timeout: return config.limits.time_seconds > 0 || config.limits.cpu_seconds > 0;
        case Status::node_limit: return solver && node_budget(config);
        case Status::memout:
        case Status::crash: return solver || sandbox_row(where).own_process;
        default: return writes_finished(config, kind, status);
    }
}

std::string written_statuses_text(const ExperimentConfig& config, Isolation where) {
    const SandboxRow& sandbox = sandbox_row(where);
    std::vector<std::string> limits;
    if (config.limits.time_seconds > 0) limits.emplace_back("limits.time");
    if (config.limits.cpu_seconds > 0) limits.emplace_back("limits.cpu");
    if (config.limits.nodes != 0) limits.emplace_back("limits.nodes");
    if (config.limits.memory_bytes != 0 && sandbox.own_process) limits.emplace_back("limits.memory");
    std::vector<std::string_view> statuses;
    for (const StatusWord& w : kStatuses)
        if (config_writes_status(config, where, w.value)) statuses.push_back(w.name);
    return fmt::format("it runs {}, {}; its statuses: {}",
                       limits.empty() ? std::string("without limits") : fmt::format("under {}", fmt::join(limits, ", ")),
                       sandbox.own_process ? fmt::format("in {} isolation", sandbox.name) : std::string("on the runner's threads"),
                       fmt::join(statuses, ", "));
}

}  // namespace futolab
