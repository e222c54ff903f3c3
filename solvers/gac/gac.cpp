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
//                   column (neq.hpp) and hidden singles (engine.hpp)
//   alldiff=binary  AC-3 over the pairwise ≠ of each row/column (neq.hpp)
//   relations       bounds consistency for <, which is GAC for < (less.hpp)
// Stage 3 (engine.hpp, ProbeOptions): sac=all|none|root singleton arc consistency by
// probing (Debruyne & Bessière 1997), sac_size=N probes only cells with ≤ N values,
// sac_after=F (with sac=all) starts probing only after F fails (sac_restart=yes: by
// restarting from the root if no solution was found yet, search.hpp), sac_sweeps=S stops
// after S sweeps over the board per fixpoint (a cheaper, weaker filter than the full SAC
// fixpoint), sac_incremental=yes re-probes only cells whose lines changed. The default is
// sac=all,sac_after=5,sac_probe=light,sac_sweeps=1 (see Config).
// Stage 2b (engine.hpp, Engine::set_cube; alldiff=regin): cube=yes|no|sac makes each value's
// rows-to-columns matching GAC too — the third alldifferent of the Latin cube, whose Hall sets
// span several lines ("fish" in Sudoku; set elimination in the number dimension in Tatham's
// latin.c) — always, never, or wherever stage 3 probes (the default: with sac_after=5, from
// the sac_restart on). With cube=yes, sac=none, branch=binary the tree is that of Gecode with
// each value's columns as variables kept distinct (tests/solvers/gac/gecode_equiv_test.cpp).
// Root (planes.hpp): root=planes (the default, alldiff=regin, n ≤ 16) reaches the root's
// fixpoint word-parallel on value planes, Régin's removals included; root=queue leaves it to
// the queues. The fixpoint, and so the tree, is the same (tests/solvers/gac/planes_test.cpp).
// Search (search.hpp): branch=dway|binary, var=static|mrv|domdeg|domwdeg (branch.hpp),
// val=min|random (random: std::mt19937_64 seeded with SolveRequest::seed), restarts=none|luby,
// adapt=yes|no (the branching after the sac_restart, search.hpp; yes by default).
//
// Equivalence with Gecode: with alldiff=regin the fixpoint at every node is GAC on every
// alldifferent plus bounds consistency on every relation. That is the unique largest common
// fixpoint of these propagators, the same as Gecode's distinct(IPL_DOM) + rel(IRT_LE) whatever
// the propagation order (the chain bounds and givens are implied by it). With branch=binary,
// var=mrv, val=min the branching is Gecode's INT_VAR_SIZE_MIN / INT_VAL_MIN binary branching,
// so `gac:alldiff=regin,branch=binary,var=mrv,val=min,sac=none` and Gecode build the same tree
// (sac=none: no probing, whose extra pruning would change the tree): the
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
//                  - relation: a cell whose min changed while it has a greater neighbour
//                    (cell < other), or whose max changed while it has a smaller one, revises
//                    the bound of each related neighbour: 1 check per neighbour (a bound
//                    that no relation reads wakes nothing);
//                  - x ≠ y: a cell that becomes a singleton revises its n − 1 row peers and
//                    n − 1 column peers: 2(n − 1) checks, counted when the pass starts (only
//                    such arcs are revised: an arc whose y has two values cannot remove
//                    anything). Both alldiff modes run this pass;
//                  - alldiff=regin: each value whose places in a line dropped to one or none,
//                    looked at by the hidden-single stage: 1 check (the revision of one cell
//                    by the line); each run of Régin's filter on a line revises its n cells:
//                    n checks (also when the filter finds the line needs no work, see
//                    engine.cpp); likewise each run of the cube's filter on a value (n rows).
//                    With root=planes the root's stages 0–1 revise whole boards at once and
//                    count no checks.
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
#include "solvers/gac/enumerate.hpp"
#include "solvers/gac/search.hpp"
#include "solvers/option_table.hpp"
#include "solvers/search_control.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

