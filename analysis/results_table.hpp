// Results CSVs loaded for analysis: the SPEC §5 columns plus derived ones that every table
// and plot can group or measure by:
//   spec     SPEC §3: the solver as the experiment asked for it ("fc", "gac:sac=none"): the
//            CSV's `spec` column as written, never recomputed; older CSVs without it get a
//            label from the file's own solver and options cells (spec_labels.hpp). A label
//            that stands for different options in the inputs is a warning.
//   wall_ms  wall_ns / 1e6;  cpu_ms  cpu_ns / 1e6
//   finished 1 if the run ended by itself (its status's outcome is `finished`), else 0
//   givens_frac  h / n², the fraction of cells given (the phase-transition parameter)
//   score    2h + 3k, the weighted clue count of the critical-set bound; slack  score − 2(n − 1)
//   source   the input file the row came from, as given (`--by source,spec` keeps inputs apart)
// Columns are found by name, never by position: CSVs written before and after a column was
// added (e.g. `grade`, `spec`, `param_givens`) load together, a column missing from one file
// reads as "" there.
//
// Every run has one of three outcomes, its status's class in core/status.hpp's table:
//   finished  the run ended by itself (e.g. solved, unique, critical: a verified critical set)
//   censored  the run hit a limit (timeout, …): its values are lower bounds
//   failed    no measurement at all (crash, error): left out of every statistic, only counted
// An unknown status is an input error.
//
// Numbers are read strictly (std::from_chars over the whole cell): text, an empty time,
// a negative value, inf/nan or a value out of double range is an InputError naming the
// file, its line and the column ("r.csv:7:19: wall_ns: 'abc' is not a number"). The known
// numeric columns are checked when a file is loaded; other columns when first used. Either
// way a column futolab writes is read only in the form it writes (analysis/number_forms.hpp:
// `-0`, `1e9`, `1000.`, `0999999` refused in a count and in a limit alike).
#pragma once

#include "core/grades.hpp"
#include "core/status.hpp"
#include "records/csv_reader.hpp"

#include <functional>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace futolab {

class ResultsTable {
public:
    // Asked of each file's table as read, before any of its rows is taken; throws InputError to
    // refuse the file. The app passes experiments/held_rows.hpp (every row held to its sidecar as
    // merge holds a shard: red-team round 26, B F10), which analysis, reading only what rows and
    // sidecars say, does not include (docs/architecture.md).
    using FileCheck = std::function<void(const CsvTable&, const std::string& path)>;
    // Reads and concatenates CSVs; the table's columns are the union of theirs. Throws InputError
    // for a missing file, an empty file, a missing needed column, a bad number or status, or no
    // runs at all, or as `check` does.
    static ResultsTable load(const std::vector<std::string>& paths, const FileCheck& check = {});
    // The same columns, only the given rows (in that order).
    ResultsTable subset(const std::vector<std::size_t>& rows) const;
    // Appends a copy of row i whose `spec` is `spec` (the virtual best solver's rows).
    void append_copy(std::size_t i, const std::string& spec);
    // Row i's `spec` made `spec` (an A/B sweep's builds told apart: study.cpp).
    void set_spec(std::size_t i, const std::string& spec);

    std::size_t size() const { return rows_.size(); }
    // A column's text in row i (derived columns included). Throws InputError if unknown.
    std::string text(std::size_t i, const std::string& column) const;
    // A column's number in row i, strictly parsed (see above); an empty cell is an error.
    double number(std::size_t i, const std::string& column) const;
    // The same, but an empty cell (a counter an external tool does not report) is nullopt.
    std::optional<double> value(std::size_t i, const std::string& column) const;
    bool has_column(const std::string& column) const;
    // The message for a column a caller needs and no input has (the table holds the union of
    // their columns): every file named, "a.csv, b.csv: no column 'nodes' in the results", or,
    // where a file has it misspelt (records/header_names.hpp), that file's header field and the
    // name as written: "r.csv:1:14: no column 'nodes' in the results: column 14 is 'nodes ' (a
    // space at its end)". Before, "no column 'nodes' in the results" named neither (red-team
    // round 26, C F11).
    std::string missing_column(const std::string& column) const;
    // The row's status, read through core/status.hpp's table when the file loads.
    Status status(std::size_t i) const { return rows_[i].status; }
    RunOutcome outcome(std::size_t i) const { return outcome_of(rows_[i].status); }
    bool finished(std::size_t i) const { return outcome(i) == RunOutcome::finished; }
    bool censored(std::size_t i) const { return outcome(i) == RunOutcome::censored; }
    // The row's grade through core/grades.hpp's table: none for an empty cell or a file
    // without the column; a name not in the table is an InputError naming file and line
    // (read when asked: `--by grade` groups by the cell's text, whatever it says).
    std::optional<Grade> grade(std::size_t i) const;
    // A solver run that comparisons use: not failed, not a critical-set record (mode `critical`).
    bool comparable(std::size_t i) const;
    // A record of a critical-set task (mode `critical`, `greedy`, `exact` or `exact-square`):
    // its h and k are the set's.
    bool set_record(std::size_t i) const;
    // A set record that holds a critical set: finished and not `multiple` or `unsat` (the
    // square has no set of the kind asked for; its h = k = 0 are no set's). Only these count
    // in the h, k, score and slack statistics and the critical plot (issue #24 §5).
    bool critical_set(std::size_t i) const;
    // "file:line" of row i, for messages.
    std::string where(std::size_t i) const;
    // "file:line:field" of row i's cell in `column` ("file:line" for a derived column or one
    // the row's file lacks), for messages about that cell.
    std::string where(std::size_t i, const std::string& column) const;

    const std::vector<std::string>& sources() const { return files_; }
    // The input row i came from: an index into sources().
    std::size_t source(std::size_t i) const { return rows_[i].file; }
    // Things worth saying that are not errors (a truncated last line, left out).
    const std::vector<std::string>& warnings() const { return warnings_; }

private:
    struct Row {
        std::vector<std::string> cells;
        std::size_t file = 0;  // index into files_
        std::size_t line = 0;  // the line the record starts on
        Status status = Status::error;
    };
    void add_file(const std::string& path, const FileCheck& check);
    // Fills the empty `spec` cells of rows [first, size()) (one file's); see spec_labels.hpp.
    void label_rows(std::size_t first, const std::vector<std::pair<std::string, std::string>>& unlabelled);
    std::size_t column_index(const std::string& name);  // adds the column if new
    std::optional<double> parse(std::size_t i, const std::string& column, bool empty_ok) const;

    std::vector<std::string> header_;
    std::map<std::string, std::size_t> index_;
    std::vector<Row> rows_;
    std::vector<std::string> files_;
    std::vector<std::map<std::string, std::size_t>> file_columns_;  // per file: column → 1-based field
    std::vector<std::string> warnings_;
};

}  // namespace futolab
