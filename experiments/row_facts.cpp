#include "experiments/row_facts.hpp"

#include "core/error.hpp"
#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "core/verify.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <map>

namespace futolab {
namespace {

[[noreturn]] void refuse(const CsvTable& t, std::size_t r, std::size_t c, const std::string& path, std::string_view why,
                         std::string_view refusing) {
    throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                      fmt::format("column '{}' is '{}', {}: {}", t.header[c], visible_text(t.rows[r][c].substr(0, 200)),
                                  why, refusing));
}

// The puzzle of side n with no clue: a grid solves it if it is a Latin square (core/verify.hpp).
const Puzzle& blank(int n) {
    static thread_local std::map<int, Puzzle> made;
    const auto it = made.find(n);
    if (it != made.end()) return it->second;
    Instance in;
    in.n = n;
    return made.emplace(n, Puzzle::compile_for_search(in)).first->second;
}

}  // namespace

bool solution_is_evidence(const CsvTable& t, std::size_t r, const std::string& path) {
    return status_named(t.rows[r][t.column("status", path)]) == Status::error;
}

std::vector<int> solution_of(const CsvTable& t, std::size_t r, const std::string& path, int n, std::string_view refusing) {
    const std::size_t c = t.column("solution", path);
    if (t.rows[r][c].empty()) return {};
    try {
        return solution_from_text(n, t.rows[r][c], {path, t.lines[r], static_cast<int>(c + 1)});
    } catch (const InputError& e) {  // "PATH:LINE:COLUMN: solution row 2 has 3 values, expected 4"
        throw InputError(fmt::format("{}: {}", e.what(), refusing));
    }
}

void check_row_facts(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing) {
    const std::size_t n_col = t.column("n", path);
    const std::uint64_t n = whole_number_cell(t, r, n_col, path);
    if (n < static_cast<std::uint64_t>(kMinSize) || n > static_cast<std::uint64_t>(kMaxSize))
        refuse(t, r, n_col, path, fmt::format("not a side from {} to {}", kMinSize, kMaxSize), refusing);
    const std::uint64_t most[] = {n * n, 2 * n * (n - 1)};
    const char* names[] = {"h", "k"};
    for (int i = 0; i < 2; ++i) {
        const std::size_t c = t.column(names[i], path);
        if (whole_number_cell(t, r, c, path) > most[i])
            refuse(t, r, c, path, fmt::format("more than {} ({} for n = {})", most[i], i == 0 ? "the cells" : "the "
                                              "neighbouring pairs", n), refusing);
    }
    if (solution_is_evidence(t, r, path)) return;
    const std::vector<int> grid = solution_of(t, r, path, static_cast<int>(n), refusing);
    if (grid.empty()) return;
    if (const auto why = verify_solution(blank(static_cast<int>(n)), grid))
        refuse(t, r, t.column("solution", path), path, "not a Latin square (" + *why + ")", refusing);
}

}  // namespace futolab
