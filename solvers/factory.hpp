// How a backend that runs other backends (the portfolio's members) parses and makes them:
// the registry (solvers/registry/registry.hpp) sits above every backend, so it hands its own
// functions down when it makes such a backend instead of the backend including it.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <string_view>

namespace futolab {

struct SolverFactory {
    SolverSpec (*parse)(std::string_view text);              // parse_solver_spec
    std::unique_ptr<Solver> (*make)(const SolverSpec& spec);  // make_solver
};

}  // namespace futolab
