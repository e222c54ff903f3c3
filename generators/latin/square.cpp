#include "generators/latin/square.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "solvers/run/oracle.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {

bool is_latin_square(int n, const std::vector<int>& square) {
    if (n < 1 || static_cast<int>(square.size()) != n * n) return false;
    for (int i = 0; i < n; ++i) {
        std::vector<char> in_row(n + 1, 0), in_col(n + 1, 0);
        for (int j = 0; j < n; ++j) {
            const int a = square[i * n + j], b = square[j * n + i];
            if (a < 1 || a > n || b < 1 || b > n || in_row[a] || in_col[b]) return false;
            in_row[a] = in_col[b] = 1;
        }
    }
    return true;
}

std::vector<int> parse_square(const std::string& text, int& n, const std::string& source) {
    // The rows decide n, read as check --solution reads them (core/verify.hpp): a trailing '/'
    // is refused there, not counted as a row that has too few values (round 10).
    std::vector<int> square = square_from_text(text, n, {source, 0, 0});
    if (!is_latin_square(n, square)) throw InputError(source + ": not a Latin square: " + text);
    return square;
}

Instance square_instance(int n, const std::vector<int>& square) {
    Instance in;
    in.n = n;
    for (int cell = 0; cell < n * n; ++cell) in.givens.push_back({cell / n, cell % n, square[static_cast<std::size_t>(cell)]});
    for (int r = 0; r < n; ++r) in.solution.emplace_back(square.begin() + r * n, square.begin() + (r + 1) * n);
    return in;
}

std::vector<int> solved_square(const Instance& in) {
    const Puzzle p = Puzzle::compile(in);
    std::vector<int> square;
    for (const auto& row : in.solution) square.insert(square.end(), row.begin(), row.end());
    if (!in.solution.empty()) {
        if (!is_latin_square(in.n, square) || verify_solution(p, square))
            throw InputError(fmt::format("{}: instance {}: its field 'solution' is not a Latin square that solves it",
                                         format_location({in.source, in.line, 0}), in.id));
        return square;
    }
    CountOracle oracle;
    OracleAnswer a = oracle.count_to_two(p);
    if (a.status != Status::unique)
        throw InputError(fmt::format("{}: instance {}: no field 'solution', and its puzzle is not uniquely solvable ({})",
                                     format_location({in.source, in.line, 0}), in.id, status_name(a.status)));
    return std::move(a.first);
}

std::vector<int> cyclic_square(int n) {
    std::vector<int> square(static_cast<std::size_t>(n * n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) square[r * n + c] = (r + c) % n + 1;
    return square;
}

}  // namespace futolab
