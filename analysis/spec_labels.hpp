// Spec labels of results rows (SPEC §3), read and never recomputed.
//
// A row's label is its `spec` column as written: the solver as the config or command line
// asked for it. Analysis never compares a row with today's defaults, so a label keeps the
// meaning it was given, and a change of defaults shows in the `options` column instead.
//
// Older CSVs have no `spec` column (or an empty cell). Their rows get a label from what was
// written then, never from today's defaults:
//   1. the config in the CSV's sidecar (`<csv>.meta.yaml`, the config verbatim): its `solvers:`
//      (or `methods:`) entry with the row's solver name whose options all appear, with the
//      same values, in the row's `options` cell; when several do, the one that names the most
//      (it must include the others'). That is the spec as the config asked for it, keys sorted:
//      "fc:var=static" for `fc:var=static`, "gac:var=mrv" for `gac:var=mrv`.
//   2. else (no sidecar, or no entry fits) the file's own `solver` and `options` cells: the
//      solver name, plus the options whose value differs between that solver's option sets in
//      the same file, keys sorted. A file with one `fc` gives "fc"; a file with fc
//      val=min,var=mrv and fc val=min,var=static gives "fc:var=mrv" and "fc:var=static".
// Either rule looks at nothing but the file and its sidecar, so a file's labels never depend on
// the binary reading it or on the other inputs.
//
// When one label stands for different resolved options (two inputs from before and after a
// change of defaults, or an old file's derived "gac" beside a new "gac"), the runs still pair
// by label; label_conflicts() says which options differ, so a reader knows.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace futolab {

// "key=value,…" → key → value (an item without '=' is a key with an empty value).
std::map<std::string, std::string> option_map(const std::string& options);

// The solver specs the config in `csv_path`'s sidecar lists (`solvers:` or `methods:`), each
// canonical ("name" or "name:key=value,…", keys sorted); empty without a readable sidecar.
std::vector<std::string> asked_specs(const std::string& csv_path);

// Rule 1: the entry of `asked` (canonical specs) that a row of `solver` with `options` ran, or
// "" if none or no single most specific one fits.
std::string asked_label(const std::vector<std::string>& asked, const std::string& solver, const std::string& options);

// Rule 2: the labels of one file's rows: (solver, options) → label, as described above.
std::map<std::pair<std::string, std::string>, std::string> derived_labels(
    const std::vector<std::pair<std::string, std::string>>& solver_options);

// The options that differ between two resolved option sets, as "key=a" and "key=b" lists
// ("sac=none,sac_after=0" and "sac=all,sac_after=10"); a key one side lacks reads "key=(none)".
std::pair<std::string, std::string> options_difference(const std::string& a, const std::string& b);

// One row's label, its resolved options and the input it came from.
struct LabelUse {
    std::string spec, options, source;
};
// One warning per label that stands for more than one option set, naming the differing
// options and the inputs holding each ("spec 'gac' stands for different options: sac=none in
// old.csv; sac=all in new.csv: …").
std::vector<std::string> label_conflicts(const std::vector<LabelUse>& uses);

}  // namespace futolab
