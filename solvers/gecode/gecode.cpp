// Backend `gecode`: the futolab model in Gecode 6 (Schulte, Tack, Lagerkvist: "Modeling and
// Programming with Gecode"), the industrial reference the hand-written backends are compared
// against. One Gecode Space per solve() call, no global state.
//
// Model: one IntVar per cell (row-major), domain [Puzzle::min_value, Puzzle::max_value] (the
// chain bounds); distinct() on every row and column (alldiff=dom: Régin's domain-consistent
// propagator, IPL_DOM; bnd: bounds consistency; val: value propagation); rel(x[lo] < x[hi])
// per relation (bounds consistent, which is domain consistent for <); givens as x = v. With
// cube=yes also the Latin cube's third face (post_cube): the tree of gac:cube=yes in its
// Gecode mode (tests/solvers/gac/gecode_equiv_test.cpp states it independently).
// Branching: binary, x = v | x ≠ v, with v = the smallest (val=min) or largest (val=max) value;
// variable by var=mrv (INT_VAR_SIZE_MIN: smallest domain, ties to the lowest cell index),
// static (INT_VAR_NONE: the first unassigned cell row-major) or afcsize (INT_VAR_AFC_SIZE_MAX:
// largest accumulated failure count / domain size, Gecode's dom/wdeg analogue).
// Search: the sequential DFS engine, one next() per solution wanted.
//
// Counter mapping (read from gecode/search/seq/dfs.hpp and path.hpp of Gecode 6.2, and checked
// by the tests in tests/solvers/gecode):
//  - Gecode's statistics.node counts every space whose status the engine computes inside
//    next(), the root included: a puzzle solved by propagation at the root has node = 1, an
//    empty 2×2 counted to the end has node = 3 (root + the two alternatives). A root that
//    fails already in the engine's constructor is counted as fail = 1, node = 0.
//    So nodes = max(node, 1) − 1, i.e. every alternative of a binary branch explored.
//  - fails = statistics.fail, unchanged: the engine counts a failure at each explored node
//    whose propagation fails, and once for a failed root. The only other place Gecode counts
//    a failure is adaptive recomputation, when a re-propagated ancestor space fails; that
//    needs weakly monotonic propagators, and ours (domain/bounds/value-consistent distinct,
//    bounds-consistent <) are monotonic, so it cannot happen. We keep Gecode's default a_d
//    (turning it off cost a few percent of time and changed no counter on any tatham-dev puzzle).
//  - max_depth = statistics.depth: the engine records the size of its branch stack after each
//    push, i.e. 1 + the depth of the deepest branching node = the depth of the deepest
//    explored node (root = 0, its children = 1). Gecode's last-alternative optimisation reuses
//    the stack entry of an exhausted choice for entries deeper than Options::nogoods_limit
//    (default 0!), which under-reports depth (on tatham-dev n12: sum of depths 199 instead of
//    240). We set nogoods_limit = ∞ (we never extract no-goods) so depth is exact. When a
//    limit stops the search, statistics.depth may include a push whose child was never
//    explored (one too deep); max_depth is then the stack depth recorded just before the last
//    node explored, which that node realised.
//  - checks = 0 and propagations = 0: Gecode does not count constraint checks or removed
//    values. (statistics.propagate counts propagator executions, a different quantity; it
//    is deliberately not mapped.)
//  - solutions: the solutions next() returned.
// Limits: a Search::Stop that consults futolab's SearchControl once per explored node (the
// engine calls Stop::stop() before every node), so a node limit N allows exactly N nodes below
// the root; the clock is read at every node (see Stop below). One difference: Gecode asks
// Stop before it knows whether a node is left, so a search whose tree has exactly N nodes
// reports node_limit under limit N where the other backends report the completed status.
// Propagation at the root runs before any Stop check (it is not interruptible).
#include "solvers/gecode/gecode.hpp"

#include "solvers/option_table.hpp"

#include "solvers/search_control.hpp"

#include <gecode/int.hh>
#include <gecode/search.hh>

#include <limits>
#include <memory>
#include <new>

