#include "analysis/summary.hpp"

#include "analysis/text_table.hpp"

#include <cstdlib>

#include <algorithm>
#include <cmath>
#include <map>

namespace futolab {
namespace {

// Numbers compare as numbers (n = 4 < 10), everything else as text.
bool key_less(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i]) continue;
        char* ea = nullptr;
        char* eb = nullptr;
        const double x = std::strtod(a[i].c_str(), &ea), y = std::strtod(b[i].c_str(), &eb);
        if (!a[i].empty() && !b[i].empty() && *ea == '\0' && *eb == '\0') return x < y;
        return a[i] < b[i];
    }
    return false;
}

std::vector<std::string> header_cells(const std::vector<std::string>& by, const std::vector<std::string>& metrics) {
    std::vector<std::string> cells = by;
    for (const char* c : {"runs", "finished", "limit_hit"}) cells.emplace_back(c);
    for (const std::string& m : metrics)
        for (const char* s : {"min", "median", "mean", "p90", "max", "geomean"}) cells.push_back(m + "_" + s);
    return cells;
}

std::vector<std::string> row_cells(const GroupSummary& g) {
    std::vector<std::string> cells = g.key;
    for (std::size_t v : {g.runs, g.finished, g.limited}) cells.push_back(std::to_string(v));
    for (const MetricStats& s : g.metrics)
        for (double v : {s.min, s.median, s.mean, s.p90, s.max, s.geomean})
            cells.push_back(s.count == 0 ? "" : number_text(v));
    return cells;
}

}  // namespace

double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    const double rank = p * static_cast<double>(sorted.size() - 1);
    const std::size_t lo = static_cast<std::size_t>(std::floor(rank));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (rank - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

double shifted_geomean(const std::vector<double>& values) {
    if (values.empty()) return 0;
    double log_sum = 0;
    for (double v : values) log_sum += std::log(v + 1.0);
    return std::exp(log_sum / static_cast<double>(values.size())) - 1.0;
}

MetricStats describe(std::vector<double> values) {
    MetricStats s;
    s.count = values.size();
    if (values.empty()) return s;
    std::sort(values.begin(), values.end());
    s.min = values.front();
    s.median = percentile(values, 0.5);
    s.p90 = percentile(values, 0.9);
    s.max = values.back();
    double sum = 0;
    for (double v : values) sum += v;
    s.mean = sum / static_cast<double>(values.size());
    s.geomean = shifted_geomean(values);
    return s;
}

std::vector<GroupSummary> summarize(const ResultsTable& table, const std::vector<std::string>& by,
                                    const std::vector<std::string>& metrics) {
    std::map<std::vector<std::string>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::vector<std::string> key;
        for (const std::string& column : by) key.push_back(table.text(i, column));
        groups[key].push_back(i);
    }
    std::vector<GroupSummary> out;
    for (const auto& [key, rows] : groups) {
        GroupSummary g{key, rows.size(), 0, 0, {}};
        for (std::size_t i : rows) (table.finished(i) ? g.finished : g.limited)++;
        for (const std::string& m : metrics) {
            std::vector<double> values;
            // An empty counter is unknown (SPEC §4: an external tool does not report it): left
            // out, not read as 0; a group where no run knows it gets empty cells.
            for (std::size_t i : rows) {
                if (table.has_column(m) && table.text(i, m).empty()) continue;
                values.push_back(table.number(i, m));
            }
            g.metrics.push_back(describe(std::move(values)));
        }
        out.push_back(std::move(g));
    }
    std::sort(out.begin(), out.end(), [](const GroupSummary& a, const GroupSummary& b) { return key_less(a.key, b.key); });
    return out;
}

TextTable summary_table(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                        const std::vector<std::string>& metrics) {
    TextTable t{header_cells(by, metrics), {}, by.size()};
    for (const GroupSummary& g : groups) t.rows.push_back(row_cells(g));
    return t;
}

std::string summary_markdown(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                             const std::vector<std::string>& metrics) {
    return table_markdown(summary_table(groups, by, metrics));
}

std::string summary_csv(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                        const std::vector<std::string>& metrics) {
    return table_csv(summary_table(groups, by, metrics));
}

}  // namespace futolab