namespace futolab::gac {
namespace {

// adapt=yes by default (see Config).
SearchOptions adaptive_search() {
    SearchOptions s;
    s.adapt = true;
    return s;
}

// The typed configuration; its member initialisers are the option defaults.
// The default probes adaptively (issue #16): plain GAC until the search has failed 5 times —
// most puzzles never get there and pay nothing — then a restart with light SAC, one sweep per
// fixpoint, at every node, which cuts the heavy tail (results/oracle/REPORT.md). At that
// restart the cube (stage 2b) joins, and the branching becomes dom/wdeg — with Luby restarts
// for a first solution (adapt=yes, search.hpp). Issue #28, round 7: on 130 of Tatham's puzzles
// n = 7..12 (callgrind) the median is unchanged and the slowest falls from 28.5 M to 17.2 M
// instructions (n08:74); the 60 planted instances of configs/default-planted.yaml are solved
// 58 times against 56 for round 6's default (sac_after=10, adapt=no, no cube). The
// Gecode-equivalent tree needs sac=none (no probing, hence no restart, cube or switch).
struct Config {
    Alldiff alldiff = Alldiff::regin;
    ProbeOptions probe{.where = ProbeOptions::Where::all, .after_fails = 5, .sweeps = 1, .light = true};
    SearchOptions search = adaptive_search();
    bool sac_restart = true;  // see search.hpp; applies with sac=all and sac_after > 0
    // alldiff=regin: each value's rows-to-columns alldifferent, from where probing starts
    // (engine.hpp; issue #28): a search that never fails sac_after times keeps its tree, and
    // sac=none (the Gecode-equivalent tree) never has it.
    Engine::Cube cube = Engine::Cube::with_probe;
    // The root's stages 0–1 on value planes, word-parallel (planes.hpp; issue #28), or in
    // the queues: the same fixpoint, so the same tree.
    bool root_planes = true;
};

// One engine per thread, reset for each solve: its buffers (the trail alone holds n³
// entries) are allocated once per thread, not once per puzzle — malloc and free were 5 % of a
// median puzzle's instructions. A solve started while the thread's engine is in use (a
// nested solve) gets an engine of its own.
class EngineLease {
public:
    EngineLease(const Puzzle& puzzle, Alldiff alldiff, Counters& counters, const ProbeOptions& probe) {
        Cache& cache = thread_cache();
        if (cache.busy || cache.engine == nullptr) {
            own_ = std::make_unique<Engine>(puzzle, alldiff, counters, probe);
            engine_ = own_.get();
            if (cache.busy) return;
            cache.engine = std::move(own_);
        } else {
            engine_ = cache.engine.get();
            engine_->reset(puzzle, alldiff, counters, probe);
        }
        cache.busy = leased_ = true;
    }
    ~EngineLease() {
        if (leased_) thread_cache().busy = false;
    }
    EngineLease(const EngineLease&) = delete;
    EngineLease& operator=(const EngineLease&) = delete;
    Engine& get() { return *engine_; }

private:
    struct Cache {
        std::unique_ptr<Engine> engine;
        bool busy = false;
    };
    static Cache& thread_cache() {
        thread_local Cache cache;
        return cache;
    }
    std::unique_ptr<Engine> own_;
    Engine* engine_ = nullptr;
    bool leased_ = false;
};

class Gac final : public Solver, public SearchKernel {
public:
    explicit Gac(const Config& config) : config_(config) {
        if (config_.sac_restart && config_.probe.where == ProbeOptions::Where::all)
            config_.search.probe_restart_fails = config_.probe.after_fails;
    }

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        return solve_excluding(puzzle, request, {}, {});
    }

    SolveResult solve_excluding(const Puzzle& puzzle, const SolveRequest& request, std::span<const Exclusion> excluded,
                                std::span<const int> prefer) override {
        if (!prefer.empty() && prefer.size() != static_cast<std::size_t>(puzzle.cells()))
            throw std::invalid_argument("gac: a preferred square of the wrong size");
        SolveResult r;
        if (config_.search.luby && request.mode.stop_after() != 1) {
            r.status = Status::error;
            r.message = "gac: restarts=luby needs first-solution search (a restart would count solutions again)";
            return r;
        }
        SearchControl control(request.limits, request.mode);
        EngineLease lease(puzzle, config_.alldiff, r.counters, config_.probe);
        Engine& engine = lease.get();
        engine.set_control(control);
        engine.set_cube(config_.cube);
        engine.set_root_planes(config_.root_planes);
        r.solution.reserve(static_cast<std::size_t>(puzzle.cells()));  // no allocation in search
        if (!engine.root() || !exclude(engine, puzzle, excluded)) {
            r.counters.fails = 1;
            r.status = Status::unsat;
            return r;
        }
        engine.leave_root();
        SearchOptions search = config_.search;
        search.first_solution = request.mode.stop_after() == 1;
        search.prefer = prefer;
        Search(engine, control, r.counters, search, request.seed, r.solution, r.second).run();
        r.status = control.status(r.counters.solutions);
        return r;
    }

    bool enumerate(const Puzzle& puzzle, const std::vector<int>& prefer, std::uint64_t& nodes,
                   const Visit& visit) override {
        return enumerate_solutions(puzzle, config_.alldiff, prefer, nodes, visit);
    }

private:
    // cell ≠ value for each exclusion, then the root fixpoint again. False: no solution.
    static bool exclude(Engine& engine, const Puzzle& puzzle, std::span<const Exclusion> excluded) {
        if (excluded.empty()) return true;
        for (const Exclusion& e : excluded) {
            if (e.cell < 0 || e.cell >= puzzle.cells() || e.value < 1 || e.value > puzzle.n())
                throw std::invalid_argument("gac: an exclusion outside the board");
            const Dom value = bit(e.value - 1);
            if ((engine.dom(e.cell) & value) == 0) continue;  // gone already
            if (engine.dom(e.cell) == value) return false;     // the cell's last value
            engine.remove(e.cell, e.value - 1);
        }
        return engine.propagate();
    }

