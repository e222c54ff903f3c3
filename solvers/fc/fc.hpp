// Backend `fc`: see fc.cpp for the algorithm and its source.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>

namespace futolab::fc {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

}  // namespace futolab::fc
