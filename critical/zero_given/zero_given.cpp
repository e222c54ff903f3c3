#include "critical/zero_given/zero_given.hpp"

#include "critical/budget.hpp"

#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "core/random.hpp"
#include "solvers/run/oracle.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>
#include <string_view>

namespace futolab::critical {

namespace {

using Square = std::vector<int>;

// count-to-2 and first-solution searches on zero-given puzzles by one reused backend. Unlike
// critical/oracle/oracle.hpp there is no fixed square to compare with: the solution is whatever the
// relations determine. run_solver re-verifies every reported solution (solvers/run/run.hpp).
class PuzzleOracle {
public:
    PuzzleOracle(int n, std::string_view spec, std::uint64_t node_limit, const std::atomic<bool>* stop,
                 std::optional<std::chrono::steady_clock::time_point> deadline)
        : n_(n), pairs_(adjacent_pairs(n)), oracle_(spec, node_limit, stop) {
        oracle_.set_deadline(deadline);
    }

    // unique or multiple (`first` = the first solution found), unsat, or node_limit.
    Status count_to_two(const Orientation& o, std::uint64_t seed, Square& first) { return run(o, 2, seed, first); }
    // A solution (solved), none (unsat), or node_limit.
    Status solve(const Orientation& o, std::uint64_t seed, Square& solution) { return run(o, 1, seed, solution); }
    std::uint64_t checks() const { return oracle_.queries(); }

private:
    Status run(const Orientation& o, std::uint64_t k, std::uint64_t seed, Square& solution) {
        OracleAnswer a = oracle_.count_to(Puzzle::compile(instance(o)), k, seed);
        solution = std::move(a.first);
        return a.status;
    }

    Instance instance(const Orientation& o) const {
        Instance in;
        in.id = "zero-given";
        in.n = n_;
        for (std::size_t p = 0; p < o.size(); ++p) {
            if (o[p] == 0) continue;
            const int lo = o[p] > 0 ? pairs_[p].a : pairs_[p].b, hi = o[p] > 0 ? pairs_[p].b : pairs_[p].a;
            in.lt.push_back({lo / n_, lo % n_, hi / n_, hi % n_});
        }
        return in;
    }

    int n_;
    std::vector<CellPair> pairs_;
    CountOracle oracle_;  // solvers/run/oracle.hpp
};

// A critical puzzle and its unique solution.
struct State {
    Orientation o;
    Square solution;
    int k = 0;
};

class ZeroGivenSearch {
public:
    // `deadline`: of the search's time limit (nullopt: none), where a question stops.
    ZeroGivenSearch(int n, const ZeroGivenOptions& options, std::uint64_t seed,
                    std::optional<std::chrono::steady_clock::time_point> deadline)
        : opt_(options), pairs_(adjacent_pairs(n)), incident_(static_cast<std::size_t>(n * n)), rng_(seed),
          oracle_(n, options.backend, options.node_limit, options.stop, deadline) {
        for (std::size_t p = 0; p < pairs_.size(); ++p) {
            incident_[pairs_[p].a].push_back(static_cast<int>(p));
            incident_[pairs_[p].b].push_back(static_cast<int>(p));
        }
    }

    // Repair then strip `o`; nullopt on a dead end or if more than `max_add` relations were
    // needed (max_add < 0: no bound). `hints`: pairs to try first when looking for a second
    // solution.
    std::optional<State> complete(Orientation o, const std::vector<int>& hints, int max_add) {
        undecided_ = false;
        std::vector<int> added;
        const std::optional<Square> solution = repair(o, hints, max_add, added);
        if (undecided_) ++undecided;  // counted once per start or move
        if (!solution) return std::nullopt;
        // Old relations first, so the added ones get the chance to replace them.
        std::vector<int> order, fresh;
        for (int p = 0; p < static_cast<int>(o.size()); ++p)
            if (o[p] != 0 && std::find(added.begin(), added.end(), p) == added.end()) order.push_back(p);
        for (int p : added)
            if (o[p] != 0) fresh.push_back(p);
        shuffle(order, rng_);
        shuffle(fresh, rng_);
        order.insert(order.end(), fresh.begin(), fresh.end());
        if (!strip(o, order)) {
            if (!undecided_) ++undecided;
            return std::nullopt;
        }
        return State{o, *solution, relation_count(o)};
    }

