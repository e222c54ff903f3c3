// Results CSVs loaded for analysis: the SPEC §5 columns plus derived ones that every table
// and plot can group or measure by:
//   spec     solver with its canonical options ("fc:val=min,var=mrv"), what a reader compares
//   wall_ms  wall_ns / 1e6;  cpu_ms  cpu_ns / 1e6
//   finished 1 if the run ended by itself (solved, unique, multiple, unsat, counted, critical), else 0
//   givens_frac  h / n², the fraction of cells given (the phase-transition parameter)
//   score    2h + 3k, the weighted clue count of the critical-set bound; slack  score − 2(n − 1)
// Columns are found by name, never by position: CSVs written before and after a column was
// added (e.g. `grade`, `output`) load together, a column missing from one file reads as "".
#pragma once

#include <map>
#include <string>
#include <vector>

namespace futolab {

class ResultsTable {
public:
    // Reads and concatenates CSVs; the table's columns are the union of theirs. Throws InputError.
    static ResultsTable load(const std::vector<std::string>& paths);
    // The same columns, only the given rows (in that order).
    ResultsTable subset(const std::vector<std::size_t>& rows) const;

    std::size_t size() const { return rows_.size(); }
    // A column's text in row i (derived columns included). Throws InputError if unknown.
    std::string text(std::size_t i, const std::string& column) const;
    double number(std::size_t i, const std::string& column) const;
    bool has_column(const std::string& column) const;
    bool finished(std::size_t i) const;
    // A run that comparisons use: not status `error`, not a critical-set record (mode `critical`).
    bool comparable(std::size_t i) const;

private:
    std::vector<std::string> header_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::vector<std::string>> rows_;
    std::string source_;  // the files, for messages
};

}  // namespace futolab
