#include "core/verify.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <sstream>

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

std::vector<int> solution_from_text(int n, const std::string& text, const SourceLoc& loc) {
    std::vector<int> grid;
    std::string row;
    std::istringstream rows(text);
    int r = 0;
    while (std::getline(rows, row, '/')) {
        std::istringstream values(row);
        int count = 0;
        for (std::string token; values >> token; ++count) {
            try {
                std::size_t used = 0;
                grid.push_back(std::stoi(token, &used));
                if (used != token.size()) throw std::invalid_argument(token);
            } catch (const std::out_of_range&) {  // beyond an int: say so (issue #18)
                throw_input_error(loc, fmt::format("solution row {}: '{}' is too large", r + 1, token));
            } catch (const std::exception&) {
                throw_input_error(loc, fmt::format("solution row {}: '{}' is not a number", r + 1, token));
            }
        }
        if (count != n)
            throw_input_error(loc, fmt::format("solution row {} has {} values, expected {}", r + 1, count, n));
        ++r;
    }
    if (r != n) throw_input_error(loc, fmt::format("solution has {} rows, expected {}", r, n));
    return grid;
}

}  // namespace futolab