    // Remove 1..max_remove relations of a critical puzzle, repair, strip.
    std::optional<State> move(const State& s) {
        std::vector<int> present;
        for (int p = 0; p < static_cast<int>(s.o.size()); ++p)
            if (s.o[p] != 0) present.push_back(p);
        if (present.empty()) return std::nullopt;
        shuffle(present, rng_);
        const std::size_t r = 1 + uniform_below(rng_, static_cast<std::uint64_t>(std::max(1, opt_.max_remove)));
        present.resize(std::min(present.size(), r));
        Orientation o = s.o;
        for (int p : present) o[p] = 0;
        return complete(std::move(o), present, opt_.max_repair);
    }

    bool accept(int delta) {
        if (delta <= 0) return true;
        if (opt_.temperature <= 0) return false;
        // 2^53 draws in [0, 1): portable, unlike std::uniform_real_distribution.
        const double u = static_cast<double>(rng_() >> 11) * 0x1.0p-53;
        return u < std::exp(-delta / opt_.temperature);
    }

    std::uint64_t seed() { return rng_(); }
    std::uint64_t checks() const { return oracle_.checks(); }
    std::uint64_t dead_ends = 0, undecided = 0;

private:
    std::int8_t sign(const Square& sq, int p) const { return sq[pairs_[p].a] < sq[pairs_[p].b] ? 1 : -1; }

    // Is there a chain of relations from cell `from` up to cell `to`? Then `to` < `from` would
    // close a cycle, which Puzzle::compile rejects (and which no square satisfies).
    bool reaches(const Orientation& o, int from, int to) const {
        std::vector<char> seen(incident_.size(), 0);
        std::vector<int> stack{from};
        seen[from] = 1;
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            if (c == to) return true;
            for (int p : incident_[c]) {
                if (o[p] == 0) continue;
                const int lo = o[p] > 0 ? pairs_[p].a : pairs_[p].b, hi = o[p] > 0 ? pairs_[p].b : pairs_[p].a;
                if (lo == c && !seen[hi]) {
                    seen[hi] = 1;
                    stack.push_back(hi);
                }
            }
        }
        return false;
    }

    // A solution y of `o` that orders some free pair unlike the solution x: one first-solution
    // search per candidate pair with x's orientation reversed, hints first. False if none
    // exists (every solution orders every pair as x does).
    bool other_solution(Orientation& o, const Square& x, const std::vector<int>& hints, Square& y) {
        std::vector<int> rest;
        for (int p = 0; p < static_cast<int>(o.size()); ++p)
            if (o[p] == 0 && std::find(hints.begin(), hints.end(), p) == hints.end()) rest.push_back(p);
        shuffle(rest, rng_);
        std::vector<int> order;
        for (int p : hints)
            if (o[p] == 0) order.push_back(p);
        order.insert(order.end(), rest.begin(), rest.end());
        for (int p : order) {
            const std::int8_t reversed = static_cast<std::int8_t>(-sign(x, p));
            const int lo = reversed > 0 ? pairs_[p].a : pairs_[p].b, hi = reversed > 0 ? pairs_[p].b : pairs_[p].a;
            if (reaches(o, hi, lo)) continue;  // x's order of p is implied by a chain
            o[p] = reversed;
            const Status s = oracle_.solve(o, rng_(), y);
            o[p] = 0;
            if (s == Status::solved) return true;
            if (s == Status::node_limit) undecided_ = true;  // the pair is skipped

        }
        return false;
    }

    // Adds separating relations until `o` has one solution (returned); nullopt on a dead end
    // or when max_add (≥ 0) relations did not suffice. `added` lists the pairs added.
    std::optional<Square> repair(Orientation& o, const std::vector<int>& hints, int max_add, std::vector<int>& added) {
        for (;;) {
            Square x, y;
            const Status s = oracle_.count_to_two(o, rng_(), x);
            if (s == Status::unique) return x;
            if (s == Status::node_limit) {
                undecided_ = true;
                return std::nullopt;
            }
            if (s != Status::multiple) return std::nullopt;  // cannot happen: o is satisfiable
            if (max_add >= 0 && static_cast<int>(added.size()) >= max_add) return std::nullopt;
            if (!other_solution(o, x, hints, y)) {
                ++dead_ends;
                return std::nullopt;
            }
            std::vector<int> separating;
            for (int p = 0; p < static_cast<int>(o.size()); ++p)
                if (o[p] == 0 && sign(x, p) != sign(y, p)) separating.push_back(p);
            const int p = separating[uniform_below(rng_, separating.size())];
            o[p] = sign(uniform_below(rng_, 2) == 0 ? x : y, p);
            added.push_back(p);
        }
    }

