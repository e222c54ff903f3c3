#include "analysis/text_table.hpp"

#include "experiments/results_csv.hpp"

#include <fmt/format.h>

#include <cmath>

namespace futolab {

std::string number_text(double v) {
    if (!std::isfinite(v)) return "nan";
    if (v != 0 && (std::fabs(v) >= 1e6 || std::fabs(v) < 1e-3)) return fmt::format("{:.3g}", v);
    return std::fabs(v - std::round(v)) < 1e-9 ? fmt::format("{:.0f}", v) : fmt::format("{:.3f}", v);
}

std::string table_markdown(const TextTable& table) {
    auto line = [](const std::vector<std::string>& cells) {
        std::string s = "|";
        for (const std::string& c : cells) s += " " + c + " |";
        return s + "\n";
    };
    std::string out = line(table.header) + "|";
    for (std::size_t i = 0; i < table.header.size(); ++i) out += i < table.text_columns ? " --- |" : " ---: |";
    out += "\n";
    for (const auto& row : table.rows) out += line(row);
    return out;
}

std::string table_csv(const TextTable& table) {
    auto line = [](const std::vector<std::string>& cells) {
        std::string s;
        for (const std::string& c : cells) s += (s.empty() ? "" : ",") + csv_quote(c);
        return s + "\n";
    };
    std::string out = line(table.header);
    for (const auto& row : table.rows) out += line(row);
    return out;
}

std::string render_table(const TextTable& table, const std::string& format) {
    return format == "csv" ? table_csv(table) : table_markdown(table);
}

}  // namespace futolab
