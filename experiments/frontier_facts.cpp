#include "experiments/frontier_facts.hpp"

#include "core/json_read.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "critical/clue_universe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

namespace futolab {
namespace {

[[noreturn]] void refuse_output(const RowCells& row, std::string_view why) { row.refuse("output", why); }

// The head of task exact's frontier message (exact_task.cpp), before E and the values.
constexpr std::string_view kMessageHead = "min k for h_max = 0..";

struct Corner {
    std::uint64_t h_max = 0;
    std::uint64_t k = 0;
};

Corner corner_of(const Instance& record) { return {record.meta.at("h_max").get<std::uint64_t>(), record.lt.size()}; }

bool unique(Grader& grader, const Instance& puzzle) {
    return grader.count_to_two(Puzzle::compile_for_search(puzzle)) == Status::unique;
}

std::vector<int> square_of(const Instance& record) {
    std::vector<int> cells;
    for (const std::vector<int>& r : record.solution) cells.insert(cells.end(), r.begin(), r.end());
    return cells;
}

// Every relation of the square: its adjacent pairs, the smaller cell first.
Instance all_relations(int n, const std::vector<int>& square) {
    const critical::ClueUniverse u(n, square);
    return u.to_instance(u.full(ClueUse::relations));
}

// The record's clues alone, to be changed by one swap.
Instance clues_of(const Instance& record) {
    Instance clues = record;
    clues.solution.clear();
    clues.meta = Json();
    return clues;
}

bool same(const LessThan& a, const LessThan& b) { return a.r1 == b.r1 && a.c1 == b.c1 && a.r2 == b.r2 && a.c2 == b.c2; }

// Refuses the row where a one-clue swap of a corner's set determines its square at h_max
// `between` with fewer than `k` relations: the search would have written a corner there.
void refuse_if_unique(const RowCells& row, Grader& grader, const Instance& puzzle, std::uint64_t between, std::uint64_t k,
                      std::size_t line, std::string_view swap) {
    if (!unique(grader, puzzle)) return;
    refuse_output(row, fmt::format("a frontier without its corner at h_max {}: line {}'s set with {} determines its square with "
                                   "{} numbers and {} relations, fewer than {} (gac, counting to 2)",
                                   between, line, swap, puzzle.givens.size(), puzzle.lt.size(), k));
}

// Corners `a` and `b` two h_max apart: the h_max between keeps a's k unless a set shows
// otherwise. Tried: a's set with one relation swapped for one number, and b's with one number
// swapped for one relation where that still has fewer relations than a.
void check_level_between(const RowCells& row, Grader& grader, const Instance& a, const Instance& b, std::size_t line_a) {
    const std::uint64_t between = corner_of(a).h_max + 1, k = corner_of(a).k;
    const std::vector<int> square = square_of(a);
    const int n = a.n;
    for (std::size_t j = 0; j < a.lt.size(); ++j)
        for (int cell = 0; cell < n * n; ++cell) {
            const int r = cell / n, c = cell % n;
            if (std::any_of(a.givens.begin(), a.givens.end(), [&](const Given& g) { return g.row == r && g.col == c; })) continue;
            Instance p = clues_of(a);
            p.lt.erase(p.lt.begin() + static_cast<std::ptrdiff_t>(j));
            p.givens.push_back({r, c, square[static_cast<std::size_t>(cell)]});
            refuse_if_unique(row, grader, p, between, k, line_a, fmt::format("relation {} swapped for the number at ({}, {})", j + 1, r, c));
        }
    if (corner_of(b).k + 1 >= k) return;
    const Instance relations = all_relations(n, square_of(b));
    for (std::size_t y = 0; y < b.givens.size(); ++y)
        for (const LessThan& l : relations.lt) {
            if (std::any_of(b.lt.begin(), b.lt.end(), [&](const LessThan& m) { return same(l, m); })) continue;
            Instance p = clues_of(b);
            p.givens.erase(p.givens.begin() + static_cast<std::ptrdiff_t>(y));
            p.lt.push_back(l);
            refuse_if_unique(row, grader, p, between, k, line_a + 1, fmt::format("number {} swapped for a relation", y + 1));
        }
}

// The first corner: at h_max 0 where the relations alone determine a square of the frontier;
// else later, and at 2 or more not where its set, one number fewer, with every relation of its
// square determines it.
void check_first_corner(const RowCells& row, Grader& grader, const Instance& first, const std::vector<std::vector<int>>& squares) {
    const std::uint64_t h_max = corner_of(first).h_max;
    if (h_max == 0) return;
    for (std::size_t i = 0; i < squares.size(); ++i)
        if (unique(grader, all_relations(first.n, squares[i])))
            refuse_output(row, fmt::format("a frontier whose first corner is at h_max {}, where the relations alone determine square "
                                           "{} of its {} (gac, counting to 2): h_max 0 has a set", h_max, i + 1, squares.size()));
    if (h_max < 2) return;
    const Instance relations = all_relations(first.n, square_of(first));
    for (std::size_t y = 0; y < first.givens.size(); ++y) {
        Instance p = relations;
        p.givens = first.givens;
        p.givens.erase(p.givens.begin() + static_cast<std::ptrdiff_t>(y));
        if (unique(grader, p))
            refuse_output(row, fmt::format("a frontier whose first corner is at h_max {}, where its set without number {} but with "
                                           "every relation determines its square (gac, counting to 2): h_max {} has a set",
                                           h_max, y + 1, h_max - 1));
    }
}

// The message's values, '-' as nullopt; nullopt where the text is not the list.
std::optional<std::vector<std::optional<std::uint64_t>>> message_values(const std::string& message) {
    if (!message.starts_with(kMessageHead)) return std::nullopt;
    const std::size_t colon = message.find(':');
    if (colon == std::string::npos) return std::nullopt;
    std::istringstream in(message.substr(colon + 1));
    std::vector<std::optional<std::uint64_t>> values;
    for (std::string word; in >> word;) {
        if (word == "-") values.emplace_back();
        else if (word.size() <= 6 && word.find_first_not_of("0123456789") == std::string::npos) values.emplace_back(std::stoull(word));
        else return std::nullopt;
    }
    if (values.empty()) return std::nullopt;
    std::string written = fmt::format("{}{}:", kMessageHead, values.size() - 1);
    for (const std::optional<std::uint64_t>& v : values) written += v ? fmt::format(" {}", *v) : " -";
    if (written != message) return std::nullopt;  // as exact_task.cpp writes it
    return values;
}

}  // namespace

bool relations_determine(Grader& grader, int n, const std::vector<int>& square) { return unique(grader, all_relations(n, square)); }

void check_frontier_corners(const RowCells& row, Grader& grader, const std::vector<Instance>& records,
                            const std::vector<std::vector<int>>& squares) {
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Corner c = corner_of(records[i]);
        if (records[i].givens.size() != c.h_max)
            refuse_output(row, fmt::format("a frontier corner (line {}) with {} numbers at h_max {}, where k drops only at a set of "
                                           "exactly h_max numbers", i + 1, records[i].givens.size(), c.h_max));
        if (i == 0) continue;
        const Corner before = corner_of(records[i - 1]);
        if (c.h_max <= before.h_max || c.h_max > before.h_max + 2 || c.k >= before.k)
            refuse_output(row, fmt::format("a frontier corner (line {}) at h_max {} with k {} after line {}'s at h_max {} with k {}, "
                                           "where the next corner is 1 or 2 h_max later with a smaller k (a relation swapped for "
                                           "its two cells' numbers lowers k)", i + 1, c.h_max, c.k, i, before.h_max, before.k));
        if (c.h_max == before.h_max + 2) check_level_between(row, grader, records[i - 1], records[i], i);
    }
    if (records.empty()) return;
    if (corner_of(records.back()).k != 0)
        refuse_output(row, fmt::format("a frontier whose last corner (line {}) has k {}, where the search runs h_max until k is 0",
                                       records.size(), corner_of(records.back()).k));
    check_first_corner(row, grader, records.front(), squares);
}

