// Backend `gac`: see gac.cpp for the algorithm and its source.
#pragma once

#include "solvers/kernel.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>

namespace futolab::gac {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

// The gac engine as a search kernel (solvers/kernel.hpp): the registry row's make_kernel.
std::unique_ptr<SearchKernel> make_kernel(const SolverSpec& spec);

}  // namespace futolab::gac
