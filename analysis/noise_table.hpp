// The noise figure of SPEC §6 from results CSVs (issue #13 §4): per spec, the median over its
// (instance, spec) pairs of the coefficient of variation of wall time across repeats, the same
// figure `futolab run` prints at its end (records/noise.hpp computes both). Only finished
// runs count: a time-out's wall time is the limit, not a measurement.
#pragma once

#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <optional>

namespace futolab {

// Columns spec, median_cv_percent, pairs; nullopt when no pair has two finished repeats.
std::optional<TextTable> noise_table(const ResultsTable& table);

}  // namespace futolab
