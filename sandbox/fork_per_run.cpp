// Isolation `fork` (sandbox.hpp): every run in a fresh child forked from the job's thread
// (child_run.hpp); what is not a run is answered on this thread.
#include "sandbox/child_run.hpp"
#include "sandbox/run_record.hpp"
#include "sandbox/process_row.hpp"

#include <memory>
#include <stdexcept>
#include <utility>

namespace futolab {
namespace {

class ForkPerRun final : public Sandbox {
public:
    using Sandbox::Sandbox;

    ResultRow run(const SandboxRun& run) override {
        WorkerAnswer a;
        try {
            const ChildResult c = run_work_in_child([&] { return encode_row_record(run.here()); }, job().limits, job().interrupt);
            a.record = c.record;
            a.ended = c.ended;
            a.peak_kb = c.max_rss_kb;
            a.elapsed_ns = c.wall_ns;
            a.killed_cpu_ns = c.cpu_ns;
        } catch (const std::runtime_error& e) {  // no pipe or no fork (e.g. a process limit): this run fails
            a.ended.message = e.what();
        }
        return row_from_process(run, a, job().limits);
    }
};

}  // namespace

std::unique_ptr<Sandbox> make_fork_per_run(SandboxJob job) { return std::make_unique<ForkPerRun>(std::move(job)); }

}  // namespace futolab
