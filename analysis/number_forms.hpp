// The one test of a number cell's form for analyze, report and compare (ResultsTable::parse):
// a cell of a column futolab writes is read only in the form futolab writes it, whether the
// column is checked when a file loads (n … max_rss_kb) or when a table first uses it (the
// PAR-2 caps time_limit_ms and cpu_limit_ms, a param_ column as an axis). A cell another
// program re-saved or a person edited (`1e9`, `1000.`, `0999999`, `-0`, 10^23) would move a
// statistic by orders of magnitude without a word (red-team round 27, C F1), while the same
// edit in a count was refused.
//   integer columns  plain digits, no leading zero (records/csv_reader.hpp whole_number_form_problem);
//   number columns   such digits, then optionally a point and digits with no trailing zero
//                    (how std::to_chars's shortest fixed form writes them: 1000, 0.25);
//   the limits       besides, no finer than futolab records them (a time limit in whole
//                    nanoseconds: six places of ms) and no larger than it accepts (9.2e9 s,
//                    1 EiB: core/numbers.hpp).
// A column futolab does not write (another tool's) is any number std::from_chars reads, but
// never a zero with a minus sign, which no reader of futolab takes.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// How `cell` (already read as a finite number from 0 up) differs from `column`'s cells as
// futolab writes them, "" if it does not: "has a leading zero, where futolab writes none",
// "is larger than any limit futolab writes (at most 9200000000000 ms)", ….
std::string cell_form_problem(std::string_view column, std::string_view cell);

}  // namespace futolab
