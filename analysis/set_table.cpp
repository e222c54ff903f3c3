#include "analysis/set_table.hpp"

#include "analysis/summary.hpp"
#include "analysis/table_kinds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>

namespace futolab {
namespace {

struct SetCounts {
    std::size_t records = 0, sets = 0, no_set = 0, limited = 0, failed = 0;
    std::vector<double> scores, slacks;
};

void count(SetCounts& c, const ResultsTable& table, std::size_t i) {
    ++c.records;
    if (table.critical_set(i)) {
        ++c.sets;
        c.scores.push_back(table.number(i, "score"));
        c.slacks.push_back(table.number(i, "slack"));
    } else if (table.censored(i)) {
        ++c.limited;
    } else if (table.outcome(i) == RunOutcome::failed) {
        ++c.failed;
    } else {
        ++c.no_set;  // finished without a set: multiple or unsat
    }
}

// The proved minimum of 2h + 3k over every critical set of every n×n Latin square, where one is
// known: `futolab critical --exact --objective 2h+3k` (lazy hitting sets with certificates,
// results/critical/exact/n<N>-2h+3k.jsonl, `meta.minimum`), n = 2..5. Shown beside a study's
// own minimum as the `exact_min_score` column (issue #24 §5): how far its sets are from optimal.
std::optional<int> exact_min_score(const std::string& n) {
    static const std::map<std::string, int> known{{"2", 2}, {"3", 4}, {"4", 8}, {"5", 12}};
    const auto it = known.find(n);
    return it == known.end() ? std::nullopt : std::optional<int>(it->second);
}

}  // namespace

std::optional<TextTable> set_table(const ResultsTable& table) {
    if (!table.has_column("n") || !table.has_column("h") || !table.has_column("k")) return std::nullopt;
    std::map<std::vector<std::string>, SetCounts> groups;  // (spec, n), sorted as summaries are
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.set_record(i)) count(groups[{table.text(i, "spec"), table.text(i, "n")}], table, i);
    if (groups.empty()) return std::nullopt;
    std::vector<std::pair<std::vector<std::string>, SetCounts>> sorted(groups.begin(), groups.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return key_less(a.first, b.first); });
    TextTable t{table_name(TableKind::sets), {"spec", "n", "records", "sets", "no_set", "limit_hit", "failed", "min_score", "exact_min_score",
                         "min_slack", "median_slack"}, {}, 2};
    const double none = std::nan("");  // no set at all: nothing to take a minimum of
    for (const auto& [key, c] : sorted) {
        const MetricStats score = describe(c.scores), slack = describe(c.slacks);
        const bool empty = c.sets == 0;
        const std::optional<int> exact = exact_min_score(key[1]);
        t.rows.push_back({key[0], key[1], c.records, c.sets, c.no_set, c.limited, c.failed, empty ? none : score.min,
                          exact ? fmt::format("{} (exact)", *exact) : std::string("-"), empty ? none : slack.min,
                          empty ? none : slack.median});
    }
    return t;
}

}  // namespace futolab
