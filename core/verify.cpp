#include "core/verify.hpp"

#include "core/error.hpp"
#include "core/numbers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string_view>
#include <utility>

namespace futolab {

std::optional<std::string> verify_solution(const Puzzle& p, std::span<const int> grid) {
    const int n = p.n();
    if (static_cast<int>(grid.size()) != p.cells())
        return fmt::format("expected {} values, got {}", p.cells(), grid.size());
    for (int cell = 0; cell < p.cells(); ++cell) {
        if (grid[cell] < 1 || grid[cell] > n)
            return fmt::format("value {} at {} is out of range 1..{}", grid[cell], cell_name(n, cell), n);
        if (p.given(cell) != 0 && p.given(cell) != grid[cell])
            return fmt::format("cell {} is {} but the given is {}", cell_name(n, cell), grid[cell], p.given(cell));
    }
    for (int line = 0; line < n; ++line) {
        std::uint64_t row_seen = 0, col_seen = 0;
        for (int i = 0; i < n; ++i) {
            const std::uint64_t rbit = 1ull << (grid[line * n + i] - 1);
            const std::uint64_t cbit = 1ull << (grid[i * n + line] - 1);
            if (row_seen & rbit) return fmt::format("row {} repeats {}", line + 1, grid[line * n + i]);
            if (col_seen & cbit) return fmt::format("column {} repeats {}", line + 1, grid[i * n + line]);
            row_seen |= rbit;
            col_seen |= cbit;
        }
    }
    for (const Relation& r : p.relations())
        if (!(grid[r.lo] < grid[r.hi]))
            return fmt::format("relation {} < {} is violated ({} vs {})", cell_name(n, r.lo),
                               cell_name(n, r.hi), grid[r.lo], grid[r.hi]);
    return std::nullopt;
}

std::string solution_to_text(int n, std::span<const int> grid) {
    std::string out;
    out.reserve(grid.size() * 3);
    for (int cell = 0; cell < static_cast<int>(grid.size()); ++cell) {
        if (cell > 0) out += (cell % n == 0) ? '/' : ' ';
        out += std::to_string(grid[cell]);
    }
    return out;
}

namespace {

// One value of a row: decimal digits, as solution_to_text writes them. A sign is refused: "-0"
// was read as 0, so a typo'd `check --solution` was judged a wrong answer (exit 1: "value 0 …
// is out of range") and merge quoted a CSV's '-0' cell as '0' (red-team round 27, C F8); every
// number futolab reads refuses a signed zero (core/numbers.hpp negative_zero), and a grid value,
// 1..n, is never written with a sign ('+3' was refused already).
int grid_value(std::string_view token, int row, const SourceLoc& loc) {
    if (token.starts_with('-') || token.starts_with('+'))
        throw_input_error(loc, fmt::format("solution row {}: '{}' is not a whole number in plain digits{}", row, token,
                                           negative_zero(token) ? " (0 is written without a sign)" : ""));
    int v = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (ec == std::errc::result_out_of_range)  // beyond an int (issue #18, round 10)
        throw_input_error(loc, fmt::format("solution row {}: '{}' is too large", row, token));
    if (ec != std::errc() || end != token.data() + token.size())
        throw_input_error(loc, fmt::format("solution row {}: '{}' is not a number", row, token));
    return v;
}

// The rows of a solution text, split at every '/', each row's values split at spaces and tabs.
// A '/' at the end would be an empty last row: it is refused as such (round 10: --square
// counted it as a row, --solution read past it), and so is any empty row.
std::vector<std::vector<int>> grid_rows(std::string_view text, const SourceLoc& loc) {
    std::vector<std::vector<int>> rows;
    for (std::size_t start = 0;;) {
        const std::size_t slash = text.find('/', start);
        const std::string_view row = text.substr(start, slash == std::string_view::npos ? slash : slash - start);
        std::vector<int>& values = rows.emplace_back();
        for (std::size_t at = row.find_first_not_of(" \t"); at != std::string_view::npos;) {
            const std::size_t stop = std::min(row.find_first_of(" \t", at), row.size());
            values.push_back(grid_value(row.substr(at, stop - at), static_cast<int>(rows.size()), loc));
            at = row.find_first_not_of(" \t", stop);
        }
        if (values.empty() && slash == std::string_view::npos && rows.size() > 1)
            throw_input_error(loc, "solution ends with '/': rows are separated by '/', not ended by it");
        if (values.empty()) throw_input_error(loc, fmt::format("solution row {} is empty", rows.size()));
        if (slash == std::string_view::npos) return rows;
        start = slash + 1;
    }
}

// Row-major values of n rows of n values each, else the first row that is not (a row is
// named before the count of rows: "1 2/2 1" for n = 4 is "row 1 has 2 values").
std::vector<int> square_values(const std::vector<std::vector<int>>& rows, int n, const SourceLoc& loc) {
    std::vector<int> grid;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (std::cmp_not_equal(rows[r].size(), n))
            throw_input_error(loc, fmt::format("solution row {} has {} value{}, expected {}", r + 1, rows[r].size(),
                                               rows[r].size() == 1 ? "" : "s", n));
        grid.insert(grid.end(), rows[r].begin(), rows[r].end());
    }
    if (std::cmp_not_equal(rows.size(), n))
        throw_input_error(loc, fmt::format("solution has {} rows, expected {}", rows.size(), n));
    return grid;
}

}  // namespace

std::vector<int> solution_from_text(int n, const std::string& text, const SourceLoc& loc) {
    return square_values(grid_rows(text, loc), n, loc);
}

std::vector<int> square_from_text(const std::string& text, int& n, const SourceLoc& loc) {
    const std::vector<std::vector<int>> rows = grid_rows(text, loc);
    if (rows.size() < static_cast<std::size_t>(kMinSize) || rows.size() > static_cast<std::size_t>(kMaxSize))
        throw_input_error(loc, fmt::format("a square needs {} to {} rows separated by '/', got {}", kMinSize, kMaxSize,
                                           rows.size()));
    n = static_cast<int>(rows.size());
    return square_values(rows, n, loc);
}

}  // namespace futolab
