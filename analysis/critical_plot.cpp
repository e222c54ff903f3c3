#include "analysis/critical_plot.hpp"

#include "analysis/metric_words.hpp"

#include "analysis/palette.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "core/random.hpp"

#include <fmt/format.h>

#include <array>
#include <map>
#include <set>

namespace futolab {
namespace {

constexpr double kJitter = 0.12;
constexpr std::array<int, 6> kMethodPoints{7, 5, 9, 13, 11, 6};

// Uniform in [−kJitter, kJitter) (core/random.hpp: the same on every standard library, so the
// picture is the same everywhere).
double jitter(std::mt19937_64& rng) { return uniform_symmetric(rng, kJitter); }

// "name:k=v,k2=v2" → {k: v, k2: v2} (the name under "").
std::map<std::string, std::string> spec_items(const std::string& spec) {
    std::map<std::string, std::string> items;
    const std::size_t colon = spec.find(':');
    items[""] = spec.substr(0, colon);
    if (colon == std::string::npos) return items;
    std::size_t start = colon + 1;
    while (start <= spec.size()) {
        std::size_t end = spec.find(',', start);
        if (end == std::string::npos) end = spec.size();
        const std::string item = spec.substr(start, end - start);
        const std::size_t eq = item.find('=');
        items[item.substr(0, eq)] = eq == std::string::npos ? "" : item.substr(eq + 1);
        start = end + 1;
    }
    return items;
}

struct CriticalSet {
    double h = 0, k = 0, score = 0;
};

struct SetRecords {
    std::map<std::string, std::map<int, std::vector<CriticalSet>>> sets;  // per method (spec) and n
    std::size_t without_set = 0;  // records of no set (multiple, unsat, a limit, a failure): left out
};

SetRecords critical_sets(const ResultsTable& table) {
    for (const char* c : {"mode", "n", "h", "k"})
        if (!table.has_column(c)) throw InputError(table.missing_column(c) + " (--plot critical needs it)");
    SetRecords out;
    bool any = false;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.set_record(i)) continue;
        any = true;
        if (!table.critical_set(i)) {
            ++out.without_set;
            continue;
        }
        out.sets[table.text(i, "spec")][static_cast<int>(table.number(i, "n"))].push_back(
            {table.number(i, "h"), table.number(i, "k"), table.number(i, "score")});
    }
    if (!any) throw InputError("--plot critical: no rows with mode 'critical' or 'exact' in the results");
    if (out.sets.empty()) throw InputError("--plot critical: no record holds a critical set (all multiple, unsat or limited)");
    return out;
}

}  // namespace

std::map<std::string, std::string> distinguishing_labels(const std::vector<std::string>& specs) {
    std::map<std::string, std::map<std::string, std::string>> items;
    std::set<std::string> keys;
    for (const std::string& s : specs) {
        items[s] = spec_items(s);
        for (const auto& [k, v] : items[s]) keys.insert(k);
    }
    std::map<std::string, std::string> out;
    for (const std::string& s : specs) {
        std::string label;
        for (const std::string& k : keys) {
            std::set<std::string> values;
            for (const std::string& t : specs) values.insert(items[t].count(k) ? items[t][k] : "(none)");
            if (values.size() < 2 || !items[s].count(k)) continue;
            label += (label.empty() ? "" : ",") + (k.empty() ? items[s][k] : k + "=" + items[s][k]);
        }
        out[s] = label.empty() ? s : label;
    }
    return out;
}

PlotSpec critical_plot(const ResultsTable& table) {
    const SetRecords records = critical_sets(table);
    const auto& scores = records.sets;
    std::vector<std::string> methods;
    for (const auto& [m, per_n] : scores) methods.push_back(m);
    auto labels = distinguishing_labels(methods);
    if (methods.size() == 1) labels[methods[0]] = "critical sets";  // the method is in the title
    PlotSpec plot;
    plot.name = "critical";
    plot.title = "Critical sets against the bound 2h + 3k ≥ 2(n − 1)" + (methods.size() == 1 ? ", method " + methods[0] : "");
    plot.cols = 3;
    plot.width = 1800;
    plot.height = 640;
    PlotSpec points, slack, hk;
    hk.title = "h against k of every set (all n, jittered)";
    hk.xlabel = metric_words("h");
    hk.ylabel = metric_words("k");
    points.title = "2h + 3k of every set (jittered), bound 2(n − 1) in black" +
                   (records.without_set ? fmt::format("; {} records without a set left out", records.without_set) : "");
    points.xlabel = slack.xlabel = metric_words("n");
    points.ylabel = "2h + 3k (h givens, k relations)";
    slack.title = "slack 2h + 3k − 2(n − 1): median, bars min–max";
    slack.ylabel = metric_words("slack");
    std::mt19937_64 rng(20260601);  // fixed: the same CSV gives the same picture
    int lo_n = 1000, hi_n = 0;
    for (std::size_t m = 0; m < methods.size(); ++m) {
        const std::string colour = palette_colour(m);
        const int pt = kMethodPoints[m % kMethodPoints.size()];
        const double dx = methods.size() > 1 ? 0.4 * (static_cast<double>(m) / static_cast<double>(methods.size() - 1) - 0.5) : 0;
        std::size_t sets = 0;
        PlotSeries cloud{"", {}, fmt::format("points lc rgb '{}' pt {} ps 0.7", colour, pt)};
        PlotSeries median{"", {}, fmt::format("yerrorlines lc rgb '{}' pt {} ps 1 lw 2", colour, pt)};
        PlotSeries pairs{"", {}, fmt::format("points lc rgb '{}' pt {} ps 0.7", colour, pt)};
        median.columns = "1:2:3:4";
        for (const auto& [n, values] : scores.at(methods[m])) {
            lo_n = std::min(lo_n, n);
            hi_n = std::max(hi_n, n);
            sets += values.size();
            const double bound = 2.0 * (n - 1);
            std::vector<double> slacks;
            for (const CriticalSet& c : values) {
                cloud.points.emplace_back(n + dx + jitter(rng), c.score + jitter(rng));
                pairs.points.emplace_back(c.h + jitter(rng), c.k + jitter(rng));
                slacks.push_back(c.score - bound);
            }
            const MetricStats s = describe(slacks);
            median.rows.push_back({n + dx, s.median, s.min, s.max});
        }
        cloud.label = fmt::format("{} ({} sets)", labels.at(methods[m]), sets);
        points.series.push_back(std::move(cloud));
        slack.series.push_back(std::move(median));
        hk.series.push_back(std::move(pairs));
    }
    PlotSeries bound{"bound 2(n − 1)", {{lo_n - 0.5, 2.0 * (lo_n - 1.5)}, {hi_n + 0.5, 2.0 * (hi_n - 0.5)}},
                     "lines lc rgb 'black' lw 3"};
    points.series.push_back(std::move(bound));
    for (PlotSpec* p : {&points, &slack}) p->extra_commands = {"set xtics 1", "set offsets 0.5, 0.5, 1, 1"};
    slack.extra_commands.push_back("set yrange [0:*]");
    hk.extra_commands = {"set xrange [-0.5:*]", "set yrange [-0.5:*]"};
    plot.panels = {points, slack, hk};
    return plot;
}

}  // namespace futolab
