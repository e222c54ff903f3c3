// The critical-set records of a study counted beside their statistics (issue #24 §5): a
// record that holds no set (`multiple`, `unsat`: the square has no set of the kind asked for;
// or a run stopped by a limit or failed) is left out of the h, k, score and slack statistics
// and of the critical plot, and this table says how many there were. Per method (spec) and
// n: records, sets, no_set (multiple or unsat), limit_hit, failed, and over the sets the
// smallest 2h + 3k and the smallest and median slack 2h + 3k − 2(n − 1): the bound table.
#pragma once

#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <optional>

namespace futolab {

// nullopt when the results hold no set records (ResultsTable::set_record).
std::optional<TextTable> set_table(const ResultsTable& table);

}  // namespace futolab
