// The produced instances of generate and critical tasks as a JSONL corpus next to the CSV
// (`<csv stem>.jsonl`), so they feed `futolab solve`, `convert` or another experiment
// directly. The CSV's `output` column is the record that survives crashes and resumes; this
// file is rebuilt from it, in run-matrix order, whenever a run or a merge finishes.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>

namespace futolab {

// "a/b.csv" → "a/b.jsonl"; never the CSV itself: "a/b.jsonl" → "a/b.outputs.jsonl"; a shard
// after its own CSV: "a/b.shard-0-of-2" (of `output: a/b`) → "a/b.shard-0-of-2.jsonl".
std::string outputs_path(const std::string& csv_path);

// Writes every non-empty `output` of the CSV (sorted by `run`) to outputs_path(csv_path)
// and returns how many; writes nothing and returns 0 if there are none. The rows whose
// `status` is one of `leaving` are left out (a --redo about to take them out of the CSV).
std::size_t export_outputs(const std::string& csv_path, const std::set<std::string>& leaving = {});

// The export's text of these `output` cells, keyed by run: each cell and a newline, in run
// order ("" if none). export_outputs writes it from a CSV on disk; merge from its merged rows,
// before its CSV is in place (it puts the CSV and its companions in place together).
std::string outputs_text(const std::map<std::size_t, const std::string*>& cells);

// Why the file at outputs_path(csv_path) is not an earlier export of that CSV ("" if it may be
// one). An export is each line of the rows' `output` cells with its newline, never empty, and
// a CSV only gains rows (a --redo first exports the rows it keeps: experiments/runner.cpp), so
// an earlier export holds lines of the CSV's records only, at most their bytes in all. Anything
// else there is someone's file, a run or merge never replaces it (output_guard.hpp,
// check_outputs_file; red-team round 18, A F2: a resume replaced any file there once the CSV had
// a row). Throws InputError as read_csv_file for a CSV it cannot read.
std::string not_an_export(const std::string& csv_path);

}  // namespace futolab
