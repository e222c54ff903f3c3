#include "solvers/external/solutions.hpp"

#include "core/verify.hpp"

#include <fmt/format.h>

#include <charconv>

namespace futolab::external {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    while (true) {
        const std::size_t at = text.find(sep);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return parts;
        text.remove_prefix(at + 1);
    }
}

// The values of one row: tokens separated by runs of spaces.
bool parse_row(std::string_view row, int n, std::vector<int>& out) {
    int count = 0;
    while (!row.empty()) {
        if (row.front() == ' ') {
            row.remove_prefix(1);
            continue;
        }
        int v = 0;
        const auto [end, ec] = std::from_chars(row.data(), row.data() + row.size(), v);
        if (ec != std::errc() || v < 1 || v > n || ++count > n) return false;
        if (end != row.data() + row.size() && *end != ' ') return false;
        out.push_back(v);
        row.remove_prefix(static_cast<std::size_t>(end - row.data()));
    }
    return count == n;
}

}  // namespace

ParsedGrid parse_grid(std::string_view text, int n) {
    ParsedGrid g;
    const std::vector<std::string_view> rows = split(text, '/');
    if (rows.size() != static_cast<std::size_t>(n)) {
        g.error = fmt::format("{} rows, not {}", rows.size(), n);
        return g;
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (!parse_row(rows[r], n, g.values)) {
            g.values.clear();
            g.error = fmt::format("row {} is not {} values 1..{}", r + 1, n, n);
            return g;
        }
    }
    return g;
}

std::optional<std::string> SolutionCollector::add(std::string_view text) {
    ParsedGrid g = parse_grid(text, puzzle_.n());
    if (!g.error.empty()) return fmt::format("solution {} is malformed: {}", count_ + 1, g.error);
    return add(std::move(g.values));
}

std::optional<std::string> SolutionCollector::add(std::vector<int> grid) {
    if (auto why = verify_solution(puzzle_, grid)) return fmt::format("solution {} is wrong: {}", count_ + 1, *why);
    std::string key(grid.begin(), grid.end());  // values ≤ 64 fit a byte
    if (!seen_.insert(std::move(key)).second) return fmt::format("solution {} repeats an earlier one", count_ + 1);
    if (++count_ == 1) first_ = std::move(grid);
    return std::nullopt;
}

}  // namespace futolab::external
