#include "analysis/instance_labels.hpp"

#include "core/counted.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace futolab {
namespace {

// instance_hash → the first row of each of its ids, in the order the rows give them.
std::map<std::string, std::vector<std::size_t>> first_rows_of_ids(const ResultsTable& table) {
    std::map<std::string, std::vector<std::size_t>> out;
    if (!table.has_column("instance_hash") || !table.has_column("instance")) return out;
    for (std::size_t i = 0; i < table.size(); ++i) {
        const std::string id = table.text(i, "instance");
        if (id.empty()) continue;
        std::vector<std::size_t>& rows = out[table.text(i, "instance_hash")];
        const bool seen = std::any_of(rows.begin(), rows.end(), [&](std::size_t r) { return table.text(r, "instance") == id; });
        if (!seen) rows.push_back(i);
    }
    return out;
}

// The ids of `rows` (one each) as a label: the first three, then how many more.
std::string joined_ids(const ResultsTable& table, const std::vector<std::size_t>& rows) {
    constexpr std::size_t kNamed = 3;
    std::string out;
    for (std::size_t k = 0; k < std::min(rows.size(), kNamed); ++k) out += (k ? ", " : "") + table.text(rows[k], "instance");
    return rows.size() > kNamed ? fmt::format("{} and {} more", out, rows.size() - kNamed) : out;
}

}  // namespace

std::map<std::string, std::string> instance_labels(const ResultsTable& table) {
    std::map<std::string, std::string> out;
    for (const auto& [hash, rows] : first_rows_of_ids(table)) out[hash] = joined_ids(table, rows);
    return out;
}

std::string instance_label(const std::map<std::string, std::string>& labels, const std::string& hash) {
    const auto it = labels.find(hash);
    return it == labels.end() ? "" : it->second;
}

std::string several_ids_warning(const ResultsTable& table) {
    const auto ids = first_rows_of_ids(table);
    std::size_t puzzles = 0;
    const std::vector<std::size_t>* first = nullptr;
    std::string first_hash;
    for (const auto& [hash, rows] : ids) {
        if (rows.size() < 2) continue;
        ++puzzles;
        // The puzzle the rows meet first: the one whose second id comes earliest.
        if (!first || rows[1] < (*first)[1]) {
            first = &rows;
            first_hash = hash;
        }
    }
    if (!first) return "";
    const std::size_t a = (*first)[0], b = (*first)[1];
    // "1 more puzzles have several ids" (red-team round 28, C F9): the count agrees with its noun and verb.
    std::string more = puzzles > 1 ? fmt::format(" ({} {} several ids)", counted(puzzles - 1, "more puzzle"),
                                                 puzzles - 1 == 1 ? "has" : "have")
                                   : "";
    return fmt::format("{}: instance '{}' has the instance_hash of instance '{}' ({}), {}: one puzzle under {} ids, whose "
                       "runs every per-instance table, pairing and noise figure pools as repeats of one instance, "
                       "named '{}'{}",
                       table.where(b, "instance"), table.text(b, "instance"), table.text(a, "instance"),
                       table.where(a, "instance"), first_hash, first->size(), joined_ids(table, *first), more);
}

}  // namespace futolab
