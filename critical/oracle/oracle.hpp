// The uniqueness oracle: the one door through which critical/ asks whether a clue set of L
// admits L as its only solution, and for a second solution when it does not. Strategies
// behind it, chosen by what the spec's backend offers (its registry row), never by its name:
//   - counting: count to 2 (SPEC §4: K = 2 decides uniqueness) through any registered backend
//     (solvers/run/oracle.hpp, CountOracle);
//   - breaking search (breaking_search.hpp): greedy removal's question through the backend's
//     SearchKernel (solvers/kernel.hpp), when its row offers one, within a node budget; a
//     question still open after it goes to the incremental clues of kHardQuestionSpec
//     (solvers/run/oracle.hpp) for this square, built on the first such question (issue #28);
//   - incremental clues (incremental.hpp): verification's many questions about one square
//     through the backend's ClueKernel, when its row offers one (verify.cpp chooses it);
//   - counterexamples for the exact search (counterexample.hpp: the table of all squares;
//     solver_counterexample.hpp: an enumeration through a SearchKernel).
// Every second solution any strategy reports is checked (witness.hpp) before it is used.
#pragma once

#include "critical/clue_universe.hpp"
#include "critical/oracle/breaking_search.hpp"
#include "critical/oracle/incremental.hpp"
#include "solvers/run/oracle.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

// Nodes a breaking search may take before its question goes to the hard-question kernel.
// Measured on 30 greedy passes at 12×12 (12 240 questions): 74 % take 0 nodes, 99 % < 1 000,
// none ≥ 10 000, and a question of 1 000–9 999 nodes costs gac ~10 ms against ~13 ms for the
// incremental SAT kernel (plus ~5 ms to build it per square), so below 10 000 gac is cheaper.
// At 20×20 single questions run for minutes in gac; those go to SAT (results/oracle/REPORT.md,
// issue #28). Round 6 lowered it to 3 000 for the tail: on the ten slowest sets of 200 at 12×12
// (callgrind, whole run) it changed only the slowest, 1 033 M → 829 M instructions (its three
// questions past 3 000 nodes answered by CaDiCaL), while 1 000 made two others 19 % and 120 %
// dearer (questions of 1 000–3 000 nodes cost CaDiCaL more than gac). The answers, and so the
// sets, do not depend on it.
inline constexpr std::uint64_t kBreakingNodeBudget = 3000;

class UniquenessOracle {
public:
    // spec: a solver spec (SPEC §3): the search's backend, or another for verification.
    // node_budget: of each breaking search before the hard-question kernel takes the question
    // (0: no budget, never escalate). `stop` (may be null): the outside stop (Limits::stop);
    // once set, every question throws OracleStopped (solvers/run/oracle.hpp) as it is asked,
    // and a count to 2 also where its search is.
    explicit UniquenessOracle(std::string_view spec = kDefaultOracleSpec, std::uint64_t node_budget = kBreakingNodeBudget,
                              const std::atomic<bool>* stop = nullptr);

    // Status of count-to-2 on the set: unique, multiple (unsat is impossible: L satisfies every
    // clue of its own universe). Throws OracleFailed (solvers/run/oracle.hpp) on a backend error,
    // or if a "unique" answer is not L (a backend bug the caller must not hide).
    Status count_to_two(const ClueUniverse& u, const ClueSet& set);
    bool unique(const ClueUniverse& u, const ClueSet& set) { return count_to_two(u, set) == Status::unique; }
    // After a `multiple` answer: a solution other than L, if the backend reported one (gac
    // keeps both solutions of a count to 2); else, and after `unique`, empty. A witness that
    // the set does not determine L (witness.hpp), checked again wherever it is used.
    const std::vector<int>& other_solution() const { return other_; }

    // Greedy removal's question: `set` determined L, and now lacks clue i; does it still? By
    // the breaking search when the backend offers a search kernel, else by a count to 2.
    // After `false`, other_solution() holds the solution found (checked: witness.hpp).
    bool removable(const ClueUniverse& u, const ClueSet& set, int i);
    // The same question within `node_budget` (≥ 1) nodes of the breaking search, never handed
    // to the hard-question kernel: nullopt when the budget ran out first. Without a breaking
    // search, the count to 2 answers. After `false`, other_solution() as for removable().
    std::optional<bool> removable_within(const ClueUniverse& u, const ClueSet& set, int i, std::uint64_t node_budget);
    // The same question put straight to the hard-question kernel within `conflicts` of its
    // search (0: no limit): nullopt when they ran out. Without a hard-question kernel, the
    // full question (removable()). Counted in hard_questions().
    std::optional<bool> removable_by_kernel(const ClueUniverse& u, const ClueSet& set, int i, std::uint64_t conflicts);

    // A greedy pass keeps clue i: every later set it asks about holds i, until end_pass(). The
    // hard-question kernel makes it permanent (ClueKernel::settle), so end_pass() drops that
    // kernel: the next pass, which may remove i, gets a fresh one.
    void settle(const ClueUniverse& u, int i);
    void end_pass();

    std::uint64_t checks() const { return oracle_.queries() + (breaking_ ? breaking_->checks() : 0); }
    // Questions the breaking search left to the hard-question kernel (counted in checks()).
    std::uint64_t hard_questions() const { return hard_questions_; }
    const std::string& spec() const { return oracle_.spec(); }

private:
    void check_stop() const;

    CountOracle oracle_;  // solvers/run/oracle.hpp: the one count-to-K door
    const std::atomic<bool>* stop_;
    // The hard-question kernel of the square last asked about (nullopt: none needed yet, or
    // kHardQuestionSpec offers no clue kernel, when the breaking search runs unbudgeted).
    IncrementalOracle* hard_for(const ClueUniverse& u);

    std::optional<BreakingSearch> breaking_;
    std::optional<IncrementalOracle> hard_;
    std::vector<int> hard_square_;  // the square hard_ was built for
    std::vector<int> settled_;      // clues settled in this pass (applied to a kernel built later in it)
    const ClueUniverse* settled_for_ = nullptr;
    std::vector<int> settled_square_;
    std::uint64_t node_budget_;
    bool hard_offered_ = true;
    std::uint64_t hard_questions_ = 0;
    std::vector<int> other_;
};

}  // namespace futolab::critical
