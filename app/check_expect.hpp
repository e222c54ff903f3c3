// `futolab check --expect MANIFEST RESULTS.csv…`: verifies a run against futolab-bench's
// expected answers (app/bench_manifest.hpp). Each row is matched to the manifest by its
// instance_hash (a puzzle listed in two tiers has an id in each) and its answer compared:
//   - status: unique, multiple, unsat as they are; `solved` (first-solution mode) agrees with
//     unique or multiple; `counted` (count all) reads its `solutions` (0, 1, more);
//   - solution: for an instance expected unique, the hash of the row's `solution` cell
//     (SPEC §5) against the manifest's solution hash (a row with no solution cell is not
//     compared: nothing was claimed);
//   - coverage: every manifest instance of the selected tiers has a row of every (spec, mode)
//     the CSVs hold, and every row's puzzle is one of those instances;
//   - id: the row's `instance` is the id an entry of its puzzle in the selected tiers gives it
//     (its id in the entry's file), else a line at the entry's id naming the row.
// A run that decided nothing (timeout, node_limit, memout, crash, error) is no wrong answer:
// it is counted as undecided in the summary. One line per problem, then a summary line.
#pragma once

#include "app/bench_manifest.hpp"
#include "core/status.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace futolab::app {

// One row of a results CSV, as the check reads it.
struct RunAnswer {
    std::string where;     // "file:line"
    std::string instance;  // its id, for messages
    std::string hash;      // instance_hash
    std::string group;     // "spec (mode)": the runs that should cover every instance
    Status status = Status::error;
    std::optional<double> solutions;  // the `solutions` cell (empty: unknown)
    std::string solution;             // the `solution` cell
    // The puzzle's side, givens and relations as the row states them (empty: no such cell; h and
    // k also for a critical-set record, whose h and k are its set's, not its puzzle's).
    std::optional<double> n{}, h{}, k{};
};

struct ExpectReport {
    std::vector<std::string> problems;  // one line each: wrong, missing, not in the manifest, another id
    std::size_t instances = 0, runs = 0, groups = 0;
    std::size_t right = 0, wrong = 0, undecided = 0, missing = 0, unknown = 0;
    std::size_t other_id = 0;  // rows whose id no entry of their puzzle gives it (counted in right, wrong … too)
};

// Compares the runs with the instances of `tiers` (all tiers if empty; a name the manifest
// does not list is an InputError). A manifest entry whose n, h or k disagrees with a run of its
// puzzle (its hash) is an InputError naming the entry's field at its line and column and the
// row: the manifest states them of the puzzle, and check --expect reads no instance file. A
// row's id (its `instance`) is the puzzle's id in the file the run read, which may be another
// than the manifest's: one that no selected entry of its puzzle gives it is a problem line.
ExpectReport compare_with_manifest(const BenchManifest& manifest, const std::vector<std::string>& tiers,
                                   const std::vector<RunAnswer>& runs);

// Reads the results CSVs (analysis/results_table.hpp: strict cells, known statuses, one row
// per run); InputError (file, line, column) on bad input, and on one file given twice
// (analysis/pooling.hpp refuse_file_given_twice).
std::vector<RunAnswer> read_run_answers(const std::vector<std::string>& csv_paths);

// The whole check: prints the problems and the summary to `out`; returns 0 if there is no
// problem, 1 otherwise. Bad input throws InputError (exit 2).
int check_expect(const std::string& manifest_path, const std::vector<std::string>& tiers,
                 const std::vector<std::string>& csv_paths, std::ostream& out);

}  // namespace futolab::app
