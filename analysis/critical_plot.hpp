// The critical-set figure, from the critical sets of rows of mode `critical` or `exact` (one per
// run of the experiment driver: its givens in `h`, relations in `k`, the order in `n`, the
// method in `spec`). Records that hold no set (`multiple`, `unsat`, a limit) are left out and
// counted in the left panel's title (ResultsTable::critical_set); labels count sets only.
// Three panels, one colour and point type per method:
//   left   the weighted clue count 2h + 3k of every set against n, with the bound 2(n − 1)
//          drawn as a thick black line: every point must lie on or above it. Methods are
//          shifted sideways and points jittered by up to ±0.12 (deterministic, fixed seed),
//          as many sets share a value;
//   middle the slack 2h + 3k − 2(n − 1) per n and method: median, with bars from the
//          smallest to the largest slack;
//   right  h against k of every set (all n, jittered): which kind of clue a method keeps.
// Methods are named by the options that tell them apart (`iterations=200`), the full spec
// being long and mostly the same.
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

#include <map>
#include <string>

namespace futolab {

// Throws InputError if the table has no critical-set records, or none holds a set.
PlotSpec critical_plot(const ResultsTable& table);

// spec → the shortest label that tells it apart from the other specs: the options whose
// values differ between them ("iterations=0"), or the spec itself if that leaves nothing.
std::map<std::string, std::string> distinguishing_labels(const std::vector<std::string>& specs);

}  // namespace futolab
