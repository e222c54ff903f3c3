#include "critical/oracle/breaking_search.hpp"

#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "critical/oracle/witness.hpp"

#include <stdexcept>
#include <utility>

namespace futolab::critical {
namespace {

// Does a chain of the set's relations lead from cell a up to cell b (value(a) < … < value(b))?
// Then a < b holds in every solution, and reversing it would only make a cycle.
bool chain_between(const ClueUniverse& u, const ClueSet& set, int a, int b) {
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(u.n() * u.n()), 0);
    std::vector<int> todo{a};
    seen[static_cast<std::size_t>(a)] = 1;
    while (!todo.empty()) {
        const int cell = todo.back();
        todo.pop_back();
        if (cell == b) return true;
        for (int i = u.n() * u.n(); i < u.size(); ++i) {
            const Clue& c = u.clue(i);
            if (!set[static_cast<std::size_t>(i)] || c.cell != cell || seen[static_cast<std::size_t>(c.other)]) continue;
            seen[static_cast<std::size_t>(c.other)] = 1;
            todo.push_back(c.other);
        }
    }
    return false;
}

}  // namespace

BreakingSearch::BreakingSearch(std::unique_ptr<SearchKernel> kernel, std::string label)
    : kernel_(std::move(kernel)), label_(std::move(label)) {}

// First solution of set ∪ {not clue i}. Counted as a check like a count to 2.
BreakingSearch::Answer BreakingSearch::removable(const ClueUniverse& u, const ClueSet& set, int i, std::vector<int>& other,
                                                 std::uint64_t node_budget) {
    ++checks_;
    other.clear();
    const Clue& clue = u.clue(i);
    // The question's puzzle, in buffers kept from the last question (L, a solution of the set
    // but not of the question, is not in it).
    Instance& in = question_;
    in.id = "critical";
    u.clues_into(set, in);
    std::vector<Exclusion> excluded;
    if (!clue.is_number && chain_between(u, set, clue.cell, clue.other)) return Answer::removable;
    if (clue.is_number) excluded.push_back({clue.cell, u.square()[static_cast<std::size_t>(clue.cell)]});
    else in.lt.push_back({clue.other / u.n(), clue.other % u.n(), clue.cell / u.n(), clue.cell % u.n()});
    Limits limits;
    limits.nodes = node_budget;
    // L's values first (solution-guided): the square sought differs from L on a Latin trade,
    // mostly a small one. Which square is found changes, whether one exists does not.
    SolveResult r = kernel_->solve_excluding(Puzzle::compile_for_search(in), {Mode::first(), limits, 0}, excluded, u.square());
    if (r.status == Status::unsat) return Answer::removable;
    if (r.status == Status::node_limit && node_budget != 0) return Answer::undecided;
    if (r.status != Status::solved)
        throw std::runtime_error(label_ + ": the search for a solution breaking a clue gave " + std::string(status_name(r.status)));
    ClueSet with = set;
    with[static_cast<std::size_t>(i)] = 1;
    if (!is_witness(u, with, i, r.solution))
        throw std::runtime_error(label_ + ": the solution breaking a clue is not a solution of the set without it");
    other = std::move(r.solution);
    return Answer::needed;
}

}  // namespace futolab::critical
