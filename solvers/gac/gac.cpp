// Backend `gac`: maintained arc consistency (MAC; Sabin & Freuder, "Contradicting conventional
// wisdom in constraint satisfaction", ECAI 1994) over the Futoshiki model
//   one variable per cell, domain ⊆ 1..n (a 64-bit word);
//   alldifferent on every row and every column;
//   value(a) < value(b) for every relation; givens fix their cells.
// Root: each cell's domain is [Puzzle::min_value, Puzzle::max_value] (chain bounds of the
// relation DAG), givens fixed, then propagation to fixpoint before any search.
//
// Propagators (engine.hpp runs them to a common fixpoint, cheapest stage first):
//   alldiff=regin   (default) GAC per row/column: Régin 1994 (regin.hpp), preceded by the
//                   cheap consequences it implies — an assigned value removed from its row and
//                   column (neq.hpp) and hidden singles (hidden.hpp)
//   alldiff=binary  AC-3 over the pairwise ≠ of each row/column (neq.hpp)
//   relations       bounds consistency for <, which is GAC for < (less.hpp)
// Stage 3 (engine.hpp, ProbeOptions): sac=none|root|all singleton arc consistency by
// probing (Debruyne & Bessière 1997), sac_size=N probes only cells with ≤ N values,
// sac_after=F (with sac=all) starts probing only after F fails, sac_sweeps=S stops after S
// sweeps over the board per fixpoint (a cheaper, weaker filter than the full SAC fixpoint).
// Search (search.hpp): branch=dway|binary, var=static|mrv|domdeg|domwdeg (branch.hpp),
// val=min|random (random: std::mt19937_64 seeded with SolveRequest::seed), restarts=none|luby.
//
// Equivalence with Gecode: with alldiff=regin the fixpoint at every node is GAC on every
// alldifferent plus bounds consistency on every relation. That is the unique largest common
// fixpoint of these propagators, the same as Gecode's distinct(IPL_DOM) + rel(IRT_LE) whatever
// the propagation order (the chain bounds and givens are implied by it). With branch=binary,
// var=mrv, val=min the branching is Gecode's INT_VAR_SIZE_MIN / INT_VAL_MIN binary branching,
// so `gac:alldiff=regin,branch=binary,var=mrv,val=min` and Gecode build the same tree: the
// tests (tests/solvers/gac/gecode_equiv_test.cpp) check equal nodes and fails against a Gecode
// model.
//
// Counters (SPEC §4), exactly:
//   nodes         every branching alternative tried below the root: each value tried for a
//                 cell (dway), or each of x = v and x ≠ v (binary). The root is not a node.
//   fails         nodes whose propagation detected a failure (a domain wipe-out, or a row or
//                 column whose cells cannot take distinct values); plus 1 if the root's
//                 propagation fails (then nodes = 0).
//   checks        the revisions made by propagators, one per (revised cell, constraint):
//                  - relation: a cell whose min or max changed revises each related
//                    neighbour's bound: 1 check per neighbour;
//                  - x ≠ y: a cell that becomes a singleton revises its n − 1 row peers and
//                    n − 1 column peers: 2(n − 1) checks, counted when the pass starts (only
//                    such arcs are revised: an arc whose y has two values cannot remove
//                    anything). Both alldiff modes run this pass;
//                  - alldiff=regin: each run of the hidden-single pass or of Régin's filter on
//                    a line revises its n cells: n checks (also when the filter finds the line
//                    needs no work, see engine.cpp).
//   propagations  values removed from domains by propagators, at the root and in search. The
//                 initial domains (chain bounds, givens) and branching decisions (x = v,
//                 x ≠ v) are not counted.
//   max_depth     the largest depth of a node, depth = decisions on its path (root = 0). In
//                 binary branching a right alternative x ≠ v is one decision deeper than its
//                 parent, like a left one.
//   solutions     solutions found (search stops at the mode's limit).
// With restarts, every run's nodes and fails are added up (repeated nodes count again).
//
// Restarts: restarts=luby is allowed only when the search stops at the first solution (mode
// first, or count:1). A restart forgets which solutions were found, so counting beyond one
// would need nogoods; rather than return a silently wrong count, other modes give
// Status::error. Luby runs with a growing cutoff keep the search complete, so unsat is still
// proved.
#include "solvers/gac/gac.hpp"

#include "core/error.hpp"
#include "solvers/gac/engine.hpp"
#include "solvers/gac/search.hpp"
#include "solvers/search_control.hpp"

