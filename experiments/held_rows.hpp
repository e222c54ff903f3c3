// A results CSV read for a verdict is held to its sidecar as `futolab merge` holds a shard
// (red-team round 26, B F10): `check --expect` counted as right answers rows no sweep could
// have written (a status the task never writes, `unique` with 2 solutions, a build or experiment
// the sidecar does not name, a timeout under the limit it names hiding a wrong answer), which
// merge and `run --resume` refuse. `check --expect`, `analyze`, `report` and `compare` read every
// results CSV through this one entry point (analysis/results_table.hpp, ResultsTable::FileCheck),
// with merge's checks and wording: the sidecar's config text, hashed to its config_hash, is the
// config its rows are held to (merged_rows.hpp), and the rows of one instance to each other.
// What merge reads beyond that is left out here: the instances themselves (merge_matrix.hpp:
// regenerating them may take as long as the sweep) and the sidecar's progress (a live run's CSV
// may be read while it grows).
#pragma once

#include "experiments/config.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// The config a sweep's sidecar holds, with the builds its runs had: `run --build` replaces the
// config's `builds:`, and only the sidecar lists them (an A/B sweep's shards were refused: their
// run cells were read against a matrix without builds).
ExperimentConfig sweep_config_of(const SidecarFacts& made_by);

// What a sidecar that cannot hold its CSV's rows means: `noted`, a CSV read as if it had none
// (analyze, report and compare warn about such a sidecar: analysis/provenance.hpp,
// sidecar_notes; docs/analysis.md); `refused`, an InputError (check --expect, which prints no
// such note and is a gate). A sidecar of an older futolab (another binary whose header lacks
// today's columns, a config this futolab no longer reads, no config text) holds nothing: its
// CSV is read as it is in both. A CSV with no sidecar at all (standard input, a copy alone) is
// read as it is by `noted`, and held by `refused` to what every row of futolab's is.
enum class SidecarDoubt { noted, refused };

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', where this shard's config (its sidecar)
// writes 'Y': refusing to VERB" (as merge says it, ending `refusing to ` + `verb`) for the first
// cell of `t` (read from `path`) that a sweep of its sidecar's config would not have written, or
// that contradicts another row of its instance; without a sidecar, for the first cell that no
// row of futolab's holds whatever its config (experiments/row_facts.hpp: the cells' forms, n,
// h, k and solution, a status its own cells agree with), where the header is futolab's (a CSV of
// other columns that analyze reads, docs/analysis.md, is not held to futolab's rows).
void hold_rows_to_sidecar(const CsvTable& t, const std::string& path, std::string_view verb, SidecarDoubt doubt);

// What analyze and report warn of in the sidecar of `csv_path` beyond what analysis reads itself
// (analysis/provenance.hpp, sidecar_notes): a `redone` item that no `--redo` of its sweep writes
// (sidecar_protocol.hpp, redone_problem; red-team round 28, B F4), which resume and merge refuse
// and check --expect too: "c.csv: its sidecar says redone[0] statuses: bogus, which is no run
// status (…) (c.csv.meta.yaml:41:17): its redo history is not one its sweep can have". None where
// there is no sidecar, or one that does not read or holds no config this futolab reads (noted by
// sidecar_notes, or an older futolab's).
std::vector<std::string> sidecar_warnings(const std::string& csv_path);

// The same as the check a results table asks of each file it reads (analysis/results_table.hpp,
// ResultsTable::FileCheck, which this layer does not include): `verb` as "check it".
std::function<void(const CsvTable&, const std::string&)> rows_held_to_sidecar(std::string verb, SidecarDoubt doubt);

}  // namespace futolab
