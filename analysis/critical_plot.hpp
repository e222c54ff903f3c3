// The critical-set scatter: rows of mode `critical` (one per critical set the experiment
// driver found, with the set's givens in `h`, relations in `k` and the order in `n`) as
// points (h, k), one colour per n, with the line 2h + 3k = 2(n − 1) of each n in its colour.
// Many sets share an (h, k): points are jittered by up to ±0.2 in both directions
// (deterministic, fixed seed), and each n's legend entry gives its number of sets.
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

namespace futolab {

// Throws InputError if the table has no `critical` rows.
PlotSpec critical_plot(const ResultsTable& table);

}  // namespace futolab
