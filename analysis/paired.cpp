#include "analysis/paired.hpp"

#include "analysis/instance_labels.hpp"
#include "analysis/multiplicity.hpp"
#include "analysis/summary.hpp"
#include "analysis/table_kinds.hpp"
#include "analysis/wilcoxon.hpp"
#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

namespace futolab {
namespace {

constexpr double kTieBand = 1.01;  // ratios within 1 % of 1 are ties
constexpr double kTimeFloorMs = 1e-6;  // 1 ns, the clock's resolution

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find(sep, start)) != std::string::npos; start = end + 1)
        parts.push_back(text.substr(start, end - start));
    parts.push_back(text.substr(start));
    return parts;
}

// "fc:val=max,var=static" → solver "fc" and options {"val=max", "var=static"}.
std::pair<std::string, std::set<std::string>> spec_parts(const std::string& spec) {
    const std::size_t colon = spec.find(':');
    if (colon == std::string::npos) return {spec, {}};
    const auto options = split(spec.substr(colon + 1), ',');
    return {spec.substr(0, colon), {options.begin(), options.end()}};
}

bool spec_matches(const std::string& spec, const std::string& text) {
    const auto [solver, options] = spec_parts(spec);
    const auto [want_solver, want_options] = spec_parts(text);
    return solver == want_solver && std::includes(options.begin(), options.end(), want_options.begin(), want_options.end());
}

// The labels whose rows ran solver `text`'s name with every option `text` gives, read from the
// rows' resolved `options` cells.
std::vector<std::string> specs_that_ran(const ResultsTable& table, const std::string& text) {
    const auto [want_solver, want_options] = spec_parts(text);
    std::set<std::string> seen;
    std::vector<std::string> found;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i) || table.text(i, "solver") != want_solver) continue;
        const auto [solver, options] = spec_parts(want_solver + ":" + table.text(i, "options"));
        if (std::includes(options.begin(), options.end(), want_options.begin(), want_options.end()) &&
            seen.insert(table.text(i, "spec")).second)
            found.push_back(table.text(i, "spec"));
    }
    return found;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

void require_instances(const ResultsTable& table) {
    if (!table.has_column("instance_hash"))
        throw InputError(table.missing_column("instance_hash") + " (a per-instance comparison needs it)");
}

// Per instance: is a better than b? Finished first, then smaller.
bool better(const InstanceMedian& a, const InstanceMedian& b) {
    if (a.censored != b.censored) return !a.censored;
    return a.value < b.value;
}

}  // namespace

bool is_time_metric(const std::string& metric) {
    return metric == "wall_ms" || metric == "cpu_ms";
}

double shifted_metric(const std::string& metric, double x) {
    return is_time_metric(metric) ? std::max(x, kTimeFloorMs) : x + 1.0;
}

namespace {

std::vector<double> shifted_runs(const std::string& metric, const std::vector<double>& values) {
    std::vector<double> out;
    for (double v : values) out.push_back(shifted_metric(metric, v));
    return out;
}

// The instances as the two-stage bootstrap takes them: a side without its runs is its median.
std::vector<RepeatedPair> repeated_pairs(const std::vector<PairedInstance>& pairs) {
    std::vector<RepeatedPair> out;
    for (const PairedInstance& p : pairs)
        out.push_back({p.base_runs.empty() ? std::vector<double>{p.base} : p.base_runs,
                       p.other_runs.empty() ? std::vector<double>{p.other} : p.other_runs});
    return out;
}

}  // namespace

std::vector<std::string> solver_specs(const ResultsTable& table) {
    std::vector<std::string> specs;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.comparable(i) && seen.insert(table.text(i, "spec")).second) specs.push_back(table.text(i, "spec"));
    return specs;
}

std::string resolve_spec(const ResultsTable& table, const std::string& text, const std::string& option) {
    const std::vector<std::string> specs = solver_specs(table);
    if (std::find(specs.begin(), specs.end(), text) != specs.end()) return text;
    std::vector<std::string> found;
    for (const std::string& spec : specs)
        if (spec_matches(spec, text)) found.push_back(spec);
    if (found.empty()) found = specs_that_ran(table, text);
    if (found.size() == 1) return found.front();
    if (found.empty())
        throw InputError(fmt::format("{} '{}' is not a spec in the results (specs: {})", option, text, joined(specs)));
    throw InputError(fmt::format("{} '{}' is ambiguous (matches: {})", option, text, joined(found)));
}

std::map<std::string, InstanceMedian> instance_medians(const ResultsTable& table, const std::string& spec,
                                                       const std::string& metric) {
    require_instances(table);
    std::map<std::string, std::vector<std::size_t>> rows;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.comparable(i) && table.text(i, "spec") == spec) rows[table.text(i, "instance_hash")].push_back(i);
    std::map<std::string, InstanceMedian> out;
    for (const auto& [hash, runs] : rows) {
        const auto samples = samples_of(table, runs, metric);
        if (samples.empty()) continue;
        const MetricStats s = describe(samples);
        const std::size_t first = runs.front();
        std::vector<double> values;
        for (const Sample& x : samples) values.push_back(x.value);
        out[hash] = {table.has_column("instance") ? table.text(first, "instance") : hash,
                     table.has_column("n") ? table.value(first, "n").value_or(0) : 0, s.median, s.median_censored,
                     runs.size(), std::move(values)};
    }
    return out;
}

std::vector<PairedInstance> pair_instances(const ResultsTable& table, const std::string& baseline,
                                           const std::string& other, const std::string& metric) {
    const auto base = instance_medians(table, baseline, metric);
    std::vector<PairedInstance> pairs;
    for (const auto& [hash, o] : instance_medians(table, other, metric)) {
        const auto b = base.find(hash);
        if (b == base.end()) continue;
        pairs.push_back({hash, shifted_metric(metric, b->second.value), shifted_metric(metric, o.value),
                         b->second.censored || o.censored, shifted_runs(metric, b->second.values),
                         shifted_runs(metric, o.values)});
    }
    return pairs;
}

