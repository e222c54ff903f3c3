// What a results column measures, in words a figure can print (issue #24 §6): axis labels
// say "wall time per run (ms)", not "wall_ms". Columns without an entry read as their name.
#pragma once

#include <string>

namespace futolab {

// "wall time (ms)", "search nodes", "peak memory (kB)"; `qualifier` goes before the unit:
// metric_words("wall_ms", "per run") is "wall time per run (ms)".
std::string metric_words(const std::string& column, const std::string& qualifier = "");

}  // namespace futolab
