// Paired comparison of solver specs against a baseline on the instances both ran.
//
// The unit is the instance. Per spec and instance (instance_hash) the median of the metric
// over the spec's repeats is taken first (failed runs and critical-set records left out);
// that median is censored when it is only a lower bound (summary.hpp). An instance pairs
// when both specs have a median for it.
//
// Per instance the ratio baseline / other: > 1 means the other spec used less. Counts are
// shifted by one, (b + 1) / (o + 1), since 0 nodes is common; times (wall_ms, cpu_ms) are
// not shifted (a 0 is read as 1 ns). Limited medians count with the value reached (PAR1),
// and the table says how many instances involve one (`limited`).
//   geomean_ratio  exp(mean log ratio) with a 95 % percentile bootstrap interval that
//                  resamples instances, then each side's repeats within them (two-stage:
//                  bootstrap.hpp);
//   wins/ties/losses  per instance, for the other spec: a tie is a ratio within 1 % of 1;
//   wilcoxon_p     two-sided p of the Wilcoxon signed-rank test of the log ratios (wilcoxon.hpp);
//   holm_p         wilcoxon_p adjusted by Holm's method (multiplicity.hpp) over the family of
//                  the specs compared with the baseline on the same metric: the table's rows of
//                  that metric. One metric is one question; a claim resting on several
//                  metrics at once needs a larger family than this.
//
// The virtual best solver (VBS) of a set of specs is, per instance, the spec with the best
// median of one metric (a finished median beats a limited one, then the smaller value, then
// the spec's name); with_virtual_best appends that spec's runs of the instance once more
// under the spec `virtual-best`, so every summary, table and plot shows it like a solver.
#pragma once

#include "analysis/bootstrap.hpp"
#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <map>
#include <string>
#include <vector>

namespace futolab {

inline const std::string kVirtualBest = "virtual-best";

// The value a ratio uses: x + 1 for counts, x for times (see above).
double shifted_metric(const std::string& metric, double x);
bool is_time_metric(const std::string& metric);

// The specs of the solver runs, in order of first appearance.
std::vector<std::string> solver_specs(const ResultsTable& table);

// The spec `text` names: itself if a label, else the one label with the same solver whose
// options include all of text's (`gac:sac=all` finds `gac:sac=all,var=domwdeg`), else the one
// label whose rows ran with all of text's options (their resolved `options` column:
// `fc:var=mrv` finds `fc` when fc ran with var=mrv). Never compares with today's defaults.
// Throws InputError if none or several match, naming `option`.
std::string resolve_spec(const ResultsTable& table, const std::string& text, const std::string& option);

struct InstanceMedian {
    std::string instance;  // the id of the spec's first run (tables name it by instance_labels.hpp)
    double n = 0;
    double value = 0;  // median of the spec's runs on the instance (PAR1)
    bool censored = false;
    std::size_t runs = 0;
    std::vector<double> values{};  // each measured run's value (PAR1): what the median is of
};

// instance_hash → the spec's median on it. Throws InputError without instance_hash.
std::map<std::string, InstanceMedian> instance_medians(const ResultsTable& table, const std::string& spec,
                                                       const std::string& metric);

struct PairedInstance {
    std::string instance_hash;
    double base = 0, other = 0;  // shifted medians
    bool limited = false;        // either median is a lower bound
    // Each side's measured runs, shifted, for the two-stage bootstrap; empty: the median alone
    // (compare pairs run groups, which keep only the median).
    std::vector<double> base_runs{}, other_runs{};
};

std::vector<PairedInstance> pair_instances(const ResultsTable& table, const std::string& baseline,
                                           const std::string& other, const std::string& metric);

struct PairedComparison {
    std::string spec, metric;
    std::size_t instances = 0, limited = 0;
    double geomean = 0, low = 0, high = 0;  // of baseline / other
    std::size_t wins = 0, ties = 0, losses = 0;
    double wilcoxon_p = 1;
    double holm_p = 1;  // set by compare_to_baseline, over its family
};

PairedComparison compare_pairs(const std::vector<PairedInstance>& pairs, const BootstrapOptions& options = {});

// Every spec but the baseline (and the virtual best), for each metric. Throws InputError if
// the baseline is not a spec.
std::vector<PairedComparison> compare_to_baseline(const ResultsTable& table, const std::string& baseline,
                                                  const std::vector<std::string>& metrics,
                                                  const BootstrapOptions& options = {});

TextTable paired_table(const std::vector<PairedComparison>& rows);

// The table with the virtual best solver's rows added (see above), chosen by `metric`. The
// table is returned unchanged with fewer than two specs or without instance_hash.
ResultsTable with_virtual_best(const ResultsTable& table, const std::string& metric);

// Tidy per-instance table: one row per instance and spec with its median of each metric.
TextTable instances_table(const ResultsTable& table, const std::vector<std::string>& metrics);

}  // namespace futolab
