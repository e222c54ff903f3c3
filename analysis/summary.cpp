#include "analysis/summary.hpp"

#include "analysis/table_kinds.hpp"
#include "core/status.hpp"

#include <cstdlib>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

namespace futolab {

std::optional<double> parse_number(const std::string& text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

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

bool quantile_is_lower_bound(const std::vector<Sample>& samples, double p) {
    if (samples.empty()) return false;
    // The two order statistics the quantile interpolates, with limited runs at +∞.
    std::vector<std::pair<double, bool>> s;
    std::vector<double> reached;
    for (const Sample& x : samples) {
        s.emplace_back(x.censored ? std::numeric_limits<double>::infinity() : x.value, x.censored);
        reached.push_back(x.value);
    }
    std::sort(s.begin(), s.end());
    std::sort(reached.begin(), reached.end());
    const double rank = p * static_cast<double>(s.size() - 1);
    const std::size_t lo = static_cast<std::size_t>(std::floor(rank));
    const std::size_t hi = std::min(lo + 1, s.size() - 1);
    const double frac = rank - static_cast<double>(lo);
    if (s[lo].second || (frac > 0 && s[hi].second)) return true;  // it rests on a limited run
    const double with_infinity = frac > 0 ? s[lo].first + frac * (s[hi].first - s[lo].first) : s[lo].first;
    return with_infinity > percentile(reached, p);
}

bool median_is_lower_bound(const std::vector<Sample>& samples) { return quantile_is_lower_bound(samples, 0.5); }

MetricStats describe(std::vector<Sample> samples, std::optional<double> cap) {
    MetricStats s;
    if (samples.empty()) return s;
    std::vector<double> values;
    double par2_sum = 0;
    for (const Sample& x : samples) {
        values.push_back(x.value);
        par2_sum += x.censored ? 2 * cap.value_or(x.value) : x.value;
    }
    std::sort(values.begin(), values.end());
    s.count = values.size();
    s.min = values.front();
    s.median = percentile(values, 0.5);
    s.p90 = percentile(values, 0.9);
    s.max = values.back();
    double sum = 0;
    for (double v : values) sum += v;
    s.mean = sum / static_cast<double>(values.size());
    s.geomean = shifted_geomean(values);
    s.par2 = par2_sum / static_cast<double>(values.size());
    s.min_censored = quantile_is_lower_bound(samples, 0);
    s.median_censored = quantile_is_lower_bound(samples, 0.5);
    s.p90_censored = quantile_is_lower_bound(samples, 0.9);
    s.max_censored = quantile_is_lower_bound(samples, 1);
    s.mean_censored = s.geomean_censored =
        std::any_of(samples.begin(), samples.end(), [](const Sample& x) { return x.censored; });
    return s;
}

MetricStats describe(const std::vector<double>& values) {
    std::vector<Sample> samples;
    for (double v : values) samples.push_back({v, false});
    return describe(std::move(samples));
}

std::string limit_status(const std::string& metric) {
    if (metric == "wall_ms" || metric == "wall_ns" || metric == "cpu_ms" || metric == "cpu_ns")
        return std::string(status_name(Status::timeout));
    if (metric == "nodes") return std::string(status_name(Status::node_limit));
    if (metric == "max_rss_kb") return std::string(status_name(Status::memout));
    return "";
}

namespace {

// The column that records the limit stopping `metric` (issue #23: the limits a run had), and
// the factor from its unit to the metric's; nullopt if no column records it (nodes).
struct LimitColumn {
    std::string column;
    double scale = 1;
};
std::optional<LimitColumn> limit_column(const std::string& metric) {
    if (metric == "wall_ms") return LimitColumn{"time_limit_ms", 1};
    if (metric == "wall_ns") return LimitColumn{"time_limit_ms", 1e6};
    if (metric == "cpu_ms") return LimitColumn{"cpu_limit_ms", 1};
    if (metric == "cpu_ns") return LimitColumn{"cpu_limit_ms", 1e6};
    if (metric == "max_rss_kb") return LimitColumn{"memory_limit_kb", 1};
    return std::nullopt;
}

}  // namespace

std::optional<double> metric_cap(const ResultsTable& table, const std::string& metric) {
    const std::string status = limit_status(metric);
    std::optional<double> cap;
    if (status.empty()) return cap;
    const std::optional<LimitColumn> limit = limit_column(metric);
    const bool recorded = limit && table.has_column(limit->column);
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.censored(i) || table.text(i, "status") != status) continue;
        // The row's own limit where it says one (what the run ran under), else the value it
        // reached (rows of older futolab, or a limit of another kind: a cpu limit for wall_ms).
        std::optional<double> v = recorded ? table.value(i, limit->column) : std::nullopt;
        v = v && *v > 0 ? std::optional<double>(*v * limit->scale) : table.value(i, metric);
        if (v) cap = std::max(cap.value_or(*v), *v);
    }
    return cap;
}

