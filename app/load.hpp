// Reading and validating every instance of the input files, before anything runs.
#pragma once

#include "core/instance.hpp"
#include "core/puzzle.hpp"

#include <string>
#include <utility>
#include <vector>

namespace futolab::app {

// Reads every instance of every input ("-" = stdin) and compiles it. Throws InputError on the
// first bad one, so a command fails before doing any work.
std::vector<Puzzle> load_puzzles(const std::vector<std::string>& inputs);
// The same, keeping each instance as read (solution, meta, unknown keys) beside its puzzle.
std::vector<std::pair<Instance, Puzzle>> load_instances(const std::vector<std::string>& inputs);

// Writes `text` to `path`, or to stdout if path is empty or "-". Throws on failure.
void write_output(const std::string& path, const std::string& text);

}  // namespace futolab::app
