// futolab worker: not for people (hidden from --help). A warm worker started from a binary
// (experiments/worker_protocol.hpp; an A/B sweep's build, or this binary's own sessions):
// `futolab run` starts it with its request pipe on descriptor 3 and its answer pipe on 4 and
// sends the plan first; it says hello with this binary's identity and the plan's fingerprint,
// then runs what it is sent until the pipe closes.
#include "app/commands.hpp"
#include "core/error.hpp"
#include "experiments/tasks.hpp"
#include "sandbox/warm_worker.hpp"
#include "experiments/worker_protocol.hpp"

#include <memory>

namespace futolab::app {
namespace {

int worker() {
    WorkerHello hello{.protocol = kWorkerProtocol, .build = this_build(), .fingerprint = "", .error = ""};
    std::unique_ptr<WorkerPlan> plan;
    try {
        const std::optional<std::string> text = receive_plan();
        if (!text) throw InputError("no plan: futolab worker is started by futolab run, with its pipes in place");
        plan = std::make_unique<WorkerPlan>(read_worker_plan(*text, "the worker plan"));
        hello.fingerprint = plan_fingerprint(plan->matrix);
    } catch (const InputError& e) {
        hello.error = e.what();
        // Said as the hello, so the sweep names the build and the reason; then this worker ends.
        serve_worker([](std::string_view) -> std::string { throw InputError("no plan"); }, 0, hello_text(hello));
    }
    GradeCache grades(plan->matrix.instances.size());
    const ExperimentConfig warmup = warmup_config(plan->config);
    TaskRunner runner(plan->config, plan->matrix, grades), warmup_runner(warmup, plan->matrix, grades);
    const RunMatrix& matrix = plan->matrix;
    serve_worker([&](std::string_view request) { return answer_request(runner, warmup_runner, matrix, request); },
                 plan->config.limits.memory_bytes, hello_text(hello));
}

}  // namespace

void add_worker(CLI::App& app, Action& run) {
    CLI::App* cmd = app.add_subcommand("worker", "A warm worker started by futolab run (its pipes in place)");
    cmd->group("");  // hidden: not for people
    cmd->callback([&run] { run = [] { return worker(); }; });
}

}  // namespace futolab::app
