// Backend `command`: any solver run by a command line declared in the config (`commands:`,
// declaration.hpp); see command.cpp.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>

namespace futolab::command {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

}  // namespace futolab::command
