#include "critical/oracle.hpp"

#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "critical/witness.hpp"
#include "solvers/gac/gac.hpp"
#include "solvers/options.hpp"

#include <stdexcept>

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

UniquenessOracle::UniquenessOracle(std::string_view spec) : oracle_(spec) {
    const SolverSpec parsed = parse_solver_spec(spec);
    if (parsed.name == "gac") gac_ = gac::make(parsed);
}

bool UniquenessOracle::removable(const ClueUniverse& u, const ClueSet& set, int i) {
    if (gac_ == nullptr) return unique(u, set);
    return breaking_search(u, set, i);
}

// First solution of set ∪ {not clue i}. Counted as a check like a count to 2.
bool UniquenessOracle::breaking_search(const ClueUniverse& u, const ClueSet& set, int i) {
    ++breaking_checks_;
    const Clue& clue = u.clue(i);
    Instance in = u.to_instance(set, "critical");
    in.solution.clear();  // L breaks nothing of the set but is no solution of the new puzzle
    std::vector<gac::Exclusion> excluded;
    other_.clear();
    if (!clue.is_number && chain_between(u, set, clue.cell, clue.other)) return true;
    if (clue.is_number) excluded.push_back({clue.cell, u.square()[static_cast<std::size_t>(clue.cell)]});
    else in.lt.push_back({clue.other / u.n(), clue.other % u.n(), clue.cell / u.n(), clue.cell % u.n()});
    SolveResult r = gac::solve_excluding(*gac_, Puzzle::compile(in), {Mode::first(), {}, 0}, excluded);
    other_.clear();
    if (r.status == Status::unsat) return true;
    if (r.status != Status::solved) throw std::runtime_error(spec() + ": the search for a solution breaking a clue gave " +
                                                             std::string(status_name(r.status)));
    ClueSet with = set;
    with[static_cast<std::size_t>(i)] = 1;
    if (!is_witness(u, with, i, r.solution))
        throw std::runtime_error(spec() + ": the solution breaking a clue is not a solution of the set without it");
    other_ = std::move(r.solution);
    return false;
}

Status UniquenessOracle::count_to_two(const ClueUniverse& u, const ClueSet& set) {
    OracleAnswer a = oracle_.count_to_two(Puzzle::compile(u.to_instance(set, "critical")));
    other_.clear();
    if (a.status == Status::multiple) other_ = std::move(a.first != u.square() ? a.first : a.second);
    if (a.status == Status::unique && a.first != u.square())
        throw std::runtime_error(spec() + ": the unique solution of a clue set is not its square");
    if (a.status != Status::unique && a.status != Status::multiple)
        throw std::runtime_error(spec() + ": count-to-2 of a clue set gave " + std::string(status_name(a.status)));
    return a.status;
}

}  // namespace futolab::critical