namespace futolab::gecode {
namespace {

// The typed configuration (its initialisers are the option defaults), turned into Gecode's
// branchers and propagation level when the model is posted.
struct Config {
    enum class Var { mrv, static_order, afcsize } var = Var::mrv;
    enum class Val { min, max } val = Val::min;
    Gecode::IntPropLevel alldiff = Gecode::IPL_DOM;
    bool cube = false;  // also the Latin cube's third alldifferent (post_cube)
};

Gecode::IntVarBranch var_branch(Config::Var var) {
    switch (var) {
        case Config::Var::static_order: return Gecode::INT_VAR_NONE();
        case Config::Var::afcsize: return Gecode::INT_VAR_AFC_SIZE_MAX();
        case Config::Var::mrv: break;
    }
    return Gecode::INT_VAR_SIZE_MIN();
}

Gecode::IntValBranch val_branch(Config::Val val) {
    return val == Config::Val::max ? Gecode::INT_VAL_MAX() : Gecode::INT_VAL_MIN();
}

const OptionTable<Config>& table() {
    using C = Config;
    static const OptionTable<C> t{
        choice<C>("cube", [](C& c) -> auto& { return c.cube; }, {{"no", false}, {"yes", true}},
                  "yes: also channel each row to its values' columns and make each value's columns distinct (the Latin cube's third alldifferent)"),
        choice<C>("alldiff", [](C& c) -> auto& { return c.alldiff; },
                  {{"dom", Gecode::IPL_DOM}, {"bnd", Gecode::IPL_BND}, {"val", Gecode::IPL_VAL}},
                  "distinct() propagation: dom = domain consistent (Regin, IPL_DOM), bnd = bounds (IPL_BND), val = value (IPL_VAL)"),
        choice<C>("val", [](C& c) -> auto& { return c.val; }, {{"min", C::Val::min}, {"max", C::Val::max}},
                  "binary branch x = v | x != v on the smallest (INT_VAL_MIN) or largest (INT_VAL_MAX) value"),
        choice<C>("var", [](C& c) -> auto& { return c.var; },
                  {{"mrv", C::Var::mrv}, {"static", C::Var::static_order}, {"afcsize", C::Var::afcsize}},
                  "mrv = INT_VAR_SIZE_MIN, static = INT_VAR_NONE (row-major), afcsize = INT_VAR_AFC_SIZE_MAX"),
    };
    return t;
}

class Model final : public Gecode::Space {
public:
    Model(const Puzzle& p, const Config& c) : x_(*this, p.cells(), 1, p.n()) {
        post_domains(p);
        post_latin(p.n(), c.alldiff);
        if (c.cube) post_cube(p.n(), c.alldiff);
        for (const Relation& r : p.relations()) Gecode::rel(*this, x_[r.lo], Gecode::IRT_LE, x_[r.hi]);
        Gecode::branch(*this, x_, var_branch(c.var), val_branch(c.val));
    }
    Model(Model& other) : Gecode::Space(other) {
        x_.update(*this, other.x_);
        pos_.update(*this, other.pos_);
    }
    Gecode::Space* copy() override { return new Model(*this); }

    std::vector<int> values() const {
        std::vector<int> out(static_cast<std::size_t>(x_.size()));
        for (int i = 0; i < x_.size(); ++i) out[static_cast<std::size_t>(i)] = x_[i].val();
        return out;
    }

private:
    // dom() rather than the IntVar constructor: an empty range (min > max) fails the space
    // instead of throwing, so such puzzles are `unsat` like any other root failure.
    void post_domains(const Puzzle& p) {
        for (int cell = 0; cell < p.cells(); ++cell) {
            if (p.given(cell) != 0) Gecode::rel(*this, x_[cell], Gecode::IRT_EQ, p.given(cell));
            Gecode::dom(*this, x_[cell], p.min_value(cell), p.max_value(cell));
        }
    }

    void post_latin(int n, Gecode::IntPropLevel ipl) {
        for (int i = 0; i < n; ++i) {
            Gecode::IntVarArgs row, col;
            for (int j = 0; j < n; ++j) {
                row << x_[i * n + j];
                col << x_[j * n + i];
            }
            Gecode::distinct(*this, row, ipl);
            Gecode::distinct(*this, col, ipl);
        }
    }

