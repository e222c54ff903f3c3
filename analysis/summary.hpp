// Group-by summaries of results: per group the number of runs, how many finished, how many
// hit a limit, and for each metric the median, mean, 90th percentile, maximum and shifted
// geometric mean. Runs that hit a limit are included with the value they reached (for time,
// the limit: the "PAR1" convention of solver competitions), so a table never hides them.
#pragma once

#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <string>
#include <vector>

namespace futolab {

struct MetricStats {
    double min = 0, median = 0, mean = 0, p90 = 0, max = 0, geomean = 0;
    std::size_t count = 0;  // values described; 0: none known (every cell empty in the table)
};

// Order statistics of a sample (copied and sorted). Percentiles by linear interpolation
// between closest ranks (Hyndman & Fan 1996, type 7 — R's and NumPy's default).
MetricStats describe(std::vector<double> values);
double percentile(const std::vector<double>& sorted, double p);
// exp(mean(log(x + 1))) − 1: the shifted geometric mean, defined for the zeros that node
// counts often are (shift 1, as in the SCIP/MIPLIB benchmarking convention).
double shifted_geomean(const std::vector<double>& values);

struct GroupSummary {
    std::vector<std::string> key;  // the values of the --by columns
    std::size_t runs = 0, finished = 0, limited = 0;
    std::vector<MetricStats> metrics;  // one per requested metric
};

std::vector<GroupSummary> summarize(const ResultsTable& table, const std::vector<std::string>& by,
                                    const std::vector<std::string>& metrics);

// Renders as a Markdown table or CSV.
TextTable summary_table(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                        const std::vector<std::string>& metrics);
std::string summary_markdown(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                             const std::vector<std::string>& metrics);
std::string summary_csv(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                        const std::vector<std::string>& metrics);

}  // namespace futolab
