// Placeholder until the backend lands (issue #3): it reports an error, never a result.
#include "solvers/bitmask/bitmask.hpp"

namespace futolab::bitmask {
namespace {

class Placeholder final : public Solver {
public:
    SolveResult solve(const Puzzle&, const SolveRequest&) override {
        SolveResult r;
        r.status = Status::error;
        r.message = "backend 'bitmask' is not implemented yet";
        return r;
    }
};

}  // namespace

std::span<const OptionSpec> options() { return {}; }
std::unique_ptr<Solver> make(const SolverSpec&) { return std::make_unique<Placeholder>(); }

}  // namespace futolab::bitmask