void check_frontier_message(const RowCells& row, const std::vector<Instance>& records) {
    const auto values = message_values(row.cell("message"));
    if (!values) row.refuse("message", fmt::format("where its run writes '{}E:' and the minimum k (or -) of each h_max 0 to E", kMessageHead));
    std::vector<Corner> corners;  // where k drops, as exact_task.cpp writes a record
    for (std::size_t H = 0; H < values->size(); ++H) {
        const std::optional<std::uint64_t>& v = (*values)[H];
        const bool last = H + 1 == values->size();
        if (!v ? !corners.empty() || last : (*v == 0) != last || (!corners.empty() && *v > corners.back().k))
            row.refuse("message", fmt::format("where the search's list has its '-' first, k falling or level, and 0 last only "
                                              "(h_max {} breaks it)", H));
        if (v && (corners.empty() || *v < corners.back().k)) corners.push_back({H, *v});
    }
    for (std::size_t i = 0; i < std::max(corners.size(), records.size()); ++i) {
        if (i >= corners.size() || i >= records.size())
            refuse_output(row, fmt::format("{} records, where its message's frontier has {} corners", records.size(), corners.size()));
        const Corner c = corner_of(records[i]);
        const Json point = Json::array({c.h_max, c.k});
        if (c.h_max != corners[i].h_max || c.k != corners[i].k || !written_alike(records[i].meta.value("point", Json()), point) ||
            !written_alike(records[i].meta.value("minimum", Json()), Json(c.k)))
            refuse_output(row, fmt::format("a record (line {}) at h_max {} with k {}, where its message's corner {} is at h_max {} "
                                           "with k {} (meta point and minimum the same)", i + 1, c.h_max, c.k, i + 1,
                                           corners[i].h_max, corners[i].k));
    }
}

}  // namespace futolab
