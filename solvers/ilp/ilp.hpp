// Backend `ilp`: see ilp.cpp for the programme, the solver it runs and its counters.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>

namespace futolab::ilp {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

}  // namespace futolab::ilp
