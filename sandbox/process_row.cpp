#include "sandbox/process_row.hpp"

#include "core/status.hpp"
#include "sandbox/child_process.hpp"
#include "sandbox/child_run.hpp"
#include "sandbox/run_record.hpp"

#include <utility>

namespace futolab {

ResultRow row_from_process(const SandboxRun& run, const WorkerAnswer& a, const Limits& limits) {
    std::optional<ResultRow> row;
    if (a.record) row = decode_row_record(*a.record);
    if (!row) {
        row = run.unfinished(a.record ? malformed_record() : a.ended);
        row->wall_ns = a.elapsed_ns;
        row->cpu_ns = a.killed_cpu_ns;  // measured from outside (SPEC §4: never 0 for a run that ran)
    }
    // The tools a run started were reaped by its process: their CPU (wait4's, already in
    // cpu_ns) plus whatever was left to the subreaper (a tool's grandchild that setsid'd).
    if (a.reaped_cpu_ns > row->tool_cpu_ns) row->cpu_ns += a.reaped_cpu_ns - row->tool_cpu_ns;
    // The process tree's peak: the run's process plus the tools it started (their peak
    // together, polled: external/process.hpp; they coexist while the tool runs: an upper
    // bound of their simultaneous peak).
    row->max_rss_kb = a.peak_kb >= 0 && row->tool_max_rss_kb >= 0 ? a.peak_kb + row->tool_max_rss_kb : a.peak_kb;
    if (a.oom_killed && row->status != Status::memout) {
        row->message = "out of memory: the memory cgroup's OOM killer ended a process of the run (the run said " +
                       std::string(status_name(row->status)) + ")";
        row->status = Status::memout;
    }
    child::apply_memory_rule(row->status, row->message, row->max_rss_kb, limits);
    return std::move(*row);
}

}  // namespace futolab
