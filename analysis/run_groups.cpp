#include "analysis/run_groups.hpp"

#include "analysis/instance_labels.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "core/status.hpp"
#include "core/counters.hpp"

#include <fmt/format.h>

namespace futolab {
namespace {

std::string text_or_empty(const ResultsTable& table, std::size_t i, const std::string& column) {
    return table.has_column(column) ? table.text(i, column) : "";
}

// The search ended by itself (or at the deterministic node limit): its counters are the
// same on every run (SPEC §4 determinism), so a difference between two CSVs means something.
bool counters_deterministic(const ResultsTable& table, std::size_t i) {
    return table.finished(i) || table.status(i) == Status::node_limit;
}

RunGroup group_of(const ResultsTable& table, const std::vector<std::size_t>& rows, const std::string& time_metric) {
    RunGroup g;
    g.runs = rows.size();
    std::vector<std::string> statuses;
    std::vector<std::size_t> measured;
    for (std::size_t i : rows) {
        statuses.push_back(table.text(i, "status"));
        g.options.insert(table.text(i, "options"));
        if (table.comparable(i)) measured.push_back(i);
        // The spec's counters vary from run to run by design (a racing portfolio: the row's
        // `deterministic` is 0): a change of them is noise, not behaviour.
        if (text_or_empty(table, i, "deterministic") == "0") g.spec_nondeterministic = true;
        if (g.spec_nondeterministic || !counters_deterministic(table, i)) {
            g.deterministic = false;
            continue;
        }
        for (const std::string& c : counter_columns())
            if (table.has_column(c)) g.counters[c].insert(table.text(i, c));
    }
    g.status = status_text(statuses);
    if (!g.deterministic) g.counters.clear();  // a limit somewhere: no counter is comparable
    const std::vector<Sample> samples = samples_of(table, measured, time_metric);
    if (!samples.empty()) {
        const MetricStats s = describe(samples);
        g.time = s.median;
        g.time_censored = s.median_censored;
    }
    return g;
}

}  // namespace

const std::vector<std::string>& counter_columns() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) { out.emplace_back(name); });
        return out;
    }();
    return names;
}

std::string status_text(const std::vector<std::string>& statuses) {
    std::map<std::string, std::size_t> counts;
    for (const std::string& s : statuses) ++counts[s];
    if (counts.size() == 1) return counts.begin()->first;
    std::string out;
    for (const auto& [status, n] : counts) out += fmt::format("{}{}×{}", out.empty() ? "" : ", ", status, n);
    return out;
}

std::map<RunKey, RunGroup> run_groups(const ResultsTable& table, const std::string& time_metric) {
    if (!table.has_column("instance_hash"))
        throw InputError(table.missing_column("instance_hash") + ": runs cannot be paired by instance");
    std::map<RunKey, std::vector<std::size_t>> rows;
    for (std::size_t i = 0; i < table.size(); ++i)
        rows[{table.text(i, "instance_hash"), table.text(i, "spec"), text_or_empty(table, i, "mode")}].push_back(i);
    // Every group of an instance_hash named alike, by all its ids (instance_labels.hpp), not by
    // its own first row's: one puzzle under two ids was `beta` in gac's changes, `alpha` in fc's.
    const std::map<std::string, std::string> labels = instance_labels(table);
    std::map<RunKey, RunGroup> out;
    for (const auto& [key, group_rows] : rows) {
        RunGroup g = group_of(table, group_rows, time_metric);
        g.instance = instance_label(labels, key.instance_hash);
        out.emplace(key, std::move(g));
    }
    return out;
}

}  // namespace futolab
