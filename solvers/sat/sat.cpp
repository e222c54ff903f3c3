// Backend `sat`: see sat.hpp (modes, counters, limits) and encode.hpp (the encoding).
#include "solvers/sat/sat.hpp"

#include "solvers/sat/clue_kernel.hpp"
#include "solvers/sat/encode.hpp"
#include "solvers/option_table.hpp"
#include "solvers/search_control.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

namespace futolab::sat {

// SPEC §4: a counter the backend cannot know is empty, never 0 (sat.hpp: CaDiCaL does not
// expose its decisions or propagations, and a CDCL search has no depth in the SPEC's sense).
constexpr CounterMask kUnreadable =
    counter_bits({Counter::nodes, Counter::checks, Counter::propagations, Counter::max_depth});
namespace {

struct Config {
    Amo amo = Amo::pairwise;
    std::string config = "default";  // a CaDiCaL configuration name, passed on as it is
};

const OptionTable<Config>& table() {
    static const OptionTable<Config> t{
        choice<Config>("amo", [](Config& c) -> auto& { return c.amo; },
                       {{"pairwise", Amo::pairwise}, {"sequential", Amo::sequential}},
                       "at-most-one per cell, row-value and column-value: pairwise binary clauses, or Sinz's sequential counter"),
        choice<Config>("config", [](Config& c) -> auto& { return c.config; },
                       {{"default", "default"}, {"sat", "sat"}, {"unsat", "unsat"}},
                       "CaDiCaL's option configuration: default, sat (tuned for satisfiable formulas: stable mode only), unsat"),
    };
    return t;
}

// CaDiCaL's solve() results.
constexpr int kUnknown = 0, kSat = 10, kUnsat = 20;

class Stopper final : public CaDiCaL::Terminator {
public:
    explicit Stopper(SearchControl& control) : control_(control) {}
    bool terminate() override { return control_.out_of_time(); }

private:
    SearchControl& control_;
};

// Counts the clauses learned in conflict analysis without copying them (learning() says no).
class ConflictCounter final : public CaDiCaL::Learner {
public:
    bool learning(int) override {
        ++learned_;
        return false;
    }
    void learn(int) override {}
    std::uint64_t learned() const { return learned_; }

private:
    std::uint64_t learned_ = 0;
};

std::vector<int> model(CaDiCaL::Solver& s, const Puzzle& p) {
    const int n = p.n();
    std::vector<int> values(static_cast<std::size_t>(p.cells()), 0);
    for (int cell = 0; cell < p.cells(); ++cell)
        for (int v = 1; v <= n; ++v)
            if (s.val(cell_var(n, cell, v)) > 0) values[cell] = v;
    return values;
}

void add_clause(CaDiCaL::Solver& s, const std::vector<int>& literals) {
    for (const int lit : literals) s.add(lit);
    s.add(0);
}

// Solution enumeration in cubes (see sat.hpp). A cube is a prefix of values for the first free
// cells (assumptions) with an activation literal; its blocking clauses are ¬activation ∨ (one
// of its cells past the prefix differs). After kCubeSolutions solutions a cube is split on its
// next free cell, its own blocking clauses staying active below it; a finished cube is retired
// by the unit ¬activation, so the clause database holds at most depth × kCubeSolutions
// blocking clauses instead of one per solution found.
class Enumerator {
public:
    // 256: large enough that uniqueness (2 solutions) never splits, small enough that the
    // blocking clauses stay cheap (counting L(5) with plain blocking clauses took 9x longer).
    static constexpr std::uint64_t kCubeSolutions = 256;

    Enumerator(CaDiCaL::Solver& s, const Puzzle& p, SolveResult& r, SearchControl& control,
               std::uint64_t node_limit, int variables)
        : s_(s), p_(p), r_(r), control_(control), node_limit_(node_limit), next_var_(variables) {
        for (int cell = 0; cell < p.cells(); ++cell)
            if (p.given(cell) == 0) free_.push_back(cell);
    }

    // Enumerates until enough solutions, the end, or a limit; returns CaDiCaL's last result.
    int run() {
        cube(0);
        return outcome_;
    }

private:
    void cube(std::size_t depth) {
        const int active = ++next_var_;
        actives_.push_back(active);
        for (std::uint64_t found = 0; search(); ++found) {
            record(depth, active);
            if (control_.enough(r_.counters.solutions)) return;
            if (found + 1 >= kCubeSolutions && depth < free_.size()) {
                split(depth);
                break;
            }
        }
        if (outcome_ == kUnknown || control_.enough(r_.counters.solutions)) return;
        actives_.pop_back();
        s_.add(-active);
        s_.add(0);
    }

