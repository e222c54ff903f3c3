// The option tables of the methods of generate, critical and exact tasks (methods.cpp), as
// their task kinds' rows name them (experiments/task_kinds.hpp).
#pragma once

#include "solvers/options.hpp"

#include <span>

namespace futolab {

using MethodOptionsFn = std::span<const OptionSpec> (*)();

std::span<const OptionSpec> unique_method_options();    // task generate
std::span<const OptionSpec> critical_method_options();  // task critical
std::span<const OptionSpec> exact_method_options();     // task exact
std::span<const OptionSpec> exact_square_method_options();  // task exact-square
std::span<const OptionSpec> construct_method_options();     // task construct
std::span<const OptionSpec> exhaustive_method_options();    // task exhaustive
std::span<const OptionSpec> exact_sample_method_options();  // task exact-sample
std::span<const OptionSpec> free_square_method_options();   // task free-square
std::span<const OptionSpec> few_relations_method_options(); // task few-relations (no options)

}  // namespace futolab