bool is_set_metric(const std::string& metric) {
    return metric == "h" || metric == "k" || metric == "score" || metric == "slack" || metric == "givens_frac";
}

std::vector<Sample> samples_of(const ResultsTable& table, const std::vector<std::size_t>& rows,
                               const std::string& metric) {
    std::vector<Sample> out;
    const bool sets_only = is_set_metric(metric);
    for (std::size_t i : rows) {
        if (table.outcome(i) == RunOutcome::failed) continue;
        if (sets_only && table.set_record(i) && !table.critical_set(i)) continue;  // h = k = 0 of no set
        if (const auto v = table.value(i, metric)) out.push_back({*v, table.censored(i)});
    }
    return out;
}

std::vector<GroupSummary> summarize(const ResultsTable& table, const std::vector<std::string>& by,
                                    const std::vector<std::string>& metrics) {
    std::map<std::vector<std::string>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::vector<std::string> key;
        for (const std::string& column : by) key.push_back(table.text(i, column));
        groups[key].push_back(i);
    }
    std::vector<std::optional<double>> caps;
    for (const std::string& m : metrics) caps.push_back(metric_cap(table, m));
    std::vector<GroupSummary> out;
    for (const auto& [key, rows] : groups) {
        GroupSummary g{key, rows.size(), 0, 0, 0, {}};
        for (std::size_t i : rows) {
            const RunOutcome o = table.outcome(i);
            ++(o == RunOutcome::finished ? g.finished : o == RunOutcome::censored ? g.limited : g.failed);
        }
        for (std::size_t m = 0; m < metrics.size(); ++m)
            g.metrics.push_back(describe(samples_of(table, rows, metrics[m]), caps[m]));
        out.push_back(std::move(g));
    }
    std::sort(out.begin(), out.end(), [](const GroupSummary& a, const GroupSummary& b) { return key_less(a.key, b.key); });
    return out;
}

TextTable summary_table(const std::vector<GroupSummary>& groups, const std::vector<std::string>& by,
                        const std::vector<std::string>& metrics) {
    TextTable t{table_name(TableKind::summary), by, {}, by.size() + 1};
    t.header.push_back("metric");
    for (const char* c : {"runs", "finished", "limit_hit", "failed", "min", "min_censored", "median", "median_censored",
                          "mean", "mean_censored", "p90", "p90_censored", "max", "max_censored", "geomean",
                          "geomean_censored", "par2"})
        t.header.emplace_back(c);
    for (const GroupSummary& g : groups)
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            const MetricStats& s = g.metrics[m];
            std::vector<Cell> row(g.key.begin(), g.key.end());
            row.emplace_back(metrics[m]);
            for (std::size_t v : {g.runs, g.finished, g.limited, g.failed}) row.emplace_back(v);
            const double none = std::numeric_limits<double>::quiet_NaN();  // no value: every run failed
            // The statistic, marked when it is a lower bound, then its 0/1 column.
            auto stat = [&](double v, bool censored) {
                row.emplace_back(s.count ? v : none, censored);
                row.emplace_back(static_cast<std::size_t>(censored));
            };
            stat(s.min, s.min_censored);
            stat(s.median, s.median_censored);
            stat(s.mean, s.mean_censored);
            stat(s.p90, s.p90_censored);
            stat(s.max, s.max_censored);
            stat(s.geomean, s.geomean_censored);
            row.emplace_back(s.count ? s.par2 : none);
            t.rows.push_back(std::move(row));
        }
    return t;
}

}  // namespace futolab
