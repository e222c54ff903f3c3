// Group-by summaries of results: per group the number of runs, how many finished, hit a
// limit (censored) or failed, and per metric the median, mean, 90th percentile, maximum,
// shifted geometric mean and PAR-2.
//
// Censoring. A run that hit a limit (timeout, node_limit, memout) only tells that its true
// value is at least the value it reached (it is right-censored there). Statistics use the
// reached value (PAR1, as solver competitions do), so no table hides a hard instance, and
// mark every statistic that is then only a lower bound (Markdown and LaTeX "≥ x", HTML a red
// cell, CSV a column <stat>_censored = 1):
//  - an order statistic (min, median, p90, max) when it could be larger had the limited runs
//    gone on: when the same percentile computed with every limited run set to +∞ differs
//    from the PAR1 one. For the median with every run censored at one limit L this is the
//    Kaplan–Meier median (Kaplan & Meier, "Nonparametric estimation from incomplete
//    observations", JASA 53(282), 1958): the survival curve is the empirical one below L, so
//    with fewer than half the runs censored the KM median is the plain median (not marked;
//    for an even count KM's smallest t with S(t) ≤ ½ is the lower of the two middle runs,
//    where type 7 averages them), and with half or more it is undefined or rests on a
//    censored run, known only to be ≥ what it shows (marked). With censoring at
//    several levels (nodes reached before a time limit) the mark is the safe side: KM would
//    need independent censoring, which a limit on another metric does not give;
//  - the mean and the shifted geometric mean as soon as any run is censored (each averages
//    every value);
//  - PAR-2: the mean with each limited run counted as twice the cap, the "penalised average
//    runtime" of the SAT competitions. The cap of a metric is the limit of the runs stopped
//    by that metric's own limit (timeout for wall/cpu time, node_limit for nodes, memout for
//    max_rss_kb) as their rows record it (time_limit_ms, cpu_limit_ms, memory_limit_kb), the
//    largest over the whole table. Where a row records none (CSVs of older futolab, node
//    limits, a wall metric of a run stopped by its cpu limit) the value it reached stands in
//    for it. A metric without such runs has no cap: a limited run then counts twice the value
//    it reached (a node count under a time limit).
// Failed runs (crash, error) have no measurement: counted, never in a statistic. A counter
// left empty (an external tool that does not report it) is left out of that metric.
#pragma once

#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <optional>
#include <string>
#include <vector>

namespace futolab {

struct Sample {
    double value = 0;
    bool censored = false;  // the run hit a limit: the true value is ≥ value
};

struct MetricStats {
    std::size_t count = 0;  // samples with a value
    double min = 0, median = 0, mean = 0, p90 = 0, max = 0, geomean = 0, par2 = 0;
    // Lower bounds (see above); PAR-2 is a score with its own penalty, never marked.
    bool min_censored = false, median_censored = false, mean_censored = false, p90_censored = false,
         max_censored = false, geomean_censored = false;
};

// Order statistics of a sample (copied and sorted). Percentiles by linear interpolation
// between closest ranks (Hyndman & Fan 1996, type 7 — R's and NumPy's default).
MetricStats describe(std::vector<Sample> samples, std::optional<double> cap = std::nullopt);
MetricStats describe(const std::vector<double>& values);  // nothing censored
double percentile(const std::vector<double>& sorted, double p);
// exp(mean(log(x + 1))) − 1: the shifted geometric mean, defined for the zeros that node
// counts often are (shift 1, as in the SCIP/MIPLIB benchmarking convention).
double shifted_geomean(const std::vector<double>& values);
// True if the p-quantile (0 ≤ p ≤ 1, type 7) of `samples` is only a lower bound (see above).
bool quantile_is_lower_bound(const std::vector<Sample>& samples, double p);
bool median_is_lower_bound(const std::vector<Sample>& samples);

// The status of the limit that caps a metric ("timeout" for wall_ms, …), "" if none.
std::string limit_status(const std::string& metric);
// The cap of a metric (see above), or nullopt if no run hit its limit.
std::optional<double> metric_cap(const ResultsTable& table, const std::string& metric);
// The metrics that describe a critical set (h, k, score, slack, givens_frac): of a set record,
// only a critical set has them (ResultsTable::critical_set).
bool is_set_metric(const std::string& metric);
// The samples of a metric over the given rows: failed runs and empty cells left out, and for
// a set metric the set records that hold no set.
std::vector<Sample> samples_of(const ResultsTable& table, const std::vector<std::size_t>& rows,
                               const std::string& metric);

struct GroupSummary {
    std::vector<std::string> key;  // the values of the --by columns
    std::size_t runs = 0, finished = 0, limited = 0, failed = 0;
    std::vector<MetricStats> metrics;  // one per requested metric
};

// Groups sorted by key (numbers as numbers: n = 4 before 10).
std::vector<GroupSummary> summarize(const ResultsTable& table, const std::vector<std::string>& by,
                                    const std::vector<std::string>& metrics);
// The whole text as a number (std::from_chars), or nullopt.
std::optional<double> parse_number(const std::string& text);
bool key_less(const std::vector<std::string>& a, const std::vector<std::string>& b);

// Tidy: one row per group and metric. Each statistic that can be a lower bound is followed by
// its <stat>_censored column (0/1): data for CSV; Markdown and LaTeX mark the cell instead and
// leave these columns out (table_columns.hpp).
TextTable summary_table(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                        const std::vector<std::string>& metrics);

}  // namespace futolab
