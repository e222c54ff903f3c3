// Backend `minizinc`: see minizinc.cpp for what it runs and how its counters map.
#pragma once

#include "core/puzzle.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace futolab::minizinc {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

// models/futoshiki.mzn as it was when the library was built.
std::string_view model_text();

// The .dzn the tool reads: numbers only, the id left out. Public for the test that checks it.
std::string data_text(const Puzzle& puzzle);

}  // namespace futolab::minizinc
