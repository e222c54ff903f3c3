// Isolation `process` (sandbox.hpp): one warm worker per build of the job (warm_worker.hpp),
// forked from futolab with the job's handler, or started from each build's binary.
#include "core/status.hpp"
#include "sandbox/process_row.hpp"

#include <algorithm>
#include <memory>
#include <utility>

namespace futolab {
namespace {

class WarmWorkers final : public Sandbox {
public:
    explicit WarmWorkers(SandboxJob given) : Sandbox(std::move(given)) {
        if (job().commands.empty())
            workers_.push_back(std::make_unique<WarmWorker>(job().handler, job().limits.memory_bytes));
        for (const WorkerCommand& command : job().commands)
            workers_.push_back(std::make_unique<WarmWorker>(command, job().limits.memory_bytes));
    }

    ResultRow run(const SandboxRun& run) override {
        WarmWorker& worker = *workers_.at(static_cast<std::size_t>(run.build));
        const WorkerAnswer a =
            worker.call(run.request(), run.session_warmup ? job().warmup_limits : job().limits, job().interrupt);
        ResultRow row = row_from_process(run, a, job().limits);
        // A worker that ran out of memory may still hold what it got (without a cgroup nothing
        // frees it): the next run gets a fresh one, or every later run would be memout too.
        if (row.status == Status::memout) worker.retire();
        return row;
    }

    // Each build's worker answers for its build (a calibration disturbs the caches of the
    // worker it runs in: every build gets its share).
    std::optional<std::string> ask(int build, std::string_view request, const Limits& limits) override {
        WarmWorker& worker = *workers_.at(std::min<std::size_t>(static_cast<std::size_t>(build), workers_.size() - 1));
        return worker.call(request, limits, job().interrupt).record;
    }

    void new_session() override {
        for (auto& w : workers_) w->retire();
    }

private:
    std::vector<std::unique_ptr<WarmWorker>> workers_;
};

}  // namespace

std::unique_ptr<Sandbox> make_warm_workers(SandboxJob job) { return std::make_unique<WarmWorkers>(std::move(job)); }

}  // namespace futolab
