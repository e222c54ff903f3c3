#include "analysis/results_table.hpp"

#include "core/error.hpp"
#include "experiments/csv_reader.hpp"

#include <fmt/format.h>

#include <set>

namespace futolab {
namespace {

const std::set<std::string> kDerived{"spec", "wall_ms", "cpu_ms", "finished"};
const std::set<std::string> kFinished{"solved", "unique", "multiple", "unsat", "counted"};

}  // namespace

ResultsTable ResultsTable::load(const std::vector<std::string>& paths) {
    ResultsTable t;
    for (const std::string& path : paths) {
        CsvTable csv = read_csv_file(path);
        if (t.header_.empty()) {
            t.header_ = csv.header;
            t.source_ = path;
            for (std::size_t c = 0; c < t.header_.size(); ++c) t.index_[t.header_[c]] = c;
            for (const char* needed : {"solver", "options", "status", "wall_ns", "cpu_ns"}) csv.column(needed, path);
        } else if (csv.header != t.header_) {
            throw InputError(fmt::format("{}: its columns differ from those of {}", path, t.source_));
        }
        for (auto& row : csv.rows) t.rows_.push_back(std::move(row));
    }
    return t;
}

bool ResultsTable::has_column(const std::string& column) const {
    return index_.count(column) > 0 || kDerived.count(column) > 0;
}

bool ResultsTable::finished(std::size_t i) const { return kFinished.count(text(i, "status")) > 0; }

std::string ResultsTable::text(std::size_t i, const std::string& column) const {
    const auto& row = rows_[i];
    if (auto it = index_.find(column); it != index_.end()) return row[it->second];
    if (column == "spec") {
        const std::string& opts = row[index_.at("options")];
        return opts.empty() ? row[index_.at("solver")] : row[index_.at("solver")] + ":" + opts;
    }
    if (column == "wall_ms" || column == "cpu_ms") return fmt::format("{}", number(i, column));
    if (column == "finished") return finished(i) ? "1" : "0";
    throw InputError(fmt::format("{}: no column '{}'", source_, column));
}

double ResultsTable::number(std::size_t i, const std::string& column) const {
    if (column == "wall_ms") return std::stod(text(i, "wall_ns")) / 1e6;
    if (column == "cpu_ms") return std::stod(text(i, "cpu_ns")) / 1e6;
    if (column == "finished") return finished(i) ? 1.0 : 0.0;
    const std::string value = text(i, column);
    try {
        return std::stod(value);
    } catch (const std::exception&) {
        throw InputError(fmt::format("{}: column '{}' is not numeric ('{}')", source_, column, value));
    }
}

}  // namespace futolab
