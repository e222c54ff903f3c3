#include "analysis/paired.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace futolab {
namespace {

constexpr double kTieBand = 1.01;  // ratios within 1 % of 1 are ties
constexpr double kTimeFloorMs = 1e-6;  // 1 ns, the clock's resolution

using RunKey = std::pair<std::string, std::string>;  // instance_hash, repeat

// The first row of each (instance_hash, repeat) of one spec.
std::map<RunKey, std::size_t> runs_of(const ResultsTable& table, const std::string& spec) {
    std::map<RunKey, std::size_t> runs;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.comparable(i) && table.text(i, "spec") == spec)
            runs.try_emplace({table.text(i, "instance_hash"), table.text(i, "repeat")}, i);
    return runs;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find(sep, start)) != std::string::npos; start = end + 1)
        parts.push_back(text.substr(start, end - start));
    parts.push_back(text.substr(start));
    return parts;
}

// "fc:val=min,var=mrv" → solver "fc" and options {"val=min", "var=mrv"}.
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

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

void require_columns(const ResultsTable& table) {
    for (const char* c : {"instance_hash", "repeat"})
        if (!table.has_column(c)) throw InputError(fmt::format("--baseline needs the column '{}'", c));
}

}  // namespace

bool is_time_metric(const std::string& metric) { return metric == "wall_ms" || metric == "cpu_ms"; }

double shifted_metric(const std::string& metric, double x) {
    return is_time_metric(metric) ? std::max(x, kTimeFloorMs) : x + 1.0;
}

std::vector<std::string> solver_specs(const ResultsTable& table) {
    std::vector<std::string> specs;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.comparable(i) && seen.insert(table.text(i, "spec")).second) specs.push_back(table.text(i, "spec"));
    return specs;
}

std::string resolve_spec(const std::vector<std::string>& specs, const std::string& text, const std::string& option) {
    if (std::find(specs.begin(), specs.end(), text) != specs.end()) return text;
    std::vector<std::string> found;
    for (const std::string& spec : specs)
        if (spec_matches(spec, text)) found.push_back(spec);
    if (found.size() == 1) return found.front();
    if (found.empty())
        throw InputError(fmt::format("{} '{}' is not a spec in the results (specs: {})", option, text, joined(specs)));
    throw InputError(fmt::format("{} '{}' is ambiguous (matches: {})", option, text, joined(found)));
}

std::vector<PairedRun> pair_runs(const ResultsTable& table, const std::string& baseline, const std::string& other,
                                 const std::string& metric) {
    require_columns(table);
    const auto base_runs = runs_of(table, baseline);
    std::vector<PairedRun> pairs;
    for (const auto& [key, i] : runs_of(table, other)) {
        const auto b = base_runs.find(key);
        if (b == base_runs.end()) continue;
        pairs.push_back({key.first, shifted_metric(metric, table.number(b->second, metric)),
                         shifted_metric(metric, table.number(i, metric)),
                         !table.finished(b->second) || !table.finished(i)});
    }
    return pairs;
}

PairedComparison compare_pairs(const std::vector<PairedRun>& pairs, const BootstrapOptions& options) {
    PairedComparison c;
    std::map<std::string, std::vector<double>> logs_by_instance;
    for (const PairedRun& p : pairs) {
        const double ratio = p.base / p.other;
        logs_by_instance[p.instance_hash].push_back(std::log(ratio));
        c.limited += p.limited;
        if (ratio > kTieBand) ++c.wins;
        else if (ratio < 1.0 / kTieBand) ++c.losses;
        else ++c.ties;
    }
    std::vector<double> instance_logs;  // the mean log ratio of each instance's repeats
    for (const auto& [hash, logs] : logs_by_instance) {
        double sum = 0;
        for (double l : logs) sum += l;
        instance_logs.push_back(sum / static_cast<double>(logs.size()));
    }
    c.pairs = pairs.size();
    c.instances = instance_logs.size();
    const BootstrapCI ci = bootstrap_mean(instance_logs, options);
    c.geomean = std::exp(ci.mean);
    c.low = std::exp(ci.low);
    c.high = std::exp(ci.high);
    return c;
}

std::vector<PairedComparison> compare_to_baseline(const ResultsTable& table, const std::string& baseline,
                                                  const std::vector<std::string>& metrics,
                                                  const BootstrapOptions& options) {
    const auto specs = solver_specs(table);
    if (std::find(specs.begin(), specs.end(), baseline) == specs.end())
        throw InputError(fmt::format("--baseline '{}' is not a spec in the results (specs: {})", baseline, joined(specs)));
    std::vector<PairedComparison> out;
    for (const std::string& spec : specs) {
        if (spec == baseline) continue;
        for (const std::string& metric : metrics) {
            PairedComparison c = compare_pairs(pair_runs(table, baseline, spec, metric), options);
            c.spec = spec;
            c.metric = metric;
            out.push_back(std::move(c));
        }
    }
    return out;
}

TextTable paired_table(const std::vector<PairedComparison>& rows) {
    TextTable t{{"spec", "metric", "pairs", "instances", "limited", "geomean_ratio", "ci_low", "ci_high", "wins", "ties",
                 "losses"},
                {},
                2};
    for (const PairedComparison& c : rows) {
        const bool empty = c.pairs == 0;  // no common instances: no ratio to speak of
        t.rows.push_back({c.spec, c.metric, std::to_string(c.pairs), std::to_string(c.instances),
                          std::to_string(c.limited), empty ? "-" : number_text(c.geomean),
                          empty ? "-" : number_text(c.low), empty ? "-" : number_text(c.high), std::to_string(c.wins),
                          std::to_string(c.ties), std::to_string(c.losses)});
    }
    return t;
}

}  // namespace futolab