    // The dual viewpoint of the rows (Cheng, Choi, Lee & Wu, "Increasing constraint
    // propagation by redundant modeling", Constraints 4(2), 1999; for Latin squares the third
    // face of the cube): pos[r·n + v − 1] = the column of value v in row r, channelled to the
    // row (channel() is domain-consistent at IPL_DOM), and for each value its columns over the
    // rows distinct. No branching on pos: the tree is still over the cells.
    void post_cube(int n, Gecode::IntPropLevel ipl) {
        pos_ = Gecode::IntVarArray(*this, n * n, 0, n - 1);
        for (int r = 0; r < n; ++r) {
            Gecode::IntVarArgs row, pos;
            for (int j = 0; j < n; ++j) {
                row << x_[r * n + j];
                pos << pos_[r * n + j];
            }
            Gecode::channel(*this, row, 1, pos, 0, ipl);  // row[c] − 1 = v ⇔ pos[v] = c
        }
        for (int v = 0; v < n; ++v) {
            Gecode::IntVarArgs columns;
            for (int r = 0; r < n; ++r) columns << pos_[r * n + v];
            Gecode::distinct(*this, columns, ipl);
        }
    }

    Gecode::IntVarArray x_;
    Gecode::IntVarArray pos_;  // cube=yes only (else empty)
};

std::uint64_t nodes_below_root(const Gecode::Search::Statistics& s) { return s.node > 0 ? s.node - 1 : 0; }

// The engine calls stop() once before each space it explores, the root first (node = 0).
// The clock is read at every call, not every 64th as at_node() does: a Gecode node costs
// microseconds (milliseconds at n = 64), so 64 of them could overshoot a time limit badly,
// while one clock read is ~20 ns.
class Stop final : public Gecode::Search::Stop {
public:
    explicit Stop(SearchControl& control) : control_(control) {}
    bool stop(const Gecode::Search::Statistics& s, const Gecode::Search::Options&) override {
        if (halt(s)) return true;
        reached_depth_ = s.depth;  // the node about to be explored realises every push so far
        return false;
    }

    // statistics.depth counts a push as soon as a node branches, before its first child is
    // explored; if the engine stops right there, that child was never reached. This is the
    // depth at the last node actually explored, the right max_depth for a stopped search.
    std::uint64_t reached_depth() const { return reached_depth_; }

private:
    bool halt(const Gecode::Search::Statistics& s) {
        if (control_.out_of_time()) return true;
        if (s.node == 0) return false;  // about to explore the root: not a node
        Counters c;
        c.nodes = nodes_below_root(s);
        return control_.at_node(c);
    }

    SearchControl& control_;
    std::uint64_t reached_depth_ = 0;
};

Counters counters_of(const Gecode::Search::Statistics& s, std::uint64_t solutions) {
    Counters c;
    c.solutions = solutions;
    c.nodes = nodes_below_root(s);
    c.fails = s.fail;
    c.max_depth = s.depth;
    return c;
}

Gecode::Search::Options engine_options(Stop& stop) {
    Gecode::Search::Options o;
    o.threads = 1;       // the sequential engine: deterministic counters
    o.clone = false;     // the engine owns the model we built for it
    o.nogoods_limit = std::numeric_limits<unsigned int>::max();  // no LAO stack reuse: exact depth
    o.stop = &stop;
    return o;
}

class GecodeSolver final : public Solver {
public:
    explicit GecodeSolver(const Config& config) : config_(config) {}

    // Gecode's heap throws its own MemoryExhausted ("Heap memory exhausted") when an
    // allocation fails; SPEC §4 makes every allocation failure memout, which run_solver gives
    // std::bad_alloc.
    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        try {
            return search(puzzle, request);
        } catch (const Gecode::MemoryExhausted&) {
            throw std::bad_alloc();
        }
    }

private:
    SolveResult search(const Puzzle& puzzle, const SolveRequest& request) {
        SearchControl control(request.limits, request.mode);
        Stop stop(control);
        Gecode::DFS<Model> engine(new Model(puzzle, config_), engine_options(stop));
        SolveResult r;
        std::uint64_t solutions = 0;
        while (!control.enough(solutions)) {
            const std::unique_ptr<Model> s(engine.next());
            if (!s) break;
            if (++solutions == 1) r.solution = s->values();
        }
        r.counters = counters_of(engine.statistics(), solutions);
        if (control.stopped()) r.counters.max_depth = stop.reached_depth();
        r.status = control.status(solutions);
        return r;
    }

    Config config_;
};

}  // namespace

std::span<const OptionSpec> options() { return table().specs(); }
std::unique_ptr<Solver> make(const SolverSpec& spec) { return std::make_unique<GecodeSolver>(table().decode(spec)); }

}  // namespace futolab::gecode
