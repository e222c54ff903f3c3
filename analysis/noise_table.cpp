#include "analysis/noise_table.hpp"

#include "analysis/table_kinds.hpp"
#include "records/noise.hpp"

#include <map>
#include <utility>

namespace futolab {

std::optional<TextTable> noise_table(const ResultsTable& table) {
    if (!table.has_column("wall_ns")) return std::nullopt;
    const std::string key = table.has_column("instance_hash") ? "instance_hash" : "instance";
    std::map<std::pair<std::string, std::string>, RepeatGroup> groups;  // (spec, instance)
    std::map<std::string, std::size_t> busy;  // by spec: runs below kBusyCpuWall (issue #23 §4)
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i) || !table.finished(i)) continue;
        if (table.has_column("cpu_ns") && table.number(i, "cpu_wall") < kBusyCpuWall) ++busy[table.text(i, "spec")];
        RepeatGroup& g = groups[{table.text(i, "spec"), table.text(i, key)}];
        g.spec = table.text(i, "spec");
        g.values.push_back(table.number(i, "wall_ns"));
    }
    std::vector<RepeatGroup> pairs;
    for (auto& [id, g] : groups) pairs.push_back(std::move(g));
    const std::vector<NoiseFigure> figures = noise_by_spec(pairs);
    if (figures.empty()) return std::nullopt;
    // busy_runs: finished runs that got less than 80 % of a core (cpu_wall < 0.8): their wall
    // times are inflated by a busy machine (for external tools also by the tool's start-up
    // waits); `--where cpu_wall>=0.8` leaves them out.
    TextTable t{table_name(TableKind::noise), {"spec", "median_cv_percent", "pairs", "busy_runs"}, {}, 1};
    for (const NoiseFigure& f : figures) t.rows.push_back({f.spec, 100 * f.median_cv, f.pairs, busy[f.spec]});
    return t;
}

}  // namespace futolab
