// Every cell of a results row in the form futolab writes it, checked by resume and merge alike
// (issue #45, round 11: a `status` of `foo`, "" or `UNIQUE`, an empty `wall_ns`, `cpu_ns`,
// `nodes` or `build`, or `max_rss_kb` in a thread run, were resumed and merged, and analyze
// then refused the merged file). Column by column, from records/columns.hpp's list:
//   - a required column is never empty, nor a sweep's session and calibration_ns; a status, grade or isolation cell is one of its words
//     (a grade and an isolation may be empty);
//   - a finished solve or count row has every counter its backend reports: the in-process
//     backends report all six, sat leaves its kUnreadable four empty (solvers/sat/sat.cpp) and
//     a portfolio those of its sat member; an external tool's may be empty, but its solutions
//     count (solvers/command/counter_rules.cpp and every tool's reader know it). A run that
//     died (crash, memout, a killed timeout) may leave any counter empty (tasks/solve.cpp);
//   - a thread run has no max_rss_kb (docs/results-csv.md: a thread's peak is futolab's);
//   - a solution cell, where parsed (row_facts.hpp), is written as solution_to_text writes it.
// What the config decides (limits, core without pin, the grade) is resume's and merge's.
#pragma once

#include "records/csv_reader.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', WHY: `refusing`" for the first cell
// of row `r` of `t` that is not in a form futolab writes.
void check_cell_forms(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing);

// The same for a thread run's max_rss_kb: called once the isolation cell is known to be the
// run's (an edited isolation is named as such first).
void check_isolation_cells(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing);

}  // namespace futolab
