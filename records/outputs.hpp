// The produced instances of generate and critical tasks as a JSONL corpus next to the CSV
// (`<csv stem>.jsonl`), so they feed `futolab solve`, `convert` or another experiment
// directly. The CSV's `output` column is the record that survives crashes and resumes; this
// file is rebuilt from it, in run-matrix order, whenever a run or a merge finishes.
#pragma once

#include <cstddef>
#include <string>

namespace futolab {

// "a/b.csv" → "a/b.jsonl"; never the CSV itself: "a/b.jsonl" → "a/b.outputs.jsonl"; a shard
// after its own CSV: "a/b.shard-0-of-2" (of `output: a/b`) → "a/b.shard-0-of-2.jsonl".
std::string outputs_path(const std::string& csv_path);

// Writes every non-empty `output` of the CSV (sorted by `run`) to outputs_path(csv_path)
// and returns how many; writes nothing and returns 0 if there are none.
std::size_t export_outputs(const std::string& csv_path);

}  // namespace futolab
