// Paired comparison of solver specs against a baseline on the instances both ran.
//
// Pairing: a run of spec S and a run of the baseline pair when they have the same
// instance_hash and repeat. Not the seed: the runner derives each run's seed from the solver
// spec too, so two specs never share one. If an (instance_hash, repeat) occurs twice for a
// spec (the same instance in two corpora), its first row counts. Rows with status `error` and
// rows of mode `critical` (critical-set records, not solver runs) are left out.
//
// Per pair the ratio baseline / other of each metric: > 1 means the other spec used less.
// Counts are shifted by one, (b + 1) / (o + 1), since 0 nodes is common; times (wall_ms,
// cpu_ms) are not shifted (a 0 is read as 1 ns). Runs that hit a limit count with the value
// they reached (PAR1), and the table says how many pairs involve one.
//
// Geometric-mean ratio: the log ratios of an instance's repeats are averaged first, so the
// unit is the instance; exp of the mean over instances, with a 95 % percentile bootstrap
// interval that resamples instances (see bootstrap.hpp).
//
// Wins / ties / losses per pair, for the other spec: a tie is a ratio within 1 % of 1
// (1/1.01 ≤ r ≤ 1.01; equal counts are always ties), a win r > 1.01, a loss r < 1/1.01.
#pragma once

#include "analysis/bootstrap.hpp"
#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <string>
#include <vector>

namespace futolab {

// The value a ratio uses: x + 1 for counts, x for times (see above).
double shifted_metric(const std::string& metric, double x);
bool is_time_metric(const std::string& metric);

// The specs of the solver runs, in order of first appearance.
std::vector<std::string> solver_specs(const ResultsTable& table);

// The spec `text` names: itself if present, else the one spec with the same solver whose
// options include all of text's (`backtracking` finds `backtracking:val=min`, `fc:var=mrv`
// finds `fc:val=min,var=mrv`). Throws InputError if none or several match, naming `option`.
std::string resolve_spec(const std::vector<std::string>& specs, const std::string& text, const std::string& option);

struct PairedRun {
    std::string instance_hash;
    double base = 0, other = 0;  // shifted values
    bool limited = false;        // either run hit a limit
};

std::vector<PairedRun> pair_runs(const ResultsTable& table, const std::string& baseline, const std::string& other,
                                 const std::string& metric);

struct PairedComparison {
    std::string spec, metric;
    std::size_t pairs = 0, instances = 0, limited = 0;
    double geomean = 0, low = 0, high = 0;  // of baseline / other
    std::size_t wins = 0, ties = 0, losses = 0;
};

PairedComparison compare_pairs(const std::vector<PairedRun>& pairs, const BootstrapOptions& options = {});

// Every spec but the baseline, for each metric. Throws InputError if the baseline is not a spec.
std::vector<PairedComparison> compare_to_baseline(const ResultsTable& table, const std::string& baseline,
                                                  const std::vector<std::string>& metrics,
                                                  const BootstrapOptions& options = {});

TextTable paired_table(const std::vector<PairedComparison>& rows);

}  // namespace futolab
