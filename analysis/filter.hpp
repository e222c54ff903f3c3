// Row filters for `futolab analyze --where`: "COLUMN OP VALUE" with OP one of = != < <= > >=,
// e.g. "k=0", "n>=12", "spec=gac:…". Numbers compare as numbers when both sides are
// numbers, exactly as written (never rounded to a double: `seed=N.0` is `seed=N`, and `n<4.5`
// keeps n = 4); otherwise only = and != apply, as text. An empty cell is no value: no order
// keeps it, != does. Several filters must all hold.
#pragma once

#include "analysis/results_table.hpp"

#include <string>
#include <vector>

namespace futolab {

struct RowFilter {
    std::string column;
    std::string op;
    std::string value;
};

RowFilter parse_row_filter(const std::string& text);  // throws InputError
bool row_matches(const ResultsTable& table, std::size_t row, const RowFilter& filter);
// The rows of `table` that match every filter (throws InputError for an unknown column).
ResultsTable filter_rows(const ResultsTable& table, const std::vector<RowFilter>& filters);

}  // namespace futolab