#include <algorithm>
#include <vector>

namespace futolab::gac {
namespace {

struct Config {
    Alldiff alldiff = Alldiff::regin;
    ProbeOptions probe;
    SearchOptions search;
};

Config config_of(const SolverSpec& spec) {
    Config c;
    c.alldiff = spec.get("alldiff") == "binary" ? Alldiff::binary : Alldiff::regin;
    c.search.branch = spec.get("branch") == "binary" ? Branching::binary : Branching::dway;
    const std::string& var = spec.get("var");
    c.search.var = var == "static"   ? VarOrder::static_order
                   : var == "domdeg"  ? VarOrder::domdeg
                   : var == "domwdeg" ? VarOrder::domwdeg
                                      : VarOrder::mrv;
    c.search.val = spec.get("val") == "random" ? ValOrder::random : ValOrder::min;
    c.search.luby = spec.get("restarts") == "luby";
    const std::string& sac = spec.get("sac");
    c.probe.where = sac == "root" ? ProbeOptions::Where::root : sac == "all" ? ProbeOptions::Where::all : ProbeOptions::Where::none;
    const unsigned long long sac_size = spec.get_uint("sac_size");
    c.probe.max_size = sac_size == 0 || sac_size > 64 ? 64 : static_cast<int>(sac_size);
    c.probe.after_fails = spec.get_uint("sac_after");
    c.probe.light = spec.get("sac_probe") == "light";
    c.probe.sweeps = static_cast<int>(std::min<unsigned long long>(spec.get_uint("sac_sweeps"), 1000));
    c.search.restart_base = spec.get_uint("restart_base");
    if (c.search.restart_base == 0) throw InputError("solver 'gac': option restart_base must be at least 1");
    return c;
}

class Gac final : public Solver {
public:
    explicit Gac(const Config& config) : config_(config) {}

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        SolveResult r;
        if (config_.search.luby && request.mode.stop_after() != 1) {
            r.status = Status::error;
            r.message = "gac: restarts=luby needs first-solution search (a restart would count solutions again)";
            return r;
        }
        SearchControl control(request.limits, request.mode);
        Engine engine(puzzle, config_.alldiff, r.counters, config_.probe);
        engine.set_control(control);
        r.solution.reserve(static_cast<std::size_t>(puzzle.cells()));  // no allocation in search
        if (!engine.root()) {
            r.counters.fails = 1;
            r.status = Status::unsat;
            return r;
        }
        engine.leave_root();
        Search(engine, control, r.counters, config_.search, request.seed, r.solution).run();
        r.status = control.status(r.counters.solutions);
        return r;
    }

private:
    Config config_;
};

}  // namespace

std::span<const OptionSpec> options() {
    static const std::vector<OptionSpec> table{
        {"alldiff", {"regin", "binary"}, "regin",
         "alldifferent propagation: regin = GAC (Regin 1994), binary = AC-3 over pairwise !="},
        {"branch", {"dway", "binary"}, "dway", "dway: one child per value; binary: x = v, then x != v"},
        {"restart_base", {"<uint>"}, "100", "fails allowed in the first Luby run (>= 1)"},
        {"restarts", {"none", "luby"}, "none", "luby: restart on a Luby fail cutoff (first-solution search only)"},
        {"sac", {"none", "root", "all"}, "none",
         "singleton arc consistency (probing, SAC-1): none, at the root, or at every node"},
        {"sac_after", {"<uint>"}, "0", "sac=all: start probing after this many fails (0 = at once)"},
        {"sac_probe", {"gac", "light"}, "gac", "propagation inside a probe: gac (all stages) or light (no Regin)"},
        {"sac_size", {"<uint>"}, "0", "probe only cells with at most this many values (0 = any)"},
        {"sac_sweeps", {"<uint>"}, "0", "probe at most this many sweeps over the board per fixpoint (0 = to the SAC fixpoint)"},
        {"val", {"min", "random"}, "min", "value order: smallest first, or random (seeded by the request seed)"},
        {"var", {"static", "mrv", "domdeg", "domwdeg"}, "mrv",
         "variable order: row-major, smallest domain, dom/deg, dom/wdeg; ties -> smallest cell"},
    };
    return table;
}

std::unique_ptr<Solver> make(const SolverSpec& spec) { return std::make_unique<Gac>(config_of(spec)); }

}  // namespace futolab::gac
