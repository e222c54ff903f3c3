// Backend `clpfd`: see clpfd.cpp for what it runs and how its counters map.
#pragma once

#include "core/puzzle.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace futolab::clpfd {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);

// models/futoshiki.pl as it was when the library was built.
std::string_view model_text();

// The term the model reads (puzzle(N, [given(…)], [lt(…)]).): integers only, nothing of the
// instance's id or file. Public for the test that checks exactly that.
std::string puzzle_term(const Puzzle& puzzle);

}  // namespace futolab::clpfd
