#include "experiments/row_facts.hpp"

#include "experiments/cell_forms.hpp"
#include "experiments/status_facts.hpp"

#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "core/verify.hpp"
#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace futolab {
namespace {

[[noreturn]] void refuse(const CsvTable& t, std::size_t r, std::size_t c, const std::string& path, std::string_view why,
                         std::string_view refusing) {
    throw_input_error({path, t.lines[r], static_cast<int>(c + 1)},
                      fmt::format("column '{}' is '{}', {}: {}", t.header[c], message_text(t.rows[r][c], 200),
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

// The records as futolab writes them, one line each, the cell without the last line end
// (tasks/square_row.cpp jsonl_line): a cell that parses to the same records but is spelled
// otherwise (a leading space or tab, spaces inside the JSON, a blank line) is no cell futolab
// wrote, and merge and the JSONL export would copy it byte for byte (red-team round 23, C F4).
void check_written_form(const CsvTable& t, std::size_t r, std::size_t c, const std::string& path,
                        const std::vector<Instance>& records, std::string_view refusing) {
    std::string written = write_instances(records, Format::jsonl);
    if (!written.empty()) written.pop_back();
    const std::string& cell = t.rows[r][c];
    if (written == cell) return;
    const auto at = static_cast<std::size_t>(std::mismatch(cell.begin(), cell.end(), written.begin(), written.end()).first -
                                             cell.begin());
    refuse(t, r, c, path, fmt::format("not written as futolab writes it (from byte {}: '{}', where futolab writes '{}')", at + 1,
                                      message_text(cell.substr(at), 40), message_text(written.substr(at), 40)),
           refusing);
}

// The records of the row's `output` cell (JSONL, one per line), refused if they are none.
std::vector<Instance> output_records(const CsvTable& t, std::size_t r, std::size_t c, const std::string& path,
                                     std::string_view refusing) {
    std::vector<Instance> records;
    try {
        records = parse_instances(t.rows[r][c], fmt::format("{}:{}: column 'output'", path, t.lines[r]), Format::jsonl);
    } catch (const InputError& e) {
        refuse(t, r, c, path, fmt::format("not JSONL records ({})", e.what()), refusing);
    }
    if (records.empty()) refuse(t, r, c, path, "no JSONL record", refusing);
    check_written_form(t, r, c, path, records, refusing);
    return records;
}

// A square task's output is the puzzle the run made of the row's square (round 9, R4: an
// output emptied of its clues was resumed, merged and exported while h and k still said 4
// and 3). Its first record has the row's h numbers and k relations (a frontier's further
// records have their own counts); each is of side n and, unless the row is evidence, solved
// by the solution it carries, or by the row's square if it carries none. That the carried
// solution is the row's square (a generate that retried for a target grade drew another),
// the id, the meta, uniqueness and criticality are output_facts.hpp's.
void check_output(const CsvTable& t, std::size_t r, const std::string& path, int n, std::string_view refusing) {
    const auto at = std::find(t.header.begin(), t.header.end(), "output");
    if (at == t.header.end() || t.rows[r][static_cast<std::size_t>(at - t.header.begin())].empty()) return;
    const std::size_t c = static_cast<std::size_t>(at - t.header.begin());
    const std::vector<Instance> records = output_records(t, r, c, path, refusing);
    const std::uint64_t h = whole_number_cell(t, r, t.column("h", path), path),
                        k = whole_number_cell(t, r, t.column("k", path), path);
    if (records.front().givens.size() != h || records.front().lt.size() != k)
        refuse(t, r, c, path, fmt::format("a puzzle of {} numbers and {} relations, where the row's h and k are {} and {}",
                                          records.front().givens.size(), records.front().lt.size(), h, k), refusing);
    const std::vector<int> grid = solution_is_evidence(t, r, path) ? std::vector<int>{} : solution_of(t, r, path, n, refusing);
    for (const Instance& record : records) {
        if (record.n != n) refuse(t, r, c, path, fmt::format("a puzzle of side {}, where the row's n is {}", record.n, n), refusing);
        if (grid.empty()) continue;
        std::vector<int> carried;
        for (const std::vector<int>& row : record.solution) carried.insert(carried.end(), row.begin(), row.end());
        if (const auto why = verify_solution(Puzzle::compile_for_search(record), carried.empty() ? grid : carried))
            refuse(t, r, c, path,
                   fmt::format("a puzzle {} does not solve ({})", carried.empty() ? "the row's 'solution'" : "its own solution", *why),
                   refusing);
    }
}

}  // namespace

bool solution_is_evidence(const CsvTable& t, std::size_t r, const std::string& path) {
    return status_named(t.rows[r][t.column("status", path)]) == Status::error;
}

std::vector<int> solution_of(const CsvTable& t, std::size_t r, const std::string& path, int n, std::string_view refusing) {
    const std::size_t c = t.column("solution", path);
    if (t.rows[r][c].empty()) return {};
    std::vector<int> grid;
    try {
        grid = solution_from_text(n, t.rows[r][c], {path, t.lines[r], static_cast<int>(c + 1)});
    } catch (const InputError& e) {  // "PATH:LINE:COLUMN: solution row 2 has 3 values, expected 4"
        throw InputError(fmt::format("{}: {}", e.what(), refusing));
    }
    // Written as futolab writes it (round 11, F4: `1  3 2 4/…` or ` / ` was kept, and check
    // --expect, which hashes the text, then called the right answer wrong).
    if (const std::string canonical = solution_to_text(n, grid); canonical != t.rows[r][c])
        refuse(t, r, c, path, fmt::format("not written as futolab writes it ('{}')", canonical), refusing);
    return grid;
}

void check_row_facts(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing) {
    check_cell_forms(t, r, path, refusing);
    check_isolation_cells(t, r, path, refusing);
    // Capped: a cell past 2^64 − 1 is refused with these ranges, not the cell reader's.
    const std::size_t n_col = t.column("n", path);
    const std::uint64_t n = capped_whole_number_cell(t, r, n_col, path);
    if (n < static_cast<std::uint64_t>(kMinSize) || n > static_cast<std::uint64_t>(kMaxSize))
        refuse(t, r, n_col, path, fmt::format("not a side from {} to {}", kMinSize, kMaxSize), refusing);
    const std::uint64_t most[] = {n * n, 2 * n * (n - 1)};
    const char* names[] = {"h", "k"};
    for (int i = 0; i < 2; ++i) {
        const std::size_t c = t.column(names[i], path);
        if (capped_whole_number_cell(t, r, c, path) > most[i])
            refuse(t, r, c, path, fmt::format("more than {} ({} for n = {})", most[i], i == 0 ? "the cells" : "the "
                                              "neighbouring pairs", n), refusing);
    }
    if (!solution_is_evidence(t, r, path)) {
        const std::vector<int> grid = solution_of(t, r, path, static_cast<int>(n), refusing);
        if (!grid.empty())
            if (const auto why = verify_solution(blank(static_cast<int>(n)), grid))
                refuse(t, r, t.column("solution", path), path, "not a Latin square (" + *why + ")", refusing);
    }
    check_output(t, r, path, static_cast<int>(n), refusing);
    check_status_facts(t, r, path, refusing);
}

void check_grade_cell(const CsvTable& t, std::size_t r, const std::string& path, const std::optional<std::string>& grade,
                      std::string_view refusing) {
    const auto at = std::find(t.header.begin(), t.header.end(), "grade");
    if (at == t.header.end()) return;  // a CSV before the column
    const auto c = static_cast<std::size_t>(at - t.header.begin());
    const std::string& cell = t.rows[r][c];
    if (!grade) {
        if (!cell.empty()) refuse(t, r, c, path, "where a run without `grade: true` writes none", refusing);
        return;
    }
    const std::optional<Status> status = status_named(t.rows[r][t.column("status", path)]);
    const bool finished = status && outcome_of(*status) == RunOutcome::finished;
    if (cell != *grade && (finished || !cell.empty()))
        refuse(t, r, c, path, fmt::format("where its instance's grade is '{}' (generators/grade.hpp)", *grade), refusing);
}

}  // namespace futolab
