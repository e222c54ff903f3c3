// Isolation `thread` (sandbox.hpp): every run on the job's own thread; the interrupt reaches
// it through the stop flag its search polls (the driver gives its task runner the interrupt).
#include "sandbox/sandbox.hpp"

#include <memory>
#include <utility>

namespace futolab {
namespace {

class InThread final : public Sandbox {
public:
    using Sandbox::Sandbox;
    ResultRow run(const SandboxRun& run) override { return run.here(); }
};

}  // namespace

std::unique_ptr<Sandbox> make_in_thread(SandboxJob job) { return std::make_unique<InThread>(std::move(job)); }

}  // namespace futolab
