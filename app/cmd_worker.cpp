// futolab worker PLAN: not for people (hidden from --help). The warm worker of an A/B sweep's
// build (experiments/worker_protocol.hpp): `futolab run` starts it from the build's binary with
// its request pipe on descriptor 3 and its answer pipe on 4, says hello with this binary's
// identity and the plan's fingerprint, then runs what it is sent until the pipe closes.
#include "app/commands.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "experiments/tasks.hpp"
#include "experiments/warm_worker.hpp"
#include "experiments/worker_protocol.hpp"

#include <memory>

namespace futolab::app {
namespace {

int worker(const std::string& plan_path) {
    WorkerHello hello{.protocol = kWorkerProtocol, .build = this_build(), .fingerprint = "", .error = ""};
    std::unique_ptr<WorkerPlan> plan;
    try {
        plan = std::make_unique<WorkerPlan>(read_worker_plan(read_text_file(plan_path), plan_path));
        hello.fingerprint = plan_fingerprint(plan->matrix);
    } catch (const InputError& e) {
        hello.error = e.what();
        // Said as the hello, so the sweep names the build and the reason; then this worker ends.
        serve_worker([](std::string_view) -> std::string { throw InputError("no plan"); }, 0, hello_text(hello));
    }
    GradeCache grades(plan->matrix.instances.size());
    TaskRunner runner(plan->config, plan->matrix, grades);
    const RunMatrix& matrix = plan->matrix;
    serve_worker([&](std::string_view request) { return answer_request(runner, matrix, request); },
                 plan->config.limits.memory_bytes, hello_text(hello));
}

}  // namespace

void add_worker(CLI::App& app, Action& run) {
    auto plan = std::make_shared<std::string>();
    CLI::App* cmd = app.add_subcommand("worker", "A warm worker of another build in an A/B sweep (started by futolab run)");
    cmd->group("");  // hidden: futolab run starts it with its pipes in place
    cmd->add_option("plan", *plan, "The sweep's worker plan (JSON)")->required();
    cmd->callback([plan, &run] { run = [plan] { return worker(*plan); }; });
}

}  // namespace futolab::app
