// The cells of a results row that its own `n` bounds, checked by resume and merge alike (issue
// #45, round 8: rows whose `h` was edited to 99 or 4294967302, or whose `solution` was
// `1 1 1 1/2 2 2 2/…`, were resumed and merged). For the square tasks h and k are what the
// run made, so this is all that can be known of them without running it again; a puzzle task's
// h and k are its instance's (resume compares them, merge compares the rows of one instance).
#pragma once

#include "records/csv_reader.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'n' is 'X', …: `refusing`" for the first cell of
// row `r` of `t` that breaks these: n from 2 to 64; h at most n²; k at most 2n(n−1) (the
// relations between neighbours); a solution empty or a Latin square of side n, unless it is
// evidence (solution_is_evidence); an `output` cell empty or JSONL records of side n whose
// first has h numbers and k relations, each solved by its own solution or, carrying none, the
// row's (round 9); a status its own cells agree with (status_facts.hpp, round 10). What the
// output's records say beyond that is output_facts.hpp's.
void check_row_facts(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing);

// True if the row's status is `error`: a backend that returned a wrong solution is flagged so
// and its solution kept as the evidence (solvers/run/run.cpp), so it is not checked.
bool solution_is_evidence(const CsvTable& t, std::size_t r, const std::string& path);

// The row's `solution` cell as values (row-major), or empty for an empty cell. A cell that is
// no grid of side n throws InputError naming PATH:LINE:COLUMN, ending with `refusing`.
std::vector<int> solution_of(const CsvTable& t, std::size_t r, const std::string& path, int n, std::string_view refusing);

// A solve or count row's `grade` cell (round 11, F2: `bogus`, a wrong grade, or a grade in a
// run without `grade: true` were resumed and merged, and `analyze --by grade` showed them):
// `grade` is the instance's grade name the run writes (generators/grade.hpp), nullopt without
// `grade: true` (the cell is then empty). A run that died wrote no grade (tasks/solve.cpp
// unfinished_solve), so the cell may be empty unless the run finished.
void check_grade_cell(const CsvTable& t, std::size_t r, const std::string& path, const std::optional<std::string>& grade,
                      std::string_view refusing);

}  // namespace futolab