    void split(std::size_t depth) {
        const int cell = free_[depth];
        for (int v = p_.min_value(cell); v <= p_.max_value(cell); ++v) {
            prefix_.push_back(cell_var(p_.n(), cell, v));
            cube(depth + 1);
            prefix_.pop_back();
            if (outcome_ == kUnknown || control_.enough(r_.counters.solutions)) return;
        }
    }

    bool search() {
        for (const int lit : prefix_) s_.assume(lit);
        for (const int lit : actives_) s_.assume(lit);
        if (node_limit_ != 0) s_.limit("decisions", static_cast<int>(std::min<std::uint64_t>(node_limit_, INT_MAX)));
        outcome_ = s_.solve();
        return outcome_ == kSat;
    }

    void record(std::size_t depth, int active) {
        const std::vector<int> solution = model(s_, p_);
        if (++r_.counters.solutions == 1) r_.solution = solution;
        std::vector<int> block{-active};
        for (std::size_t i = depth; i < free_.size(); ++i)
            block.push_back(-cell_var(p_.n(), free_[i], solution[free_[i]]));
        add_clause(s_, block);
    }

    CaDiCaL::Solver& s_;
    const Puzzle& p_;
    SolveResult& r_;
    SearchControl& control_;
    std::uint64_t node_limit_;
    int next_var_;
    std::vector<int> free_;     // non-given cells, row-major
    std::vector<int> prefix_;   // the current cube's values of free_[0..depth)
    std::vector<int> actives_;  // activation literals of the current cube and its ancestors
    int outcome_ = kUnknown;
};

// Adds the formula, polling the time limit and stop flag every 64 Ki literals: at n = 35 the
// 2.2 M clauses take longer to add than an easy instance takes gac to solve, and a portfolio
// must be able to stop this member at once. False if stopped.
bool add_formula(CaDiCaL::Solver& s, const Cnf& cnf, SearchControl& control) {
    constexpr std::size_t kPollEvery = 1 << 16;
    std::size_t next_poll = 0;
    for (std::size_t i = 0; i < cnf.literals.size(); ++i) {
        if (i == next_poll) {
            if (control.out_of_time()) return false;
            next_poll += kPollEvery;
        }
        s.add(cnf.literals[i]);
    }
    return !control.out_of_time();
}

class Sat final : public Solver {
public:
    Sat(Amo amo, std::string config) : amo_(amo), config_(std::move(config)) {}

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        SearchControl control(request.limits, request.mode);
        Stopper stopper(control);
        ConflictCounter conflicts;
        CaDiCaL::Solver s;  // declared last: destroyed first, while its call-backs still live
        s.configure(config_.c_str());  // first: a configuration overwrites options
        s.set("quiet", 1);  // CaDiCaL must never write to our stdout (CSV output)
        s.set("seed", static_cast<int>(request.seed % static_cast<std::uint64_t>(INT_MAX)));
        // The lucky phase tries trivial assignments before each solve() call; on a formula
        // with blocking clauses it only costs (2.6x slower counting L(4)).
        if (request.mode.stop_after() != 1) s.set("lucky", 0);
        // Ask the Terminator at every poll, not every 10th: on a loaded machine, n = 35 runs
        // overshot a 10 s limit by 3 s with the default.
        s.set("terminateint", 0);
        s.connect_terminator(&stopper);
        s.connect_learner(&conflicts);
        SolveResult r;
        r.unknown = kUnreadable;
        const Cnf cnf = encode(puzzle, amo_, [&control] { return control.out_of_time(); });
        if (control.stopped() || !add_formula(s, cnf, control)) {
            r.status = control.status(0);
            return r;
        }
        const int outcome = Enumerator(s, puzzle, r, control, request.limits.nodes, cnf.variables).run();
        r.counters.fails = conflicts.learned();
        if (outcome == kUnsat && r.counters.solutions == 0 && r.counters.fails == 0) r.counters.fails = 1;
        if (outcome == kUnknown && !control.stopped())
            r.status = Status::node_limit;
        else
            r.status = control.status(r.counters.solutions);
        return r;
    }

private:
    Amo amo_;
    std::string config_;
};

}  // namespace

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make(const SolverSpec& spec) {
    const Config c = table().decode(spec);
    return std::make_unique<Sat>(c.amo, c.config);
}

std::unique_ptr<ClueKernel> make_clue_kernel(const SolverSpec& spec, int n, const std::vector<int>& square,
                                             std::span<const SquareClue> clues) {
    const Config c = table().decode(spec);
    if (c.amo != Amo::pairwise) return nullptr;
    return make_incremental_clues(n, square, clues, c.config);
}

}  // namespace futolab::sat
