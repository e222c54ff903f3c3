// Difficulty grades. The fc and ac levels are implemented here over 64-bit domain bitsets
// (n ≤ 64), independently of the solver backends, so that what each level does is exactly
// what docs/generators.md says; the gac level is the `gac` backend's root propagation under the
// pinned kGacGradeSpec.
#include "generators/grade.hpp"

#include "core/error.hpp"
#include "solvers/run/oracle.hpp"

#include <bit>
#include <string>
#include <vector>

namespace futolab {
namespace {

using Domain = std::uint64_t;  // bit v-1 set = value v possible

Domain bit(int value) { return Domain{1} << (value - 1); }
bool singleton(Domain d) { return d != 0 && (d & (d - 1)) == 0; }
int min_value(Domain d) { return std::countr_zero(d) + 1; }
int max_value(Domain d) { return 64 - std::countl_zero(d); }
Domain below(int value) { return value <= 1 ? 0 : (value > 64 ? ~Domain{0} : (Domain{1} << (value - 1)) - 1); }  // values < value
Domain at_least(int value) { return ~below(value); }

// Domains after the givens: a given cell is a singleton, every other cell is 1..n.
std::vector<Domain> initial_domains(const Puzzle& p) {
    const Domain all = p.n() == 64 ? ~Domain{0} : (Domain{1} << p.n()) - 1;
    std::vector<Domain> d(static_cast<std::size_t>(p.cells()), all);
    for (int cell = 0; cell < p.cells(); ++cell)
        if (p.given(cell) != 0) d[static_cast<std::size_t>(cell)] = bit(p.given(cell));
    return d;
}

// Removes `mask` from d[cell]; true if anything changed.
bool remove(std::vector<Domain>& d, int cell, Domain mask) {
    Domain& x = d[static_cast<std::size_t>(cell)];
    const Domain before = x;
    x &= ~mask;
    return x != before;
}

// The ≠ constraints of one cell, as seen from the cells it constrains: for a singleton cell,
// its value leaves every other cell of its row and column. This is both the "singles" rule
// and AC-3 on ≠ (a value of x loses its support on x ≠ y only when y's domain is that value).
bool propagate_difference(const Puzzle& p, std::vector<Domain>& d, int cell) {
    const Domain v = d[static_cast<std::size_t>(cell)];
    if (!singleton(v)) return false;
    const int n = p.n(), row = cell / n, col = cell % n;
    bool changed = false;
    for (int i = 0; i < n; ++i) {
        if (i != col) changed |= remove(d, row * n + i, v);
        if (i != row) changed |= remove(d, i * n + col, v);
    }
    return changed;
}

// Relation lo < hi. Singles only fire from an assigned cell; AC (bounds consistency, which is
// arc consistency for <) uses the bounds of any domain.
bool propagate_relation(std::vector<Domain>& d, const Relation& rel, bool bounds) {
    const Domain lo = d[static_cast<std::size_t>(rel.lo)], hi = d[static_cast<std::size_t>(rel.hi)];
    if (lo == 0 || hi == 0) return false;
    bool changed = false;
    if (bounds || singleton(lo)) changed |= remove(d, rel.hi, below(min_value(lo) + 1));
    if (bounds || singleton(hi)) changed |= remove(d, rel.lo, at_least(max_value(hi)));
    return changed;
}

// Runs one level to a fixpoint (plain sweeps: grading is not the hot path) and reports
// whether every domain ended as a singleton.
bool solved_at_level(const Puzzle& p, bool bounds) {
    std::vector<Domain> d = initial_domains(p);
    for (bool changed = true; changed;) {
        changed = false;
        for (int cell = 0; cell < p.cells(); ++cell) changed |= propagate_difference(p, d, cell);
        for (const Relation& rel : p.relations()) changed |= propagate_relation(d, rel, bounds);
    }
    for (Domain x : d)
        if (!singleton(x)) return false;
    return true;
}

}  // namespace

bool solved_by_singles(const Puzzle& puzzle) { return solved_at_level(puzzle, false); }
bool solved_by_arc_consistency(const Puzzle& puzzle) { return solved_at_level(puzzle, true); }

Grader::Grader(const std::atomic<bool>* stop) : oracle_(std::make_unique<CountOracle>(kGacGradeSpec, 0, stop)) {}
Grader::~Grader() = default;

Status Grader::count_to_two(const Puzzle& puzzle, std::uint64_t* nodes_out) {
    const OracleAnswer a = oracle_->count_to_two(puzzle);
    if (nodes_out != nullptr) *nodes_out = a.nodes;
    return a.status;
}

GradeResult Grader::grade(const Puzzle& puzzle) {
    GradeResult out;
    const Status status = count_to_two(puzzle, &out.gac_nodes);
    if (status == Status::multiple) out.grade = Grade::multiple;
    else if (status == Status::unsat) out.grade = Grade::unsat;
    else if (solved_by_singles(puzzle)) out.grade = Grade::fc;
    else if (solved_by_arc_consistency(puzzle)) out.grade = Grade::ac;
    else out.grade = out.gac_nodes == 0 ? Grade::gac : Grade::search;
    return out;
}

}  // namespace futolab