    Config config_;
};

using C = Config;
using Where = ProbeOptions::Where;
constexpr auto is = OptionTest::is;
constexpr auto is_not = OptionTest::is_not;

const OptionTable<Config>& table() {
    static const OptionTable<C> t{
        choice<C>("adapt", [](C& c) -> auto& { return c.search.adapt; }, {{"no", false}, {"yes", true}},
                  "yes: at the sac_restart also switch to var=domwdeg and, for a first solution, Luby restarts")
            .applies_when({is("sac_restart", {"yes"})}),  // the switch happens at that restart only (search.cpp)
        choice<C>("alldiff", [](C& c) -> auto& { return c.alldiff; }, {{"regin", Alldiff::regin}, {"binary", Alldiff::binary}},
                  "alldifferent propagation: regin = GAC (Regin 1994), binary = AC-3 over pairwise !="),
        choice<C>("cube", [](C& c) -> auto& { return c.cube; },
                  {{"no", Engine::Cube::off}, {"yes", Engine::Cube::on}, {"sac", Engine::Cube::with_probe}},
                  "also GAC on each value's rows-to-columns matching (the Latin cube's third alldifferent): no, yes, or sac = wherever probing runs")
            .applies_when({is("alldiff", {"regin"})}),  // Engine::set_cube turns it off otherwise
        choice<C>("branch", [](C& c) -> auto& { return c.search.branch; },
                  {{"dway", Branching::dway}, {"binary", Branching::binary}},
                  "dway: one child per value; binary: x = v, then x != v"),
        whole<C>("restart_base", [](C& c) -> auto& { return c.search.restart_base; }, 1, kNoUpperBound,
                 "fails allowed in the first Luby run")
            .applies_when({is("restarts", {"luby"})})
            .or_when({is("adapt", {"yes"})}),  // adapt's switch turns Luby on for a first solution
        choice<C>("restarts", [](C& c) -> auto& { return c.search.luby; }, {{"none", false}, {"luby", true}},
                  "luby: restart on a Luby fail cutoff (first-solution search only)"),
        choice<C>("root", [](C& c) -> auto& { return c.root_planes; }, {{"queue", false}, {"planes", true}},
                  "n <= 16: the root's fixpoint (singles, hidden singles, relation bounds, Regin's removals) word-parallel on value planes, or in the queues (same fixpoint, same tree)")
            .applies_when({is("alldiff", {"regin"})}),  // the planes hold Regin's stages (engine.cpp root())
        choice<C>("sac", [](C& c) -> auto& { return c.probe.where; },
                  {{"none", Where::none}, {"root", Where::root}, {"all", Where::all}},
                  "singleton arc consistency (probing, SAC-1): none, at the root, or at every node"),
        whole<C>("sac_after", [](C& c) -> auto& { return c.probe.after_fails; }, 0, kNoUpperBound,
                 "start probing after this many fails (0 = at once)")
            .applies_when({is("sac", {"all"})}),  // sac=root probes once, at the root
        choice<C>("sac_incremental", [](C& c) -> auto& { return c.probe.incremental; }, {{"no", false}, {"yes", true}},
                  "yes: re-probe a cell only if a domain of its row or column changed since its last probe")
            .applies_when({is_not("sac", {"none"})}),
        choice<C>("sac_probe", [](C& c) -> auto& { return c.probe.light; }, {{"gac", false}, {"light", true}},
                  "propagation inside a probe: gac (all stages) or light (no Regin)")
            .applies_when({is_not("sac", {"none"}), is("alldiff", {"regin"})}),  // light skips Regin's stages only
        choice<C>("sac_restart", [](C& c) -> auto& { return c.sac_restart; }, {{"no", false}, {"yes", true}},
                  "at the sac_after-th fail with no solution yet, restart from the root with probing on")
            .applies_when({is_not("sac_after", {"0"})}),  // probing from the start has nothing to restart for
        whole<C>("sac_size", [](C& c) -> auto& { return c.probe.max_size; }, 0, 64,
                 "probe only cells with at most this many values (0 = any)")
            .applies_when({is_not("sac", {"none"})}),
        whole<C>("sac_sweeps", [](C& c) -> auto& { return c.probe.sweeps; }, 0, 1000,
                 "probe at most this many sweeps over the board per fixpoint (0 = to the SAC fixpoint)")
            .applies_when({is_not("sac", {"none"})}),
        choice<C>("val", [](C& c) -> auto& { return c.search.val; }, {{"min", ValOrder::min}, {"random", ValOrder::random}},
                  "value order: smallest first, or random (seeded by the request seed)"),
        choice<C>("var", [](C& c) -> auto& { return c.search.var; },
                  {{"static", VarOrder::static_order}, {"mrv", VarOrder::mrv}, {"domdeg", VarOrder::domdeg},
                   {"domwdeg", VarOrder::domwdeg}},
                  "variable order: row-major, smallest domain, dom/deg, dom/wdeg; ties -> smallest cell"),
    };
    return t;
}

}  // namespace

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make(const SolverSpec& spec) { return std::make_unique<Gac>(table().decode(spec)); }

std::unique_ptr<SearchKernel> make_kernel(const SolverSpec& spec) { return std::make_unique<Gac>(table().decode(spec)); }

}  // namespace futolab::gac
