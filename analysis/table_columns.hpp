// Choosing the columns a table prints (`analyze --columns`, issue #44) and leaving out the
// columns that only flag another one's cells. Both work on a TextTable before any renderer,
// so Markdown, CSV and LaTeX choose alike.
#pragma once

#include "analysis/text_table.hpp"

#include <string>
#include <vector>

namespace futolab {

// The columns `names` of `table`, in that order. A name the table lacks, or one given twice,
// throws InputError: one line naming it and listing the table's columns. The first columns
// stay left-aligned as long as they are text columns of the table.
TextTable select_columns(const TextTable& table, const std::vector<std::string>& names);

// The table without each `<stat>_censored` column whose `<stat>` column it holds: those are
// data for CSV; Markdown, LaTeX and HTML mark the statistic's own cell (Cell::at_least).
TextTable without_flag_columns(const TextTable& table);

}  // namespace futolab
