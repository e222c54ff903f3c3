#include "analysis/results_table.hpp"

#include "core/error.hpp"
#include "experiments/csv_reader.hpp"

#include <fmt/format.h>

#include <set>

namespace futolab {
namespace {

const std::set<std::string> kDerived{"spec", "wall_ms", "cpu_ms", "finished", "givens_frac", "score", "slack"};
// `critical`: a generate/critical task that produced its (verified) output.
const std::set<std::string> kFinished{"solved", "unique", "multiple", "unsat", "counted", "critical"};

}  // namespace

ResultsTable ResultsTable::subset(const std::vector<std::size_t>& rows) const {
    ResultsTable t;
    t.header_ = header_;
    t.index_ = index_;
    t.source_ = source_;
    for (std::size_t i : rows) t.rows_.push_back(rows_.at(i));
    return t;
}

ResultsTable ResultsTable::load(const std::vector<std::string>& paths) {
    ResultsTable t;
    for (const std::string& path : paths) {
        const CsvTable csv = read_csv_file(path);
        for (const char* needed : {"solver", "options", "status", "wall_ns", "cpu_ns"}) csv.column(needed, path);
        // Where each of this file's columns goes in the union; new columns extend every row.
        std::vector<std::size_t> to;
        for (const std::string& name : csv.header) {
            auto [it, added] = t.index_.try_emplace(name, t.header_.size());
            if (added) t.header_.push_back(name);
            to.push_back(it->second);
        }
        for (const auto& row : csv.rows) {
            std::vector<std::string> cells(t.header_.size());
            for (std::size_t c = 0; c < row.size(); ++c) cells[to[c]] = row[c];
            t.rows_.push_back(std::move(cells));
        }
        t.source_ += (t.source_.empty() ? "" : ", ") + path;
    }
    for (auto& row : t.rows_) row.resize(t.header_.size());
    return t;
}

bool ResultsTable::has_column(const std::string& column) const {
    return index_.count(column) > 0 || kDerived.count(column) > 0;
}

bool ResultsTable::finished(std::size_t i) const { return kFinished.count(text(i, "status")) > 0; }

bool ResultsTable::comparable(std::size_t i) const {
    if (text(i, "status") == "error") return false;
    return !has_column("mode") || text(i, "mode") != "critical";
}

std::string ResultsTable::text(std::size_t i, const std::string& column) const {
    const auto& row = rows_[i];
    if (auto it = index_.find(column); it != index_.end()) return row[it->second];
    if (column == "spec") {
        const std::string& opts = row[index_.at("options")];
        return opts.empty() ? row[index_.at("solver")] : row[index_.at("solver")] + ":" + opts;
    }
    if (column == "wall_ms" || column == "cpu_ms") return fmt::format("{}", number(i, column));
    if (column == "finished") return finished(i) ? "1" : "0";
    if (column == "givens_frac" || column == "score" || column == "slack") return fmt::format("{}", number(i, column));
    throw InputError(fmt::format("{}: no column '{}'", source_, column));
}

double ResultsTable::number(std::size_t i, const std::string& column) const {
    if (column == "wall_ms") return std::stod(text(i, "wall_ns")) / 1e6;
    if (column == "cpu_ms") return std::stod(text(i, "cpu_ns")) / 1e6;
    if (column == "finished") return finished(i) ? 1.0 : 0.0;
    // The critical-set bound's weighted clue count 2h + 3k, and its slack against 2(n − 1).
    if (column == "score") return 2 * number(i, "h") + 3 * number(i, "k");
    if (column == "slack") return number(i, "score") - 2 * (number(i, "n") - 1);
    if (column == "givens_frac") {
        const double n = number(i, "n");
        return number(i, "h") / (n * n);
    }
    const std::string value = text(i, column);
    try {
        return std::stod(value);
    } catch (const std::exception&) {
        throw InputError(fmt::format("{}: column '{}' is not numeric ('{}')", source_, column, value));
    }
}

}  // namespace futolab
