#include "analysis/table_columns.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {
namespace {

std::string column_list(const TextTable& table) {
    std::string out;
    for (const std::string& h : table.header) out += (out.empty() ? "" : ", ") + h;
    return out;
}

// The table with only the columns at `keep` (indices, in the order given).
TextTable project(const TextTable& table, const std::vector<std::size_t>& keep) {
    TextTable out{table.name, {}, {}, 0};
    for (std::size_t i : keep) out.header.push_back(table.header[i]);
    while (out.text_columns < keep.size() && keep[out.text_columns] < table.text_columns) ++out.text_columns;
    for (const auto& row : table.rows) {
        std::vector<Cell> cells;
        for (std::size_t i : keep) cells.push_back(row[i]);
        out.rows.push_back(std::move(cells));
    }
    return out;
}

}  // namespace

TextTable select_columns(const TextTable& table, const std::vector<std::string>& names) {
    std::vector<std::size_t> keep;
    for (const std::string& name : names) {
        const auto it = std::find(table.header.begin(), table.header.end(), name);
        if (it == table.header.end())
            throw InputError(fmt::format("--columns: the {} table has no column '{}' (its columns: {})", table.name, name,
                                         column_list(table)));
        const std::size_t index = static_cast<std::size_t>(it - table.header.begin());
        if (std::find(keep.begin(), keep.end(), index) != keep.end())
            throw InputError(fmt::format("--columns: '{}' is given twice", name));
        keep.push_back(index);
    }
    return project(table, keep);
}

TextTable without_flag_columns(const TextTable& table) {
    static const std::string suffix = "_censored";
    std::vector<std::size_t> keep;
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        const std::string& h = table.header[i];
        const bool flag = h.size() > suffix.size() && h.compare(h.size() - suffix.size(), suffix.size(), suffix) == 0 &&
                          std::find(table.header.begin(), table.header.end(), h.substr(0, h.size() - suffix.size())) !=
                              table.header.end();
        if (!flag) keep.push_back(i);
    }
    return project(table, keep);
}

}  // namespace futolab