    // Greedy removal in `order`; o stays uniquely solvable, so its solution does not change.
    // Relation p can go iff no solution reverses it: a second solution of o without p would
    // satisfy o if it kept p's order, and o has one solution. So one first-solution search with
    // p reversed replaces a count to 2 (the breaking search of critical/oracle/oracle.hpp), and a relation
    // implied by a chain of the others goes without a search. One draw of rng_ per relation,
    // as the count to 2 took, so a seed gives the same stream as before.
    // False if a check hit the node limit (the result might not be critical).
    bool strip(Orientation& o, const std::vector<int>& order) {
        Square ignored;
        for (int p : order) {
            const std::int8_t d = o[p];
            const int lo = d > 0 ? pairs_[p].a : pairs_[p].b, hi = d > 0 ? pairs_[p].b : pairs_[p].a;
            const std::uint64_t seed = rng_();
            o[p] = 0;
            if (reaches(o, lo, hi)) continue;
            o[p] = static_cast<std::int8_t>(-d);
            const Status s = oracle_.solve(o, seed, ignored);
            o[p] = 0;
            if (s == Status::node_limit) {
                o[p] = d;
                return false;
            }
            if (s == Status::solved) o[p] = d;
        }
        return true;
    }

    const ZeroGivenOptions& opt_;
    std::vector<CellPair> pairs_;
    std::vector<std::vector<int>> incident_;  // pairs touching each cell
    std::mt19937_64 rng_;
    PuzzleOracle oracle_;
    bool undecided_ = false;  // a check of the current complete() hit the node limit
};

// The starts and moves of one search, the best puzzle so far in `result` (its counts of
// moves, acceptances and restarts too), until the budget is spent. Throws OracleOutOfTime when
// a question meets the time limit, OracleStopped at a stop request.
void explore(int n, const ZeroGivenOptions& options, const SearchBudget& budget, ZeroGivenSearch& search,
             const std::optional<Orientation>& start, ZeroGivenResult& result) {
    auto offer = [&](const State& s) {
        if (result.found && s.k >= relation_count(result.relations)) return;
        result.found = true;
        result.relations = s.o;
        result.square = s.solution;
    };

    std::optional<State> current;
    if (start) current = search.complete(*start, {}, -1);
    int run_best = 0, stale = 0;
    // Starts that found nothing (dead ends, node limit): bounded like moves, else a budget of
    // iterations alone could loop forever when no start can succeed.
    std::uint64_t failed_starts = 0;
    if (current) {
        offer(*current);
        run_best = current->k;
    }
    while (!(budget.unbounded() ? result.found : budget.spent(result.moves)) &&
           failed_starts < max_failed_starts(options)) {
        if (!current || stale >= options.patience) {
            const bool restart = current.has_value();
            // Counted once made, as moves are: a restart the time limit cut short is none.
            current = search.complete(Orientation(adjacent_pairs(n).size(), 0), {}, -1);
            if (restart) ++result.restarts;
            stale = 0;
            if (current) {
                run_best = current->k;
                offer(*current);
            } else {
                ++failed_starts;
            }
            continue;
        }
        // Counted once made: a move the time limit cut short is not one --iterations replays.
        std::optional<State> next = search.move(*current);
        ++result.moves;
        ++stale;
        if (!next || !search.accept(next->k - current->k)) continue;
        ++result.accepted;
        current = std::move(next);
        offer(*current);
        if (current->k < run_best) {
            run_best = current->k;
            stale = 0;
        }
    }
}

}  // namespace

ZeroGivenResult search_zero_given(int n, const ZeroGivenOptions& options, std::uint64_t seed,
                                  const std::optional<Orientation>& start) {
    if (n < 2) throw std::invalid_argument("zero-given puzzles need n >= 2");
    if (start && start->size() != adjacent_pairs(n).size())
        throw std::invalid_argument("the start puzzle has the wrong number of pairs");
    const SearchBudget budget{options.iterations, options.time_limit};
    ZeroGivenSearch search(n, options, seed, budget.deadline());
    ZeroGivenResult result;
    try {
        explore(n, options, budget, search, start, result);
    } catch (const OracleOutOfTime&) {
        // A question met the time limit: the start or move it belonged to is dropped, the best
        // puzzle before it (every check of it decided) is the result, or none.
    }
    result.dead_ends = search.dead_ends;
    result.undecided = search.undecided;
    result.checks = search.checks();
    result.seconds = budget.elapsed();
    return result;
}

}  // namespace futolab::critical
