// One name per instance for every per-instance output. Tables, pairings, compare's groups and
// the noise figure take an instance to be its instance_hash (SPEC §3: the same puzzle in every
// format), so one puzzle under two ids (two corpora merged, a generator's seeds meeting) is
// one instance whose runs are pooled as repeats. Each output used to name it by the id of its
// own first row, so the per-instance table called it `beta` in gac's rows and `alpha` in fc's,
// each with twice the runs a spec made (red-team round 27, C F3). Now every row names it by
// all of its ids, in the order the rows first give them ("alpha, beta"), and loading says so
// once (several_ids_warning).
#pragma once

#include "analysis/results_table.hpp"

#include <map>
#include <string>

namespace futolab {

// instance_hash → its ids joined by ", " in the order the rows first give them (the first
// three, then "and N more"); "" for a hash no row gives an id (or a table without `instance`).
// Empty without instance_hash.
std::map<std::string, std::string> instance_labels(const ResultsTable& table);

// The label of `hash` in `labels`, "" if none.
std::string instance_label(const std::map<std::string, std::string>& labels, const std::string& hash);

// "" if every instance_hash has one id; else one line naming the first such puzzle's first two
// ids where the rows give them, and how many more such puzzles there are:
// "b.csv:3:2: instance 'alpha' has the instance_hash of 'beta' (b.csv:2:2), ca98b9010dedd46d: one
// puzzle under 2 ids, whose runs every per-instance table, pairing and noise figure pools as
// repeats of one instance, named 'beta, alpha'".
std::string several_ids_warning(const ResultsTable& table);

}  // namespace futolab