PairedComparison compare_pairs(const std::vector<PairedInstance>& pairs, const BootstrapOptions& options) {
    PairedComparison c;
    std::vector<double> logs;
    for (const PairedInstance& p : pairs) {
        const double ratio = p.base / p.other;
        logs.push_back(std::log(ratio));
        c.limited += p.limited;
        if (ratio > kTieBand) ++c.wins;
        else if (ratio < 1.0 / kTieBand) ++c.losses;
        else ++c.ties;
    }
    c.instances = pairs.size();
    const BootstrapCI ci = bootstrap_log_ratio(repeated_pairs(pairs), options);
    // The point estimate from the medians as paired (the same number as before the bootstrap
    // became two-stage, to the last digit).
    c.geomean = pairs.empty() ? 1 : std::exp(std::accumulate(logs.begin(), logs.end(), 0.0) / static_cast<double>(logs.size()));
    c.low = std::exp(ci.low);
    c.high = std::exp(ci.high);
    c.wilcoxon_p = wilcoxon_signed_rank(logs).p;
    return c;
}

namespace {

// Holm over each metric's rows: the specs compared with the baseline on it (see paired.hpp).
void add_holm(std::vector<PairedComparison>& rows) {
    std::map<std::string, std::vector<std::size_t>> families;
    for (std::size_t i = 0; i < rows.size(); ++i) families[rows[i].metric].push_back(i);
    for (const auto& [metric, members] : families) {
        std::vector<double> p;
        for (std::size_t i : members) p.push_back(rows[i].instances ? rows[i].wilcoxon_p : std::nan(""));
        const std::vector<double> adjusted = holm_adjust(p);
        for (std::size_t k = 0; k < members.size(); ++k) rows[members[k]].holm_p = adjusted[k];
    }
}

}  // namespace

std::vector<PairedComparison> compare_to_baseline(const ResultsTable& table, const std::string& baseline,
                                                  const std::vector<std::string>& metrics,
                                                  const BootstrapOptions& options) {
    const auto specs = solver_specs(table);
    if (std::find(specs.begin(), specs.end(), baseline) == specs.end())
        throw InputError(fmt::format("--baseline '{}' is not a spec in the results (specs: {})", baseline, joined(specs)));
    std::vector<PairedComparison> out;
    for (const std::string& spec : specs) {
        if (spec == baseline || spec == kVirtualBest) continue;
        for (const std::string& metric : metrics) {
            PairedComparison c = compare_pairs(pair_instances(table, baseline, spec, metric), options);
            c.spec = spec;
            c.metric = metric;
            out.push_back(std::move(c));
        }
    }
    add_holm(out);
    return out;
}

TextTable paired_table(const std::vector<PairedComparison>& rows) {
    TextTable t{table_name(TableKind::paired),
                {"spec", "metric", "instances", "limited", "geomean_ratio", "ci_low", "ci_high", "wins", "ties", "losses",
                 "wilcoxon_p", "holm_p"},
                {},
                2};
    const double none = std::nan("");  // no common instances: no ratio to speak of
    for (const PairedComparison& c : rows) {
        const bool empty = c.instances == 0;
        t.rows.push_back({c.spec, c.metric, c.instances, c.limited, empty ? none : c.geomean, empty ? none : c.low,
                          empty ? none : c.high, c.wins, c.ties, c.losses, empty ? none : c.wilcoxon_p,
                          empty ? none : c.holm_p});
    }
    return t;
}

ResultsTable with_virtual_best(const ResultsTable& table, const std::string& metric) {
    const auto specs = solver_specs(table);
    if (specs.size() < 2 || !table.has_column("instance_hash")) return table;
    std::map<std::string, std::pair<std::string, InstanceMedian>> best;  // instance → spec, median
    for (const std::string& spec : specs)  // an exact tie goes to the spec whose name sorts first
        for (const auto& [hash, m] : instance_medians(table, spec, metric)) {
            auto it = best.find(hash);
            if (it == best.end() || better(m, it->second.second) ||
                (!better(it->second.second, m) && spec < it->second.first))
                best[hash] = {spec, m};
        }
    ResultsTable out = table;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i)) continue;
        const auto it = best.find(table.text(i, "instance_hash"));
        if (it != best.end() && it->second.first == table.text(i, "spec")) out.append_copy(i, kVirtualBest);
    }
    return out;
}

TextTable instances_table(const ResultsTable& table, const std::vector<std::string>& metrics) {
    TextTable t{table_name(TableKind::instances), {"instance", "instance_hash", "n", "spec", "metric", "runs", "median", "median_censored"}, {}, 5};
    // One name per instance_hash in every row, over all specs (instance_labels.hpp): a spec's
    // own first id named one puzzle `beta` for gac and `alpha` for fc.
    const std::map<std::string, std::string> labels = instance_labels(table);
    const bool ids = table.has_column("instance");
    for (const std::string& spec : solver_specs(table))
        for (const std::string& metric : metrics)
            for (const auto& [hash, m] : instance_medians(table, spec, metric))
                t.rows.push_back({ids ? instance_label(labels, hash) : hash, hash, m.n, spec, metric, m.runs,
                                  Cell(m.value, m.censored), static_cast<std::size_t>(m.censored)});
    std::stable_sort(t.rows.begin(), t.rows.end(), [](const std::vector<Cell>& a, const std::vector<Cell>& b) {
        return std::tie(*a[2].number, a[1].text) < std::tie(*b[2].number, b[1].text);
    });
    return t;
}

}  // namespace futolab
