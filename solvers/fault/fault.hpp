// Test-only backend `fault` (see fault.cpp): misbehaves on purpose so the tests of process
// isolation can make a run run out of memory, abort, segfault or hang. Hidden: the registry
// knows it only when the environment has FUTOLAB_TEST_FAULTS=1, and never lists it.
#pragma once

#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>

namespace futolab::fault {

// True when FUTOLAB_TEST_FAULTS=1 is set (read at each call: tests set it at run time).
bool enabled();
std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

}  // namespace futolab::fault
